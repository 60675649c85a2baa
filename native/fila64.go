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
	// stay in the processor's caches.
	indexed bool
	idx     []uint16
}

// indexedEntries is the table size from which entries are indexed.
const indexedEntries = 32 << 10

// fcell is the per-cell part of a table: the first set of the cell and the
// neighbours read for its ILSI.
type fcell struct {
	base int32
	nbInfo
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
	// best and scratch are the fit caches of E and S, by level; maxSet is
	// the largest number of entries of a set in any table.
	best, scratch []fitCache
	maxSet        int
}

// build prepares the model for an input; tables are built for the
// heuristics that the levels from lvl0 on use.
func (f *fila64) build(w *worker, in *filaInput, lvl0 int) {
	r := w.r
	pr := r.pr
	f.w = w
	f.stop = w.stop
	f.budget = pollMask
	f.lvl0 = lvl0
	fs := &f.fs
	fs.shapeFrom(pr, in)
	f.stride = int32(fs.nCls + 1)
	f.full = ^uint64(0) >> (64 - fs.n)
	if fs.n == 0 {
		f.full = 0
	}
	f.optLay = f.optLay[:0]
	for _, k := range fs.opts {
		var l uint64
		for _, c := range pr.optCells(int(k)) {
			l |= 1 << fs.local[c]
		}
		f.optLay = append(f.optLay, l)
	}
	if f.lays == nil {
		f.lays = new([1 << 16]uint64)
	}
	copy(f.lays[:], f.optLay)
	f.nbMask = f.nbMask[:0]
	for l := range fs.n {
		var m uint64
		for _, x := range fs.nbLocal[l] {
			if x >= 0 {
				m |= 1 << x
			}
		}
		f.nbMask = append(f.nbMask, m)
	}
	cellsOf := func(i int, buf []int32) []int32 {
		for x := f.optLay[i]; x != 0; x &= x - 1 {
			buf = append(buf, int32(bits.TrailingZeros64(x)))
		}
		return buf
	}
	f.step = -1
	if in.byDepth {
		f.step = 1
	}
	f.bitmask = fs.nCls <= 64 && !r.warehouse
	f.recLen = fs.nCls + 3
	f.multi = 0
	for s, c := range fs.count {
		if c != 1 && s < 64 {
			f.multi |= 1 << s
		}
	}
	f.exactMask = 0
	f.checkCnt = in.hasUnl
	for s, e := range fs.exact {
		if e {
			if s < 64 {
				f.exactMask |= 1 << s
			}
		} else {
			f.checkCnt = true
		}
	}
	// Levels this run can visit and their heuristics.
	f.maxSet = 0
	f.levelTab = f.levelTab[:0]
	for i := range f.tabs {
		if f.tabs[i] != nil {
			f.tabs[i].kind = -1 // mark stale
		}
	}
	for lvl := range len(w.fits) {
		f.levelTab = append(f.levelTab, nil)
		if (f.step < 0 && lvl > lvl0) || (f.step > 0 && lvl < lvl0) {
			continue
		}
		h := r.heurAt(lvl)
		t := f.tabs[h]
		if t == nil {
			t = &table64{tableLayout: tableLayout{kind: -1}}
			f.tabs[h] = t
		}
		if t.kind != h {
			f.fillTable(t, h, cellsOf)
		}
		f.levelTab[lvl] = t
	}
	f.initCounts()
	// Warehouse.
	f.n = append(f.n[:0], fs.count...)
	f.s = f.s[:0]
	for s := range fs.nCls {
		f.s = append(f.s, int32(s))
	}
	for len(f.best) < len(w.fits)+2 {
		f.best = append(f.best, fitCache{})
		f.scratch = append(f.scratch, fitCache{})
	}
	f.placed = f.placed[:0]
	f.m = f.m[:0]
	f.pre = f.pre[:0]
	for range len(w.fits) + 2 {
		f.placed = append(f.placed, 0)
		f.m = append(f.m, -1)
		f.pre = append(f.pre, -1)
	}
	f.volN = r.volN
}

// initCounts prepares the bit-sliced open-neighbour counts when some level
// of this run uses the E heuristic.
func (f *fila64) initCounts() {
	f.cntOn = f.cntOn[:0]
	f.cnt = f.cnt[:0]
	any := false
	defer func() { f.anyCnt = any }()
	for range f.levelTab {
		f.cntOn = append(f.cntOn, false)
		f.cnt = append(f.cnt, [3]uint64{})
	}
	// Counts are needed at a level when it or a deeper one uses E.
	for l := f.lvl0; l >= 0 && l < len(f.levelTab); l += f.step {
		if f.levelTab[l] != nil && f.levelTab[l].kind == heurE {
			for m := f.lvl0; ; m += f.step {
				f.cntOn[m] = true
				if m == l {
					break
				}
			}
			any = true
		}
	}
	if !any {
		return
	}
	f.dec = f.dec[:0]
	var cnt [64]uint8
	for _, lay := range f.optLay {
		// m(x) = number of cells of the image adjacent to x.
		var touched uint64
		for y := lay; y != 0; y &= y - 1 {
			for _, x := range f.fs.nbLocal[bits.TrailingZeros64(y)] {
				if x >= 0 {
					cnt[x]++
					touched |= 1 << x
				}
			}
		}
		var v [3]uint64
		for x := touched; x != 0; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			k := cnt[c]
			cnt[c] = 0
			v[0] |= uint64(k&1) << c
			v[1] |= uint64(k>>1&1) << c
			v[2] |= uint64(k>>2&1) << c
		}
		f.dec = append(f.dec, v)
	}
	var v [3]uint64
	for c := range f.fs.n {
		k := bits.OnesCount64(f.nbMask[c])
		for b := range 3 {
			v[b] |= uint64(k>>b&1) << c
		}
	}
	f.cnt[f.lvl0] = v
}

// subCounts returns a - d on bit-sliced 3-bit counters.
func subCounts(a, d *[3]uint64) [3]uint64 {
	r0 := a[0] ^ d[0]
	b0 := ^a[0] & d[0]
	t1 := a[1] ^ d[1]
	r1 := t1 ^ b0
	b1 := (^a[1] & d[1]) | (^t1 & b0)
	r2 := a[2] ^ d[2] ^ b1
	return [3]uint64{r0, r1, r2}
}

// fewestOpen returns the open cells (h) with the fewest open neighbours.
func fewestOpen(c *[3]uint64, h uint64) uint64 {
	n0, n1, n2 := ^c[0], ^c[1], ^c[2]
	for k := range 7 {
		m := h
		if k&1 != 0 {
			m &= c[0]
		} else {
			m &= n0
		}
		if k&2 != 0 {
			m &= c[1]
		} else {
			m &= n1
		}
		if k&4 != 0 {
			m &= c[2]
		} else {
			m &= n2
		}
		if m != 0 {
			return m
		}
	}
	return h
}

// fillTable builds the image list sets of heuristic h.
func (f *fila64) fillTable(t *table64, h heurKind, cellsOf func(int, []int32) []int32) {
	fs := &f.fs
	t.buildLayout(fs, h, f.w.r.cfg.NOF, f.w.r.radialRank, cellsOf)
	t.idx, t.lay, t.opt = t.idx[:0], t.lay[:0], t.opt[:0]
	t.indexed = len(fs.opts) <= 1<<16 && len(t.members) >= indexedEntries && f.bitmask
	if t.indexed {
		for _, i := range t.members {
			t.idx = append(t.idx, uint16(i))
		}
	} else {
		for _, i := range t.members {
			t.lay = append(t.lay, f.optLay[i])
			t.opt = append(t.opt, i)
		}
	}
	for l := range fs.n {
		t.cells[l] = fcell{base: t.setBase[l], nbInfo: t.nb[l]}
	}
	sets := (len(t.offs) - 1) / int(f.stride)
	for z := range sets {
		base := z * int(f.stride)
		f.maxSet = max(f.maxSet, int(t.offs[base+fs.nCls]-t.offs[base]))
	}
	t.nonEmpty = t.nonEmpty[:0]
	t.recs = t.recs[:0]
	for z := range sets {
		var m uint64
		o := t.offs[z*int(f.stride):]
		for s := 0; s < fs.nCls && s < 64; s++ {
			if o[s] != o[s+1] {
				m |= 1 << s
			}
		}
		t.nonEmpty = append(t.nonEmpty, m)
		t.recs = append(t.recs, uint32(m), uint32(m>>32))
		for s := 0; s <= fs.nCls; s++ {
			t.recs = append(t.recs, uint32(o[s]))
		}
	}
}

// ilsi64 computes the compact image list set index of a cell: bit t is
// the occupancy of neighbour k[t] (the unrolled form of the article's
// getIlsiXX family: only neighbours that may be open are read).
func ilsi64(nb *nbInfo, o uint64) int32 {
	z := uint64(0)
	switch nb.n {
	case 6:
		z |= (o >> (nb.k[5] & 63) & 1) << 5
		fallthrough
	case 5:
		z |= (o >> (nb.k[4] & 63) & 1) << 4
		fallthrough
	case 4:
		z |= (o >> (nb.k[3] & 63) & 1) << 3
		fallthrough
	case 3:
		z |= (o >> (nb.k[2] & 63) & 1) << 2
		fallthrough
	case 2:
		z |= (o >> (nb.k[1] & 63) & 1) << 1
		fallthrough
	case 1:
		z |= o >> (nb.k[0] & 63) & 1
	}
	return int32(z)
}

// countFits counts the images of set that fit, over the available classes
// (the bitmask avail, or the first q of the warehouse), stopping at fmax.
func (f *fila64) countFits(t *table64, set int32, q int, avail, o uint64, fmax int) int {
	offs := t.offs[set*f.stride : set*f.stride+f.stride]
	fc := 0
	if f.bitmask && t.indexed {
		lays := f.lays
		for m := avail & t.nonEmpty[set]; m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			for _, i := range t.idx[offs[s]:offs[s+1]] {
				if o&lays[i] == 0 {
					fc++
					if fc >= fmax {
						return fc
					}
				}
			}
		}
		return fc
	}
	if f.bitmask {
		for m := avail & t.nonEmpty[set]; m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			for _, l := range t.lay[offs[s]:offs[s+1]] {
				if o&l == 0 {
					fc++
					if fc >= fmax {
						return fc
					}
				}
			}
		}
		return fc
	}
	for _, s := range f.s[:q] {
		for _, l := range t.lay[offs[s]:offs[s+1]] {
			if o&l == 0 {
				fc++
				if fc >= fmax {
					return fc
				}
			}
		}
	}
	return fc
}

// fitCache holds the images that fit the cell chosen by E or S at one
// level: counting the fits of the winning candidate (which always runs to
// completion) records them, so that the search does not test them again.
type fitCache struct {
	ent []int32  // fitting entries: model options (indexed tables) or table entries
	seg []fitSeg // ent is grouped by class
	att int64    // attempts: the sizes of the available lists of the set
}

// fitSeg is the run of fitting entries of class s, ending at ent[end].
type fitSeg struct{ s, end int32 }

// countInto counts the fits of set like countFits, recording them in c,
// and stops (with a useless c) at fmax. The entries are written without
// branches into a buffer that can hold any set (maxSet entries).
func (f *fila64) countInto(t *table64, set int32, avail, o uint64, fmax int, c *fitCache) int {
	rec := t.recs[int(set)*f.recLen:]
	if cap(c.ent) < f.maxSet {
		c.ent = make([]int32, f.maxSet)
	}
	ent := c.ent[:cap(c.ent)]
	seg := c.seg[:0]
	att := int64(0)
	n := 0
	lays := f.lays
	for m := avail & (uint64(rec[0]) | uint64(rec[1])<<32); m != 0; m &= m - 1 {
		s := bits.TrailingZeros64(m)
		lo, hi := rec[2+s], rec[3+s]
		att += int64(hi - lo)
		n0 := n
		if t.indexed {
			for _, i := range t.idx[lo:hi] {
				ent[n] = int32(i)
				z := o & lays[i]
				n += int((z|-z)>>63 ^ 1)
				if n >= fmax {
					return n
				}
			}
		} else {
			for j, l := range t.lay[lo:hi] {
				ent[n] = int32(lo) + int32(j)
				z := o & l
				n += int((z|-z)>>63 ^ 1)
				if n >= fmax {
					return n
				}
			}
		}
		if n > n0 {
			seg = append(seg, fitSeg{int32(s), int32(n)})
		}
	}
	c.ent, c.seg, c.att = ent[:n], seg, att
	return n
}

// selectCached is selectFila for E and S on the bitmask path: it leaves
// the fits of the chosen cell in f.best[lvl] and reports whether some cell
// was chosen.
func (f *fila64) selectCached(t *table64, lvl int, avail, o uint64) bool {
	h := ^o & f.full
	cand := h
	if t.kind == heurE {
		cand = fewestOpen(&f.cnt[lvl], h)
	}
	fmin := int(^uint(0) >> 1)
	best, scratch := &f.best[lvl], &f.scratch[lvl]
	found := false
	for x := cand; x != 0; x &= x - 1 {
		fc := &t.cells[bits.TrailingZeros64(x)&63]
		set := fc.base + ilsi64(&fc.nbInfo, o)
		if n := f.countInto(t, set, avail, o, fmin, scratch); n < fmin {
			fmin, found = n, true
			*best, *scratch = *scratch, *best
			if n == 0 {
				break
			}
		}
	}
	return found
}

// selectSet is selectFila: it returns the image list set to try, or -1
// when some open cell can take no image.
func (f *fila64) selectSet(t *table64, lvl, q int, avail, o uint64) int32 {
	switch t.kind {
	case heurF:
		fc := &t.cells[bits.TrailingZeros64(^o)&63]
		return fc.base + ilsi64(&fc.nbInfo, o)
	case heurRadial:
		// Resume after the parent's cell when the parent used this order
		// too (f.m is indexed by level + 1).
		m := int32(0)
		if prev := lvl - f.step; prev >= 0 && prev < len(f.levelTab) && f.levelTab[prev] == t {
			m = f.m[prev+1] + 1
		}
		for o>>t.order[m]&1 != 0 {
			m++
		}
		f.m[lvl+1] = m
		fc := &t.cells[t.order[m]&63]
		return fc.base + ilsi64(&fc.nbInfo, o)
	case heurE:
		h := ^o & f.full
		fmin, best := int(^uint(0)>>1), int32(-1)
		for x := fewestOpen(&f.cnt[lvl], h); x != 0; x &= x - 1 {
			fc := &t.cells[bits.TrailingZeros64(x)&63]
			set := fc.base + ilsi64(&fc.nbInfo, o)
			if n := f.countFits(t, set, q, avail, o, fmin); n < fmin {
				fmin, best = n, set
				if n == 0 {
					break
				}
			}
		}
		return best
	default: // heurS
		h := ^o & f.full
		fmin, best := int(^uint(0)>>1), int32(-1)
		for x := h; x != 0; x &= x - 1 {
			fc := &t.cells[bits.TrailingZeros64(x)&63]
			set := fc.base + ilsi64(&fc.nbInfo, o)
			if n := f.countFits(t, set, q, avail, o, fmin); n < fmin {
				fmin, best = n, set
				if n == 0 {
					break
				}
			}
		}
		return best
	}
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
	f.best[f.lvl0].ent = f.best[f.lvl0].ent[:0]
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
	if f.rootHi > f.rootLo {
		return float64(p-f.rootLo) / float64(f.rootHi-f.rootLo)
	}
	if ent := f.best[f.lvl0].ent; len(ent) > 0 {
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
		} else {
			set = fc.base + ilsi64(&fc.nbInfo, o)
		}
	case heurE, heurS:
		if f.selectCached(t, lvl, avail, o) {
			f.solveCached(t, lvl, avail, o)
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
				f.placed[lvl] = int32(i)
				if keepCounts {
					f.cnt[next] = subCounts(&f.cnt[lvl], &f.dec[i])
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
				f.placed[lvl] = int32(lo) + int32(i)
				if keepCounts {
					f.cnt[next] = subCounts(&f.cnt[lvl], &f.dec[t.opt[int(lo)+i]])
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
}

// solveCached is the loop of solveFast over the fits cached by
// selectCached for level lvl.
func (f *fila64) solveCached(t *table64, lvl int, avail, o uint64) {
	c := &f.best[lvl]
	next := lvl + f.step
	keepCounts := f.anyCnt && f.cntOn[next]
	var fits int64
	start := int32(0)
	for _, sg := range c.seg {
		s := sg.s
		bit := uint64(1) << (s & 63)
		av := avail &^ bit
		multi := f.multi&bit != 0
		if multi {
			f.n[s]--
			if f.n[s] != 0 {
				av = avail
			}
		}
		for _, e := range c.ent[start:sg.end] {
			var l uint64
			opt := e
			if t.indexed {
				l = f.lays[uint16(e)]
			} else {
				l = t.lay[e]
				opt = t.opt[e]
			}
			fits++
			f.placed[lvl] = e
			if keepCounts {
				f.cnt[next] = subCounts(&f.cnt[lvl], &f.dec[opt])
			}
			f.solveFast(next, av, o|l)
			if f.stop {
				break
			}
		}
		start = sg.end
		if multi {
			f.n[s]++
		}
		if f.stop {
			break
		}
	}
	f.fitsL[lvl] += fits
	f.attL[lvl] += c.att
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
				f.cnt[next] = subCounts(&f.cnt[lvl], &f.dec[f.placed[lvl]])
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
	v.sums(v.counts)
	h := ^o & f.full
	for h != 0 {
		// Flood fill from the lowest open cell.
		comp := h & -h
		for {
			grow := comp
			for x := comp; x != 0; x &= x - 1 {
				grow |= f.nbMask[bits.TrailingZeros64(x)]
			}
			grow &= h
			if grow == comp {
				break
			}
			comp = grow
		}
		if !v.reachable(bits.OnesCount64(comp)) {
			return false
		}
		h &^= comp
	}
	return true
}
