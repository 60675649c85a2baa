package frontier

import (
	"context"
	"fmt"
	"time"
)

// hopeless is how far beyond the budget an estimate must be for a plan to
// be refused before its run.
const hopeless = 16

// probeTime bounds the probe run of an estimate in time, probeWork in
// states expanded (about a second of work on a loaded machine). A probe
// past probeWork has layers too large to count in reasonable time: the
// plan is refused. One past probeTime (a slow machine) is not.
const (
	probeTime = 1500 * time.Millisecond
	probeWork = 15_000_000
)

// estimatePlan estimates the largest layer of pl's count before the run
// and refuses, with an *OutOfReachError, a plan far beyond the budget. The
// estimate is the largest layer of a probe (the recurrence without the
// copies-used fields, over the first 2W cells: where the layers of a
// strip reach their steady size) times the number of copies-used
// combinations, the product of (count+1) over the finite classes.
func estimatePlan(ctx context.Context, pl *plan, opt Options) (float64, error) {
	maxStates := budget(opt.MaxMemory, 2, opt.Workers)
	capStates := hopeless * float64(maxStates) / pl.radix
	if capStates < 1 {
		return pl.radix, &OutOfReachError{Reason: fmt.Sprintf("the copies used of the finite pieces alone make %.3g combinations, beyond the budget of %d states", pl.radix, maxStates), Window: pl.window, Estimate: pl.radix, Budget: maxStates}
	}
	if pl.radix == 1 {
		// Without finite classes a probe would be the run's own first
		// layers (and for maximum coverage not even those): the run
		// itself stops at the budget.
		return 0, nil
	}
	lim := 2 * pl.window
	est, done, err := probe(ctx, pl, int(capStates)+1, lim)
	if err != nil {
		return 0, err
	}
	est *= pl.radix
	// With finite classes the estimate multiplies two maxima that need
	// not meet (the 12 pentominoes on 6x10: 2.2e7 estimated, 589,334
	// states at most), so it refuses a plan only when it is far beyond the
	// budget; the run enforces the budget itself.
	if !done {
		return est, &OutOfReachError{Reason: fmt.Sprintf("the first %d cells alone reach %d states in a layer or take %d state steps (window %d cells, budget %d states)", min(pl.n, lim), int(capStates), probeWork, pl.window, maxStates), Window: pl.window, Estimate: est, Budget: maxStates}
	}
	if est > hopeless*float64(maxStates) {
		return est, &OutOfReachError{Reason: fmt.Sprintf("estimated %.3g states in the largest layer (window %d cells), beyond the budget of %d", est, pl.window, maxStates), Window: pl.window, Estimate: est, Budget: maxStates}
	}
	return est, nil
}

// probe runs the recurrence without the copies-used fields over the
// first min(n, lim) cells and returns its largest layer. It stops early
// when a layer exceeds capStates (done false, est capStates), after
// probeWork states expanded (done false), or when probeTime passes.
func probe(ctx context.Context, pl *plan, capStates, lim int) (est float64, done bool, err error) {
	lim = min(pl.n, lim)
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
	r := &run{pl: strip, mode: count128, workers: 1, stop: stop, maxStates: capStates, maxMem: int64(capStates) * 2 * 3 * int64(slotBytes(2)), maxWork: probeWork}
	_, err = r.exec()
	switch {
	case err == errBudget:
		return float64(capStates), false, nil
	case err == errWork:
		return float64(r.peak), false, nil
	case err == errStopped && ctx.Err() == nil:
		// Out of probe time: the largest layer so far is the estimate
		// (an extrapolation of the early growth overestimates strips
		// whose layers level off: 3e9 for the 751,005 of tetrominoes
		// on 10x10), and the run enforces the budget itself.
		return float64(r.peak), true, nil
	case err != nil:
		return 0, false, err
	}
	return float64(r.peak), true, nil
}
