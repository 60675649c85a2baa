package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// maxStartTime bounds --start-time.
const maxStartTime = 24 * time.Hour

// startFlags are export's --start, --start-format and --start-time, and
// --highs-options-file (the options that go with a HiGHS run of the file).
type startFlags struct {
	file, format string
	limit        time.Duration
	highsOptions string
	// atBound is set by writeStart when the start reaches polytile's
	// coverage bound (the root LP with the area row is then the proof).
	atBound bool
}

func (s *startFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&s.file, "start", "", "also write the native tiling (exact solution or best near-miss) as a MIP start file")
	c.Flags().StringVar(&s.format, "start-format", "", "start file format: mst (Gurobi, SCIP), cplex-mst, highs or cbc (default: mst for a .mst file)")
	durationFlag(c.Flags(), &s.limit, "start-time", 30*time.Second, time.Millisecond, 24*time.Hour, "time the native search may take for the start")
	c.Flags().StringVar(&s.highsOptions, "highs-options-file", "", "also write an options file for the highs binary (--options_file): gap 0, and the IPM root when the start reaches the bound")
}

// check validates the start flags before any work.
func (s *startFlags) check(cmd *cobra.Command, format string) error {
	if s.highsOptions == "-" {
		return usageErr("--highs-options-file needs a file name (stdout carries the program)")
	}
	if s.file == "" {
		for _, f := range []string{"start-format", "start-time"} {
			if cmd.Flags().Changed(f) {
				return usageErr("--%s applies with --start FILE", f)
			}
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
