package main

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// checkSolveBackend refuses, before the puzzle is read, an unknown
// --backend and for highs what its options get wrong (a count, the
// program's options, --highs-option and the other HiGHS flags); it keeps
// highs's program and solver options in f for solveHiGHS.
func checkSolveBackend(f *solveFlags) error {
	switch f.backend {
	case "fila", "dlx":
		return nil
	case "frontier":
		return checkFrontierFlags(f) // solve_frontier.go
	case "highs":
	default:
		return usageErr("unknown backend %q: use fila, dlx, highs or frontier", f.backend)
	}
	if f.count || f.limit > 1 || f.unique {
		return usageErr("the highs backend finds one tiling; count with --backend fila or dlx (or 'polytile compare', which enumerates MIP solutions with no-good cuts)")
	}
	mode := "exact"
	if f.maxCoverage {
		mode = "max-coverage"
	}
	var err error
	if f.program, err = programOptions(mode, f.formulation, f.strengthen && f.maxCoverage); err != nil {
		return err
	}
	f.highsOpt, err = highsOptions(f)
	return err
}

func (a *app) solveHiGHS(ctx context.Context, p *puzzle.Puzzle, f *solveFlags, line *progress.Line) (*solveOutcome, error) {
	prog, err := model.NewProgram(p, f.program)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	if err := highs.CheckProgramSize(prog); err != nil {
		return nil, usageErr("%v", err)
	}
	hopt := f.highsOpt
	hopt.OnProgress = func(pg highs.Progress) { line.Update(highsProgressLine(prog, pg)) }
	if a.verbose {
		// HiGHS hands its log one line at a time, without the newline.
		hopt.Log = func(s string) { fmt.Fprintln(a.stderr, s) }
	}
	// Warm start: the native search's best tiling (usually optimal), so
	// that HiGHS only has to close the bound. HiGHS gets what is left of
	// the time limit (ctx's deadline, counted from the start).
	var warm *native.CoverageResult
	if f.maxCoverage && !f.noWarmStart && highs.Version() != "" {
		if warm = warmStart(ctx, p, f); warm != nil {
			if hopt.Start, err = highs.ProgramStart(prog, warm.Tiling); err != nil {
				return nil, err
			}
		}
	}
	var res *highs.ProgramResult
	skipped := warm != nil && warm.Covered == prog.Bound.Bound
	if skipped {
		// The warm start reaches the area bound: it is optimal, and HiGHS
		// has nothing to improve or prove (on large boards its presolve
		// alone would run until the time limit).
		res = &highs.ProgramResult{Status: highs.StatusOptimal, Optimal: true, AreaBoundReached: true, HasSolution: true,
			Tiling: warm.Tiling, Coverage: warm.Covered, Cells: p.Area(), Bound: prog.Bound.Bound, FromStart: true}
	} else {
		res, err = highs.SolveProgram(ctx, prog, hopt)
	}
	if errors.Is(err, highs.ErrUnavailable) || errors.Is(err, highs.ErrTooLarge) || isOptionError(err) {
		return nil, usageErr("%v", err)
	}
	if err := stoppedVerifying(ctx, err, ""); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	cfg := "exact program"
	if f.maxCoverage {
		cfg = f.program.Formulation.String() + " formulation"
		if f.program.Strengthen {
			cfg += ", strengthened"
		}
		if warm != nil {
			cfg += fmt.Sprintf(", warm start: native tiling covering %d in %s", warm.Covered, compare.Seconds(warm.Seconds))
			switch {
			case skipped:
				cfg += fmt.Sprintf("; it reaches polytile's coverage bound %d, so HiGHS was not run", prog.Bound.Bound)
			case res.FromStart:
				cfg += "; HiGHS found nothing better before it stopped"
			}
		}
	}
	if res.Infeasible {
		cfg += "; no tiling: HiGHS's infeasible, confirmed by " + highs.PresolveOff
	}
	if res.NotProven != "" {
		// An "infeasible" not confirmed, or options that void HiGHS's
		// proof (highs.VoidingOptions): no verdict rests on it.
		cfg += "; " + res.NotProven
	}
	o := &solveOutcome{
		Backend: "highs", Config: cfg, Mode: f.program.Mode.String(), Seconds: res.Seconds + warmSeconds(warm), Nodes: res.Nodes,
		Interrupted: res.Status == highs.StatusInterrupted && !res.AreaBoundReached,
		found:       res.HasSolution,
	}
	if res.HasSolution {
		o.tilings = []puzzle.Tiling{res.Tiling}
		o.Tilings = [][]placementJS{tilingJSON(p, res.Tiling)}
	}
	if !f.maxCoverage {
		// A tiling (verified) or a confirmed infeasibility answers.
		o.Complete = res.HasSolution || res.Infeasible
		n := int64(0)
		if res.HasSolution {
			n = 1
		}
		if o.Complete {
			o.Solutions = &n
		}
		return o, nil
	}
	cov, bound := res.Coverage, res.Bound
	if warm != nil && warm.Bound < bound {
		bound = max(warm.Bound, cov) // the native search refuted coverages above it
	}
	optimal := res.HasSolution && cov >= bound
	o.Coverage, o.Bound, o.Optimal = &cov, &bound, &optimal
	o.Complete = optimal
	if gap := model.CoverageGap(cov, bound); !optimal && !math.IsInf(gap, 0) {
		o.Gap = &gap
	}
	switch {
	case (res.AreaBoundReached || (optimal && cov == prog.Bound.Bound)) && warm != nil && warm.Covered == cov:
		o.Proof = fmt.Sprintf("%s; the native warm start reaches it", prog.Bound.Reason)
	case res.AreaBoundReached || (optimal && cov == prog.Bound.Bound):
		o.Proof = fmt.Sprintf("%s; HiGHS found a tiling reaching it", prog.Bound.Reason)
	case optimal && warm != nil && bound == warm.Bound && bound < res.Bound:
		o.Proof = warm.Proof
	case optimal:
		o.Proof = "HiGHS proved the bound (branch and bound)"
	}
	return o, nil
}

// warmSeconds is the time spent on the warm start, 0 without one.
func warmSeconds(w *native.CoverageResult) float64 {
	if w == nil {
		return 0
	}
	return w.Seconds
}

// highsProgressLine is the progress line of a HiGHS solve. For maximum
// coverage it shows the summary's figures: the coverage, the dual bound
// rounded to a bound on cells (model.DualCoverageBound) and the gap of
// model.CoverageGap, so that progress and summary agree.
func highsProgressLine(prog *model.Program, pg highs.Progress) string {
	s := fmt.Sprintf("HiGHS  nodes %s  %s", progress.Count(pg.Nodes), compare.Seconds(pg.Elapsed.Seconds()))
	if prog.Maximize() && !math.IsInf(pg.Objective, 0) && !math.IsNaN(pg.Objective) {
		cov := int(math.Round(pg.Objective))
		bound := max(model.DualCoverageBound(prog.Bound, pg.DualBound), cov)
		s += fmt.Sprintf("  best %d  bound %d  gap %s", cov, bound, formatGap(model.CoverageGap(cov, bound)))
	}
	return s
}
