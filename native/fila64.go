package native

import (
	"math/bits"
	"slices"
)

// table64 is one heuristic's image list sets A[c][z] with the layouts
// inlined: lay[i] is the occupancy bitfield of list entry i and opt[i] the
// model option it stands for. nonEmpty[set] has bit s set when the list of
// class s in the set is not empty.
type table64 struct {
	tableLayout
	lay      []uint64
	opt      []int32
	nonEmpty []uint64
	// recs holds, per set, the nonEmpty mask (two words) and the offsets
	// (nCls+1 words): one record read per node of solveFast.
	recs  []uint32
	cells [64]fcell
	// indexed tables keep only idx (the model option of each entry, 2
	// bytes) instead of lay and opt (12 bytes): big 3D tables with NOF then
	// stay in the processor's caches. (Those that selectVec counts keep
	// lay too: it reads the layouts of a whole set four at a time.)
	indexed bool
	idx     []uint16
	// ecls is, per entry of an E or S table that selectVec counts (empty
	// otherwise), 63 minus its class; lay and idx then hold every entry's
	// layout and what the fit cache records (the model option of an
	// indexed table, else the entry's number), the three with 4 entries of
	// padding past the last set (layout all ones, class byte 255: no
	// class).
	ecls []uint8
}

// indexedEntries is the table size from which entries are indexed.
const indexedEntries = 32 << 10

// fcell is the per-cell part of a table: the first set of the cell and the
// neighbours read for its ILSI.
type fcell struct {
	base int32
	nbInfo
	// pm has the bits of the neighbours k[:n]: with k ascending (as
	// layoutSlots sorts them), the ILSI is the PEXT of o by pm (selectVec).
	pm uint64
}

// fila64 is the Fixed Image List Algorithm on at most 64 open cells: the
// occupancy is one uint64, bit l for local cell l.
type fila64 struct {
	w  *worker
	fs filaShape
	// optLay[i] is the layout of model option i.
	optLay []uint64
	full   uint64
	nbMask []uint64 // per local cell: its neighbours in the model (E)
	tabs   [4]*table64
	// levelTab[lvl] is the table of the heuristic for level lvl.
	levelTab []*table64
	step     int // level change per placement: -1 (remaining) or +1 (depth)
	lvl0     int
	stride   int32
	n        []int32
	s        []int32
	placed   []int32 // table entry options placed, by level
	m        []int32 // radial: position in the order chosen per level + 1
	// exactMask has the bits of the classes that must end with 0 copies.
	exactMask uint64
	checkCnt  bool // leaf must check exact counts (warehouse path)
	volN      int
	budget    int
	stop      bool
	bitmask   bool // classes fit in a uint64 mask: use solveFast
	// Open-neighbour counts for the E heuristic, bit-sliced: cnt[lvl] holds
	// three bit planes, bit c of plane b being bit b of the number of open
	// model neighbours of cell c. dec[i] is what placing model option i
	// subtracts. cntOn[lvl] tells whether the counts are kept at lvl.
	cnt   [][3]uint64
	dec   [][3]uint64
	cntOn []bool
	// lays holds optLay indexed by uint16, so that no bounds check is
	// needed in the loops over t.idx.
	lays *[1 << 16]uint64
	// multi has the bits of the classes with several copies or an
	// unlimited supply: only they need the counters n (solveFast).
	multi  uint64
	anyCnt bool // some level keeps open-neighbour counts
	recLen int  // uint32 words per set record (recs)
	// Statistics of this model by level, added to the worker's at the end.
	fitsL, attL []int64
	pubNodes    int64 // placements of this model already published by tick
	// rootLo, rootHi delimit the table entries of the root's set when the
	// root uses F or radial on an inline table (for progress).
	rootLo, rootHi int32
	// pre[l] is the model option placed at level l by runFrom, else -1.
	pre []int32
	// The fit caches of E and S: level lvl has the two halves of maxSet
	// entries of fitBuf from 2*(lvl-fitLo)*maxSet (fitHalves), the fits
	// of its chosen cell being the first fitN[lvl] entries of half
	// fitSel[lvl] (read back by rootFraction). fitBuf holds only the
	// levels the model can select at (build), fitLo the lowest. maxSet is
	// the largest number of entries of a set in any table plus 4
	// (selectVec stores four at a time). Plain words, so that choosing a
	// cell writes no pointers.
	fitBuf []int32
	fitN   []int32
	fitSel []uint8
	fitLo  int
	maxSet int
	// Memoised counting (memo.go): the levels memoMin .. memoMin +
	// memoSpan are looked up (none when the model searches without the
	// table), memoSkip is the level whose lookup is being searched.
	// fastLeaf says that every solution of the model weighs memoWeight
	// (added to All). vnodes counts the placements of the plain search
	// (made here or saved by the table).
	memo       *memoTable
	memoMin    int
	memoSpan   uint
	memoSkip   int
	fastLeaf   bool
	memoWeight int64
	vnodes     int64
	memoHits   int64
	memoSaved  int64
	// ff is the specialised table of the F levels (filaf.go).
	ff fastF
	// clsShift holds 63 minus the class of each option, the ecls of
	// selectVec's tables, indexed like lays (when AVX2 is built in and
	// the options fit a uint16).
	clsShift *[1 << 16]uint8
}

// run solves the model from its root.
func (f *fila64) run() {
	f.resetStats()
	f.rootProgressInit()
	f.w.active = f
	defer func() {
		f.w.active = nil
		f.mergeStats()
	}()
	if f.bitmask {
		avail := uint64(0)
		if f.fs.nCls > 0 {
			avail = ^uint64(0) >> (64 - f.fs.nCls)
		}
		f.solveFast(f.lvl0, avail, 0)
	} else {
		f.solve(f.lvl0, f.fs.nCls, 0)
	}
	f.w.stop = f.stop || f.w.stop
}

// rootProgressInit notes where the root's entries are, so that progress
// can be read from the placement at the root without help from the search.
func (f *fila64) rootProgressInit() {
	f.rootLo, f.rootHi = 0, 0
	t := f.levelTab[f.lvl0]
	f.placed[f.lvl0] = -1
	f.fitN[f.lvl0] = 0
	if f.fs.n == 0 || t == nil || t.indexed || !t.kind.fixedOrder() {
		return
	}
	c := int32(0) // F: the first cell; radial: the first in its order
	if t.kind == heurRadial {
		c = t.order[0]
	}
	rec := t.recs[int(t.cells[c&63].base)*f.recLen:] // o = 0: ILSI 0
	f.rootLo, f.rootHi = int32(rec[2]), int32(rec[2+f.fs.nCls])
}

// rootFraction estimates the part of the model's tree done from the
// entry being explored at the root.
func (f *fila64) rootFraction() float64 {
	p := f.placed[f.lvl0]
	if p < 0 {
		return 0
	}
	if f.lvl0 <= f.ff.from {
		p = f.ff.ent[p] // solveF records the image (filaf.go)
	}
	if f.rootHi > f.rootLo {
		return float64(p-f.rootLo) / float64(f.rootHi-f.rootLo)
	}
	if ent := f.cachedFits(f.lvl0); len(ent) > 0 {
		if i := slices.Index(ent, p); i >= 0 {
			return float64(i) / float64(len(ent))
		}
	}
	return 0
}

// mergeStats adds the model's statistics to the worker's.
func (f *fila64) mergeStats() {
	w := f.w
	w.nodesPub += f.pubNodes // already published by tick
	f.pubNodes = 0
	w.memoHits += f.memoHits
	w.memoSaved += f.memoSaved
	f.memoHits, f.memoSaved = 0, 0
	for l, n := range f.fitsL {
		w.fits[l] += n
		w.attempts[l] += f.attL[l]
		w.nodes += n
	}
}

// tick is called every pollMask+1 nodes: cancellation and progress.
func (f *fila64) tick() {
	f.budget = pollMask
	var n int64
	for _, x := range f.fitsL {
		n += x
	}
	f.w.r.nodesAll.Add(n - f.pubNodes)
	f.pubNodes = n
	f.w.poll()
	if f.w.stop {
		f.stop = true
	}
}

// solveFast is solveFila with the warehouse of available classes kept as
// the bitmask avail: the classes tried at a node are avail &
// nonEmpty[set], which is the article's loop over the q available shapes
// with its empty-list skip done for all classes at once. Same search tree,
// same statistics; only the order of the classes at a node differs.
func (f *fila64) solveFast(lvl int, avail, o uint64) {
	if lvl <= f.ff.from {
		f.solveF(lvl, avail, o)
		return
	}
	if o == f.full {
		if avail&f.exactMask == 0 {
			f.leaf(lvl)
		}
		return
	}
	f.budget--
	if f.budget < 0 {
		f.tick()
		if f.stop {
			return
		}
	}
	if uint(lvl-f.memoMin) <= f.memoSpan && lvl != f.memoSkip {
		f.solveMemo(lvl, avail, o)
		return
	}
	if f.volN > 0 && (f.step > 0 || lvl > f.volN) && !f.volumeOK(o) {
		return
	}
	t := f.levelTab[lvl]
	var set int32
	switch t.kind {
	case heurF:
		fc := &t.cells[bits.TrailingZeros64(^o)&63]
		if fc.n == 2 { // the common case in 2D, inline
			set = fc.base + int32(o>>(fc.k[0]&63)&1|(o>>(fc.k[1]&63)&1)<<1)
		} else { // ilsi64, inlined
			k := &fc.k
			z := o>>(k[0]&63)&1 | (o>>(k[1]&63)&1)<<1 | (o>>(k[2]&63)&1)<<2 |
				(o>>(k[3]&63)&1)<<3 | (o>>(k[4]&63)&1)<<4 | (o>>(k[5]&63)&1)<<5
			set = fc.base + int32(z&(1<<(fc.n&7)-1))
		}
	case heurE, heurS:
		if ents, att, ok := f.selectCached(t, lvl, avail, o); ok {
			f.solveCached(t, lvl, avail, o, ents, att)
		}
		return
	default:
		if set = f.selectSet(t, lvl, 0, avail, o); set < 0 {
			return
		}
	}
	// The set's record: the bitmask of its non-empty lists, then the list
	// offsets by class.
	rec := t.recs[int(set)*f.recLen:]
	next := lvl + f.step
	keepCounts := f.anyCnt && f.cntOn[next]
	placed := &f.placed[lvl]
	var fits, att int64
	for m := avail & (uint64(rec[0]) | uint64(rec[1])<<32); m != 0; m &= m - 1 {
		s := bits.TrailingZeros64(m)
		lo, hi := rec[2+s], rec[3+s]
		att += int64(hi - lo)
		bit := uint64(1) << (s & 63)
		av := avail &^ bit
		multi := f.multi&bit != 0
		if multi { // a class with several copies or an unlimited supply
			f.n[s]--
			if f.n[s] != 0 {
				av = avail
			}
		}
		if t.indexed {
			lays := f.lays
			for _, i := range t.idx[lo:hi] {
				l := lays[i]
				if o&l != 0 {
					continue
				}
				fits++
				*placed = int32(i)
				if keepCounts {
					subCounts(&f.cnt[next], &f.cnt[lvl], &f.dec[i])
				}
				f.solveFast(next, av, o|l)
				if f.stop {
					break
				}
			}
		} else {
			for i, l := range t.lay[lo:hi] {
				if o&l != 0 {
					continue
				}
				fits++
				*placed = int32(lo) + int32(i)
				if keepCounts {
					subCounts(&f.cnt[next], &f.cnt[lvl], &f.dec[t.opt[int(lo)+i]])
				}
				f.solveFast(next, av, o|l)
				if f.stop {
					break
				}
			}
		}
		if multi {
			f.n[s]++
		}
		if f.stop {
			break
		}
	}
	f.fitsL[lvl] += fits
	f.attL[lvl] += att
	f.vnodes += fits
}

// solveCached is the loop of solveFast over the fits ents (with att
// attempts) that selectCached cached for level lvl.
func (f *fila64) solveCached(t *table64, lvl int, avail, o uint64, ents []int32, att int64) {
	next := lvl + f.step
	keepCounts := f.anyCnt && f.cntOn[next]
	placed := &f.placed[lvl]
	var cntNext, cntHere *[3]uint64
	if keepCounts {
		cntNext, cntHere = &f.cnt[next], &f.cnt[lvl]
	}
	var fits int64
	for _, e := range ents {
		var l uint64
		var s int32
		opt := e
		if t.indexed {
			l = f.lays[uint16(e)]
			s = f.fs.optCls[uint16(e)]
		} else {
			l = t.lay[e]
			opt = t.opt[e]
			s = f.fs.optCls[opt]
		}
		bit := uint64(1) << (s & 63)
		av := avail &^ bit
		multi := f.multi&bit != 0
		if multi { // a class with several copies or an unlimited supply
			f.n[s]--
			if f.n[s] != 0 {
				av = avail
			}
		}
		fits++
		*placed = e
		if keepCounts {
			subCounts(cntNext, cntHere, &f.dec[opt])
		}
		f.solveFast(next, av, o|l)
		if multi {
			f.n[s]++
		}
		if f.stop {
			break
		}
	}
	f.fitsL[lvl] += fits
	f.attL[lvl] += att
	f.vnodes += fits
}

// solve is solveFila exactly as in the article: lvl is the level
// (remaining pieces, or depth), q the number of available classes at the
// front of the warehouse s, o the occupancy. It serves models with more
// than 64 classes.
func (f *fila64) solve(lvl, q int, o uint64) {
	if o == f.full {
		f.leafWarehouse(lvl)
		return
	}
	f.budget--
	if f.budget < 0 {
		f.tick()
		if f.stop {
			return
		}
	}
	if f.volN > 0 && (f.step > 0 || lvl > f.volN) && !f.volumeOK(o) {
		return
	}
	t := f.levelTab[lvl]
	set := f.selectSet(t, lvl, q, 0, o)
	if set < 0 {
		return
	}
	offs := t.offs[set*f.stride : set*f.stride+f.stride]
	next := lvl + f.step
	var fits, att int64
	for j := 0; j < q; j++ {
		s := f.s[j]
		lo, hi := offs[s], offs[s+1]
		if lo == hi {
			continue
		}
		att += int64(hi - lo)
		ns := f.n[s] - 1
		f.n[s] = ns
		qq := q
		if ns == 0 {
			qq--
			f.s[j], f.s[qq] = f.s[qq], s
		}
		for i, l := range t.lay[lo:hi] {
			if o&l != 0 {
				continue
			}
			fits++
			f.placed[lvl] = t.opt[int(lo)+i]
			if f.cntOn[next] {
				subCounts(&f.cnt[next], &f.cnt[lvl], &f.dec[f.placed[lvl]])
			}
			f.solve(next, qq, o|l)
			if f.stop {
				break
			}
		}
		if ns == 0 {
			f.s[qq], f.s[j] = f.s[j], s
		}
		f.n[s] = ns + 1
		if f.stop {
			break
		}
	}
	f.fitsL[lvl] += fits
	f.attL[lvl] += att
}

// leafWarehouse checks the counts of the warehouse path, then reports.
func (f *fila64) leafWarehouse(lvl int) {
	if f.checkCnt {
		for s, e := range f.fs.exact {
			if e && f.n[s] != 0 {
				return
			}
		}
	}
	f.leaf(lvl)
}

// leaf reports the placements from the model's root down to lvl as a
// solution.
func (f *fila64) leaf(lvl int) {
	w := f.w
	if f.fastLeaf && !w.r.streaming() {
		// A counting model whose solutions all weigh the same (memo.go).
		w.found++
		w.unique++
		w.all += f.memoWeight
		return
	}
	base := len(w.path)
	for l := f.lvl0; l != lvl; l += f.step {
		w.path = append(w.path, f.fs.opts[f.entryOption(l)])
	}
	w.solution(w.path)
	w.path = w.path[:base]
	if w.stop {
		f.stop = true
	}
}

// entryOption returns the model option placed at level l: solveFast
// records the table entry (or the option itself for indexed tables), the
// warehouse path the option.
func (f *fila64) entryOption(l int) int32 {
	if p := f.pre[l]; p >= 0 {
		return p // replayed by runFrom
	}
	t := f.levelTab[l]
	if l <= f.ff.from {
		return t.opt[f.ff.ent[f.placed[l]]] // solveF records the image
	}
	if !f.bitmask || t.indexed {
		return f.placed[l]
	}
	return t.opt[f.placed[l]]
}

// volumeOK applies the dynamic volume filter to the open cells.
func (f *fila64) volumeOK(o uint64) bool {
	w := f.w
	v := w.vol
	clear(v.counts)
	for s, cc := range f.fs.clsOf {
		v.counts[cc] = int(f.n[s])
		if f.n[s] >= unlimitedCount/2 {
			v.counts[cc] = -1
		}
	}
	v.componentSums(v.counts)
	h := ^o & f.full
	for h != 0 {
		comp := component64(h, f.nbMask) // from the lowest open cell
		if !v.reachable(bits.OnesCount64(comp)) {
			return false
		}
		h &^= comp
	}
	return true
}
