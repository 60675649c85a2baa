package solve

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// runHiGHS solves the binary program with HiGHS: one exact tiling, or
// the maximum coverage from the native search's best tiling (the warm
// start), which HiGHS then only has to prove or improve.
func (r *Request) runHiGHS(ctx context.Context) (*Outcome, error) {
	p := r.Puzzle
	prog, err := model.NewProgram(p, r.Program)
	if err != nil {
		return nil, &UsageError{err}
	}
	if err := highs.CheckProgramSize(prog); err != nil {
		return nil, &UsageError{err}
	}
	hopt := r.HiGHS
	hopt.OnProgress = func(pg highs.Progress) { r.Progress.Update(highs.ProgressLine(prog, pg)) }
	hopt.Log = r.Log
	var warm *native.CoverageResult
	if r.MaxCoverage && !r.NoWarmStart && highs.Version() != "" {
		if warm = native.WarmStart(ctx, p, r.Options.ResolveMaxCoverage(), r.TimeLimit); warm != nil {
			if hopt.Start, err = highs.ProgramStart(prog, warm.Tiling); err != nil {
				return nil, err
			}
		}
	}
	var res *highs.ProgramResult
	skipped := warm != nil && warm.Covered == prog.Bound.Bound
	if skipped {
		// The warm start reaches the area bound: HiGHS has nothing to
		// improve or prove (its presolve alone can outlast a time limit).
		res = &highs.ProgramResult{Status: highs.StatusOptimal, Optimal: true, AreaBoundReached: true, HasSolution: true,
			Tiling: warm.Tiling, Coverage: warm.Covered, Cells: p.Area(), Bound: prog.Bound.Bound, FromStart: true}
	} else {
		res, err = highs.SolveProgram(ctx, prog, hopt)
	}
	if errors.Is(err, highs.ErrUnavailable) || errors.Is(err, highs.ErrTooLarge) || highs.IsOptionError(err) {
		return nil, &UsageError{err}
	}
	if err := stopped(ctx, err); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	o := &Outcome{
		Backend: HiGHS, Config: r.highsConfig(prog, res, warm, skipped), Mode: r.Program.Mode.String(), Seconds: res.Seconds, Nodes: res.Nodes,
		Interrupted: res.Status == highs.StatusInterrupted && !res.AreaBoundReached,
		Found:       res.HasSolution,
	}
	if warm != nil {
		o.Seconds += warm.Seconds
	}
	if res.HasSolution {
		o.Tilings = []puzzle.Tiling{res.Tiling}
		o.Placements = [][]puzzle.PlacementJSON{p.TilingJSON(res.Tiling)}
	}
	if !r.MaxCoverage {
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
	reached := res.AreaBoundReached || (optimal && cov == prog.Bound.Bound)
	switch {
	case reached && warm != nil && warm.Covered == cov:
		o.Proof = fmt.Sprintf("%s; the native warm start reaches it", prog.Bound.Reason)
	case reached:
		o.Proof = fmt.Sprintf("%s; HiGHS found a tiling reaching it", prog.Bound.Reason)
	case optimal && warm != nil && bound == warm.Bound && bound < res.Bound:
		o.Proof = warm.Proof
	case optimal:
		o.Proof = "HiGHS proved the bound (branch and bound)"
	}
	return o, nil
}

// highsConfig is the backend line of a HiGHS run: the program, the warm
// start and what became of it, and any verdict HiGHS's proof does not
// carry.
func (r *Request) highsConfig(prog *model.Program, res *highs.ProgramResult, warm *native.CoverageResult, skipped bool) string {
	cfg := "exact program"
	if r.MaxCoverage {
		cfg = r.Program.Formulation.String() + " formulation"
		if r.Program.Strengthen {
			cfg += ", strengthened"
		}
		if warm != nil {
			cfg += fmt.Sprintf(", warm start: native tiling covering %d in %s", warm.Covered, textio.Seconds(warm.Seconds))
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
	return cfg
}
