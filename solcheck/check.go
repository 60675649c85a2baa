package solcheck

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// Report is the judgement of one solution file (what 'polytile check'
// prints, as text or JSON).
type Report struct {
	Puzzle string `json:"puzzle"`
	File   string `json:"file"`
	Solver string `json:"solver"`
	Status string `json:"status"`
	// Objective is the program's objective value the file gives; for a
	// maximisation, a negative value (the minimised negation an MPS
	// export asks for) is given in the program's sense.
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

	// Identified is true when the file names this program's fingerprint:
	// only then is a solver's proof taken.
	Identified bool `json:"identified"`
	// Program describes the export settings of the program (Describe)
	// when they were found from the file (Settle) rather than
	// given; "" otherwise.
	Program string `json:"program,omitempty"`

	// Accepted is true when the solution is an exact tiling (exact mode)
	// or a valid partial tiling proven optimal, with no problem.
	Accepted bool `json:"-"`
	// Tiling is the file's tiling (empty when the solver found none).
	Tiling puzzle.Tiling `json:"-"`
}

// Options are the settings of Check and Load.
type Options struct {
	// Format is the solution's format, one of export.SolutionFormats;
	// "" detects it from the file (Detect).
	Format string
	// File is the solution file's name in messages ("-" is named as
	// standard input).
	File string
	// Names is the LP, MPS, CNF or OPB file that was solved (ReadNames):
	// it names the columns of a fixed-MPS or glpk-raw solution and the
	// variables of a SAT or PB answer. Nil for none (a SAT or PB
	// answer's variables are then named by the program: ProgramNames).
	Names *Names
	// NamesFile, when Names is nil, is the path of that file, read with
	// ReadFile once the solution's format is known; "" for none.
	NamesFile string
	// ReadFile reads NamesFile; nil reads the file at that path, at most
	// export.MaxSolutionSize bytes, with no standard input for "-". An
	// error reading or parsing NamesFile is a *NamesError.
	ReadFile func(path string) ([]byte, error)
	// Extra is how many more names than the program has (MaxNames) the
	// files may hold: the rows of pieces left out of the program.
	Extra int
	// Given are the export settings the program's options fix; the
	// others are found from the file's fingerprint when it names another
	// program of the puzzle (Settle).
	Given Given
}

// Input is a solution file read for a program (Load).
type Input struct {
	Format   string // the solution's format
	Names    *Names // the names it is read with (nil for none)
	Solution *export.Solution
}

// Load detects the format of solution (unless opt.Format names it),
// reads the names file and parses the solution: the first steps of
// Check, for a caller that judges the file itself.
func Load(ctx context.Context, prog *model.Program, solution []byte, opt Options) (*Input, error) {
	file := FileName(opt.File)
	format := opt.Format
	if format == "" {
		if format = Detect(solution); format == "" {
			return nil, fileErr(file, 0, ErrUnknownFormat, nil, file+": not a solution file polytile knows")
		}
	}
	most, larger := MaxNames(prog)+opt.Extra, MaxNames(prog)+opt.Extra
	if opt.Given != (Given{true, true, true, true}) {
		larger = maxExportNames(prog) + opt.Extra
	}
	// A file of another export of the puzzle (Settle) may hold more names
	// than prog has: a file refused is read again with the bound of the
	// largest export, and refused as at first when that fails too.
	again := func(err error, read func(most int) error) error {
		if err == nil || larger == most || ctx.Err() != nil || read(larger) != nil {
			return err
		}
		return nil
	}
	names := opt.Names
	if names == nil && opt.NamesFile != "" {
		read := opt.ReadFile
		if read == nil {
			read = func(path string) ([]byte, error) {
				return ctxio.ReadFile(ctx, path, nil, export.MaxSolutionSize)
			}
		}
		data, err := read(opt.NamesFile)
		if err == nil {
			names, err = ReadNames(ctx, data, opt.NamesFile, most)
			err = again(err, func(most int) (err error) {
				names, err = ReadNames(ctx, data, opt.NamesFile, most)
				return err
			})
		}
		if err != nil {
			return nil, &NamesError{File: opt.NamesFile, Err: err}
		}
	}
	names = AnswerNames(prog, format, solution, names)
	sol, err := Read(ctx, solution, format, names, file, most)
	err = again(err, func(most int) (err error) {
		sol, err = Read(ctx, solution, format, names, file, most)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &Input{Format: format, Names: names, Solution: sol}, nil
}

// Check reads solution (the content of a solution file for prog, or for
// another export of prog's puzzle: Settle) and judges it: Load, Settle,
// Decode and Judge in turn. The report names prog's puzzle and opt.File.
func Check(ctx context.Context, prog *model.Program, solution []byte, opt Options) (*Report, error) {
	file := FileName(opt.File)
	in, err := Load(ctx, prog, solution, opt)
	if err != nil {
		return nil, err
	}
	settled, mismatch, err := Settle(ctx, prog, in.Solution, in.Names, opt.Given)
	if err != nil {
		return nil, err
	}
	sol, err := Decode(ctx, settled, in.Solution, in.Names, file)
	if err != nil {
		return nil, mismatch.Explain(err)
	}
	rep, err := Judge(ctx, settled, sol, in.Format, file)
	if err != nil {
		return nil, mismatch.Explain(err)
	}
	if mc := maxCoverageSAT(ctx, prog, settled, in, opt, rep); mc != nil {
		settled, rep = mc.prog, mc.rep
	}
	if settled != prog {
		rep.Program = Describe(settled)
	}
	rep.Puzzle, rep.File = prog.Puzzle.Name, opt.File
	return rep, nil
}

// FileName is a file's name in messages: standard input ("-") is named
// as a puzzle read from it is ("<stdin>:8: ..."), not "-:8: ...".
func FileName(path string) string {
	if path == "-" {
		return puzzle.StdinName
	}
	return path
}

// Detect names the solution format of a file from its head, or "" when
// it is none polytile knows.
func Detect(data []byte) string { return export.DetectSolution(head(data)) }

// head is the start of a file for format detection.
func head(data []byte) []byte { return data[:min(len(data), 4096)] }

// MaxNames is the most names a solution or names file of prog has
// (export.AtMost): its columns and rows (a CBC file lists both), its
// fingerprint column and the placeholder of a program without columns.
func MaxNames(prog *model.Program) int { return prog.NumCols() + prog.NumRows() + 2 }

// maxExportNames is the most names a solution or names file of any export
// of prog's puzzle has, since Settle may find the file to be of another
// export than prog: MaxNames(prog), plus the seed formulation's y columns
// (one per cell) and z column, plus the rows other settings add (area,
// area_gcd, sym_pin, colour_hi, colour_lo, sym_hole).
func maxExportNames(prog *model.Program) int {
	return MaxNames(prog) + prog.Puzzle.Area() + 1 + 6
}

// Read parses a solution file's content data in format, with the
// column order of names (nil for none), named file in errors; a file of
// more than most names is refused at the name past them. A glpk-raw
// file needs names (ErrNamesNeeded), and so does a SAT or PB answer
// (ProgramNames gives them).
func Read(ctx context.Context, data []byte, format string, names *Names, file string, most int) (*export.Solution, error) {
	var order []string
	if names != nil {
		order = names.Order
	}
	if (format == export.FormatSATSolution || format == export.FormatPBSolution) && names != nil && names.Vars != nil {
		order = names.Vars.Names
	}
	if (format == "glpk-raw" || format == export.FormatSATSolution || format == export.FormatPBSolution) && order == nil {
		return nil, fileErr(file, 0, ErrNamesNeeded, nil, "a glpsol -w solution numbers its columns: give the LP or MPS file that was solved")
	}
	// A file naming more than the program has is refused at that line,
	// not read whole (millions of names of another program).
	sol, err := export.ReadSolution(export.AtMost(ctxio.Reader(ctx, bytes.NewReader(data)), most), format, order)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fileErr(file, lineOf(err), ErrMalformed, err, export.InFile(file, err))
	}
	return sol, nil
}

// namesOfProgram refuses (ErrOtherProgram) a CNF or OPB names file that
// is the export of another program: another mode, or (OPB) another
// fingerprint.
func namesOfProgram(ctx context.Context, prog *model.Program, names *Names, file string) error {
	if names == nil || names.Vars == nil {
		return nil
	}
	v := names.Vars
	if mode := prog.Options.Mode.String(); v.Mode != "" && v.Mode != mode {
		return fileErr(file, 0, ErrOtherProgram, nil, fmt.Sprintf("%s: the %s file names is the %s export, the program is %s: check with --mode %s", file, strings.ToUpper(v.Format), v.Mode, mode, v.Mode))
	}
	if v.Fingerprint == "" {
		return nil
	}
	own, err := prog.Fingerprint(ctx)
	if err != nil {
		return err
	}
	if v.Fingerprint != own {
		return fileErr(file, 0, ErrOtherProgram, nil, fmt.Sprintf("%s: the OPB file that names its variables is the export of another program (fingerprint %s, this program's %s): check the puzzle, --mode, --formulation, --strengthen and --symmetry against the export", file, v.Fingerprint, own))
	}
	return nil
}

// lineOf is the line an *export.LineError names, 0 for another error.
func lineOf(err error) int {
	if le := (*export.LineError)(nil); errors.As(err, &le) {
		return le.Line
	}
	return 0
}

// Decode ties a solution read by Read to prog: a CNF or OPB names file
// must be an export of prog (its mode and fingerprint), a CBC file's
// lines are split into rows and columns by the program, and the
// fixed-MPS short names of names are mapped to the program's.
func Decode(ctx context.Context, prog *model.Program, sol *export.Solution, names *Names, file string) (*export.Solution, error) {
	var rename map[string]string
	if names != nil {
		rename = names.Rename
	}
	if err := namesOfProgram(ctx, prog, names, file); err != nil {
		return nil, err
	}
	sol, err := cbcByProgram(ctx, prog, sol, rename)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		kind := ErrMalformed
		if errors.Is(err, ErrOtherProgram) {
			kind = ErrOtherProgram
		}
		return nil, fileErr(file, lineOf(err), kind, err, export.InFile(file, err))
	}
	if rename != nil {
		if err := sol.Rename(rename); err != nil {
			return nil, fileErr(file, 0, ErrMalformed, err, file+": "+strings.TrimPrefix(err.Error(), "export: "))
		}
	}
	return sol, nil
}

// Judge decodes sol through prog and judges the tiling. An error
// means the file does not belong to the program (ErrOtherProgram) or
// gives a column a value it cannot take (ErrBadValue, naming the line);
// when ctx ends, its error. It reads each name once and ctx every 65,536
// names.
func Judge(ctx context.Context, prog *model.Program, sol *export.Solution, format, file string) (*Report, error) {
	p := prog.Puzzle
	sol = emptyProgramSolution(prog, sol)
	scan, err := scanSolution(ctx, prog, sol)
	if err != nil {
		return nil, err
	}
	if err := scan.valueErr(file); err != nil {
		return nil, err
	}
	if err := scan.unknownErr(); err != nil {
		return nil, fileErr(file, 0, ErrOtherProgram, err, file+": "+err.Error())
	}
	identified, err := checkFingerprintOf(ctx, prog, scan.fingerprints, sol)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, fileErr(file, 0, ErrOtherProgram, err, file+": "+err.Error())
	}
	complete := format == "highs" || format == "glpk" || format == "glpk-raw" || format == "cplex"
	if complete && sol.Feasible && scan.known != prog.NumCols() {
		return nil, fileErr(file, 0, ErrOtherProgram, nil, fmt.Sprintf("%s: the file lists %s, the program has %d: it is the solution of another program (check --mode, --formulation, --strengthen)", file, textio.Count(scan.known, "column"), prog.NumCols()))
	}
	rep := &Report{Solver: format, Status: sol.Status, Mode: prog.Options.Mode.String(), Cells: p.Area(), Bound: prog.Bound.Bound, Identified: identified}
	switch v := sol.Objective; {
	case sol.HasObjective && (math.IsInf(v, 0) || math.IsNaN(v)):
		// No tiling has it, and JSON has no such number: said as a
		// problem, not given as the objective.
		rep.Problems = append(rep.Problems, fmt.Sprintf("the file's objective is %g, not a finite number: no tiling has it", v))
	case sol.HasObjective && prog.Maximize() && v < 0:
		// An MPS export minimises the negated objective (MPS has no
		// portable maximisation), so a solver that read it reports
		// -(covered cells): the report gives the program's own objective.
		m := -v
		rep.Objective = &m
	case sol.HasObjective:
		rep.Objective = &v
	}
	if !sol.Feasible {
		rep.Verdict = infeasibleVerdict(prog, sol, format, identified)
		return rep, nil
	}
	// Every name is a column and every value one its column can take
	// (model.ValueTolerance: no value is further than 1e-6 from an
	// integer).
	t := prog.TilingOf(scan.cols)
	rep.Tiling, rep.Pieces = t, len(t.Placements)
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
	case exact && rep.Exact:
		rep.Verdict = "exact tiling, verified"
		rep.Optimal, rep.Accepted = true, true
	case exact:
		rep.Verdict = fmt.Sprintf("not an exact tiling: %d of %d cells covered", rep.Coverage, rep.Cells)
	case rep.Coverage == prog.Bound.Bound:
		rep.Optimal, rep.Accepted = true, true
		rep.Verdict = fmt.Sprintf("valid, optimal: it meets the coverage bound (%s)", prog.Bound.Reason)
	case sol.Optimal && sol.WithinGap:
		// The file cannot say with which gap the solver stopped.
		rep.Verdict = fmt.Sprintf("valid, not proven optimal: %d cells covered, bound %d; the status %q holds within the solver's relative gap, which the file does not record (HiGHS stops within mip_rel_gap, 1e-4 unless set; its log shows the final gap)", rep.Coverage, prog.Bound.Bound, sol.Status)
	case sol.Optimal && !identified:
		rep.Verdict = fmt.Sprintf("valid, not confirmed optimal: %d cells covered, bound %d; the status %q is not confirmed for this puzzle: %s", rep.Coverage, prog.Bound.Bound, sol.Status, unconfirmedProof)
	case sol.Optimal:
		rep.Optimal, rep.Accepted = true, true
		rep.Verdict = fmt.Sprintf("valid, optimal by the solver's proof (polytile's bound %d is not attained)", prog.Bound.Bound)
	default:
		rep.Verdict = fmt.Sprintf("valid, not proven optimal: %s covered, bound %d", textio.Count(rep.Coverage, "cell"), prog.Bound.Bound)
	}
	if rep.Objective != nil && prog.Maximize() && rep.Valid && math.Abs(*rep.Objective-float64(rep.Coverage)) > 1e-6 {
		rep.Problems = append(rep.Problems, fmt.Sprintf("the file's objective %g is not the %s its tiling covers", sol.Objective, textio.Count(rep.Coverage, "cell")))
		rep.Accepted = false
	}
	rep.distrust() // a non-finite objective among the problems too
	return rep, nil
}

// infeasibleVerdict is the verdict on a file whose solver found no
// solution. A max-coverage CNF asks for a number of cells, so its
// UNSATISFIABLE says that no tiling covers them. A SAT, PB or Pyomo
// answer names no fingerprint: its proof is confirmed when polytile's
// own bound proves that no exact tiling exists.
func infeasibleVerdict(prog *model.Program, sol *export.Solution, format string, identified bool) string {
	status := orDefault(sol.Status, "no status")
	exact := prog.Options.Mode == model.Exact
	if format == export.FormatSATSolution && !exact && sol.Status == "UNSATISFIABLE" {
		return fmt.Sprintf("the solver reports that no tiling covers the cells the CNF asks for (%s; at least its --min-covered, the coverage bound %d by default): the bound is not attained", status, prog.Bound.Bound)
	}
	v := "the solver reports no feasible solution (" + status + ")"
	answer := format == export.FormatSATSolution || format == export.FormatPBSolution || format == export.FormatPyomoSolution
	switch {
	case identified:
		return v
	case !answer:
		return v + ", not confirmed for this puzzle: " + unconfirmedInfeasible
	case exact && prog.Bound.Bound < prog.Puzzle.Area():
		return v + ", confirmed for this puzzle by polytile's bound: " + prog.Bound.Reason
	}
	return v + ", not confirmed for this puzzle: " + unconfirmedAnswer
}

// orDefault is s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// WriteText writes the report as 'polytile check' prints it.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "puzzle      %s\n", r.Puzzle)
	fmt.Fprintf(&b, "solution    %s (%s, status %q)\n", r.File, r.Solver, r.Status)
	if r.Objective != nil {
		fmt.Fprintf(&b, "objective   %g\n", *r.Objective)
	}
	fmt.Fprintf(&b, "mode        %s\n", r.Mode)
	if r.Program != "" {
		fmt.Fprintf(&b, "program     %s (found from the file, not from the flags)\n", r.Program)
	}
	fmt.Fprintf(&b, "pieces      %d placed\n", r.Pieces)
	fmt.Fprintf(&b, "coverage    %d of %d cells (bound %d)\n", r.Coverage, r.Cells, r.Bound)
	fmt.Fprintf(&b, "verdict     %s\n", r.Verdict)
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "problem     %s\n", p)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// judged is a program and the report of a file judged against it.
type judged struct {
	prog *model.Program
	rep  *Report
}

// maxCoverageSAT judges again a satisfying SAT answer that was read with
// the exact program's own numbering (no CNF file, no mode given) and
// leaves cells uncovered: the exact CNF's clauses cover every cell, so
// the answer is of the max-coverage CNF, the only other CNF export, whose
// variables 1..NumX are the same images. It returns nil when the file is
// not such an answer or the max-coverage program does not take it.
func maxCoverageSAT(ctx context.Context, prog, settled *model.Program, in *Input, opt Options, rep *Report) *judged {
	if settled != prog || opt.Given.Mode || prog.Options.Mode != model.Exact || in.Format != export.FormatSATSolution ||
		opt.Names != nil || opt.NamesFile != "" || !in.Solution.Feasible || rep.Accepted || rep.Coverage >= rep.Cells {
		return nil
	}
	o := prog.Options
	o.Mode, o.Formulation = model.MaxCoverage, model.DefaultFormulation
	mc, err := model.NewProgram(prog.Puzzle, o)
	if err != nil {
		return nil
	}
	sol, err := Decode(ctx, mc, in.Solution, nil, FileName(opt.File))
	if err != nil {
		return nil
	}
	r, err := Judge(ctx, mc, sol, in.Format, FileName(opt.File))
	if err != nil || len(r.Problems) > 0 {
		return nil
	}
	return &judged{prog: mc, rep: r}
}
