package main

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// maxCoverageConfig is the native.Config of the maximum-coverage search:
// only the heuristic applies (DLX's choice of cell).
func maxCoverageConfig(f *solveFlags) native.Config { return f.nativeOptions().ResolveMaxCoverage() }

// checkMaxCoverageHeuristic refuses a schedule with levels (e=5:f=2) for
// maximum coverage: its DLX with hole options uses the schedule's first
// heuristic throughout (native.MaxCoverage), so the levels would do
// nothing.
func checkMaxCoverageHeuristic(f *solveFlags) error {
	if !f.maxCoverage {
		return nil
	}
	if err := native.CheckSchedule(f.heuristic); err != nil {
		return usageErr("--heuristic: %v", err) // a bad level is said as such first
	}
	return idleFlags(nil, true, f, false)
}

// maxCoverageNative runs native.MaxCoverage: the best tiling found, the
// bound it proved and the proof ("area bound 440: largest multiple of 4 <=
// 441; tiling with 1 hole").
func (a *app) maxCoverageNative(ctx context.Context, p *puzzle.Puzzle, f *solveFlags, line *progress.Line) (*solveOutcome, error) {
	cfg := maxCoverageConfig(f)
	cfg.OnProgress = func(pg native.Progress) {
		line.Update(fmt.Sprintf("max coverage  nodes %s (%s/s)  %s", progress.Count(pg.Nodes),
			progress.Rate(pg.Nodes, line.Elapsed()), compare.Seconds(pg.Seconds)))
	}
	res, err := native.MaxCoverage(ctx, p, cfg)
	if err := stoppedVerifying(ctx, err, ""); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, usageErr("%v", err)
	}
	o := &solveOutcome{
		Backend: "native", Config: cfg.DescribeMaxCoverage(), Mode: "max-coverage",
		Seconds: res.Seconds, Nodes: res.Nodes, Interrupted: res.Interrupted,
		Complete: res.Optimal, Proof: res.Proof, found: res.Found(),
	}
	cov, bound, optimal := res.Covered, res.Bound, res.Optimal
	o.Coverage, o.Bound, o.Optimal = &cov, &bound, &optimal
	if gap, ok := res.Gap(); ok {
		o.Gap = &gap
	}
	if o.found {
		o.tilings = []puzzle.Tiling{res.Tiling}
		o.Tilings = [][]placementJS{tilingJSON(p, res.Tiling)}
	}
	return o, nil
}

// warmStart is native.WarmStart with solve's maximum-coverage
// configuration and time limit.
func warmStart(ctx context.Context, p *puzzle.Puzzle, f *solveFlags) *native.CoverageResult {
	return native.WarmStart(ctx, p, maxCoverageConfig(f), f.timeLimit)
}

// stoppedVerifying is the error of a solver's err when the stop (a time
// limit or a signal) came while it verified its best tiling and that did
// not end within the grace (ctxio.StopGrace): exit 1 after a time limit,
// as any stop without a result (a signal gives its own code), not 2 as a
// bad input; prefix goes before err's text. nil when err is nil or ctx
// is live.
func stoppedVerifying(ctx context.Context, err error, prefix string) error {
	if err == nil || ctx.Err() == nil {
		return nil
	}
	return &exitError{code: exitNoSolution, err: fmt.Errorf("%s%w", prefix, err)}
}
