package frontier

import (
	"context"
	"fmt"
	"math"
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

// Probe bounds of a plan without finite classes: its probe keeps at most
// lineProbeStates states (a few MiB of tables, whatever the budget), and
// the plan is refused when the layer it extrapolates is more than
// lineOutgrows times the budget.
const (
	lineProbeStates = 1 << 17
	lineOutgrows    = 2
)

// estimatePlan estimates the largest layer of pl's run in mode m (with
// hole cap holes for maxCover) before the run and refuses, with an
// *OutOfReachError, a plan beyond the budget.
//
// With finite classes the estimate is the largest layer of a probe (the
// recurrence without the copies-used fields, over the first 2W cells:
// where the layers of a strip reach their steady size) times the number
// of copies-used combinations, the product of (count+1) over the finite
// classes. Without them it is the growth of a small probe's layers
// carried to the end of the line where the probe stops (estimateLines).
func estimatePlan(ctx context.Context, pl *plan, opt Options, m mode, holes int) (float64, error) {
	words := 2
	if m == maxCover {
		words = 1
	}
	maxStates := budget(opt.MaxMemory, words, opt.Workers)
	capStates := hopeless * float64(maxStates) / pl.radix
	if capStates < 1 {
		return pl.radix, &OutOfReachError{Reason: fmt.Sprintf("the copies used of the finite pieces alone make %.3g combinations, beyond the budget of %d states", pl.radix, maxStates), Window: pl.window, Estimate: pl.radix, Budget: maxStates}
	}
	if pl.radix == 1 {
		return estimateLines(ctx, pl, opt, m, holes, maxStates)
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

// estimateLines estimates the largest layer of a plan of unlimited
// pieces only. A probe runs the recurrence itself (in mode m) over the
// first W cells (where the layers grow fastest; a longer probe would
// repeat much of a short run) while its layers stay within
// lineProbeStates, or half the budget if that is smaller. A probe that
// ends within them has its largest layer as the estimate: the plan is
// taken, and the run enforces the budget. A probe stopped at its cap
// at cell p (the layer after cell p outgrew it) carries the growth of
// its last layers along p's line to the layer after the line's last
// cell: along a line each cell adds an independent choice to the window
// (a vertical domino or not, for each column passed), so the layers
// grow geometrically there, and the next lines add more (the five
// tetrominoes on 10x10: 123,774 states after 12 cells, 751,005 at
// most). The factor is the smallest ratio of two successive layers
// among the last four of p's line (at least two needed), and the
// estimate at most 2^(W-1), the most a layer can hold. A plan whose
// estimate is beyond lineOutgrows times the budget is refused: on a
// 41x41 board squares, dominoes and L trominoes in fixed orientations
// double the layers a cell along the first row, and the five
// tetrominoes on 13x13 more than triple them.
func estimateLines(ctx context.Context, pl *plan, opt Options, m mode, holes, maxStates int) (float64, error) {
	capStates := min(lineProbeStates, max(maxStates/2, 1))
	lim := min(pl.n, pl.window)
	strip := &plan{n: lim, window: pl.window, maskW: pl.maskW, anchored: pl.anchored[:lim], start: pl.start, final: pl.final}
	pctx, cancel := context.WithTimeout(ctx, probeTime)
	defer cancel()
	stop, release := watch(pctx)
	defer release()
	r := &run{pl: strip, mode: m, holes: holes, workers: 1, stop: stop, maxStates: capStates, sizes: []int{}}
	r.maxMem = int64(capStates) * 2 * 3 * int64(slotBytes(r.words()))
	_, err := r.exec()
	switch {
	case err == errStopped && ctx.Err() == nil:
		// Out of probe time (a slow machine): the run enforces the
		// budget itself.
		return float64(r.peak), nil
	case err != nil && err != errBudget:
		return 0, err
	case err == nil:
		return float64(r.peak), nil
	}
	p := len(r.sizes) // the layer of position p outgrew capStates
	end := int(pl.lineEnd[p])
	g, ratios := 0.0, 0
	for j := p - 1; j > 0 && ratios < 4 && pl.lineEnd[j-1] == pl.lineEnd[p]; j-- {
		q := float64(r.sizes[j]) / float64(r.sizes[j-1])
		if ratios == 0 || q < g {
			g = q
		}
		ratios++
	}
	est := float64(capStates)
	if ratios >= 2 && g > 1 {
		est *= math.Pow(g, float64(end-p))
	}
	est = min(est, math.Ldexp(1, pl.window-1))
	if est > lineOutgrows*float64(maxStates) {
		return est, &OutOfReachError{Reason: fmt.Sprintf("the layers grow %.3g-fold a cell along the line of cell %d: about %.3g states by its end (window %d cells), beyond the budget of %d", g, p, est, pl.window, maxStates), Window: pl.window, Estimate: est, Budget: maxStates}
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
