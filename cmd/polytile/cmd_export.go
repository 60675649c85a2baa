package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

func (a *app) exportCmd() *cobra.Command {
	var o exportOptions
	c := &cobra.Command{
		Use:   "export PUZZLE --format lp|mps|fixed-mps|dlx|cnf|opb|pyomo",
		Short: "Write the program (LP, MPS, CNF, OPB, Pyomo) or the DLX exact cover",
		Long: `export writes the puzzle in a form another solver reads.

  lp         CPLEX LP: x_F_3_2_5 = piece F, orientation 3, anchor (2,5);
             rows overlap_c_2_5 (one per cell) and count_F (finite pieces)
  mps        free MPS with the same names
  fixed-mps  fixed MPS; names become X0000001 / R0000001 and the mapping is
             kept as '*' comments so solutions can be read back
  dlx        Knuth's exact-cover format, for dlx3 by default: items are
             cells and pieces with a finite count (m|name for m copies;
             --dialect dlx1: one item per copy, name.1 ... name.m),
             options are images
  pyomo      a runnable Python script that rebuilds the same program with
             Pyomo and solves it with a solver named on its command line
  cnf        DIMACS CNF for SAT solvers: exact, or (--max-coverage) "at
             least --min-covered cells" (default: the coverage bound)
  opb        pseudo-Boolean (OPB) for PB solvers: exact, or max-coverage
             as "minimise -sum size*x"

--mode exact covers every cell once and uses every finite piece its count;
--max-coverage (--mode max-coverage) maximises the covered cells, in the
--formulation seed or packing (default packing, as in solve and compare). With
--max-coverage the DLX file lists every packing, the empty one included (the
best covers the most cells). --start writes the native tiling as a MIP start.
Every flag in detail: docs/solvers-external.md#export-in-detail; the highs
binary of 'make deps' is .deps/bin/highs.`,
		Example: `  polytile export examples/tetris-7x7.yaml --format lp --max-coverage -o t7.lp
  cbc t7.lp solve solu t7.sol
  polytile check examples/tetris-7x7.yaml t7.sol --max-coverage
  polytile export examples/tetris-21x21.yaml --format lp --max-coverage \
      --strengthen --start t21.start --start-format cbc -o t21.lp
  cbc t21.lp mips t21.start solve solu t21.sol
  polytile export examples/tetris-61x61.yaml --format lp --max-coverage \
      --strengthen --start t61.start --start-format highs \
      --highs-options-file t61.opt -o t61.lp
  .deps/bin/highs --model_file t61.lp --read_solution_file t61.start \
      --options_file t61.opt
  polytile export examples/pentomino-10x6.yaml --format dlx -o p.dlx
  polytile export examples/pentomino-10x6.yaml --format cnf -o p.cnf
  polytile export examples/tetris-7x7.yaml --format opb --max-coverage -o t7.opb`,
		Args: exactArgs(1, "PUZZLE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.puzzle = args[0]
			o.modeGiven = cmd.Flags().Changed("mode")
			o.minCoveredGiven = cmd.Flags().Changed("min-covered")
			o.start.formatGiven = cmd.Flags().Changed("start-format")
			o.start.limitGiven = cmd.Flags().Changed("start-time")
			return a.runExport(cmd.Context(), o)
		},
	}
	c.Flags().StringVar(&o.format, "format", "", "lp, mps, fixed-mps, dlx, cnf, opb or pyomo")
	c.Flags().StringVar(&o.mode, "mode", "exact", "exact or max-coverage")
	c.Flags().BoolVar(&o.maxCoverage, "max-coverage", false, "short for --mode max-coverage")
	c.Flags().StringVar(&o.formulation, "formulation", model.DefaultFormulation.String(), "max-coverage: seed or packing")
	c.Flags().BoolVar(&o.strengthen, "strengthen", false, "max-coverage: add the area (and gcd) bounds")
	c.Flags().StringVarP(&o.out, "output", "o", "-", "output file (- for stdout)")
	addFromFlag(c.Flags(), &o.from)
	c.Flags().StringVar(&o.symmetry, "symmetry", "none", "symmetry-breaking row: none, pin or hole")
	c.Flags().StringVar(&o.dialect, "dialect", "dlx3", "DLX dialect: dlx1 or dlx3")
	intFlag(c.Flags(), &o.minCovered, "min-covered", "", 0, 0, puzzle.MaxCells, "cnf --max-coverage: at least N cells covered")
	o.start.add(c)
	return c
}

// exportOptions are export's inputs: the puzzle and the flags' values,
// with whether the flags whose default differs from "not given" were
// given.
type exportOptions struct {
	puzzle                                                  string
	format, mode, formulation, out, from, symmetry, dialect string
	strengthen, maxCoverage                                 bool
	modeGiven                                               bool // --mode given
	minCovered                                              int
	minCoveredGiven                                         bool // --min-covered given
	start                                                   startFlags
}

// validate checks the flags that need no puzzle (exit 2 on a bad one)
// and returns the program's options.
func (o *exportOptions) validate() (model.ProgramOptions, error) {
	if err := exportFormatForOutput(o.format, o.out); err != nil {
		return model.ProgramOptions{}, err
	}
	if o.format == "" {
		return model.ProgramOptions{}, usageErr("export needs --format lp, mps, fixed-mps, dlx, cnf, opb or pyomo")
	}
	if o.maxCoverage {
		if o.modeGiven && o.mode != "max-coverage" {
			return model.ProgramOptions{}, usageErr("--max-coverage contradicts --mode %s", o.mode)
		}
		o.mode = "max-coverage"
	}
	opt, err := programOptions(o.mode, o.formulation, o.strengthen)
	if err != nil {
		return model.ProgramOptions{}, err
	}
	if err := checkExportMode(o.format, o.mode); err != nil {
		return model.ProgramOptions{}, err
	}
	if opt.Symmetry, err = model.ParseSymmetry(o.symmetry); err != nil {
		return model.ProgramOptions{}, usageErr("--symmetry: %v", err)
	}
	if opt.Symmetry == model.FixHole && opt.Mode != model.MaxCoverage {
		return model.ProgramOptions{}, usageErr("--symmetry hole applies to --max-coverage (an exact tiling has no hole)")
	}
	// The checkerboard rows go with --strengthen in every format that
	// writes the program's rows (the Pyomo script has area and gcd only).
	opt.Checkerboard = opt.Strengthen && strings.ToLower(o.format) != "pyomo"
	if err := o.start.check(o.format); err != nil {
		return model.ProgramOptions{}, err
	}
	return opt, nil
}

// runExport writes the program (or matrix) of o.puzzle in o.format, with
// its companions, all committed together.
func (a *app) runExport(ctx context.Context, o exportOptions) error {
	opt, err := o.validate()
	if err != nil {
		return err
	}
	if err := a.checkOutputs([]string{o.puzzle}, output{"-o", o.out}, output{"--start", o.start.file}, output{"--highs-options-file", o.start.highsOptions}); err != nil {
		return err
	}
	// The format and the dialect are the flags' fault whatever
	// the puzzle: said before a reading that answers "no tiling".
	if !export.IsFormat(o.format) {
		return usageErr("unknown export format %q: use lp, mps, fixed-mps, dlx, cnf, opb or pyomo", o.format)
	}
	if strings.EqualFold(o.format, "dlx") {
		if _, err := export.ParseDLXDialect(o.dialect); err != nil {
			return usageErr("--dialect: %v", err)
		}
	}
	// Read once: a piece that fits nowhere is answered (exit 1)
	// only once what the symmetric key refuses is checked on the
	// puzzle without that piece, which the answer carries.
	var src puzzleSource
	p, err := a.loadPuzzleFrom(ctx, o.puzzle, src.read(o.puzzle, a.stdin), o.from, unplaceableFor(opt.Mode == model.MaxCoverage))
	if err != nil {
		if _, ok := loadAnswered(err); ok && errors.Is(err, puzzle.ErrUnplaceable) {
			if q := answeredPuzzle(err); q != nil {
				if ferr := checkSymmetricExport(q, o.format, o.dialect, opt); ferr != nil {
					return ferr
				}
			}
		}
		return err
	}
	var companions pending // --start, --highs-options-file: renamed after the program
	defer companions.abort()
	write, err := a.exportWriter(ctx, p, &o, opt, &companions)
	if err != nil {
		return err
	}
	// The program is written last and committed with its
	// companions: all in place with exit 0, or none after a signal.
	if err := companions.write(ctx, o.out, a.stdout, write); err != nil {
		return err
	}
	return a.commit(ctx, companions)
}

// exportWriter sizes the output of p in o.format before -o opens and
// returns its writer; for a program with --start or --highs-options-file
// it writes those companions to comp first.
func (a *app) exportWriter(ctx context.Context, p *puzzle.Puzzle, o *exportOptions, opt model.ProgramOptions, comp *pending) (func(io.Writer) error, error) {
	switch strings.ToLower(o.format) {
	case "dlx":
		if p.Symmetric != nil {
			return symmetricDLXWriter(p, o.dialect, opt)
		}
		c, err := model.NewCoverContext(ctx, p)
		if err != nil {
			return nil, err
		}
		d, err := export.ParseDLXDialect(o.dialect)
		if err != nil {
			return nil, usageErr("--dialect: %v", err)
		}
		dopt := export.DLXOptions{Dialect: d, MaxCoverage: opt.Mode == model.MaxCoverage}
		f, err := export.CheckDLXFile(ctx, c, dopt) // sized once, before -o opens
		if err != nil {
			return nil, sizeErr(ctx, err)
		}
		return f.Write, nil
	case "cnf", "opb":
		prog, err := model.NewProgram(p, opt)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		sopt := export.SATOptions{MinCovered: -1}
		if o.minCoveredGiven {
			if o.minCovered < 0 || o.minCovered > p.Area() {
				return nil, usageErr("--min-covered must be in [0, %d] (the cells of the region), not %d", p.Area(), o.minCovered)
			}
			sopt.MinCovered = o.minCovered
		}
		if strings.ToLower(o.format) == "opb" {
			return sizedProgram(ctx, prog, export.FormatOPB)
		}
		f, err := export.CheckCNF(ctx, prog, sopt) // counted and sized before -o opens
		if err != nil {
			return nil, sizeErr(ctx, err)
		}
		return f.Write, nil
	default: // lp, mps, fixed-mps, pyomo (exportFormats)
		prog, err := model.NewProgram(p, opt)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		f := map[string]export.ProgramFormat{"lp": export.FormatLP, "mps": export.FormatMPS, "fixed-mps": export.FormatFixedMPS, "pyomo": export.FormatPyomo}[strings.ToLower(o.format)]
		write, err := sizedProgram(ctx, prog, f)
		if err != nil {
			return nil, err
		}
		if o.start.file != "" {
			if err := a.writeStart(ctx, &o.start, p, prog, comp); err != nil {
				return nil, err
			}
		}
		if o.start.highsOptions != "" {
			if err := a.writeHiGHSOptions(ctx, &o.start, prog, comp); err != nil {
				return nil, err
			}
		}
		return write, nil
	}
}

// programOptions reads the --mode, --formulation and --strengthen flags.
func programOptions(mode, formulation string, strengthen bool) (model.ProgramOptions, error) {
	m, err := model.ParseMode(mode)
	if err != nil {
		return model.ProgramOptions{}, usageErr("--mode: %v", err)
	}
	f, err := model.ParseFormulation(formulation)
	if err != nil {
		return model.ProgramOptions{}, usageErr("--formulation: %v", err)
	}
	if m != model.MaxCoverage && strengthen {
		return model.ProgramOptions{}, usageErr("--strengthen applies to --mode max-coverage")
	}
	return model.ProgramOptions{Mode: m, Formulation: f, Strengthen: strengthen}, nil
}

// sizedProgram sizes prog in format f before -o is opened (a file past
// export.MaxExportBytes is refused with exit 2) and returns its writer.
func sizedProgram(ctx context.Context, prog *model.Program, f export.ProgramFormat) (func(io.Writer) error, error) {
	pf, err := export.CheckProgram(ctx, prog, f)
	if err != nil {
		return nil, sizeErr(ctx, err)
	}
	return pf.Write, nil
}

// sizeErr is the error of an export refused by its sizing: exit 2, or
// the signal's exit when the context ended.
func sizeErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return err // a signal: the exit code comes from it
	}
	return usageErr("%v", err)
}

// symmetricDLXWriter writes the orbit problem of a puzzle with the
// symmetric key: dlx3 syntax only (a class orbit of k copies is one item
// of multiplicity k; dlx1's copy items would count each tiling k! times),
// exact mode only.
func symmetricDLXWriter(p *puzzle.Puzzle, dialect string, opt model.ProgramOptions) (func(io.Writer) error, error) {
	if err := checkSymmetricExport(p, "dlx", dialect, opt); err != nil {
		return nil, err
	}
	c, err := model.NewSymmetricCover(p)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return func(w io.Writer) error { return export.WriteSymmetricDLX(w, c) }, nil
}

// checkSymmetricExport refuses what an export of p in format does not
// write for p's symmetric key (nothing when p has none): a DLX file in
// another dialect than dlx3 or of maximum coverage, and the symmetry rows
// of a program. It builds nothing: export runs it on a puzzle whose
// reading answered "no tiling" too, before that answer.
func checkSymmetricExport(p *puzzle.Puzzle, format, dialect string, opt model.ProgramOptions) error {
	if p.Symmetric == nil {
		return nil
	}
	if !strings.EqualFold(format, "dlx") {
		if err := model.CheckSymmetricOptions(p, opt); err != nil {
			return usageErr("%v", err)
		}
		return nil
	}
	d, err := export.ParseDLXDialect(dialect)
	if err != nil {
		return usageErr("--dialect: %v", err)
	}
	if d != export.DLX3 {
		return usageErr("--dialect %s: the symmetric solutions' exact cover (puzzle key symmetric) is written in dlx3 syntax only", dialect)
	}
	if opt.Mode == model.MaxCoverage {
		return usageErr("--format dlx with max-coverage: not written for a puzzle with symmetric (use --format lp, mps, opb, cnf or pyomo, which carry the symmetric rows)")
	}
	return nil
}

// pending holds the companion outputs of an export (--start,
// --highs-options-file): written to their temporary files first, renamed
// only once the program itself is written. An export that fails or is
// interrupted while writing the program leaves none of them behind, and
// never replaces the companions of an older program of the same name with
// ones that do not match it (highs would read the old model with the new
// start and options).
type pending struct {
	files []*atomicfile.File
	notes []string // said on stderr once the files are in place
}

// write writes the output of fn to path's temporary file (a device or FIFO
// is written in place, as by atomicfile.Write), through a writer that fails
// once ctx is done, as atomicfile.Write's does: a start file of millions of
// columns stops within a flush of a signal.
func (p *pending) write(ctx context.Context, path string, stdout io.Writer, fn func(w io.Writer) error) error {
	f, err := atomicfile.CreateContext(ctx, path, stdout)
	if err != nil {
		return err
	}
	p.files = append(p.files, f)
	if err := fn(ctxio.Writer(ctx, f)); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// abort discards the files not committed (safe after commit).
func (p *pending) abort() {
	for _, f := range p.files {
		f.Abort()
	}
}

// commit renames the program and its companions into place together
// (commitComplete: none of them after a signal) and says what the
// companions hold.
func (a *app) commit(ctx context.Context, p pending) error {
	// The program (written last) is renamed first, then its
	// companions.
	files := p.files
	if n := len(files); n > 1 {
		files = append([]*atomicfile.File{files[n-1]}, files[:n-1]...)
	}
	if err := a.commitComplete(ctx, files...); err != nil {
		return err
	}
	for _, n := range p.notes {
		fmt.Fprintln(a.stderr, n)
	}
	return nil
}

// maxStartTime bounds --start-time.
const maxStartTime = 24 * time.Hour

// startFlags are export's --start, --start-format and --start-time, and
// --highs-options-file (the options that go with a HiGHS run of the file).
type startFlags struct {
	file, format string
	limit        time.Duration
	highsOptions string
	// formatGiven and limitGiven say that --start-format and
	// --start-time were given.
	formatGiven, limitGiven bool
	// atBound is set by writeStart when the start reaches polytile's
	// coverage bound (the root LP with the area row is then the proof).
	atBound bool
}

func (s *startFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&s.file, "start", "", "also write the native tiling as a MIP start")
	c.Flags().StringVar(&s.format, "start-format", "", "mst, cplex-mst, highs or cbc (a .mst file: mst)")
	durationFlag(c.Flags(), &s.limit, "start-time", 30*time.Second, time.Millisecond, 24*time.Hour, "native search time for --start")
	c.Flags().StringVar(&s.highsOptions, "highs-options-file", "", "also write options for 'highs --options_file'")
}

// check validates the start flags before any work.
func (s *startFlags) check(format string) error {
	if s.highsOptions == "-" {
		return usageErr("--highs-options-file needs a file name (stdout carries the program)")
	}
	if s.file == "" {
		if s.formatGiven {
			return usageErr("--start-format applies with --start FILE")
		}
		if s.limitGiven {
			return usageErr("--start-time applies with --start FILE")
		}
		return nil
	}
	switch strings.ToLower(format) {
	case "lp", "mps", "fixed-mps":
	default:
		return usageErr("--start applies to the lp and mps formats (the start names the program's columns), not %s", format)
	}
	if strings.ToLower(format) == "fixed-mps" {
		return usageErr("--start names columns by their full names; use --format lp or mps (fixed MPS renames them)")
	}
	if s.format == "" {
		if strings.EqualFold(filepath.Ext(s.file), ".mst") {
			s.format = "mst"
		} else {
			return usageErr("--start-format is needed for %s: mst (Gurobi, SCIP), cplex-mst, highs or cbc (GLPK reads no MIP start)", s.file)
		}
	}
	if s.format == "glpk" {
		return usageErr("GLPK reads no MIP start (glpsol's --ini is a simplex basis): use mst, cplex-mst, highs or cbc")
	}
	ok := false
	for _, f := range export.StartFormats {
		ok = ok || f == s.format
	}
	if !ok {
		return usageErr("unknown --start-format %q: use mst, cplex-mst, highs or cbc", s.format)
	}
	if s.limit <= 0 || s.limit > maxStartTime {
		return usageErr("--start-time must be in (0, %v], not %v", maxStartTime, s.limit)
	}
	if s.file == "-" {
		return usageErr("--start needs a file name (stdout carries the program)")
	}
	return nil
}

// write runs the native search and writes the start file; it says on
// stderr what the start is.
func (a *app) writeStart(ctx context.Context, s *startFlags, p *puzzle.Puzzle, prog *model.Program, pend *pending) error {
	t, what, err := nativeStart(ctx, p, prog, s.limit)
	if err != nil {
		return err
	}
	// Each step below is one pass over the placements or the columns
	// (0.1-0.7 s at a million cells on a loaded machine) that reads no
	// context: the context is read between them.
	if err := ctx.Err(); err != nil {
		return err
	}
	t, err = prog.SymmetricCopy(t)
	if err != nil {
		return fmt.Errorf("start: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	v, err := prog.Vector(t)
	if err != nil {
		return fmt.Errorf("start: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	// The start ends with the program's fingerprint: one pass over the
	// program, stopped by ctx (cached when the program was sized first).
	if _, err := prog.Fingerprint(ctx); err != nil {
		return fmt.Errorf("start: %w", err)
	}
	if err := pend.write(ctx, s.file, a.stdout, func(w io.Writer) error {
		return export.WriteStart(w, prog, v, s.format)
	}); err != nil {
		return err
	}
	obj := prog.Objective(v)
	if !a.quiet {
		pend.notes = append(pend.notes, fmt.Sprintf("start: %s, objective %g, written to %s (%s)", what, obj, s.file, s.format))
	}
	s.atBound = prog.Options.Mode == model.MaxCoverage && int(obj) >= prog.Bound.Bound
	return nil
}

// writeHiGHSOptions writes --highs-options-file after the start (whose
// objective decides the root LP method).
func (a *app) writeHiGHSOptions(ctx context.Context, s *startFlags, prog *model.Program, pend *pending) error {
	opt := export.HiGHSOptions{RootIPM: s.atBound && prog.Options.Strengthen}
	return pend.write(ctx, s.highsOptions, a.stdout, func(w io.Writer) error {
		return export.WriteHiGHSOptions(w, prog, opt)
	})
}

// nativeStart finds the tiling of the start: an exact solution (native
// FILA with the redundancy filter) or the best near-miss of
// native.MaxCoverage, within limit.
func nativeStart(ctx context.Context, p *puzzle.Puzzle, prog *model.Program, limit time.Duration) (puzzle.Tiling, string, error) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	if prog.Options.Mode == model.Exact {
		res, err := native.Solve(ctx, p, native.Config{Algorithm: "fila", Limit: 1, Redundancy: "auto", NOF: true})
		if err != nil {
			return puzzle.Tiling{}, "", usageErr("start: %v", err)
		}
		if len(res.First) == 0 {
			if res.Interrupted {
				return puzzle.Tiling{}, "", &exitError{code: exitNoSolution, err: fmt.Errorf("start: the native search found no exact tiling within --start-time %v", limit)}
			}
			return puzzle.Tiling{}, "", &exitError{code: exitNoSolution, err: fmt.Errorf("start: the puzzle has no exact tiling (native search complete); export --max-coverage for a near-miss start")}
		}
		return res.First[0], fmt.Sprintf("exact tiling of %s", textio.Count(len(res.First[0].Placements), "piece")), nil
	}
	res, err := native.MaxCoverage(ctx, p, native.Config{})
	if err := stoppedVerifying(ctx, err, "start: "); err != nil {
		return puzzle.Tiling{}, "", err
	}
	if err != nil {
		return puzzle.Tiling{}, "", usageErr("start: %v", err)
	}
	what := fmt.Sprintf("near-miss covering %d of %d cells", res.Covered, p.Area())
	if res.Optimal {
		what += " (optimal: " + res.Proof + ")"
	} else {
		// The search's own bound, which may be below the static bound of
		// the program (what check and the program's comment give).
		what += fmt.Sprintf(" (best within %v; the native search proved at most %d cells)", limit, res.Bound)
	}
	return res.Tiling, what, nil
}
