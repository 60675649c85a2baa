package native

import "math/bits"

// filaW is the Fixed Image List Algorithm for more than 64 open cells: the
// occupancy is a []uint64 updated in place, and an image's layout is the
// run of words w0[i] .. w0[i]+nw-1 that its cells touch (masks[ms[i]:
// ms[i+1]]), so that a fit test reads only those words. It is the general
// fallback; the hybrid search hands over to fila64 as soon as at most 64
// cells are open.
type filaW struct {
	w  *worker
	fs filaShape
	// Per model option: first word and masks.
	w0     []int32
	ms     []int32
	masks  []uint64
	words  int
	occ    []uint64
	open   int // open cells
	nbr    [][6]int32
	tabs   [4]*tableLayout
	lvlTab []*tableLayout
	step   int
	n      []int32
	s      []int32
	placed []int32
	depth  int
	m      []int32
	// cells of the model options, for the E heuristic and the volume filter
	cstart []int32
	cells  []int32
	check  bool
	volN   int
	seen   []bool
	stack  []int32
	cand   []int32 // E's and S's candidate cells at the node being chosen
	// eb holds the open cells by open-neighbour count for E (eOn: some
	// level uses E, and Config.eScan does not ask for the reference scan).
	eb  eBuckets
	eOn bool
	in  filaInput // for the hand-over to fila64
}

func (f *filaW) build(w *worker, in *filaInput, lvl0 int) {
	r := w.r
	pr := r.pr
	f.w = w
	fs := &f.fs
	fs.stop = &r.stopFlag
	fs.shapeFrom(pr, in)
	f.words = (fs.n + 63) / 64
	f.occ = make([]uint64, f.words)
	f.open = fs.n
	f.w0, f.ms, f.masks = f.w0[:0], append(f.ms[:0], 0), f.masks[:0]
	f.cstart, f.cells = append(f.cstart[:0], 0), f.cells[:0]
	for i, k := range fs.opts {
		if fs.stopped(i) {
			return // the search reads the flag before the model
		}
		cells := pr.optCells(int(k))
		lo, hi := int32(1<<30), int32(-1)
		for _, c := range cells {
			l := fs.local[c]
			lo, hi = min(lo, l/64), max(hi, l/64)
			f.cells = append(f.cells, l)
		}
		f.cstart = append(f.cstart, int32(len(f.cells)))
		base := len(f.masks)
		for range hi - lo + 1 {
			f.masks = append(f.masks, 0)
		}
		for _, c := range cells {
			l := fs.local[c]
			f.masks[base+int(l/64-lo)] |= 1 << (l % 64)
		}
		f.w0 = append(f.w0, lo)
		f.ms = append(f.ms, int32(len(f.masks)))
	}
	cellsOf := func(i int, buf []int32) []int32 {
		return append(buf, f.cells[f.cstart[i]:f.cstart[i+1]]...)
	}
	f.step = -1
	if in.byDepth {
		f.step = 1
	}
	f.check = in.hasUnl
	for _, e := range fs.exact {
		if !e {
			f.check = true
		}
	}
	for i := range f.tabs {
		if f.tabs[i] != nil {
			f.tabs[i].kind = -1
		}
	}
	f.lvlTab = f.lvlTab[:0]
	for lvl := range len(w.fits) {
		f.lvlTab = append(f.lvlTab, nil)
		if (f.step < 0 && lvl > lvl0) || (f.step > 0 && lvl < lvl0) {
			continue
		}
		h := r.heurAt(lvl)
		t := f.tabs[h]
		if t == nil {
			t = &tableLayout{kind: -1}
			f.tabs[h] = t
		}
		if t.kind != h {
			t.buildLayout(fs, h, r.cfg.NOF, r.radialRank, cellsOf, nil)
			if t.kind != h {
				// The stop flag cut the table short: laying it out again
				// for every level would clear its tables each time (tens
				// of seconds on a big board). The search reads the flag
				// before the model.
				return
			}
		}
		f.lvlTab[lvl] = t
	}
	f.n = append(f.n[:0], fs.count...)
	f.s = f.s[:0]
	for s := range fs.nCls {
		f.s = append(f.s, int32(s))
	}
	f.placed = make([]int32, fs.n+1)
	f.depth = 0
	f.m = make([]int32, len(w.fits)+2)
	f.volN = r.volN
	f.seen = make([]bool, fs.n)
	f.eOn = false
	if !r.cfg.eScan {
		for _, t := range f.lvlTab {
			if t != nil && t.kind == heurE {
				f.eOn = true
			}
		}
	}
	if f.eOn && !f.eb.init(fs) {
		f.eOn = false // stopped: the search reads the flag before the model
	}
}

// fits reports whether model option i fits the occupancy.
func (f *filaW) fits(i int32) bool {
	occ := f.occ[f.w0[i]:]
	ms := f.masks[f.ms[i]:f.ms[i+1]]
	for j, m := range ms {
		if occ[j]&m != 0 {
			return false
		}
	}
	return true
}

// toggle places or removes model option i.
func (f *filaW) toggle(i int32) {
	occ := f.occ[f.w0[i]:]
	for j, m := range f.masks[f.ms[i]:f.ms[i+1]] {
		occ[j] ^= m
	}
}

func (f *filaW) isOpen(l int32) bool { return f.occ[l/64]>>(l%64)&1 == 0 }

func (f *filaW) ilsi(nb *nbInfo) int32 {
	z := int32(0)
	for t := range nb.n {
		if !f.isOpen(int32(nb.k[t])) {
			z |= 1 << t
		}
	}
	return z
}

func (f *filaW) countFits(t *tableLayout, set int32, q, fmax int) int {
	stride := int32(f.fs.nCls + 1)
	offs := t.offs[set*stride : set*stride+stride]
	fc := 0
	for _, s := range f.s[:q] {
		for _, i := range t.members[offs[s]:offs[s+1]] {
			if f.fits(i) {
				fc++
				if fc >= fmax {
					return fc
				}
			}
		}
	}
	return fc
}

// openNeighbours counts the open model neighbours of local cell l.
func (f *filaW) openNeighbours(l int32) int {
	n := 0
	for _, m := range f.fs.nbLocal[l] {
		if m >= 0 && f.isOpen(m) {
			n++
		}
	}
	return n
}

// firstOpen returns the lowest open local cell at or after from.
func (f *filaW) firstOpen(from int32) int32 {
	for wi := int(from / 64); wi < f.words; wi++ {
		x := ^f.occ[wi]
		if wi == int(from/64) {
			x &= ^uint64(0) << (from % 64)
		}
		if x != 0 {
			return int32(wi*64 + bits.TrailingZeros64(x))
		}
	}
	return -1
}

// selectSet is selectFila on the multi-word occupancy; prev is the cell
// chosen by the parent for the F heuristic (all lower cells are filled).
func (f *filaW) selectSet(t *tableLayout, lvl, q int, from int32) (int32, int32) {
	switch t.kind {
	case heurF:
		c := f.firstOpen(from)
		return t.setBase[c] + f.ilsi(&t.nb[c]), c
	case heurRadial:
		m := int32(0)
		if prev := lvl - f.step; prev >= 0 && prev < len(f.lvlTab) && f.lvlTab[prev] == t {
			m = f.m[prev+1] + 1
		}
		for !f.isOpen(t.order[m]) {
			m++
		}
		f.m[lvl+1] = m
		c := t.order[m]
		return t.setBase[c] + f.ilsi(&t.nb[c]), 0
	}
	if t.kind == heurE && f.eOn {
		// The candidates are bucket k of eb, walked in cell order as the
		// scan below finds them; counting stops at a cell without a fit.
		k := f.eb.min()
		fmin, best := int(^uint(0)>>1), int32(-1)
		for l := f.eb.next(k, 0); l >= 0; l = f.eb.next(k, l+1) {
			set := t.setBase[l] + f.ilsi(&t.nb[l])
			if fc := f.countFits(t, set, q, fmin); fc < fmin {
				fmin, best = fc, set
				if fc == 0 {
					break
				}
			}
		}
		return best, 0
	}
	// The candidates, in increasing cell order: every open cell (S), or
	// those with the fewest open neighbours (E), found in one pass over
	// the open cells (the board is over 64 cells here: a second pass, or
	// one over the occupied cells too, doubled a cost paid at every node).
	n := int32(f.fs.n)
	cand := f.cand[:0]
	nmin := 7
	for wi, word := range f.occ {
		for m := ^word; m != 0; m &= m - 1 {
			l := int32(wi*64 + bits.TrailingZeros64(m))
			if l >= n {
				break
			}
			if t.kind == heurE {
				k := f.openNeighbours(l)
				if k > nmin {
					continue
				}
				if k < nmin {
					nmin, cand = k, cand[:0]
				}
			}
			cand = append(cand, l)
		}
	}
	f.cand = cand
	fmin, best := int(^uint(0)>>1), int32(-1)
	for _, l := range cand {
		set := t.setBase[l] + f.ilsi(&t.nb[l])
		if fc := f.countFits(t, set, q, fmin); fc < fmin {
			fmin, best = fc, set
			if fc == 0 {
				break
			}
		}
	}
	return best, 0
}

// solve is solveFila on the multi-word occupancy; from is the parent's F
// cell (-1 at the start).
func (f *filaW) solve(lvl, q int, from int32) {
	if f.w.r.stopFlag.Load() { // a node may scan the whole board: check each
		f.w.stop = true
		return
	}
	if f.open == 0 {
		f.leaf()
		return
	}
	if f.open <= 64 && !f.w.r.wideOnly && f.w.ho.pays() {
		f.handOver(lvl, q)
		return
	}
	w := f.w
	if f.volN > 0 && (f.step > 0 || lvl > f.volN) && !f.volumeOK() {
		return
	}
	t := f.lvlTab[lvl]
	// The F search may resume at the parent's cell only when the parent
	// used F too (then every lower cell is filled).
	if prev := lvl - f.step; from < 0 || prev < 0 || prev >= len(f.lvlTab) || f.lvlTab[prev] != t {
		from = 0
	}
	set, c := f.selectSet(t, lvl, q, from)
	if set < 0 {
		return
	}
	stride := int32(f.fs.nCls + 1)
	offs := t.offs[set*stride : set*stride+stride]
	next := lvl + f.step
	for j := 0; j < q; j++ {
		s := f.s[j]
		lo, hi := offs[s], offs[s+1]
		if lo == hi {
			continue
		}
		w.attempts[lvl] += int64(hi - lo)
		ns := f.n[s] - 1
		f.n[s] = ns
		qq := q
		if ns == 0 {
			qq--
			f.s[j], f.s[qq] = f.s[qq], s
		}
		for _, i := range t.members[lo:hi] {
			if !f.fits(i) {
				continue
			}
			size := int(f.cstart[i+1] - f.cstart[i])
			w.fits[lvl]++
			w.nodes++
			if w.nodes&pollMask == 0 {
				w.poll()
			}
			f.toggle(i)
			if f.eOn {
				f.eb.place(f.cells[f.cstart[i]:f.cstart[i+1]], f.fs.nbLocal, f.occ)
			}
			f.open -= size
			f.placed[f.depth] = i
			f.depth++
			f.solve(next, qq, c)
			f.depth--
			f.open += size
			if f.eOn {
				f.eb.unplace(f.cells[f.cstart[i]:f.cstart[i+1]], f.fs.nbLocal, f.occ)
			}
			f.toggle(i)
			if w.stop {
				break
			}
		}
		if ns == 0 {
			f.s[qq], f.s[j] = f.s[j], s
		}
		f.n[s] = ns + 1
		if w.stop {
			return
		}
	}
}

// handOver builds a 64-bit FILA model of the open cells and the options
// that still fit, and solves it: the multi-word search runs only while more
// than 64 cells are open.
func (f *filaW) handOver(lvl, q int) {
	w := f.w
	in := &f.in
	in.cells = in.cells[:0]
	for l := range int32(f.fs.n) {
		if f.isOpen(l) {
			in.cells = append(in.cells, f.fs.cellOf[l])
		}
	}
	if len(in.remain) != len(w.r.pr.classes) {
		in.remain = make([]int32, len(w.r.pr.classes))
	}
	clear(in.remain)
	avail := make([]bool, f.fs.nCls)
	for _, s := range f.s[:q] {
		avail[s] = true
		in.remain[f.fs.clsOf[s]] = f.n[s]
	}
	in.opts = in.opts[:0]
	for i, k := range f.fs.opts {
		if avail[f.fs.optCls[i]] && f.fits(int32(i)) {
			in.opts = append(in.opts, k)
		}
	}
	in.hasUnl, in.byDepth = w.fin.hasUnl, w.fin.byDepth
	base := len(w.path)
	for _, i := range f.placed[:f.depth] {
		w.path = append(w.path, f.fs.opts[i])
	}
	if w.f64 == nil {
		w.f64 = &fila64{}
	}
	w.filaKeyOK = false
	w.filaModels++
	n0 := w.nodes
	w.f64.build(w, in, lvl)
	w.f64.run()
	w.ho.built(w.nodes - n0)
	w.path = w.path[:base]
}

func (f *filaW) leaf() {
	if f.check {
		for s, e := range f.fs.exact {
			if e && f.n[s] != 0 {
				return
			}
		}
	}
	w := f.w
	base := len(w.path)
	for _, i := range f.placed[:f.depth] {
		w.path = append(w.path, f.fs.opts[i])
	}
	w.solution(w.path)
	w.path = w.path[:base]
}

func (f *filaW) volumeOK() bool {
	v := f.w.vol
	clear(v.counts)
	for s, cc := range f.fs.clsOf {
		v.counts[cc] = int(f.n[s])
		if f.n[s] >= unlimitedCount/2 {
			v.counts[cc] = -1
		}
	}
	v.componentSums(v.counts)
	clear(f.seen)
	for l := range int32(f.fs.n) {
		if f.seen[l] || !f.isOpen(l) {
			continue
		}
		size := 0
		f.stack = append(f.stack[:0], l)
		f.seen[l] = true
		for len(f.stack) > 0 {
			x := f.stack[len(f.stack)-1]
			f.stack = f.stack[:len(f.stack)-1]
			size++
			for _, y := range f.fs.nbLocal[x] {
				if y >= 0 && !f.seen[y] && f.isOpen(y) {
					f.seen[y] = true
					f.stack = append(f.stack, y)
				}
			}
		}
		if !v.reachable(size) {
			return false
		}
	}
	return true
}
