package native

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// splitTarget is the least number of subproblems the tree is split into
// for parallel and sharded counting (more when there are many shards, see
// splitTargetFor). It depends neither on the number of workers nor on the
// shard index, so every shard of a sharded search sees the same split.
const splitTarget = 1024

// runParallel splits the search tree into subproblems (prefixes of DLX
// choices, in depth-first order), keeps those of this shard and solves
// them on cfg.Workers goroutines, which take the next subproblem from an
// atomic index. Subproblems that cfg.Skip excludes are not solved; each
// one solved completely is reported to cfg.OnSubproblem.
func (r *run) runParallel() ([]*worker, *Split, error) {
	r.parallel = true
	split := newWorker(r)
	s := r.makeSplit(split)
	if s == nil {
		return []*worker{split}, nil, nil // cancelled during the split
	}
	info := s.info()
	info.Nodes = split.nodes
	if r.cn.filterClass >= 0 {
		info.Pinned = r.pr.classes[r.cn.filterClass].name
	}
	if r.cfg.OnSplit != nil {
		if err := r.cfg.OnSplit(*info); err != nil {
			return nil, nil, err
		}
	}
	mine := s.mine
	r.totalSub = int64(len(mine))
	workers := max(r.cfg.Workers, 1)
	ws := make([]*worker, workers)
	var next atomic.Int64
	var skipped, solved atomic.Int64
	var wg sync.WaitGroup
	r.ord.start(&r.mu, workers)
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
				w.pos = n
				if r.stopFlag.Load() {
					w.stop = true // cancelled: replay no more prefixes
					r.finish(w, n)
					break
				}
				sp := mine[n]
				if r.cfg.Skip != nil && r.cfg.Skip(sp.index) {
					skipped.Add(1)
					r.doneSub.Add(1)
					r.finish(w, n)
					continue
				}
				all, unique, nodes := w.all, w.unique, w.nodes
				t0 := time.Now() // reported only: no decision reads it
				w.solvePrefix(sp)
				took := time.Since(t0)
				r.finish(w, n) // its solutions stream in order (order.go)
				if w.stop {
					break // cut short: not finished
				}
				solved.Add(1)
				r.doneSub.Add(1)
				if r.cfg.OnSubproblem != nil {
					r.mu.Lock()
					r.cfg.OnSubproblem(Subproblem{Index: sp.index, All: w.all - all, Unique: w.unique - unique, Nodes: w.nodes - nodes, Time: took})
					r.mu.Unlock()
				}
			}
			w.poll() // publish the last counts
		}()
	}
	wg.Wait()
	r.flushOrder(split)
	info.Skipped, info.Solved = skipped.Load(), solved.Load()
	// The split's own placements belong to the tree above the
	// subproblems: count them once, in shard 0.
	if r.cfg.Shard.Index == 0 {
		ws = append(ws, split)
	}
	split.all, split.unique = 0, 0
	return ws, info, nil
}

// expand enumerates, depth first, one pass of the split (see splitter):
// the nodes at depth s.depth, the complete tilings above it, and the
// elements of the level above that the pass leaves unexpanded. It reports
// whether some node reached the depth, so that a deeper pass may yield
// more.
func (w *worker) expand(s *splitter) bool {
	d := w.d
	if s.tick() {
		w.stop = true
		return false
	}
	if w.dep == s.depth {
		s.emit(w.path, nil)
		return d.rlink[0] != 0
	}
	if d.rlink[0] == 0 {
		s.leaf(w.path, nil)
		return false
	}
	element := w.dep == s.depth-1
	if element {
		if !s.element() {
			s.emit(w.path, nil)
			return true
		}
		defer s.done()
	}
	if w.filaNow() && s.builds < maxSplitModels && !w.wideNode() {
		// Continue the split inside FILA, with its own branching, so that a
		// worker builds each model once and replays FILA prefixes. Where
		// the model would be the multi-word one (more than 64 open cells),
		// and past maxSplitModels models, the split goes on with DLX.
		s.builds++
		if f := w.buildFila(); f != nil && f.bitmask {
			return f.expandRoot(s, w.path, s.depth-w.dep, element)
		}
	}
	r := w.r
	lvl := w.level()
	var i int32
	if f := r.forced(d); f != 0 {
		i = f
	} else {
		i = w.pick(r.heurAt(lvl))
	}
	if d.nodes[i].top == 0 {
		return false
	}
	deeper := false
	covered := false
	for x := d.nodes[i].down; x != i; x = d.nodes[x].down {
		k := d.optOf[x]
		if r.volN == 0 && (w.dep+1 == s.depth || w.dep+1 == s.depth-1 && s.ord >= s.cut) {
			// The child is a subproblem (at the split's depth, or an
			// element of the level above left unexpanded): emit it
			// without placing it in the matrix, which gives the same
			// prefix. Whether it is a complete tiling is not known here;
			// a deeper pass, if any, finds the same prefixes.
			w.attempts[lvl]++
			w.fits[lvl]++
			w.nodes++
			if w.nodes&pollMask == 0 {
				w.poll()
			}
			one := append(w.one[:0], k)
			if w.dep+1 == s.depth {
				s.emit(w.path, one)
				deeper = true
			} else {
				s.element()
				s.emit(w.path, one)
			}
			if w.stop || s.tick() {
				break
			}
			continue
		}
		if !covered {
			d.cover(i)
			covered = true
		}
		d.commit(x)
		w.place(k)
		w.attempts[lvl]++
		w.fits[lvl]++
		w.nodes++
		if w.nodes&pollMask == 0 {
			w.poll()
		}
		if !w.volumeActive() || w.dlxVolumeOK() {
			if w.expand(s) {
				deeper = true
			}
		}
		w.unplace()
		d.uncommit(x)
		if w.stop {
			break
		}
	}
	if covered {
		d.uncover(i)
	}
	return deeper
}

// wideNode reports whether more than 64 cells are open at this DLX node:
// its FILA model would be the multi-word one, which the split does not
// enter (it branches with DLX there instead).
func (w *worker) wideNode() bool {
	open := w.r.pr.nCells
	for _, k := range w.path {
		open -= int(w.r.pr.start[k+1] - w.r.pr.start[k])
	}
	return open > 64
}

// solvePrefix replays a subproblem and searches below it: its DLX choices
// in the matrix, then its FILA choices, if any, in the model of that DLX
// node (built once for consecutive subproblems of the same node).
func (w *worker) solvePrefix(sp subproblem) {
	w.ho = handOverStats{probe: handOverProbeSplit} // the same choices whichever worker runs sp
	d := w.d
	dlxPart := sp.prefix[:sp.dlx]
	xs := make([]int32, 0, len(dlxPart))
	for _, k := range dlxPart {
		xs = append(xs, d.choose(k))
		w.place(k)
	}
	switch {
	case int(sp.dlx) == len(sp.prefix):
		w.dlxSearch()
	case w.filaKeyOK && slices.Equal(w.filaKey, dlxPart):
		w.f64.runFrom(sp.prefix[sp.dlx:])
	default:
		f := w.buildFila()
		if w.r.stopFlag.Load() {
			// buildFila stops part-way when the flag is set (another
			// worker reached --limit, a deadline, a signal): its model may
			// lack the prefix's options. The subproblem stays unfinished.
			w.stop = true
			break
		}
		if f == nil {
			panic("native: a FILA prefix of the split at a node without a 64-cell model") // an internal invariant
		}
		w.filaKey, w.filaKeyOK = append(w.filaKey[:0], dlxPart...), true
		f.runFrom(sp.prefix[sp.dlx:])
	}
	for n := len(xs) - 1; n >= 0; n-- {
		w.unplace()
		d.unchoose(xs[n])
	}
}
