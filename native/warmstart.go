package native

import (
	"context"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// WarmStartBudget is the time a warm start (WarmStart) may take for a
// solver given limit (0: none): 5 s, or a quarter of the limit when that
// is shorter, so that the solver keeps most of its time.
func WarmStartBudget(limit time.Duration) time.Duration {
	b := 5 * time.Second
	if limit > 0 {
		b = min(b, limit/4)
	}
	return b
}

// WarmStart runs MaxCoverage with cfg for at most WarmStartBudget(limit)
// and returns its best tiling, for a MIP solver to start from. It
// returns nil when the search covers no cell or fails: a warm start is
// a hint, and the solver runs without one.
func WarmStart(ctx context.Context, p *puzzle.Puzzle, cfg Config, limit time.Duration) *CoverageResult {
	wctx, cancel := context.WithTimeout(ctx, WarmStartBudget(limit))
	defer cancel()
	res, err := MaxCoverage(wctx, p, cfg)
	if err != nil || res.Covered == 0 {
		return nil
	}
	return res
}
