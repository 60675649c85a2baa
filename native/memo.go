package native

import "math"

// Memoised counting in the 64-bit FILA.
//
// When a FILA model only counts (no solution is streamed, no limit) the
// number of ways to complete a node depends only on its state: the
// occupied cells o and the classes still available (every class of such a
// model has one copy, so the bitmask avail is the whole warehouse). The
// dynamic volume filter, the heuristics and NOF read nothing else, so the
// subtree below a node, its solutions and its nodes, are a function of
// (o, avail). A transposition table keyed on that state lets a node
// reached again by another order of the same pieces add the stored counts
// instead of searching its subtree again.
//
// Every leaf of such a model must also count the same: the solution's
// weight (canonical or not, orbit size) must not depend on where the
// pieces sit. That holds when the puzzle has no symmetry, and under the
// redundancy filter when the pinned piece, which DLX places before FILA
// starts, sits at an image whose stabiliser is trivial: every solution
// through it is then canonical and stands for |G| solutions. Other models
// search without the table.
//
// The table has a fixed size (entries are replaced, two slots per bucket),
// so memory is bounded; a stale or replaced entry only costs a search. It
// is cleared (by a generation number) whenever a model starts or a
// subproblem of a split is solved, so that the counts and the statistics of
// every model and subproblem are the same in a serial, parallel or sharded
// search.

// DefaultMemoBits is the base-2 logarithm of the number of entries of the
// memo table when Config.Memo is 0 (1 << 13 entries of 40 bytes: 320 KiB
// per worker, which stays in the processor's second-level cache).
const DefaultMemoBits = 13

// MinMemoBits and MaxMemoBits bound Config.Memo when it sets the size.
const (
	MinMemoBits = 1
	MaxMemoBits = 26
)

// memoMinLevel is the fewest remaining pieces at which a node is looked up:
// below it the subtrees are too small to pay for the probe.
const memoMinLevel = 5

// memoEntry is one stored node: its state, the number of solutions below
// it and the number of placements (fits) its plain search makes.
type memoEntry struct {
	o, avail uint64
	sols     int64
	nodes    int64
	gen      uint32
}

// memoTable is a worker's transposition table.
type memoTable struct {
	ent  []memoEntry
	mask uint64 // bucket mask (buckets of two entries)
	gen  uint32
}

func newMemoTable(bits int) *memoTable {
	n := 1 << bits
	return &memoTable{ent: make([]memoEntry, n), mask: uint64(n/2 - 1)}
}

// clear invalidates every entry.
func (m *memoTable) clear() {
	m.gen++
	if m.gen == 0 { // wrapped: entries of generation 0 would look valid
		clear(m.ent)
		m.gen = 1
	}
}

// bucket returns the first of the two entries where (o, avail) may be.
func (m *memoTable) bucket(o, avail uint64) int {
	h := o*0x9e3779b97f4a7c15 ^ (avail+0x632be59bd9b4e019)*0xbf58476d1ce4e5b9
	h ^= h >> 29
	return int(h&m.mask) * 2
}

// find returns the entry of (o, avail), or nil.
func (m *memoTable) find(o, avail uint64) *memoEntry {
	b := m.bucket(o, avail)
	e := m.ent[b : b+2 : b+2]
	for i := range e {
		if x := &e[i]; x.o == o && x.avail == avail && x.gen == m.gen {
			return x
		}
	}
	return nil
}

// store records a finished node, replacing in its bucket a stale entry, or
// else the one with the smaller subtree (the first slot on ties).
func (m *memoTable) store(o, avail uint64, sols, nodes int64) {
	b := m.bucket(o, avail)
	e := m.ent[b : b+2 : b+2]
	v := &e[0]
	switch {
	case e[0].gen != m.gen:
	case e[1].gen != m.gen:
		v = &e[1]
	case e[1].nodes < e[0].nodes:
		v = &e[1]
	}
	*v = memoEntry{o: o, avail: avail, sols: sols, nodes: nodes, gen: m.gen}
}

// solveMemo is solveFast at a node that the table may know: a stored node
// adds its counts, a new one is searched and stored (unless the search
// stopped inside it, when its counts are partial).
func (f *fila64) solveMemo(lvl int, avail, o uint64) {
	if f.memoHit(o, avail) {
		return
	}
	found0, v0, skip := f.memoEnter(lvl)
	f.solveFast(lvl, avail, o)
	f.memoLeave(skip, found0, v0, o, avail)
}

// memoHit adds the counts of (o, avail) when the table has them.
func (f *fila64) memoHit(o, avail uint64) bool {
	e := f.memo.find(o, avail)
	if e == nil {
		return false
	}
	w := f.w
	w.found += e.sols
	w.unique += e.sols
	w.all += e.sols * f.memoWeight
	f.vnodes += e.nodes
	f.memoHits++
	f.memoSaved += e.nodes
	return true
}

// memoEnter notes the counts before the node at lvl is searched (and
// that its own lookup is being searched); memoLeave stores what the
// search added, unless it stopped.
func (f *fila64) memoEnter(lvl int) (found0, v0 int64, skip int) {
	found0, v0, skip = f.w.found, f.vnodes, f.memoSkip
	f.memoSkip = lvl
	return found0, v0, skip
}

func (f *fila64) memoLeave(skip int, found0, v0 int64, o, avail uint64) {
	f.memoSkip = skip
	if !f.stop {
		f.memo.store(o, avail, f.w.found-found0, f.vnodes-v0)
	}
}

// memoSetup decides whether the model counts its solutions by weight and
// which levels it looks up in the table (memo.go's conditions), and sets
// fastLeaf, memoWeight, memoMin, memoSpan and the table accordingly. The
// table serves the levels from memoMinLevel up that a fixed-order
// heuristic (F, radial) searches: their nodes are cheap and repeat; on the
// levels of E and S a lookup costs more than the rare hit saves (the
// Tetris Cube ran 6% slower with it).
func (f *fila64) memoSetup() {
	f.memoMin, f.memoSpan, f.memoSkip = math.MinInt32, 0, -1
	f.fastLeaf = false
	w := f.w
	r := w.r
	if !f.bitmask || f.multi != 0 || f.step >= 0 || r.cfg.OnSolution != nil || r.cfg.Limit > 0 {
		return
	}
	weight := int64(1)
	if cn := r.cn; len(cn.syms) > 1 {
		if cn.filterClass < 0 {
			return // a solution's canonicity depends on where its pieces sit
		}
		pinned := false
		for _, k := range w.path {
			if r.pr.optClass[k] == cn.filterClass {
				if len(cn.stab[k]) != 1 {
					return
				}
				pinned = true
				break
			}
		}
		if !pinned {
			return
		}
		weight = int64(len(cn.syms))
	}
	f.fastLeaf, f.memoWeight = true, weight
	bitsN := r.cfg.Memo
	if bitsN < 0 {
		return
	}
	lo := memoMinLevel
	if r.cfg.memoLevel > 0 {
		lo = r.cfg.memoLevel
	}
	hi := lo - 1
	for l := lo; l <= f.lvl0 && l < len(f.levelTab) && f.levelTab[l] != nil && f.levelTab[l].kind.fixedOrder(); l++ {
		hi = l
	}
	if hi < lo {
		return
	}
	if w.memo == nil {
		if bitsN == 0 {
			bitsN = DefaultMemoBits
		}
		w.memo = newMemoTable(bitsN)
	}
	f.memo = w.memo
	f.memoMin, f.memoSpan = lo, uint(hi-lo)
}
