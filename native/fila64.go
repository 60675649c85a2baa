package native

import "math/bits"

// table64 is one heuristic's image list sets A[c][z] with the layouts
// inlined: lay[i] is the occupancy bitfield of list entry i and opt[i] the
// model option it stands for. nonEmpty[set] has bit s set when the list of
// class s in the set is not empty.
type table64 struct {
	tableLayout
	lay      []uint64
	opt      []int32
	nonEmpty []uint64
	cells    []fcell
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
	f.placed = f.placed[:0]
	f.m = f.m[:0]
	for range len(w.fits) + 2 {
		f.placed = append(f.placed, 0)
		f.m = append(f.m, -1)
	}
	f.volN = r.volN
}

// initCounts prepares the bit-sliced open-neighbour counts when some level
// of this run uses the E heuristic.
func (f *fila64) initCounts() {
	f.cntOn = f.cntOn[:0]
	f.cnt = f.cnt[:0]
	any := false
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
	for _, lay := range f.optLay {
		var v [3]uint64
		// m(x) = number of cells of the image adjacent to x.
		for c := range f.fs.n {
			k := bits.OnesCount64(f.nbMask[c] & lay)
			for b := range 3 {
				v[b] |= uint64(k>>b&1) << c
			}
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
	t.cells = t.cells[:0]
	for l := range fs.n {
		t.cells = append(t.cells, fcell{base: t.setBase[l], nbInfo: t.nb[l]})
	}
	sets := (len(t.offs) - 1) / int(f.stride)
	t.nonEmpty = t.nonEmpty[:0]
	for z := range sets {
		var m uint64
		o := t.offs[z*int(f.stride):]
		for s := 0; s < fs.nCls && s < 64; s++ {
			if o[s] != o[s+1] {
				m |= 1 << s
			}
		}
		t.nonEmpty = append(t.nonEmpty, m)
	}
}

// ilsi64 computes the compact image list set index of a cell: bit t is
// the occupancy of neighbour k[t] (the unrolled form of the article's
// getIlsiXX family: only neighbours that may be open are read).
func ilsi64(nb *nbInfo, o uint64) int32 {
	z := uint64(0)
	switch nb.n {
	case 6:
		z |= (o >> nb.k[5] & 1) << 5
		fallthrough
	case 5:
		z |= (o >> nb.k[4] & 1) << 4
		fallthrough
	case 4:
		z |= (o >> nb.k[3] & 1) << 3
		fallthrough
	case 3:
		z |= (o >> nb.k[2] & 1) << 2
		fallthrough
	case 2:
		z |= (o >> nb.k[1] & 1) << 1
		fallthrough
	case 1:
		z |= o >> nb.k[0] & 1
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

// selectSet is selectFila: it returns the image list set to try, or -1
// when some open cell can take no image.
func (f *fila64) selectSet(t *table64, lvl, q int, avail, o uint64) int32 {
	switch t.kind {
	case heurF:
		c := bits.TrailingZeros64(^o)
		fc := &t.cells[c]
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
		fc := &t.cells[t.order[m]]
		return fc.base + ilsi64(&fc.nbInfo, o)
	case heurE:
		h := ^o & f.full
		fmin, best := int(^uint(0)>>1), int32(-1)
		for x := fewestOpen(&f.cnt[lvl], h); x != 0; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			fc := &t.cells[c]
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
			c := bits.TrailingZeros64(x)
			fc := &t.cells[c]
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

// tick is called every pollMask+1 nodes: cancellation and progress.
func (f *fila64) tick() {
	f.budget = pollMask
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
	if t.kind == heurF {
		c := bits.TrailingZeros64(^o)
		fc := &t.cells[c]
		if fc.n == 2 { // the common case in 2D, inline
			set = fc.base + int32(o>>fc.k[0]&1|(o>>fc.k[1]&1)<<1)
		} else {
			set = fc.base + ilsi64(&fc.nbInfo, o)
		}
	} else if set = f.selectSet(t, lvl, 0, avail, o); set < 0 {
		return
	}
	offs := t.offs[set*f.stride : set*f.stride+f.stride]
	next := lvl + f.step
	var fits, att int64
	for m := avail & t.nonEmpty[set]; m != 0; m &= m - 1 {
		s := bits.TrailingZeros64(m)
		lo, hi := offs[s], offs[s+1]
		att += int64(hi - lo)
		ns := f.n[s] - 1
		f.n[s] = ns
		av := avail
		if ns == 0 {
			av &^= 1 << s
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
				if f.cntOn[next] {
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
				f.placed[lvl] = t.opt[int(lo)+i]
				if f.cntOn[next] {
					f.cnt[next] = subCounts(&f.cnt[lvl], &f.dec[f.placed[lvl]])
				}
				f.solveFast(next, av, o|l)
				if f.stop {
					break
				}
			}
		}
		f.n[s] = ns + 1
		if f.stop {
			break
		}
	}
	w := f.w
	w.fits[lvl] += fits
	w.attempts[lvl] += att
	w.nodes += fits
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
	w := f.w
	w.fits[lvl] += fits
	w.attempts[lvl] += att
	w.nodes += fits
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
		w.path = append(w.path, f.fs.opts[f.placed[l]])
	}
	w.solution(w.path)
	w.path = w.path[:base]
	if w.stop {
		f.stop = true
	}
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
