package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/internal/cliout"
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
		Args: cliflag.ExactArgs(1, "PUZZLE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.puzzle = args[0]
			o.ModeGiven = cmd.Flags().Changed("mode")
			o.minCoveredGiven = cmd.Flags().Changed("min-covered")
			o.start.formatGiven = cmd.Flags().Changed("start-format")
			o.start.limitGiven = cmd.Flags().Changed("start-time")
			return a.runExport(cmd.Context(), o)
		},
	}
	c.Flags().StringVar(&o.Format, "format", "", "lp, mps, fixed-mps, dlx, cnf, opb or pyomo")
	c.Flags().StringVar(&o.Mode, "mode", "exact", "exact or max-coverage")
	c.Flags().BoolVar(&o.MaxCoverage, "max-coverage", false, "short for --mode max-coverage")
	c.Flags().StringVar(&o.Formulation, "formulation", model.DefaultFormulation.String(), "max-coverage: seed or packing")
	c.Flags().BoolVar(&o.Strengthen, "strengthen", false, "max-coverage: add the area (and gcd) bounds")
	c.Flags().StringVarP(&o.out, "output", "o", "-", "output file (- for stdout)")
	addFromFlag(c.Flags(), &o.from)
	c.Flags().StringVar(&o.Symmetry, "symmetry", "none", "symmetry-breaking row: none, pin or hole")
	c.Flags().StringVar(&o.Dialect, "dialect", "dlx3", "DLX dialect: dlx1 or dlx3")
	cliflag.IntVarP(c.Flags(), &o.MinCovered, "min-covered", "", 0, 0, puzzle.MaxCells, "cnf --max-coverage: at least N cells covered")
	o.start.add(c)
	return c
}

type exportOptions struct {
	export.Settings
	export.Options
	puzzle, out, from string
	minCoveredGiven   bool
	start             startFlags
}

// validate checks the flags that need no puzzle (exit 2).
func (o *exportOptions) validate() (export.Options, error) {
	eo := o.Options
	if !o.minCoveredGiven {
		eo.MinCovered = -1
	}
	if err := usageOf(cliout.ExportFormat(o.Format, o.out)); err != nil {
		return eo, err
	}
	if o.Format == "" {
		return eo, usageErr("export needs --format lp, mps, fixed-mps, dlx, cnf, opb or pyomo")
	}
	opt, err := resolveProgram(o.Settings, " (an exact tiling has no hole)")
	if err != nil {
		return eo, err
	}
	if err := export.CheckMode(o.Format, opt.Mode.String()); err != nil {
		return eo, err
	}
	if err := o.start.check(o.Format); err != nil {
		return eo, err
	}
	eo.Program = opt
	return eo, nil
}

// runExport writes the export and its companions (--start,
// --highs-options-file), committed together: all or none after a signal.
func (a *app) runExport(ctx context.Context, o exportOptions) error {
	eo, err := o.validate()
	if err != nil {
		return err
	}
	if err := a.checkOutputs([]string{o.puzzle}, output{"-o", o.out}, output{"--start", o.start.file}, output{"--highs-options-file", o.start.highsOptions}); err != nil {
		return err
	}
	// Bad settings are said before a reading that answers "no tiling".
	if err := export.CheckOptions(eo); err != nil {
		return exportErr(err)
	}
	var src puzzleSource
	p, err := a.loadPuzzleFrom(ctx, o.puzzle, src.read(o.puzzle, a.stdin), o.from, puzzle.UnplaceableFor(eo.Program.Mode == model.MaxCoverage))
	if err != nil {
		if _, ok := loadAnswered(err); ok && errors.Is(err, puzzle.ErrUnplaceable) {
			if q := answeredPuzzle(err); q != nil {
				if ferr := export.CheckSymmetric(q, eo); ferr != nil {
					return exportErr(ferr)
				}
			}
		}
		return err
	}
	prep, err := export.Prepare(ctx, p, eo)
	if err != nil {
		return exportErr(err)
	}
	var out atomicfile.Batch
	defer out.Abort()
	var notes []string
	if prep.Program != nil {
		if notes, err = a.writeCompanions(ctx, &o.start, prep.Program, &out); err != nil {
			return err
		}
	}
	if err := out.Write(ctx, o.out, a.stdout, prep.Write); err != nil {
		return err
	}
	if err := a.commitComplete(ctx, out.Files()...); err != nil {
		return err
	}
	if eo.Program.Mode != model.MaxCoverage {
		if proof := native.ProveInfeasible(p); proof != nil {
			notes = append(notes, fmt.Sprintf("note: the exact program has no solution: %v; --max-coverage exports the near miss", proof))
		}
	}
	for _, n := range notes {
		fmt.Fprintln(a.stderr, n)
	}
	return nil
}

// writeCompanions writes the start and the HiGHS options of prog to out;
// it returns what to say once they are in place.
func (a *app) writeCompanions(ctx context.Context, s *startFlags, prog *model.Program, out *atomicfile.Batch) ([]string, error) {
	var start *export.Start
	var notes []string
	if s.file != "" {
		var err error
		if start, err = export.FindStart(ctx, prog, s.limit); err != nil {
			return nil, exportErr(err)
		}
		if err := out.Write(ctx, s.file, a.stdout, func(w io.Writer) error { return start.Write(w, s.format) }); err != nil {
			return nil, err
		}
		if !a.quiet {
			notes = append(notes, fmt.Sprintf("start: %s, objective %g, written to %s (%s)", start.Description, start.Objective, s.file, s.format))
		}
	}
	if s.highsOptions != "" {
		opt := start.HiGHSOptions()
		if err := out.Write(ctx, s.highsOptions, a.stdout, func(w io.Writer) error { return export.WriteHiGHSOptions(w, prog, opt) }); err != nil {
			return nil, err
		}
	}
	return notes, nil
}

// exportErr is the exit of an export error: 2 for bad settings, 1 for no start.
func exportErr(err error) error {
	switch {
	case errors.Is(err, export.ErrInvalid):
		return usageErr("%v", err)
	case errors.Is(err, export.ErrNoStart):
		return &exitError{code: exitNoSolution, err: err}
	}
	return err
}

// resolveProgram reads the program flags s; hole ends the message that
// refuses --symmetry hole without --max-coverage.
func resolveProgram(s export.Settings, hole string) (model.ProgramOptions, error) {
	opt, err := s.Program()
	if errors.Is(err, export.ErrHoleExact) {
		return opt, usageErr("--symmetry hole applies to --max-coverage%s", hole)
	}
	return opt, exportErr(err)
}

// programOptions reads solve's --mode, --formulation and --strengthen
// (its HiGHS program has no checkerboard rows).
func programOptions(mode, formulation string, strengthen bool) (model.ProgramOptions, error) {
	opt, err := export.Settings{Mode: mode, Formulation: formulation, Strengthen: strengthen}.Program()
	opt.Checkerboard = false
	return opt, exportErr(err)
}

// startFlags are --start, --start-format, --start-time (bounded by its
// flag) and --highs-options-file.
type startFlags struct {
	file, format, highsOptions string
	limit                      time.Duration
	formatGiven, limitGiven    bool
}

func (s *startFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&s.file, "start", "", "also write the native tiling as a MIP start")
	c.Flags().StringVar(&s.format, "start-format", "", "mst, cplex-mst, highs or cbc (a .mst file: mst)")
	cliflag.DurationVar(c.Flags(), &s.limit, "start-time", 30*time.Second, time.Millisecond, 24*time.Hour, "native search time for --start")
	c.Flags().StringVar(&s.highsOptions, "highs-options-file", "", "also write options for 'highs --options_file'")
}

// check validates the start flags for an export in format.
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
	f, err := export.StartFormatFor(format, s.file, s.format)
	if err != nil {
		return exportErr(err)
	}
	s.format = f
	if s.file == "-" {
		return usageErr("--start needs a file name (stdout carries the program)")
	}
	return nil
}
