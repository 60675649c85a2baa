package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/internal/cliout"
	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/render"
	"github.com/polytile/polytile/solcheck"
)

// checkOptions are check's inputs; given are the program flags given
// (the others are found from the file).
type checkOptions struct {
	export.Settings
	puzzle, solution, solver, names, from, renderFormat, out string
	asJSON                                                   bool
	given                                                    solcheck.Given
}

func (a *app) checkCmd() *cobra.Command {
	f := &checkOptions{}
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
  sat        a SAT solver's answer to a CNF export (s and v lines, as
             picosat and clasp print them)
  pb         a pseudo-Boolean solver's answer to an OPB export (s, v and
             o lines, as clasp prints them)
  pyomo      what the Pyomo script of 'export --format pyomo' prints

The program flags (--mode / --max-coverage, --formulation, --strengthen,
--symmetry) need not be repeated: when the file names the fingerprint of
another export of the puzzle, the settings of that export are found (and
reported), and a flag given that contradicts them is named. Without a
fingerprint, the flags must be those of the export: a name that is not
a column of that program, or (for solvers that list every column: highs, glpk) a
column of the program missing from the file, is an error. A fixed-MPS
export names columns X0000001...: give the MPS file with --names. A SAT
or PB answer numbers its variables as the CNF or OPB export of the
program does; --names FILE.cnf or FILE.opb names them from the file.

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
		Args: cliflag.ExactArgs(2, "PUZZLE SOLUTION"),
		RunE: func(cmd *cobra.Command, args []string) error {
			fl := cmd.Flags()
			f.puzzle, f.solution, f.ModeGiven = args[0], args[1], fl.Changed("mode")
			f.given = solcheck.Given{Mode: fl.Changed("mode") || fl.Changed("max-coverage"), Formulation: fl.Changed("formulation"), Strengthen: fl.Changed("strengthen"), Symmetry: fl.Changed("symmetry")}
			return a.runCheck(cmd.Context(), f)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.solver, "solver", "", "solution format: "+strings.Join(export.SolutionFormats, ", ")+" (default: detected)")
	fl.StringVar(&f.names, "names", "", "the LP, MPS, CNF or OPB file that was solved, to name the columns of a fixed-MPS, glpk-raw, sat or pb solution (- for stdin)")
	fl.StringVar(&f.Mode, "mode", "exact", "program mode of the export: exact or max-coverage")
	fl.BoolVar(&f.MaxCoverage, "max-coverage", false, "short for --mode max-coverage")
	fl.StringVar(&f.Formulation, "formulation", model.DefaultFormulation.String(), "max-coverage formulation of the export: seed or packing")
	fl.BoolVar(&f.Strengthen, "strengthen", false, "the export had --strengthen")
	fl.StringVar(&f.Symmetry, "symmetry", "none", "the export's --symmetry: none, pin or hole")
	addFromFlag(fl, &f.from)
	fl.StringVar(&f.renderFormat, "render", "", "draw the tiling: ascii, ansi, svg or png")
	fl.StringVarP(&f.out, "output", "o", "-", "picture file (- for stdout; the format follows the extension)")
	fl.BoolVar(&f.asJSON, "json", false, "print the report as JSON")
	return c
}

func (a *app) runCheck(ctx context.Context, f *checkOptions) error {
	puzzlePath, solPath := f.puzzle, f.solution
	opt, err := resolveProgram(f.Settings, "")
	if err != nil {
		return err
	}
	if f.solver != "" && !slices.Contains(export.SolutionFormats, f.solver) {
		return usageErr("unknown --solver %q: use %s", f.solver, strings.Join(export.SolutionFormats, ", "))
	}
	var pic render.Format
	wantPic := f.renderFormat != "" || f.out != "-"
	// A picture to the file stdout writes goes through stdout, before the
	// report.
	picOut := f.out
	if cliout.SameAsStdout(f.out, a.stdout) {
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
	if err := a.checkOutputs(cliout.Given(puzzlePath, solPath, f.names), output{"-o", f.out}); err != nil {
		return err
	}
	if err := cliout.StdinOnce([]string{"the puzzle", "the solution", "--names"}, puzzlePath, solPath, f.names); err != nil {
		return usageErr("%v", err)
	}
	var src puzzleSource
	p, err := a.loadPuzzleFrom(ctx, puzzlePath, src.read(puzzlePath, a.stdin), f.from, puzzle.UnplaceableFor(opt.Mode == model.MaxCoverage))
	if err != nil {
		return a.checkLoadFailed(ctx, solPath, opt, f, err) // loadanswered.go
	}
	prog, err := model.NewProgram(p, opt)
	if err != nil {
		return usageErr("%v", err)
	}
	data, err := ctxio.ReadFile(ctx, solPath, a.stdin, export.MaxSolutionSize)
	if err != nil {
		return usageErr("%v", err)
	}
	rep, err := solcheck.Check(ctx, prog, data, a.solcheckOptions(ctx, f))
	if err != nil {
		return checkFileErr(ctx, solcheck.FileName(solPath), err)
	}
	exitCode := exitNoSolution
	if rep.Accepted {
		exitCode = 0
	}
	if wantPic && len(rep.Tiling.Placements) > 0 {
		ropt := render.Options{Labels: true, Title: p.Name, Context: ctx}
		a.commitExit.Store(int32(exitCode)) // a hard exit after the commit (app.go)
		if err := a.writeComplete(ctx, picOut, func(w io.Writer) error {
			return render.Tiling(w, p, rep.Tiling, pic, ropt)
		}); err != nil {
			return err
		}
	}
	// An SVG or PNG picture on stdout is alone there: the report goes to
	// stderr.
	reportOut := a.stdout
	if wantPic && picOut == "-" && !pic.Text() {
		reportOut = a.stderr
	}
	if f.asJSON {
		if err := writeJSONLine(a.stdout, rep, true); err != nil {
			return err
		}
	} else if err := rep.WriteText(reportOut); err != nil {
		return err
	}
	if exitCode != 0 {
		return &exitError{code: exitCode}
	}
	return nil
}

func (a *app) solcheckOptions(ctx context.Context, f *checkOptions) solcheck.Options {
	return solcheck.Options{Format: f.solver, File: f.solution, NamesFile: f.names, Given: f.given,
		ReadFile: func(path string) ([]byte, error) {
			return ctxio.ReadFile(ctx, path, a.stdin, export.MaxSolutionSize)
		}}
}

// checkFileErr is the exit of a solcheck error: 2, or the signal's when
// ctx ended (but a value its column cannot take is 2 all the same).
func checkFileErr(ctx context.Context, solName string, err error) error {
	fe := (*solcheck.FileError)(nil)
	ne := (*solcheck.NamesError)(nil)
	isFile := errors.As(err, &fe)
	switch {
	case errors.Is(err, solcheck.ErrUnknownFormat):
		return usageErr("%v (use --solver %s)", err, strings.Join(export.SolutionFormats, "|"))
	case errors.Is(err, solcheck.ErrNamesNeeded):
		return usageErr("a glpsol -w solution numbers its columns: give the LP or MPS file that was solved with --names")
	case errors.As(err, &ne) && ctx.Err() != nil:
		return fmt.Errorf("--names: %w", ne.Err)
	case errors.As(err, &ne):
		return usageErr("--names: %v", ne.Err)
	case isFile && (ctx.Err() == nil || errors.Is(err, solcheck.ErrBadValue)):
		return usageErr("%s", err.Error())
	case isFile:
		return err
	case ctx.Err() != nil:
		return fmt.Errorf("%s: %w", solName, err)
	}
	return usageErr("%s: %v", solName, err)
}

// readCheckSolution reads the solution file solPath for prog
// (solcheck.Load).
func (a *app) readCheckSolution(ctx context.Context, prog *model.Program, solPath string, opt solcheck.Options) (*solcheck.Input, error) {
	data, err := ctxio.ReadFile(ctx, solPath, a.stdin, export.MaxSolutionSize)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	in, err := solcheck.Load(ctx, prog, data, opt)
	if err != nil {
		return nil, checkFileErr(ctx, solcheck.FileName(solPath), err)
	}
	return in, nil
}
