package native

import (
	"slices"
	"sync"
)

// The order of a parallel search's solutions.
//
// Workers take the subproblems of the split in order (an atomic index),
// so the lowest subproblem not yet finished, the head, is always being
// solved by some worker. That worker streams its solutions at once; the
// others hold theirs, per subproblem, and a finished subproblem's are
// streamed when the head reaches it. Solutions (to OnSolution, and the
// Result.First a count keeps) thus come in the order of the subproblems,
// the same in every run whatever the number of workers. Without
// OnSolution only the first `keep` solutions of a subproblem are held (no
// later one can be among the first). With OnSolution, a worker that would
// hold more than orderCap solutions in all waits until its subproblem is
// the head: the memory stays bounded, and the head's worker never waits.

// orderCap bounds the solutions held for OnSolution by the workers ahead
// of the head.
const orderCap = 1 << 14

// order is the state of the ordering; r.mu guards it.
type order struct {
	on       bool  // several workers: solutions are put in order
	head     int64 // the lowest position (in the shard's subproblems) not finished
	pend     map[int64]*pendingSub
	buffered int // solutions held in pend
	cond     *sync.Cond
}

// pendingSub is what a subproblem ahead of the head holds.
type pendingSub struct {
	items    []streamItem
	finished bool
}

// start turns the ordering on for a search with several workers.
func (o *order) start(mu *sync.Mutex, workers int) {
	o.on = workers > 1
	o.pend = map[int64]*pendingSub{}
	o.cond = sync.NewCond(mu)
}

// held is the number of solutions held for a subproblem.
func (o *order) held(pos int64) int {
	if p := o.pend[pos]; p != nil {
		return len(p.items)
	}
	return 0
}

// hold keeps items of w's subproblem, ahead of the head, and reports
// true; or, once its subproblem became the head while it waited for room,
// it reports false and w streams them itself. r.mu is held.
func (o *order) hold(r *run, w *worker, items []streamItem) bool {
	if r.cfg.OnSolution != nil {
		limit := orderCap
		if r.cfg.orderCap > 0 {
			limit = r.cfg.orderCap
		}
		for o.buffered+len(items) > limit && w.pos != o.head {
			o.cond.Wait()
		}
	}
	if w.pos == o.head {
		return false // what it held was streamed when the head came here
	}
	p := o.pend[w.pos]
	if p == nil {
		p = &pendingSub{}
		o.pend[w.pos] = p
	}
	p.items = append(p.items, items...)
	o.buffered += len(items)
	return true
}

// finish marks subproblem pos as done (solved, skipped or cut short) and,
// when it is the head, streams what the subproblems after it hold, up to
// the next one not finished.
func (r *run) finish(w *worker, pos int64) {
	o := &r.ord
	if !o.on {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	p := o.pend[pos]
	if p == nil {
		p = &pendingSub{}
		o.pend[pos] = p
	}
	p.finished = true
	for pos == o.head {
		p := o.pend[o.head]
		if p == nil {
			break
		}
		r.stream(w, p.items)
		o.buffered -= len(p.items)
		p.items = nil
		if !p.finished {
			break
		}
		delete(o.pend, o.head)
		o.head++
		pos = o.head
	}
	o.cond.Broadcast()
}

// flushOrder streams whatever is still held, in order (nothing when every
// subproblem taken was finished, as runParallel ensures).
func (r *run) flushOrder(w *worker) {
	o := &r.ord
	if !o.on {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	keys := make([]int64, 0, len(o.pend))
	for k := range o.pend {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		r.stream(w, o.pend[k].items)
	}
	o.pend, o.buffered = map[int64]*pendingSub{}, 0
}
