package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/render"
)

// checkFlags are the flags of 'polytile check'.
type checkFlags struct {
	solver, names, mode, formulation, symmetry, from string
	renderFormat, out                                string
	maxCoverage, strengthen, asJSON                  bool
}

// checkReport is what check prints (text or --json).
type checkReport struct {
	Puzzle    string   `json:"puzzle"`
	File      string   `json:"file"`
	Solver    string   `json:"solver"`
	Status    string   `json:"status"`
	Objective *float64 `json:"objective,omitempty"`
	Mode      string   `json:"mode"`
	Pieces    int      `json:"pieces"`
	Cells     int      `json:"cells"`
	Coverage  int      `json:"coverage"`
	Valid     bool     `json:"valid"`
	Exact     bool     `json:"exact"`
	Bound     int      `json:"bound"`
	Optimal   bool     `json:"optimal"`
	Verdict   string   `json:"verdict"`
	Problems  []string `json:"problems,omitempty"`
	exitCode  int
	tiling    puzzle.Tiling

	// Identified is true when the file names this program's fingerprint
	// (check_fingerprint.go): only then is a solver's proof taken.
	Identified bool `json:"identified"`
}

func (a *app) checkCmd() *cobra.Command {
	f := &checkFlags{}
	c := &cobra.Command{
		Use:   "check PUZZLE SOLUTION",
		Short: "Read an external solver's solution file, verify the tiling and draw it",
		Long: `check reads the solution file an external solver wrote for a program that
'polytile export' wrote, decodes it through the program's column names,
verifies the tiling independently of any solver (every cell recomputed
from the pieces' shapes) and reports coverage, exactness and objective.

Solution formats (detected from the file, or --solver):
  highs      highs --solution_file FILE
  cbc        cbc ... solve solu FILE
  glpk       glpsol ... -o FILE
  glpk-raw   glpsol ... -w FILE (numbered columns: --names gives the LP or
             MPS file that was solved, to name them)
  gurobi     Gurobi .sol (also MST files: "name value" lines)
  cplex      CPLEX XML .sol / .mst
  scip       SCIP "write solution" files

The program flags (--mode / --max-coverage, --formulation, --strengthen,
--symmetry) must be those of the export: a name that is not a column of
that program, or (for solvers that list every column: highs, glpk) a
column of the program missing from the file, is an error. A fixed-MPS
export names columns X0000001...: give the MPS file with --names.

An SVG or PNG picture on stdout (--render svg|png without -o) is alone
there and the report goes to stderr.

Every LP and MPS export carries a fingerprint column, polytile_fp_ and a
hash of the whole program (columns, rows, coefficients, right-hand
sides, bounds, objective, mode), fixed at a value the hash gives. A file
that names another fingerprint, or this one at another value, is the
solution of another program (exit 2), even when the column names agree
(another piece count, another board). A file that names none (another
tool's export, an older polytile, HiGHS's file of an infeasible program)
is still checked as a tiling, but the solver's optimality or
infeasibility is not taken as proven for this puzzle.

Exit codes: 0 the solution is an exact tiling (exact mode) or a valid
partial tiling that is optimal (it meets the coverage bound, or the solver
proved optimality of the program the file's fingerprint identifies as
this one); 1 a valid file whose tiling is not an exact tiling, overlaps,
uses a piece too often, or is not proven optimal; 2 the file cannot be
read or does not belong to the program (the error names the line and
column, or the fingerprint).`,
		Example: `  polytile export examples/tetris-7x7.yaml --format lp --max-coverage -o t.lp
  cbc t.lp solve solu t.sol
  polytile check examples/tetris-7x7.yaml t.sol --max-coverage --render png -o t.png`,
		Args: exactArgs(2, "PUZZLE SOLUTION"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.check(cmd, args[0], args[1], f)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.solver, "solver", "", "solution format: "+strings.Join(export.SolutionFormats, ", ")+" (default: detected)")
	fl.StringVar(&f.names, "names", "", "the LP or MPS file that was solved, to name the columns of a fixed-MPS or glpk-raw solution (- for stdin)")
	fl.StringVar(&f.mode, "mode", "exact", "program mode of the export: exact or max-coverage")
	fl.BoolVar(&f.maxCoverage, "max-coverage", false, "short for --mode max-coverage")
	fl.StringVar(&f.formulation, "formulation", model.DefaultFormulation.String(), "max-coverage formulation of the export: seed or packing")
	fl.BoolVar(&f.strengthen, "strengthen", false, "the export had --strengthen")
	fl.StringVar(&f.symmetry, "symmetry", "none", "the export's --symmetry: none, pin or hole")
	addFromFlag(fl, &f.from)
	fl.StringVar(&f.renderFormat, "render", "", "draw the tiling: ascii, ansi, svg or png")
	fl.StringVarP(&f.out, "output", "o", "-", "picture file (- for stdout; the format follows the extension)")
	fl.BoolVar(&f.asJSON, "json", false, "print the report as JSON")
	return c
}

func (a *app) check(cmd *cobra.Command, puzzlePath, solPath string, f *checkFlags) error {
	mode := f.mode
	if f.maxCoverage {
		if cmd.Flags().Changed("mode") && mode != "max-coverage" {
			return usageErr("--max-coverage contradicts --mode %s", mode)
		}
		mode = "max-coverage"
	}
	opt, err := programOptions(mode, f.formulation, f.strengthen)
	if err != nil {
		return err
	}
	if opt.Symmetry, err = model.ParseSymmetry(f.symmetry); err != nil {
		return usageErr("--symmetry: %v", err)
	}
	if opt.Symmetry == model.FixHole && opt.Mode != model.MaxCoverage {
		return usageErr("--symmetry hole applies to --max-coverage")
	}
	opt.Checkerboard = opt.Strengthen
	if f.solver != "" && !slices.Contains(export.SolutionFormats, f.solver) {
		return usageErr("unknown --solver %q: use %s", f.solver, strings.Join(export.SolutionFormats, ", "))
	}
	var pic render.Format
	wantPic := f.renderFormat != "" || f.out != "-"
	// The picture to the file stdout writes (-o /dev/stdout, or the file
	// stdout is redirected to) goes through stdout, in order with the
	// report after it (as in solve: opened again, the report overwrote
	// it; renamed over it, the report was lost).
	picOut := f.out
	if sameAsStdout(f.out, a.stdout) {
		picOut = "-"
	}
	if wantPic {
		if f.asJSON && picOut == "-" {
			return usageErr("--json output and a picture cannot share stdout: write the picture with -o FILE")
		}
		if pic, err = a.pictureFormat("--render", f.renderFormat, f.out); err != nil {
			return err
		}
	}
	if err := a.checkOutputs(nonEmpty(puzzlePath, solPath, f.names), output{"-o", f.out}); err != nil {
		return err
	}
	if err := stdinOnce([]string{"the puzzle", "the solution", "--names"}, puzzlePath, solPath, f.names); err != nil {
		return err
	}
	ctx := cmd.Context()
	// A reading that answers "no tiling" carries the puzzle without the
	// pieces that fit nowhere (checkLoadFailed).
	var src puzzleSource
	p, err := a.loadPuzzleFrom(a.ctx, puzzlePath, src.read(puzzlePath, a.stdin), f.from, unplaceableFor(opt.Mode == model.MaxCoverage))
	if err != nil {
		return a.checkLoadFailed(ctx, solPath, opt, f, err) // nojson.go
	}
	prog, err := model.NewProgram(p, opt)
	if err != nil {
		return usageErr("%v", err)
	}
	solName := messageName(solPath)
	sol, format, rename, err := a.readCheckSolution(ctx, maxNames(prog), solPath, f)
	if err != nil {
		return err
	}
	if sol, err = cbcByProgram(ctx, prog, sol, rename); err != nil {
		if ctx.Err() != nil { // a signal: the exit code comes from it
			return fmt.Errorf("%s: %w", solName, ctx.Err())
		}
		return usageErr("%s", export.InFile(solName, err))
	}
	if rename != nil {
		if err := sol.Rename(rename); err != nil {
			return usageErr("%s: %v", solName, strings.TrimPrefix(err.Error(), "export: "))
		}
	}
	rep, err := checkSolution(ctx, prog, sol, format, solName)
	if ee := (*exitError)(nil); errors.As(err, &ee) {
		return err // a value its column cannot take: named by line
	}
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("%s: %w", solName, err) // a signal: the exit code comes from it
	}
	if err != nil {
		return usageErr("%s: %v", solName, err)
	}
	rep.Puzzle, rep.File = p.Name, solPath
	if wantPic && len(rep.tiling.Placements) > 0 {
		ropt := render.Options{Labels: true, Title: p.Name, Context: ctx}
		a.commitExit.Store(int32(rep.exitCode)) // a hard exit after the commit (app.go)
		if err := a.writeComplete(ctx, picOut, func(w io.Writer) error {
			return render.Tiling(w, p, rep.tiling, pic, ropt)
		}); err != nil {
			return err
		}
	}
	// An SVG or PNG picture on stdout is alone there (as in solve): the
	// report goes to stderr.
	reportOut := a.stdout
	if wantPic && picOut == "-" && !pic.Text() {
		reportOut = a.stderr
	}
	if f.asJSON {
		if err := writeJSONLine(a.stdout, rep, true); err != nil {
			return err
		}
	} else if err := rep.text(reportOut); err != nil {
		return err
	}
	if rep.exitCode != 0 {
		return &exitError{code: rep.exitCode}
	}
	return nil
}

// readCheckSolution reads check's solution file solPath, in the format
// --solver names or the one its head shows, with the names of --names: a
// file that cannot be read, of no known format or that does not parse is
// a usage error (exit 2; a signal's when ctx ended). At most most names
// are read (maxNames of the program); rename maps the --names file's
// names.
func (a *app) readCheckSolution(ctx context.Context, most int, solPath string, f *checkFlags) (sol *export.Solution, format string, rename map[string]string, err error) {
	data, err := readLimited(ctx, solPath, a.stdin)
	solName := messageName(solPath)
	if err != nil {
		return nil, "", nil, usageErr("%v", err)
	}
	format = f.solver
	if format == "" {
		if format = export.DetectSolution(head(data)); format == "" {
			return nil, "", nil, usageErr("%s: not a solution file polytile knows (use --solver %s)", solName, strings.Join(export.SolutionFormats, "|"))
		}
	}
	var colNames []string
	if f.names != "" {
		colNames, rename, err = readNames(ctx, f.names, a.stdin, most)
		if err != nil {
			if ctx.Err() != nil {
				return nil, "", nil, fmt.Errorf("--names: %w", err)
			}
			return nil, "", nil, usageErr("--names: %v", err)
		}
	}
	if format == "glpk-raw" && colNames == nil {
		return nil, "", nil, usageErr("a glpsol -w solution numbers its columns: give the LP or MPS file that was solved with --names")
	}
	// A file naming more than the program has is refused at that line,
	// not read whole (millions of names of another program): maxNames.
	sol, err = export.ReadSolution(export.AtMost(ctxio.Reader(ctx, bytes.NewReader(data)), most), format, colNames)
	if err != nil {
		if ctx.Err() != nil { // a signal: the exit code comes from it
			return nil, "", nil, fmt.Errorf("%s: %w", solName, ctx.Err())
		}
		return nil, "", nil, usageErr("%s", export.InFile(solName, err)) // "f.sol:8: ..."
	}
	return sol, format, rename, nil
}

// checkSolution decodes sol through prog and judges the tiling. An error
// means the file does not belong to the program (exit 2); a value its
// column cannot take is an *exitError naming path and line (exit 2).
// It reads each name once (scanSolution) and ctx every 65,536 names.
func checkSolution(ctx context.Context, prog *model.Program, sol *export.Solution, format, path string) (*checkReport, error) {
	p := prog.Puzzle
	sol = emptyProgramSolution(prog, sol)
	scan, err := scanSolution(ctx, prog, sol)
	if err != nil {
		return nil, err
	}
	if err := scan.valueErr(path); err != nil {
		return nil, err
	}
	if err := scan.unknownErr(); err != nil {
		return nil, err
	}
	identified, err := checkFingerprintOf(ctx, prog, scan.fingerprints, sol) // check_fingerprint.go
	if err != nil {
		return nil, err
	}
	complete := format == "highs" || format == "glpk" || format == "glpk-raw" || format == "cplex"
	if complete && sol.Feasible && scan.known != prog.NumCols() {
		return nil, fmt.Errorf("the file lists %s, the program has %d: it is the solution of another program (check --mode, --formulation, --strengthen)", textio.Count(scan.known, "column"), prog.NumCols())
	}
	rep := &checkReport{Solver: format, Status: sol.Status, Mode: prog.Options.Mode.String(), Cells: p.Area(), Bound: prog.Bound.Bound, Identified: identified}
	switch v := sol.Objective; {
	case sol.HasObjective && (math.IsInf(v, 0) || math.IsNaN(v)):
		// No tiling has it, and JSON has no such number: said as a
		// problem, not given as the objective (--json failed: "json:
		// unsupported value: +Inf", exit 2, no report).
		rep.Problems = append(rep.Problems, fmt.Sprintf("the file's objective is %g, not a finite number: no tiling has it", v))
	case sol.HasObjective:
		rep.Objective = &v
	}
	if !sol.Feasible {
		rep.Verdict = "the solver reports no feasible solution (" + orDefault(sol.Status, "no status") + ")"
		if !identified {
			rep.Verdict += ", not confirmed for this puzzle: " + unconfirmedInfeasible
		}
		rep.exitCode = exitNoSolution
		return rep, nil
	}
	// Every name is a column and every value one its column can take
	// (model.ValueTolerance: no value is further than 1e-6 from an
	// integer).
	t := prog.TilingOf(scan.cols)
	rep.tiling, rep.Pieces = t, len(t.Placements)
	exact := prog.Options.Mode == model.Exact
	vr, verr := p.VerifyContext(ctx, t, exact)
	if puzzle.VerifyStopped(vr, verr) { // ctx ended: seconds for a symmetric million-cell tiling
		return nil, verr
	}
	rep.Coverage = vr.Covered
	rep.Valid = vr.Valid()
	rep.Exact = vr.Exact()
	if verr != nil {
		rep.Problems = append(rep.Problems, verr.Error())
	}
	switch {
	case !rep.Valid:
		rep.Verdict = "not a valid tiling"
		rep.exitCode = exitNoSolution
	case exact && rep.Exact:
		rep.Verdict = "exact tiling, verified"
		rep.Optimal = true
	case exact:
		rep.Verdict = fmt.Sprintf("not an exact tiling: %d of %d cells covered", rep.Coverage, rep.Cells)
		rep.exitCode = exitNoSolution
	case rep.Coverage == prog.Bound.Bound:
		rep.Optimal = true
		rep.Verdict = fmt.Sprintf("valid, optimal: it meets the coverage bound (%s)", prog.Bound.Reason)
	case sol.Optimal && sol.WithinGap:
		// The file cannot say with which gap the solver stopped.
		rep.Verdict = fmt.Sprintf("valid, not proven optimal: %d cells covered, bound %d; the status %q holds within the solver's relative gap, which the file does not record (HiGHS stops within mip_rel_gap, 1e-4 unless set; its log shows the final gap)", rep.Coverage, prog.Bound.Bound, sol.Status)
		rep.exitCode = exitNoSolution
	case sol.Optimal && !identified:
		rep.Verdict = fmt.Sprintf("valid, not confirmed optimal: %d cells covered, bound %d; the status %q is not confirmed for this puzzle: %s", rep.Coverage, prog.Bound.Bound, sol.Status, unconfirmedProof)
		rep.exitCode = exitNoSolution
	case sol.Optimal:
		rep.Optimal = true
		rep.Verdict = fmt.Sprintf("valid, optimal by the solver's proof (polytile's bound %d is not attained)", prog.Bound.Bound)
	default:
		rep.Verdict = fmt.Sprintf("valid, not proven optimal: %s covered, bound %d", textio.Count(rep.Coverage, "cell"), prog.Bound.Bound)
		rep.exitCode = exitNoSolution
	}
	// An MPS export minimises the negated objective (MPS has no portable
	// maximisation), so a solver that read it reports -(covered cells).
	if rep.Objective != nil && prog.Maximize() && rep.Valid && math.Abs(math.Abs(*rep.Objective)-float64(rep.Coverage)) > 1e-6 {
		rep.Problems = append(rep.Problems, fmt.Sprintf("the file's objective %g is not the %s its tiling covers", *rep.Objective, textio.Count(rep.Coverage, "cell")))
		rep.exitCode = exitNoSolution
	}
	rep.distrust() // a non-finite objective among the problems too
	return rep, nil
}

func (r *checkReport) text(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "puzzle      %s\n", r.Puzzle)
	fmt.Fprintf(&b, "solution    %s (%s, status %q)\n", r.File, r.Solver, r.Status)
	if r.Objective != nil {
		fmt.Fprintf(&b, "objective   %g\n", *r.Objective)
	}
	fmt.Fprintf(&b, "mode        %s\n", r.Mode)
	fmt.Fprintf(&b, "pieces      %d placed\n", r.Pieces)
	fmt.Fprintf(&b, "coverage    %d of %d cells (bound %d)\n", r.Coverage, r.Cells, r.Bound)
	fmt.Fprintf(&b, "verdict     %s\n", r.Verdict)
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "problem     %s\n", p)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// readLimitedWait reads a solution file (or stdin for "-"), refusing one
// larger than export.MaxSolutionSize and anything but a regular file or
// stdin. It may block in open or read (a FIFO, a pipe): readLimited runs it.
func readLimitedWait(ctx context.Context, path string, stdin io.Reader) ([]byte, error) {
	var r io.Reader = stdin
	if path != "-" {
		// Opened once, then checked as opened: a directory or device put
		// at the path after a check of the path would be read otherwise.
		fh, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		st, err := fh.Stat()
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			return nil, fmt.Errorf("%s is a directory", path)
		}
		if st.Mode()&os.ModeDevice != 0 {
			return nil, fmt.Errorf("%s is a device, not a regular file", path)
		}
		r = fh
	}
	// A regular file's size is known (stdin redirected from one too):
	// refuse it before reading.
	left := textio.RegularSize(r) // -1: not a regular file
	if left > export.MaxSolutionSize {
		return nil, fmt.Errorf("%s is larger than %d bytes (%d bytes)", path, export.MaxSolutionSize, left)
	}
	// A regular file is read into a buffer of its size: io.ReadAll's
	// growing buffer allocated more than twice the file (36 MB for 16 MB;
	// a 250 MB file then failed under ulimit -v 2000000).
	data, err := textio.ReadAtMost(ctxio.Reader(ctx, r), left, export.MaxSolutionSize)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if len(data) > export.MaxSolutionSize {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, export.MaxSolutionSize)
	}
	return textio.TrimBOM(data), nil
}

// messageName is a file's name in messages: stdin ("-") is named as a
// puzzle read from it is ("<stdin>:8: ..."), not "-:8: ...".
func messageName(path string) string {
	if path == "-" {
		return puzzle.StdinName
	}
	return path
}

// stdinOnce refuses "-" (stdin) for more than one of paths, named by
// what: the first to read stdin would take all of it, leaving the next
// an empty input ("not a solution file", or --names read from a nil
// reader: a panic).
func stdinOnce(what []string, paths ...string) error {
	var from []string
	for i, p := range paths {
		if p == "-" {
			from = append(from, what[i])
		}
	}
	if len(from) > 1 {
		return usageErr("%s read - (stdin), which can be read only once: give all but one of them as files", strings.Join(from, " and "))
	}
	return nil
}

// head is the start of a file for format detection.
func head(data []byte) []byte { return data[:min(len(data), 4096)] }

// readNames reads the column names of --names: a fixed-MPS file gives the
// short-to-full mapping (and its column order), an LP or free MPS file the
// column order GLPK uses; a file of more than most names (maxNames) is
// refused at the name past them.
func readNames(ctx context.Context, path string, stdin io.Reader, most int) ([]string, map[string]string, error) {
	data, err := readLimited(ctx, path, stdin)
	if err != nil {
		return nil, nil, err
	}
	// A reader's error names its line ("line 3: longer than ..."): add
	// the file.
	inFile := func(err error) error {
		return errors.New(export.InFile(messageName(path), err))
	}
	// An MPS file by its content (a NAME or ROWS section first), whatever
	// its name: a fixed-MPS export saved as .fmps was read as LP.
	if isMPS(data) || strings.EqualFold(filepath.Ext(path), ".mps") {
		m, err := export.ReadMPSNames(export.AtMost(ctxio.Reader(ctx, bytes.NewReader(data)), most))
		if err != nil {
			return nil, nil, inFile(err)
		}
		order, err := export.MPSColumnOrder(export.AtMost(ctxio.Reader(ctx, bytes.NewReader(data)), most))
		if err != nil {
			return nil, nil, inFile(err)
		}
		if len(m) == 0 {
			m = nil
		}
		return order, m, nil
	}
	if !isLP(data) { // namesfile.go
		return nil, nil, fmt.Errorf("%s is neither an LP file (Maximize or Minimize first) nor an MPS file (NAME or ROWS first): give the LP or MPS file that was solved", path)
	}
	order, err := export.LPColumnOrder(export.AtMost(ctxio.Reader(ctx, bytes.NewReader(data)), most))
	if err != nil {
		return nil, nil, inFile(err)
	}
	return order, nil, nil
}

// maxNames is the most names a solution or names file of prog has
// (export.AtMost): its columns and rows (a CBC file lists both), its
// fingerprint column and the placeholder of a program without columns.
func maxNames(prog *model.Program) int { return prog.NumCols() + prog.NumRows() + 2 }

// isMPS reports whether data starts (after blank and comment lines) with
// an MPS section: NAME or ROWS.
func isMPS(data []byte) bool {
	for line := range strings.Lines(string(data)) {
		t := strings.TrimRight(line, "\r\n")
		if strings.TrimSpace(t) == "" || strings.HasPrefix(t, "*") {
			continue
		}
		return t == "ROWS" || t == "NAME" || strings.HasPrefix(t, "NAME ")
	}
	return false
}

// nonEmpty returns the paths that are given (not "").
func nonEmpty(paths ...string) []string {
	var out []string
	for _, p := range paths {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
