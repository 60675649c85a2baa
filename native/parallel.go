package native

import (
	"slices"
	"sync"
	"sync/atomic"
)

// splitTarget is the least number of subproblems the tree is split into
// for parallel and sharded counting (more when there are many shards). It
// depends neither on the number of workers nor on the shard index, so
// every shard of a sharded search sees the same split.
const splitTarget = 1024

// runParallel splits the search tree into subproblems (prefixes of DLX
// choices, in depth-first order), keeps those of this shard and solves
// them on cfg.Workers goroutines, which take the next subproblem from an
// atomic index.
func (r *run) runParallel() []*worker {
	r.parallel = true
	shards := max(r.cfg.Shard.Count, 1)
	target := max(splitTarget, 64*shards)
	split := newWorker(r)
	var subs [][]int32
	for depth := 1; ; depth++ {
		clear(split.attempts)
		clear(split.fits)
		split.nodes = 0
		subs = subs[:0]
		deeper := split.expand(depth, &subs)
		if len(subs) >= target || !deeper || split.stop {
			break
		}
	}
	var mine [][]int32
	for i, s := range subs {
		if i%shards == r.cfg.Shard.Index {
			mine = append(mine, s)
		}
	}
	r.totalSub = int64(len(mine))
	workers := max(r.cfg.Workers, 1)
	ws := make([]*worker, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for i := range ws {
		w := newWorker(r)
		ws[i] = w
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The flag is read before each subproblem: once set, it may
			// have cut newWorker's matrix short (newDLXStop).
			for !w.stop && !r.stopFlag.Load() {
				n := next.Add(1) - 1
				if n >= int64(len(mine)) {
					break
				}
				w.solvePrefix(mine[n])
				r.doneSub.Add(1)
			}
			w.poll() // publish the last counts
		}()
	}
	wg.Wait()
	// The split's own placements belong to the tree above the
	// subproblems: count them once, in shard 0.
	if r.cfg.Shard.Index == 0 {
		ws = append(ws, split)
	}
	split.all, split.unique = 0, 0
	return ws
}

// expand enumerates, depth first, the DLX nodes at the given depth (and
// complete tilings above it) as option prefixes. It reports whether some
// prefix reached the depth, so that a deeper split may yield more.
func (w *worker) expand(depth int, out *[][]int32) bool {
	d := w.d
	if w.r.stopFlag.Load() {
		w.stop = true
		return false
	}
	if d.rlink[0] == 0 || w.dep == depth {
		*out = append(*out, slices.Clone(w.path))
		return w.dep == depth
	}
	if w.filaNow() {
		// Continue the split inside FILA, with its own branching, so that a
		// worker builds each model once and replays FILA prefixes.
		if f := w.buildFila(); f != nil && f.bitmask {
			return f.expandRoot(depth-w.dep, func(prefix []int32) {
				*out = append(*out, append(slices.Clone(w.path), prefix...))
			})
		}
		*out = append(*out, slices.Clone(w.path))
		return false
	}
	r := w.r
	lvl := w.level()
	var i int32
	if r.forceItem != 0 && d.open[r.forceItem] {
		i = r.forceItem
	} else {
		i = w.pick(r.heurAt(lvl))
	}
	if d.nodes[i].top == 0 {
		return false
	}
	deeper := false
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
			if w.expand(depth, out) {
				deeper = true
			}
		}
		w.unplace()
		d.uncommit(x)
		if w.stop {
			break
		}
	}
	d.uncover(i)
	return deeper
}

// solvePrefix replays a prefix of choices and searches below it: the DLX
// choices in the matrix, then, where FILA takes over, the FILA choices in
// the model of that DLX node (built once for consecutive subproblems).
func (w *worker) solvePrefix(prefix []int32) {
	d := w.d
	xs := make([]int32, 0, len(prefix))
	n := 0
	for n < len(prefix) && d.rlink[0] != 0 && !w.filaNow() {
		xs = append(xs, d.choose(prefix[n]))
		w.place(prefix[n])
		n++
	}
	switch {
	case d.rlink[0] == 0 || !w.filaNow():
		w.dlxSearch()
	case w.filaKeyOK && slices.Equal(w.filaKey, prefix[:n]):
		w.f64.runFrom(prefix[n:])
	default:
		if f := w.buildFila(); f != nil {
			w.filaKey, w.filaKeyOK = append(w.filaKey[:0], prefix[:n]...), true
			f.runFrom(prefix[n:])
		} else {
			w.fw.solve(w.level(), w.fw.fs.nCls, -1)
		}
	}
	for n := len(xs) - 1; n >= 0; n-- {
		w.unplace()
		d.unchoose(xs[n])
	}
}
