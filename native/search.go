package native

import (
	"math"
	"slices"
)

// pollMask sets how often (in placements) a worker publishes its counts
// and reports progress, and how often FILA's cheap 64-bit nodes check for
// cancellation. The searches whose nodes can be expensive on big boards
// (DLX, whose item choice scans the open items, and the multi-word FILA)
// read the stop flag at every node: one atomic load, so that a deadline
// or a signal stops them within a second however slow a node is.
const pollMask = 1<<12 - 1

// worker is the state of one search thread: its own DLX matrix, FILA
// models, path and counters. Workers share only the run.
type worker struct {
	r    *run
	d    *dlx
	vol  *volume
	path []int32 // chosen options, global indices
	rem  int     // remaining pieces of finite classes
	dep  int     // pieces placed

	nodes, nodesPub int64
	attempts, fits  []int64
	filaModels      int64
	all, unique     int64
	found           int64
	allPub          int64 // all already published (allAll)
	cs              canonScratch
	stop            bool

	// memo is the transposition table of the 64-bit FILA's counting
	// (memo.go), made on first use; memoHits and memoSaved count the nodes
	// it answered and the placements they stood for.
	memo                *memoTable
	memoHits, memoSaved int64

	fin filaInput
	f64 *fila64
	fw  *filaW
	// ho counts the multi-word FILA's hand-overs to 64-bit models
	// (handover.go), reset at each subproblem of a split.
	ho handOverStats
	// branch[l] = (finished, total) branches at DLX depth l, for the
	// progress estimate of a serial search.
	branch [][2]int
	active *fila64 // the FILA model being solved, for progress
	// filaKey is the DLX prefix that w.f64 was built for, when filaKeyOK:
	// consecutive subproblems of a parallel search reuse the model.
	filaKey   []int32
	filaKeyOK bool
	one       [1]int32 // scratch for the split
	// pos is the position, among the shard's subproblems, of the one
	// this worker solves (order.go).
	pos int64
}

func newWorker(r *run) *worker {
	w := &worker{r: r, d: newDLXStop(r.pr, &r.stopFlag), vol: newVolume(r.pr)}
	n := r.levels
	w.attempts = make([]int64, n)
	w.fits = make([]int64, n)
	w.rem = r.pr.totalPieces
	w.fin.remain = make([]int32, len(r.pr.classes))
	w.fin.hasUnl = r.pr.hasUnlimited
	w.fin.byDepth = r.byDepth
	return w
}

// level is the statistics / schedule index of the current node.
func (w *worker) level() int {
	if w.r.byDepth {
		return w.dep
	}
	return w.rem
}

// place records option k (just committed in the matrix) on the path.
func (w *worker) place(k int32) {
	w.path = append(w.path, k)
	if !w.r.pr.classes[w.r.pr.optClass[k]].unlimited {
		w.rem--
	}
	w.dep++
}

// unplace undoes place.
func (w *worker) unplace() {
	k := w.path[len(w.path)-1]
	w.path = w.path[:len(w.path)-1]
	if !w.r.pr.classes[w.r.pr.optClass[k]].unlimited {
		w.rem++
	}
	w.dep--
}

// filaNow reports whether FILA takes over at this DLX node.
func (w *worker) filaNow() bool {
	r := w.r
	if !r.filaOn {
		return false
	}
	if r.forcing(w.d) {
		return false
	}
	return r.byDepth || w.rem <= r.filaAt
}

// volumeActive reports whether the dynamic volume filter applies here.
func (w *worker) volumeActive() bool {
	return w.r.volN > 0 && (w.r.byDepth || w.rem > w.r.volN)
}

// dlxSearch is Algorithm X on the dancing-links matrix, handing over to
// FILA when the configured number of pieces remain.
func (w *worker) dlxSearch() {
	d := w.d
	if w.r.stopFlag.Load() {
		w.stop = true
		return
	}
	if d.rlink[0] == 0 {
		if d.countersDone() {
			w.solution(w.path)
		}
		return
	}
	if w.filaNow() {
		w.runFila()
		return
	}
	r := w.r
	lvl := w.level()
	var i int32
	if f := r.forced(d); f != 0 {
		i = f
	} else {
		i = w.pick(r.heurAt(lvl))
	}
	total := int(d.nodes[i].top)
	if total == 0 {
		return
	}
	track := w.dep < len(w.branch)
	if track {
		w.branch[w.dep] = [2]int{0, total}
	}
	d.cover(i)
	for x := d.nodes[i].down; x != i; x = d.nodes[x].down {
		k := d.optOf[x]
		d.commit(x)
		w.place(k)
		w.attempts[lvl]++
		w.fits[lvl]++
		w.nodes++
		if w.nodes&pollMask == 0 {
			w.poll()
		}
		if !w.volumeActive() || w.dlxVolumeOK() {
			w.dlxSearch()
		}
		w.unplace()
		d.uncommit(x)
		if track {
			w.branch[w.dep][0]++
		}
		if w.stop {
			break
		}
	}
	d.uncover(i)
}

// pick chooses the item to branch on.
func (w *worker) pick(h heurKind) int32 {
	d := w.d
	nodes := d.nodes
	if h == heurS {
		best, bl := int32(0), int32(math.MaxInt32)
		for i := d.rlink[0]; i != 0; i = d.rlink[i] {
			if l := nodes[i].top; l < bl {
				best, bl = i, l
				if l == 0 {
					break
				}
			}
		}
		return best
	}
	// The other heuristics always prefer an item with 0 or 1 option.
	if i := d.tightItem(); i != 0 {
		return i
	}
	switch h {
	case heurF:
		if i := d.rlink[0]; i <= d.nCells {
			return i
		}
	case heurRadial:
		for _, c := range w.r.radialOrder {
			if d.open[c+1] {
				return c + 1
			}
		}
	case heurE:
		best, bn, bl := int32(0), 7, int32(math.MaxInt32)
		for i := d.rlink[0]; i != 0 && i <= d.nCells; i = d.rlink[i] {
			n := 0
			for _, m := range w.r.pr.nbr[i-1] {
				if m >= 0 && d.open[m+1] {
					n++
				}
			}
			if l := nodes[i].top; n < bn || (n == bn && l < bl) {
				best, bn, bl = i, n, l
			}
		}
		if best != 0 {
			return best
		}
	}
	return w.pick(heurS)
}

// dlxVolumeOK applies the dynamic volume filter to the DLX state.
func (w *worker) dlxVolumeOK() bool {
	d := w.d
	v := w.vol
	w.remainCounts(v.counts)
	v.componentSums(v.counts)
	return v.componentsOK(func(c int32) bool { return d.open[c+1] })
}

// remainCounts writes the remaining copies per class (-1: unlimited).
func (w *worker) remainCounts(out []int) {
	d := w.d
	for c, cl := range w.r.pr.classes {
		it := d.classItem[c]
		switch {
		case cl.unlimited:
			out[c] = -1
		case d.counter[it] >= 0:
			out[c] = int(d.counter[it])
		case d.open[it]:
			out[c] = 1
		default:
			out[c] = 0
		}
	}
}

// runFila builds a FILA model of the open cells and the options still in
// the matrix, and solves it.
func (w *worker) runFila() {
	if f := w.buildFila(); f != nil {
		f.run()
		return
	}
	w.fw.solve(w.level(), w.fw.fs.nCls, -1)
}

// buildFila builds the FILA model of the current DLX node: the 64-bit one
// (returned) when at most 64 cells are open, else the multi-word one
// (w.fw; nil is returned).
func (w *worker) buildFila() *fila64 {
	w.filaKey, w.filaKeyOK = w.filaKey[:0], false
	d := w.d
	pr := w.r.pr
	in := &w.fin
	in.cells = in.cells[:0]
	for c := range d.nCells {
		if d.open[c+1] {
			in.cells = append(in.cells, c)
		}
	}
	in.opts = in.opts[:0]
	for n, c := range in.cells {
		if n&(1<<12-1) == 0 && w.r.stopFlag.Load() {
			break // incomplete; the search reads the flag first
		}
		for x := d.nodes[c+1].down; x != c+1; x = d.nodes[x].down {
			k := d.optOf[x]
			if pr.cells[pr.start[k]] == c {
				in.opts = append(in.opts, k)
			}
		}
	}
	slices.Sort(in.opts)
	counts := w.vol.counts
	w.remainCounts(counts)
	for c := range in.remain {
		in.remain[c] = int32(counts[c])
	}
	w.filaModels++
	lvl := w.level()
	if len(in.cells) <= 64 {
		if w.f64 == nil {
			w.f64 = &fila64{}
		}
		w.f64.build(w, in, lvl)
		return w.f64
	}
	if w.fw == nil {
		w.fw = &filaW{}
	}
	w.fw.build(w, in, lvl)
	return nil
}

// solution handles a complete exact tiling given as options.
func (w *worker) solution(opts []int32) {
	r := w.r
	w.found++
	canonical, weight := r.cn.judge(r.pr, opts, &w.cs)
	if r.cn.filterClass >= 0 {
		if canonical {
			w.unique++
			w.all += weight
		}
	} else {
		w.all++
		if canonical {
			w.unique++
		}
	}
	if r.streaming() {
		r.emit(w, opts, canonical, weight)
	}
	// A solution costs work in proportion to the board (judge encodes
	// it under every symmetry; emit writes it), not one node: the stop
	// is read after each, not only every pollMask+1 nodes. On 200x200
	// with unlimited monominoes and dominoes, where nearly every node
	// near the leaves is a solution of 40,000 cells, -j 8 --time-limit
	// 3s stopped after 25 s.
	if r.stopFlag.Load() {
		w.stop = true
	}
}

// poll checks for cancellation and reports progress.
func (w *worker) poll() {
	r := w.r
	if r.stopFlag.Load() {
		w.stop = true
		return
	}
	r.nodesAll.Add(w.nodes - w.nodesPub)
	w.nodesPub = w.nodes
	r.allAll.Add(w.all - w.allPub)
	w.allPub = w.all
	if r.cfg.OnProgress != nil {
		r.progress(w)
	}
}

// fraction estimates the part of the tree this (serial) worker has done
// from the finished branches at the top DLX levels.
func (w *worker) fraction() float64 {
	f, scale := 0.0, 1.0
	for l := 0; l < len(w.branch) && l < w.dep; l++ {
		b := w.branch[l]
		if b[1] == 0 {
			break
		}
		f += scale * float64(b[0]) / float64(b[1])
		scale /= float64(b[1])
	}
	if a := w.active; a != nil && w.dep <= len(w.branch) {
		f += scale * a.rootFraction()
	}
	return min(f, 1)
}

// tightItem returns an open item with no option left (a dead end), else
// the first with one (a move with no choice), else 0: what every DLX rule
// takes first.
func (d *dlx) tightItem() int32 {
	one := int32(0)
	for i := d.rlink[0]; i != 0; i = d.rlink[i] {
		if l := d.nodes[i].top; l <= 1 {
			if l == 0 {
				return i
			}
			if one == 0 {
				one = i
			}
		}
	}
	return one
}
