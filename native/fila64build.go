package native

import (
	"math/bits"
	"slices"
)

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
	if haveSelectVec && len(fs.opts) <= 1<<16 {
		if f.clsShift == nil {
			f.clsShift = new([1 << 16]uint8)
		}
		for i, c := range fs.optCls {
			f.clsShift[i] = uint8(63 - c)
		}
	}
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
	// The fit caches: two halves of maxSet entries a level, for the
	// levels the model can select at: lvl0 and, as each piece covers a
	// cell, at most fs.n-1 more in the direction of step. Sized by the
	// run's levels (with an unlimited piece, one a cell of the board) the
	// buffer took 8 x maxSet bytes a level: 620 MB for an 8x8 corner of
	// unlimited hexominoes beside 61,440 cells pinned before FILA (a
	// fatal "out of memory" under a 2 GB address-space limit), where
	// these 65 levels take 655 KB.
	levels := len(w.fits) + 2
	span := min(fs.n+1, levels)
	f.fitLo = lvl0
	if f.step < 0 {
		f.fitLo = max(0, lvl0-span+1)
	}
	if need := 2 * span * f.maxSet; len(f.fitBuf) < need {
		f.fitBuf = make([]int32, need)
	}
	f.fitN = slices.Grow(f.fitN[:0], levels)[:levels]
	f.fitSel = slices.Grow(f.fitSel[:0], levels)[:levels]
	clear(f.fitN)
	f.placed = f.placed[:0]
	f.m = f.m[:0]
	f.pre = f.pre[:0]
	for range len(w.fits) + 2 {
		f.placed = append(f.placed, 0)
		f.m = append(f.m, -1)
		f.pre = append(f.pre, -1)
	}
	f.volN = r.volN
	f.memoSetup()
	f.buildFastF()
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
	// Counts are needed at a level when it or a deeper one uses E: from
	// lvl0 to the deepest E level (one pass: marking the levels above
	// every E level in turn was quadratic in the levels, 8 s for the
	// 73,728 levels of a first tiling of 384x384 dominoes).
	last := -1
	for l := f.lvl0; l >= 0 && l < len(f.levelTab); l += f.step {
		if f.levelTab[l] != nil && f.levelTab[l].kind == heurE {
			last = l
		}
	}
	if last < 0 {
		return
	}
	for m := f.lvl0; ; m += f.step {
		f.cntOn[m] = true
		if m == last {
			break
		}
	}
	any = true
	f.dec = f.dec[:0]
	for _, lay := range f.optLay {
		f.dec = append(f.dec, adjCounts(lay, f.nbMask))
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

// adjCounts returns, bit-sliced, the number of cells of the image lay
// adjacent to each cell x (nb[c] has the model neighbours of cell c): the
// neighbour masks of its cells added into 3-bit counters (at most 6).
func adjCounts(lay uint64, nb []uint64) [3]uint64 {
	var v0, v1, v2 uint64
	for y := lay; y != 0; y &= y - 1 {
		m := nb[bits.TrailingZeros64(y)]
		c0 := v0 & m
		v0 ^= m
		c1 := v1 & c0
		v1 ^= c0
		v2 ^= c1
	}
	return [3]uint64{v0, v1, v2}
}

// subCounts sets r to a - d on bit-sliced 3-bit counters. (Small
// enough to be inlined: it runs once per fit of the E levels.)
func subCounts(r, a, d *[3]uint64) {
	a0, a1, d0, d1 := a[0], a[1], d[0], d[1]
	b0 := d0 &^ a0 // borrows
	t1 := a1 ^ d1
	r[0], r[1], r[2] = a0^d0, t1^b0, a[2]^d[2]^(d1&^a1|b0&^t1)
}

// fewestOpen returns the open cells (h) with the fewest open neighbours:
// the first k = 0, 1, ... 6 for which some cell of h has the counter k,
// bit b of k choosing plane b or its complement (c[b] ^ -(k>>b&1) is
// the complement when the bit is set). Small enough to be inlined.
func fewestOpen(c *[3]uint64, h uint64) uint64 {
	c0, c1, c2 := c[0], c[1], c[2]
	for k := uint64(0); k < 7; k++ {
		if m := h &^ (c0 ^ -(k & 1)) &^ (c1 ^ -(k >> 1 & 1)) &^ (c2 ^ -(k >> 2)); m != 0 {
			return m
		}
	}
	return h
}

// fillTable builds the image list sets of heuristic h.
func (f *fila64) fillTable(t *table64, h heurKind, cellsOf func(int, []int32) []int32) {
	fs := &f.fs
	if !t.layoutSlots(fs, h, f.w.r.cfg.NOF, f.w.r.radialRank, cellsOf, f.optLay) {
		// Cut short by the stop flag (t.kind is -1): an empty table,
		// never read past the flag, but consistent.
		clear(t.offs)
		t.slots, t.slotEnd = t.slots[:0], t.slotEnd[:0]
	}
	n := int(t.offs[len(t.offs)-1])
	t.indexed = len(fs.opts) <= 1<<16 && n >= indexedEntries && f.bitmask
	vec := haveSelectVec && !f.w.r.cfg.scalarCount && f.bitmask && (h == heurE || h == heurS) && (t.indexed || n <= 1<<16)
	pad := 0
	if vec {
		pad = 4
	}
	optLay := f.optLay
	if vec && t.indexed {
		// The slots straight into idx, lay and ecls: members, and a
		// second pass copying every entry from them, cost 90 M
		// instructions a shard of the Tetris Cube.
		t.fillVecIndexed(n, f.lays, f.clsShift)
		t.members = t.members[:0]
	} else {
		t.fillMembers(fs)
	}
	switch {
	case vec && t.indexed: // filled by fillVecIndexed
	case vec:
		// Every entry's layout, 63 minus its class and its number (what
		// the fit cache records).
		t.lay = slices.Grow(t.lay[:0], n+pad)[:n+pad]
		t.idx = slices.Grow(t.idx[:0], n+pad)[:n+pad]
		t.ecls = slices.Grow(t.ecls[:0], n+pad)[:n+pad]
		lay, idx, ecls := t.lay[:n], t.idx[:n], t.ecls[:n]
		for j, i := range t.members {
			idx[j], lay[j], ecls[j] = uint16(j), optLay[i], uint8(63-fs.optCls[i])
		}
	case t.indexed:
		t.idx = slices.Grow(t.idx[:0], n)[:n]
		idx := t.idx[:n]
		for j, i := range t.members {
			idx[j] = uint16(i)
		}
	}
	if vec {
		// selectVec's pad entries, which no class takes.
		for j := n; j < n+pad; j++ {
			t.lay[j], t.ecls[j], t.idx[j] = ^uint64(0), 255, 0
		}
		if hook := f.w.r.cfg.onVecTable; hook != nil {
			hook(t.indexed)
		}
	} else {
		t.ecls = t.ecls[:0]
		if !t.indexed {
			t.idx = t.idx[:0]
		}
	}
	if !t.indexed {
		t.opt = slices.Grow(t.opt[:0], n)[:n]
		opt := t.opt[:n]
		copy(opt, t.members)
		if !vec {
			t.lay = slices.Grow(t.lay[:0], n)[:n]
			lay := t.lay[:n]
			for j, i := range t.members {
				lay[j] = optLay[i]
			}
		}
	}
	for l := range fs.n {
		nb := t.nb[l]
		pm := uint64(0)
		for _, k := range nb.k[:nb.n] {
			pm |= 1 << (k & 63)
		}
		t.cells[l] = fcell{base: t.setBase[l], nbInfo: nb, pm: pm}
	}
	sets := (len(t.offs) - 1) / int(f.stride)
	for z := range sets {
		base := z * int(f.stride)
		f.maxSet = max(f.maxSet, int(t.offs[base+fs.nCls]-t.offs[base])+4)
	}
	// One pass a set, without a branch on the lists (every set's record
	// is built at every hand-over).
	stride, nc := int(f.stride), min(fs.nCls, 64)
	t.nonEmpty = slices.Grow(t.nonEmpty[:0], sets)[:sets]
	t.recs = slices.Grow(t.recs[:0], sets*f.recLen)[:sets*f.recLen]
	nonEmpty, recs := t.nonEmpty, t.recs
	for z := range sets {
		var m uint64
		o := t.offs[z*stride : z*stride+stride]
		rec := recs[z*f.recLen : z*f.recLen+f.recLen]
		for s := range nc {
			// The list is not empty when its end passes its start
			// (offsets below 2^31): the sign of start minus end.
			m |= uint64(uint32(o[s]-o[s+1])>>31) << s
		}
		nonEmpty[z] = m
		rec[0], rec[1] = uint32(m), uint32(m>>32)
		for s, v := range o {
			rec[2+s] = uint32(v)
		}
	}
}

// fillVecIndexed is fillMembers for an indexed table that selectVec
// counts: each option's slots write its index, layout and class byte
// (lays and shift, by option) into idx, lay and ecls, which it sizes
// for the n entries and selectVec's 4 of padding (left to the caller).
func (t *table64) fillVecIndexed(n int, lays *[1 << 16]uint64, shift *[1 << 16]uint8) {
	t.lay = slices.Grow(t.lay[:0], n+4)[:n+4]
	t.idx = slices.Grow(t.idx[:0], n+4)[:n+4]
	t.ecls = slices.Grow(t.ecls[:0], n+4)[:n+4]
	need := len(t.offs) - 1
	if cap(t.cur) < need {
		t.cur = make([]int32, need)
	}
	cur := t.cur[:need]
	copy(cur, t.offs[:need])
	idx, lay, ecls, slots := t.idx[:n], t.lay[:n], t.ecls[:n], t.slots
	start := int32(0)
	for i, end := range t.slotEnd {
		u := uint16(i)
		l, c := lays[u], shift[u]
		for _, p := range slots[start:end] {
			j := cur[p]
			idx[j], lay[j], ecls[j] = u, l, c
			cur[p] = j + 1
		}
		start = end
	}
}
