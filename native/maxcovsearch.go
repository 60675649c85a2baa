package native

import (
	"context"
	"slices"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/model"

	"github.com/polytile/polytile/puzzle"
)

// mcProblem is the maximum-coverage view of a puzzle: the problem with
// every finite class turned into an "at most count" class, plus one more
// class of one-cell hole options (one per cell, after all piece options, so
// that DLX tries a hole last), and the orbits of the cells under the
// puzzle's symmetry group.
type mcProblem struct {
	pr      *problem
	holeCls int32
	holeOpt []int32 // internal cell -> its hole option
	// orbit[c] is the index of the orbit of internal cell c; reps[j] is
	// the smallest internal cell of orbit j (reps ascend).
	orbit []int32
	reps  []int32
}

func newMCProblem(p *puzzle.Puzzle) *mcProblem {
	mp, _ := newMCProblemCtx(context.Background(), p)
	return mp
}

// newMCProblemCtx is newMCProblem that stops with ctx's error when ctx is
// cancelled.
func newMCProblemCtx(ctx context.Context, p *puzzle.Puzzle) (*mcProblem, error) {
	pr, err := newProblemCtx(ctx, p)
	if err != nil {
		return nil, err
	}
	for c := range pr.classes {
		if !pr.classes[c].unlimited {
			pr.classes[c].atMost = true
		}
	}
	mp := &mcProblem{pr: pr, holeCls: int32(len(pr.classes))}
	pr.classes = append(pr.classes, classInfo{atMost: true, size: 1, name: "hole", connected: true})
	mp.holeOpt = make([]int32, pr.nCells)
	for c := range pr.nCells {
		mp.holeOpt[c] = int32(pr.options())
		pr.addOption(mp.holeCls, -1, []int32{pr.toPuzzle[c]})
	}
	// Orbits of the cells: a cell joins the orbit of the first cell (in
	// internal order) that some symmetry maps onto it.
	mp.orbit = make([]int32, pr.nCells)
	for c := range mp.orbit {
		mp.orbit[c] = -1
	}
	syms, err := p.SymmetriesContext(ctx)
	if err != nil {
		return nil, err
	}
	for c := range int32(pr.nCells) {
		if mp.orbit[c] >= 0 {
			continue
		}
		j := int32(len(mp.reps))
		mp.reps = append(mp.reps, c)
		for _, s := range syms {
			mp.orbit[pr.fromPuzzle[s.Cell[pr.toPuzzle[c]]]] = j
		}
	}
	return mp, nil
}

// mcSearch is one DLX matrix of an mcProblem for a given number of holes,
// searched depth first under a node budget. The matrix is left as built
// after every search, so that it serves many searches.
type mcSearch struct {
	mp    *mcProblem
	d     *dlx
	w     *worker // for pick (heuristics); its matrix is d
	heur  heurKind
	holes int // the hole class's count in this matrix

	nodes  int64 // placements over all searches on this matrix
	budget int64 // a search stops when nodes reaches budget
	out    bool  // stopped by the budget or by stop()
	stop   func() bool
	// halt, when set, is read at every node (stop, which also reports
	// progress, every pollMask+1 nodes): a node's choice of item scans
	// the open cells, which on a big board makes 4,096 nodes seconds.
	halt *atomic.Bool
	path []int32
	best []int32 // options of the solution found
}

// newMCSearch builds the matrix with at most holes hole options in use.
// Once halt (when not nil) is set, the build stops short: the matrix then
// lacks options, and only a search that reads halt before its first
// placement may use it (dfs does; greedy does not).
func newMCSearch(mp *mcProblem, holes int, heur heurKind, stop func() bool, halt *atomic.Bool) *mcSearch {
	pr := mp.pr
	pr.classes[mp.holeCls].count = holes
	d := newDLXStop(pr, halt)
	if it := d.classItem[mp.holeCls]; d.counter[it] == 0 {
		d.hideColumn(it)
	}
	r := &run{pr: pr}
	if heur == heurRadial {
		r.radialOrder, r.radialRank = radialOrder(pr)
	}
	return &mcSearch{mp: mp, d: d, w: &worker{r: r, d: d}, heur: heur, holes: holes, stop: stop, halt: halt}
}

// removeOption takes option k out of the matrix (all its nodes).
func (d *dlx) removeOption(k int32) {
	x := d.optFirst[k]
	d.hide(x)
	n := &d.nodes[x]
	d.nodes[n.up].down = n.down
	d.nodes[n.down].up = n.up
	d.nodes[n.top].top--
}

// restoreOption undoes removeOption (in the reverse order of removals).
func (d *dlx) restoreOption(k int32) {
	x := d.optFirst[k]
	n := &d.nodes[x]
	d.nodes[n.up].down = x
	d.nodes[n.down].up = x
	d.nodes[n.top].top++
	d.unhide(x)
}

// searchRep looks for a partial tiling with at most s.holes holes one of
// which is cell reps[j], and none in the orbits before j; j < 0 puts no
// constraint on the holes. It reports whether one was found (in s.best)
// and whether the search ran to its end (a refutation when nothing was
// found).
func (s *mcSearch) searchRep(j int, budget int64) (found, complete bool) {
	mp, d := s.mp, s.d
	var removed []int32
	var forced int32 = -1
	if j >= 0 && s.holes > 0 {
		for c, o := range mp.orbit {
			if o < int32(j) {
				k := mp.holeOpt[c]
				d.removeOption(k)
				removed = append(removed, k)
			}
		}
		forced = d.choose(mp.holeOpt[mp.reps[j]])
		s.path = append(s.path[:0], mp.holeOpt[mp.reps[j]])
	} else {
		s.path = s.path[:0]
	}
	s.budget, s.out = s.nodes+budget, false
	found = s.dfs()
	if forced >= 0 {
		d.unchoose(forced)
	}
	for _, k := range slices.Backward(removed) {
		d.restoreOption(k)
	}
	return found, found || !s.out
}

// dfs is Algorithm X on the matrix; every cell must be covered, by a piece
// or by a hole option while holes are left. It returns true with the
// solution in s.best, or false when the subtree is exhausted or s.out is
// set.
func (s *mcSearch) dfs() bool {
	d := s.d
	if d.rlink[0] == 0 {
		s.best = append(s.best[:0], s.path...)
		return true
	}
	i := s.w.pick(s.heur)
	if d.nodes[i].top == 0 {
		return false
	}
	d.cover(i)
	found := false
	for x := d.nodes[i].down; x != i; x = d.nodes[x].down {
		if s.nodes >= s.budget || (s.nodes&pollMask == 0 && s.stop()) || (s.halt != nil && s.halt.Load()) {
			s.out = true
			break
		}
		s.nodes++
		d.commit(x)
		s.path = append(s.path, d.optOf[x])
		found = s.dfs()
		s.path = s.path[:len(s.path)-1]
		d.uncommit(x)
		if found || s.out {
			break
		}
	}
	d.uncover(i)
	return found
}

// greedy fills the matrix without backtracking: the first open cell in F
// order takes its first option that fits, a hole when no piece fits (the
// matrix must allow a hole per cell). The result is in s.best. MaxCoverage
// uses greedyStart, which gives the same tiling without a matrix; this one
// stays as its reference (TestGreedyStartMatchesDLX).
func (s *mcSearch) greedy() {
	d := s.d
	var undo []int32
	s.best = s.best[:0]
	for d.rlink[0] != 0 {
		i := d.rlink[0]
		x := d.nodes[i].down
		if x == i {
			break // no option left: cannot happen while holes remain
		}
		d.cover(i)
		d.commit(x)
		undo = append(undo, x)
		s.best = append(s.best, d.optOf[x])
		s.nodes++
	}
	for _, x := range slices.Backward(undo) {
		d.uncommit(x)
		d.uncover(d.nodes[x].top)
	}
}

// greedyStart is greedy without a matrix: for each cell in F order that is
// still open, the first option (in option order) whose lowest cell it is,
// that fits and whose class has copies left; else a hole. In F order every
// lower cell is filled, so these are exactly the options DLX's column of
// the cell still holds, and the tiling is the same. It costs one pass over
// the options, instead of building a dancing-links matrix of the whole
// board (0.8 s and 0.45 s for the greedy on 441x441): MaxCoverage runs it
// even when cancelled, so that it always has a tiling to return; stop is
// read every 4,096 cells from cell 65,536 on (a smaller board is always
// done whole), and once it is true the cells not yet reached
// become holes (a valid, poorer tiling, made in no time: the greedy of a
// million cells took seconds). It returns the options (holes included)
// and the placements made.
func (mp *mcProblem) greedyStart(stop func() bool) ([]int32, int64) {
	pr := mp.pr
	n := pr.nCells
	// Options by lowest cell, in option order (counting sort).
	head := make([]int32, n+1)
	for k := range pr.options() {
		if pr.optClass[k] != mp.holeCls {
			head[pr.cells[pr.start[k]]+1]++
		}
	}
	for c := range n {
		head[c+1] += head[c]
	}
	byFirst := make([]int32, head[n])
	next := append([]int32(nil), head[:n]...)
	for k := range pr.options() {
		if pr.optClass[k] != mp.holeCls {
			c := pr.cells[pr.start[k]]
			byFirst[next[c]] = int32(k)
			next[c]++
		}
	}
	left := make([]int, len(pr.classes))
	for c, cl := range pr.classes {
		left[c] = cl.count
		if cl.unlimited {
			left[c] = -1
		}
	}
	filled := make([]bool, n)
	var best []int32
	var steps int64
	stopped := false
	for c := range int32(n) {
		if !stopped && c >= 1<<16 && c&(1<<12-1) == 0 && stop != nil && stop() {
			stopped = true
		}
		if filled[c] {
			continue
		}
		if stopped {
			filled[c] = true
			best = append(best, mp.holeOpt[c])
			continue
		}
		steps++
		placed := false
	opts:
		for _, k := range byFirst[head[c]:head[c+1]] {
			cls := pr.optClass[k]
			if left[cls] == 0 {
				continue
			}
			cells := pr.optCells(int(k))
			for _, x := range cells {
				if filled[x] {
					continue opts
				}
			}
			for _, x := range cells {
				filled[x] = true
			}
			if left[cls] > 0 {
				left[cls]--
			}
			best = append(best, k)
			placed = true
			break
		}
		if !placed {
			filled[c] = true
			best = append(best, mp.holeOpt[c])
		}
	}
	return best, steps
}

// emptyCoverage is the result of a run stopped before it had a tiling:
// nothing covered, the bound of model.CoverageBound.
func emptyCoverage(b model.Bound, area int) *CoverageResult {
	res := &CoverageResult{Holes: area, Bound: b.Bound}
	res.Optimal = res.Bound <= 0
	res.Interrupted = !res.Optimal
	res.Proof = proof(b, area, nil, res)
	return res
}

// tiling decodes a list of options, leaving out the holes.
func (mp *mcProblem) tiling(opts []int32) puzzle.Tiling {
	var pieces []int32
	for _, k := range opts {
		if mp.pr.optClass[k] != mp.holeCls {
			pieces = append(pieces, k)
		}
	}
	return mp.pr.tiling(pieces)
}

// since is the time elapsed from start in seconds.
func since(start time.Time) float64 { return time.Since(start).Seconds() }
