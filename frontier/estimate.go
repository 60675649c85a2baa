package frontier

import (
	"context"
	"fmt"
	"time"
)

// hopeless is how far beyond the budget an estimate must be for a plan to
// be refused before its run.
const hopeless = 16

// probeTime bounds the probe run of an estimate.
const probeTime = 400 * time.Millisecond

// estimatePlan estimates the largest layer of pl's count before the run
// and refuses, with an *OutOfReachError, a plan far beyond the budget. The
// estimate is the largest layer of a probe (the recurrence without the
// copies-used fields, over the first 2W cells: where the layers of a
// strip reach their steady size) times the number of copies-used
// combinations, the product of (count+1) over the finite classes.
func estimatePlan(ctx context.Context, pl *plan, opt Options) (float64, error) {
	maxStates := budget(opt.MaxMemory, slotBytes(2), opt.Workers)
	capStates := hopeless * float64(maxStates) / pl.radix
	if capStates < 1 {
		return pl.radix, &OutOfReachError{Reason: fmt.Sprintf("the copies used of the finite pieces alone make %.3g combinations, beyond the budget of %d states", pl.radix, maxStates), Window: pl.window, Estimate: pl.radix, Budget: maxStates}
	}
	if pl.radix == 1 {
		// Without finite classes a probe would be the run's own first
		// layers: the run itself stops at the budget.
		return 0, nil
	}
	peak, done, err := probe(ctx, pl, int(capStates)+1)
	if err != nil {
		return 0, err
	}
	est := float64(peak) * pl.radix
	// The estimate multiplies two maxima that need not meet (the 12
	// pentominoes on 6x10: 2.2e7 estimated, 589,334 states at most), so
	// it refuses a plan only when it is far beyond the budget; the run
	// enforces the budget itself.
	if !done || est > hopeless*float64(maxStates) {
		at := "estimated"
		if !done {
			at = "estimated at least" // the probe stopped at its cap
		}
		return est, &OutOfReachError{Reason: fmt.Sprintf("%s %.3g states in the largest layer (window %d cells), beyond the budget of %d", at, est, pl.window, maxStates), Window: pl.window, Estimate: est, Budget: maxStates}
	}
	return est, nil
}

// probe runs the recurrence without the copies-used fields over the
// first min(n, 2W) cells, stopping early when a layer exceeds capStates
// (done false) or probeTime passes.
func probe(ctx context.Context, pl *plan, capStates int) (peak int, done bool, err error) {
	lim := min(pl.n, 2*pl.window)
	strip := &plan{n: lim, window: pl.window, maskW: pl.maskW, anchored: make([][]popt, lim)}
	for i := range lim {
		for _, o := range pl.anchored[i] {
			o.inc = 0
			strip.anchored[i] = append(strip.anchored[i], o)
		}
	}
	pctx, cancel := context.WithTimeout(ctx, probeTime)
	defer cancel()
	stop, release := watch(pctx)
	defer release()
	r := &run{pl: strip, mode: count128, workers: 1, stop: stop, maxStates: capStates}
	_, err = r.exec()
	switch {
	case err == errBudget:
		return capStates, false, nil
	case err == errStopped && ctx.Err() == nil:
		// Out of probe time: the layers so far are the estimate, and the
		// run itself still stops at the budget.
		return r.peak, true, nil
	case err != nil:
		return 0, false, err
	}
	return r.peak, true, nil
}
