package native

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// CoverageResult is the outcome of MaxCoverage.
type CoverageResult struct {
	// Tiling is the best partial tiling found; it passes
	// Puzzle.Verify(Tiling, false) and covers Covered cells, leaving
	// Holes = area - Covered uncovered.
	Tiling  puzzle.Tiling
	Covered int
	// Bound is the best proven upper bound on the coverage: the area (or
	// checkerboard) bound of model.CoverageBound, lowered past every
	// coverage that an exhaustive search refuted.
	Bound int
	Holes int
	// Optimal reports Covered == Bound.
	Optimal bool
	// Proof says in words why Bound holds and, when Optimal, why Tiling
	// is optimal, e.g. "area bound 440: largest multiple of 4 <= 441;
	// tiling with 1 hole".
	Proof string
	// Nodes counts the placements of all searches (holes included).
	Nodes   int64
	Seconds float64
	// Interrupted is set when ctx ended the search before optimality was
	// proven; Tiling is then the best found so far.
	Interrupted bool
}

// MaxCoverage finds a partial tiling that covers as many cells as possible,
// pieces of finite supply being used at most Count times, and proves its
// optimality when it can.
//
// The upper bound comes from model.CoverageBound (area and checkerboard).
// For each coverage v at or below it that the piece sizes can add up to,
// from the largest down, MaxCoverage looks for a tiling with h = area - v
// holes: DLX on the exact-cover matrix whose cells may also take a
// one-cell hole option (tried last), the holes being a counter item of
// count h. The symmetry group of the puzzle fixes the first hole: for each
// orbit j of cells (in fill order) one search puts a hole on the orbit's
// representative and allows no hole in the orbits before j; together these
// searches cover every tiling up to symmetry. They run under node budgets
// that double round after round, so that one hard orbit does not hold up
// an easy one. The first v that admits a tiling is the optimum, with the
// bound and the refuted values as the proof; while the smallest
// unrefuted v is open, each round also looks for tilings with more holes,
// so that the best tiling found so far improves.
//
// A first greedy pass (fill order, first fitting piece, else a hole) gives
// the starting tiling. When ctx ends, MaxCoverage returns the best tiling
// found so far with Interrupted set, Optimal false (unless the bound was
// already reached) and the best bound proven. It stops within a fraction
// of a second, in its set-up too: a context cancelled before the start
// still gives the greedy tiling of a puzzle with fewer than 65,536 images,
// and the empty tiling (nothing covered) of a bigger one.
//
// Of cfg, MaxCoverage uses the first heuristic of Schedule for DLX's
// choice of cell ("s", the default: fewest options; "f", "e", "radial")
// and OnProgress (Fraction is 0: the search has no known size). The other
// fields do not apply. Results are deterministic.
func MaxCoverage(ctx context.Context, p *puzzle.Puzzle, cfg Config) (*CoverageResult, error) {
	start := time.Now()
	if p == nil || p.Images == nil {
		return nil, errors.New("native: no puzzle")
	}
	sched, err := checkConfig(&cfg)
	if err != nil {
		return nil, err
	}
	if p.Symmetric != nil {
		return nil, ErrSymmetricMaxCoverage
	}
	m := &mcRun{ctx: ctx, p: p, cfg: cfg, heur: sched.at(-1), start: start}
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			m.stopFlag.Store(true)
		case <-done:
		}
	}()
	if ctx.Err() != nil {
		m.stopFlag.Store(true)
	}
	res := m.solve()
	res.Seconds = since(start)
	// The tiling returned is checked after a cancellation too: Verify is
	// O(cells + placements), 75 ms at the largest puzzle (1,048,576
	// monominoes on 1024x1024) on an idle machine, several times that on
	// a loaded one. It may take VerifyGrace past the end of ctx, and
	// then ends with ctx's error rather than hold up the stop.
	rep, stopped, err := p.VerifyAfterStop(ctx, VerifyGrace, res.Tiling, false)
	if stopped {
		return nil, fmt.Errorf("native: maximum coverage: verifying the best tiling found: %w", err)
	}
	if err != nil {
		return nil, fmt.Errorf("native: maximum coverage: %w", err)
	}
	if rep.Covered != res.Covered {
		return nil, fmt.Errorf("native: maximum coverage: tiling covers %d cells, search counted %d", rep.Covered, res.Covered)
	}
	return res, nil
}

// VerifyGrace is how long MaxCoverage may still verify its best tiling
// after ctx ends (a time limit or a signal).
const VerifyGrace = ctxio.StopGrace

// mcRun is the state of one MaxCoverage.
type mcRun struct {
	ctx   context.Context
	p     *puzzle.Puzzle
	cfg   Config
	heur  heurKind
	start time.Time
	mp    *mcProblem
	nodes int64 // over finished matrices

	stopFlag atomic.Bool
	lastProg time.Duration
}

// stopped reports cancellation and streams progress; searches call it
// every pollMask+1 placements.
func (m *mcRun) stopped(live int64) bool {
	if m.cfg.OnProgress != nil {
		if el := time.Since(m.start); el-m.lastProg >= 200*time.Millisecond {
			m.lastProg = el
			m.cfg.OnProgress(Progress{Nodes: m.nodes + live, Seconds: el.Seconds()})
		}
	}
	return m.stopFlag.Load()
}

// firstBudget is the node budget of every search in the first round; it
// doubles every round up to maxBudget.
const (
	firstBudget = 1 << 12
	maxBudget   = 1 << 60
)

func (m *mcRun) solve() *CoverageResult {
	p := m.p
	area := p.Area()
	b := model.CoverageBound(p)
	mp, err := newMCProblemCtx(m.ctx, p)
	if err != nil {
		return emptyCoverage(b, area)
	}
	m.mp = mp
	// hs lists the candidate numbers of holes, ascending: area - v for
	// every coverage v <= the bound that the piece sizes reach.
	hs := holeCounts(mp.pr, mp.holeCls, area, b.Bound)

	// Greedy start.
	best, steps := mp.greedyStart(m.stopFlag.Load)
	m.nodes += steps
	bestHoles := m.holesOf(best)

	res := &CoverageResult{}
	var refuted []int // refuted numbers of holes
	h0 := 0           // index into hs of the smallest unrefuted count
	for h0 < len(hs) && hs[h0] < bestHoles && !m.stopFlag.Load() {
		// Search state of hs[h0]: matrix and finished orbits.
		cur := newMCSearch(mp, hs[h0], m.heur, nil, &m.stopFlag)
		cur.stop = func() bool { return m.stopped(cur.nodes) }
		finished := make([]bool, len(mp.reps))
		if hs[h0] == 0 {
			finished = finished[:1] // no hole to place: one search
		}
		refutedHere := false
		for budget := int64(firstBudget); !m.stopFlag.Load(); budget = min(2*budget, maxBudget) {
			all := true
			for j := range finished {
				if finished[j] {
					continue
				}
				jj := j
				if hs[h0] == 0 {
					jj = -1
				}
				found, complete := cur.searchRep(jj, budget)
				if found {
					best, bestHoles = append(best[:0], cur.best...), m.holesOf(cur.best)
					break
				}
				finished[j] = complete
				all = all && complete
				if m.stopFlag.Load() {
					all = false
					break
				}
			}
			if bestHoles <= hs[h0] {
				break
			}
			if all {
				refutedHere = true
				break
			}
			// Look for better tilings with more holes than hs[h0], one
			// unconstrained search per count under the same budget.
			for _, h := range hs[h0+1:] {
				if h >= bestHoles || m.stopFlag.Load() {
					break
				}
				s := newMCSearch(mp, h, m.heur, nil, &m.stopFlag)
				s.stop = func() bool { return m.stopped(cur.nodes + s.nodes) }
				found, _ := s.searchRep(-1, budget)
				cur.nodes += s.nodes
				if found {
					best, bestHoles = append(best[:0], s.best...), m.holesOf(s.best)
					break
				}
			}
		}
		m.nodes += cur.nodes
		if !refutedHere {
			break
		}
		refuted = append(refuted, hs[h0])
		h0++
	}
	res.Tiling = mp.tiling(best)
	res.Holes = bestHoles
	res.Covered = area - bestHoles
	res.Bound = res.Covered
	if h0 < len(hs) {
		res.Bound = area - hs[h0]
	}
	res.Optimal = res.Covered >= res.Bound
	res.Interrupted = m.stopFlag.Load() && !res.Optimal
	res.Nodes = m.nodes
	res.Proof = proof(b, area, refuted, res)
	return res
}

// holesOf counts the hole options of a solution.
func (m *mcRun) holesOf(opts []int32) int {
	n := 0
	for _, k := range opts {
		if m.mp.pr.optClass[k] == m.mp.holeCls {
			n++
		}
	}
	return n
}

// holeCounts returns, ascending, area - v for every v <= bound that is a
// sum of piece sizes within the supplies (the hole class left out).
func holeCounts(pr *problem, holeCls int32, area, bound int) []int {
	v := newVolume(pr)
	for c, cl := range pr.classes {
		switch {
		case int32(c) == holeCls:
			v.counts[c] = 0
		case cl.unlimited:
			v.counts[c] = -1
		default:
			v.counts[c] = cl.count
		}
	}
	v.sums(v.counts)
	var hs []int
	for cov := min(bound, area); cov >= 0; cov-- {
		if v.reachable(cov) {
			hs = append(hs, area-cov)
		}
	}
	return hs
}

// proof explains the result in one line.
func proof(b model.Bound, area int, refuted []int, res *CoverageResult) string {
	parts := []string{b.Reason}
	if len(refuted) > 0 {
		covs := make([]string, len(refuted))
		for n, h := range refuted {
			covs[n] = fmt.Sprint(area - h)
		}
		parts = append(parts, "exhaustive search: no tiling covers "+strings.Join(covs, ", ")+" cells")
	}
	if res.Optimal {
		parts = append(parts, "tiling with "+plural(res.Holes, "hole"))
	} else {
		parts = append(parts, fmt.Sprintf("best tiling found covers %d (%s); optimality not proven", res.Covered, plural(res.Holes, "hole")))
	}
	return strings.Join(parts, "; ")
}

func plural(n int, s string) string {
	if n == 1 {
		return "1 " + s
	}
	return fmt.Sprintf("%d %ss", n, s)
}
