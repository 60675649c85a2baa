package frontier

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// CoverageResult is the outcome of MaxCoverage: an exact optimum.
type CoverageResult struct {
	// Covered is the largest number of cells a partial tiling covers
	// (pieces of finite supply used at most their count), Area the
	// region's cells.
	Covered, Area int
	// Bound is the area and colouring bound (model.CoverageBound) the
	// search started from; Rounds the hole caps tried, the last of which
	// found the optimum (each one before proved that more holes are
	// needed).
	Bound  int
	Rounds []int
	// Proof says in words why Covered is optimal.
	Proof string
	// Window and Order are those of Count, States the largest layer.
	Window  int
	Order   string
	States  int
	Seconds float64
}

// MaxCoverage finds the largest coverage of p by the (max, +) version of
// the frontier recurrence: a free cell may also be left uncovered, and a
// state keeps the most cells covered. A state's holes (cells passed and
// left uncovered) are its position plus the occupied cells of its window
// minus its value; a round with hole cap h drops the states with more,
// and gives the exact optimum over the tilings with at most h holes.
// Rounds start at the area less model.CoverageBound (no tiling has fewer
// holes) and the cap grows until a round finds a tiling: that round's
// maximum is the optimum, proven by the recurrence itself.
//
// Refusals and stops are those of Count: an *OutOfReachError before or
// during a round, and an error wrapping ErrNotCounted when ctx ends.
func MaxCoverage(ctx context.Context, p *puzzle.Puzzle, opt Options) (*CoverageResult, error) {
	start := time.Now()
	_, pl, err := prepare(ctx, p, opt)
	if err != nil {
		return nil, err
	}
	b := model.CoverageBound(p)
	res := &CoverageResult{Area: p.Area(), Bound: b.Bound, Window: pl.window, Order: pl.orderName()}
	h0 := res.Area - b.Bound
	if _, err := estimatePlan(ctx, pl, opt, maxCover, h0); err != nil {
		return nil, notCounted(ctx, err)
	}
	stop, release := watch(ctx)
	defer release()
	for h := h0; ; {
		res.Rounds = append(res.Rounds, h)
		r := &run{pl: pl, mode: maxCover, workers: opt.Workers, stop: stop, holes: h, maxMem: opt.MaxMemory}
		r.maxStates = budget(opt.MaxMemory, r.words(), opt.Workers)
		last, err := r.exec()
		if err != nil {
			return nil, notCounted(ctx, budgetErr(err, pl, r.maxStates))
		}
		res.States = max(res.States, r.peak)
		best, found := -1, false
		for _, t := range last {
			for off := 0; off < len(t.data); off += t.stride {
				if t.data[off] != 0 {
					best, found = max(best, int(t.data[off+1])), true
				}
			}
		}
		if found {
			res.Covered = best
			switch {
			case best == b.Bound:
				res.Proof = fmt.Sprintf("%s; frontier tiling with %s", b.Reason, holes(res.Area-best))
			default:
				res.Proof = fmt.Sprintf("frontier recurrence: no tiling with fewer than %s (%s, not reached)", holes(res.Area-best), b.Reason)
			}
			break
		}
		if h >= res.Area {
			return nil, fmt.Errorf("frontier: maximum coverage: no partial tiling with %d holes (internal error)", h)
		}
		h = min(res.Area, h+max(1, h-h0))
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// holesOf is the number of cells left uncovered so far by a maxCover
// state: the cells before position i and the occupied cells of its
// window, less the cells covered.
func holesOf(i int, k, maskW, covered uint64) int {
	return i + bits.OnesCount64(k&maskW) - int(covered)
}

// holes says "1 hole" or "N holes".
func holes(n int) string {
	if n == 1 {
		return "1 hole"
	}
	return fmt.Sprintf("%d holes", n)
}
