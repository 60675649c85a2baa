package native

import "math/bits"

// The fixed-order F levels of the 64-bit FILA, specialised.
//
// Below the level where F takes over for good, solveFast's node does the
// same work at every node: the first open cell c, its image list set z
// (ILSI), and for every available class the list of (z, class), each
// image tested against the occupancy. solveF does that search, with the
// same tree, the same order of children and the same statistics, as bit
// operations on the images anchored at c. Every class owns a range of
// bits (as many as its most images anchored at one cell; all classes
// must fit in 64 bits), and the images of a class anchored at c take the
// lowest bits of its range in option order, so that
//
//   - the images of set z form a mask, those of the available classes
//     another (am, the same at every cell, updated as pieces are placed):
//     their intersection is what solveFast tries, and its popcount is the
//     level's attempts;
//   - the images that meet the occupied cells are the union of six (or
//     more) table entries indexed by the nibbles of the occupancy above c;
//     the images that fit are the others of that intersection;
//   - the children are the set bits of that mask, in increasing order,
//     which is solveFast's order (classes ascending, each list in option
//     order), so the memo table sees the same sequence of nodes.
//
// It serves only models whose levels from fastF.from down to 0 all use F
// on a plain (non-indexed) table, with one copy of every class, no
// open-neighbour counts and no dynamic volume filter at those levels.

// fCell is a cell's part of the specialised F table: its ILSI
// neighbours, its first set mask in fastF.mask and its first nibble table
// in fastF.blk.
type fCell struct {
	// k are the cells read for the ILSI (nbInfo.k), the unused ones
	// being the cell itself, which is open: they add 0 bits to z.
	k   [6]uint8
	msk int32
	blk int32
}

// fastF is the specialised table of a model's F levels. Every class s
// owns the bits rng[s] of an image mask, as many as the most images of s
// anchored at one cell; at cell c the images of s, in option order, take
// the lowest of those bits. The mask of the available classes is then the
// same at every cell.
type fastF struct {
	from  int // highest level served (-1: none)
	cells [64]fCell
	// lay[c][b] and ent[c*64+b] are the occupancy and the table entry
	// (in set 0 of the cell, whose lists hold all its images) of image b
	// of cell c; mask[cells[c].msk+z] has the images of set z. solveF
	// records c*64+b in placed (entryOption reads ent).
	lay  [][64]uint64
	ent  []int32
	mask []uint64
	rng  [64]uint64 // class -> its bits
	cls  [64]uint8  // bit -> class
	// blk[cells[c].blk+16*j+v] has the images of cell c that cover one of
	// the cells c+1+4j+i for the bits i of v: the images that meet o are
	// the union over j < nBlk of the entries for nibble j of o>>(c+1).
	blk  []uint64
	nBlk int
	// lay6 and blk6 are lay and blk (when nBlk is fastFBlk6, copied to
	// blkc) as arrays by cell, read without bounds checks.
	blkc []([16 * fastFBlk6]uint64)
	lay6 *[64][64]uint64
	blk6 *[64][16 * fastFBlk6]uint64
	nZ   int // the most ILSI neighbours of a cell
}

// fastFBlk6 is the number of nibble tables that solveF reads unrolled:
// images reaching at most 24 cells past their first cell (pentominoes in
// a box 6 cells high).
const fastFBlk6 = 6

// buildFastF decides from which level solveF serves the model and builds
// its table; called by build once the level tables are known.
func (f *fila64) buildFastF() {
	ff := &f.ff
	ff.from = -1
	cfg := &f.w.r.cfg
	if cfg.noFastF || !f.bitmask || f.multi != 0 || f.step >= 0 || f.fs.nCls > 64 {
		return
	}
	top := -1
	var t *table64
	for l := 0; l <= f.lvl0 && l < len(f.levelTab); l++ {
		lt := f.levelTab[l]
		if lt == nil || lt.kind != heurF || lt.indexed || (t != nil && lt != t) {
			break
		}
		if f.anyCnt && f.cntOn[l] {
			break
		}
		if f.volN > 0 && l > f.volN {
			break
		}
		t = lt
		top = l
	}
	if top < 0 || !f.fillFastF(t) {
		return
	}
	ff.from = top
	for len(ff.lay) < 64 {
		ff.lay = append(ff.lay, [64]uint64{})
	}
	ff.lay6 = (*[64][64]uint64)(ff.lay)
	if ff.nBlk == fastFBlk6 {
		ff.blkc = ff.blkc[:0]
		for c := range 64 {
			var b [16 * fastFBlk6]uint64
			if c < f.fs.n {
				copy(b[:], ff.blk[ff.cells[c].blk:])
			}
			ff.blkc = append(ff.blkc, b)
		}
		ff.blk6 = (*[64][16 * fastFBlk6]uint64)(ff.blkc)
	}
	if cfg.onFastF != nil {
		cfg.onFastF(top, f.ff.nBlk)
	}
}

// fillFastF builds the specialised table from the F table t; false when
// the classes need more than 64 bits.
func (f *fila64) fillFastF(t *table64) bool {
	ff := &f.ff
	nCls := f.fs.nCls
	// Bits per class: its most images at one cell.
	var width [64]int
	for c := range f.fs.n {
		rec := t.recs[int(t.cells[c].base)*f.recLen:]
		for s := range nCls {
			width[s] = max(width[s], int(rec[3+s]-rec[2+s]))
		}
	}
	pos := 0
	ff.rng, ff.cls = [64]uint64{}, [64]uint8{}
	for s := range nCls {
		if pos+width[s] > 64 {
			return false
		}
		for b := pos; b < pos+width[s]; b++ {
			ff.rng[s] |= 1 << b
			ff.cls[b] = uint8(s)
		}
		pos += width[s]
	}
	ff.lay = ff.lay[:0]
	ff.ent = ff.ent[:0]
	ff.mask = ff.mask[:0]
	ff.nZ = 0
	ff.blk = ff.blk[:0]
	ff.nBlk = 0
	for c := range f.fs.n {
		rec := t.recs[int(t.cells[c].base)*f.recLen:]
		for e := rec[2]; e < rec[2+nCls]; e++ {
			ff.nBlk = max(ff.nBlk, (bits.Len64(t.lay[e])-1-c+3)/4)
		}
	}
	if ff.nBlk < fastFBlk6 {
		ff.nBlk = fastFBlk6 // the unrolled case
	}
	for c := range f.fs.n {
		fc := &t.cells[c]
		base := int(fc.base)
		rec := t.recs[base*f.recLen:]
		var lay [64]uint64
		var ent [64]int32
		for s := range nCls {
			b := bits.TrailingZeros64(ff.rng[s])
			for e := int(rec[2+s]); e < int(rec[3+s]); e++ {
				lay[b], ent[b] = t.lay[e], int32(e)
				b++
			}
		}
		ff.lay = append(ff.lay, lay)
		ff.ent = append(ff.ent, ent[:]...)
		cell := fCell{msk: int32(len(ff.mask)), blk: int32(len(ff.blk))}
		for t := range cell.k {
			cell.k[t] = uint8(c)
			if t < int(fc.n) {
				cell.k[t] = fc.k[t]
			}
		}
		ff.nZ = max(ff.nZ, int(fc.n))
		ff.cells[c] = cell
		// Nibble tables: cov[d] has the images covering cell c+1+d.
		var cov [64]uint64
		for b, l := range lay {
			for x := l >> (c + 1); x != 0; x &= x - 1 {
				cov[bits.TrailingZeros64(x)] |= 1 << b
			}
		}
		for j := range ff.nBlk {
			var tab [16]uint64
			for v := 1; v < 16; v++ {
				if d := 4*j + bits.TrailingZeros(uint(v)); d < 64 {
					tab[v] = tab[v&(v-1)] | cov[d]
				} else {
					tab[v] = tab[v&(v-1)]
				}
			}
			ff.blk = append(ff.blk, tab[:]...)
		}
		// Set masks: the list (z, s) is a subsequence of (0, s), both in
		// option order.
		for z := range 1 << fc.n {
			r := t.recs[(base+z)*f.recLen:]
			var m uint64
			for s := range nCls {
				b := bits.TrailingZeros64(ff.rng[s])
				p := int(rec[2+s])
				for e := int(r[2+s]); e < int(r[3+s]); e++ {
					for p < int(rec[3+s]) && t.opt[p] != t.opt[e] {
						p++
						b++
					}
					if p == int(rec[3+s]) {
						return false // not a sublist: never built so
					}
					m |= 1 << b
				}
			}
			ff.mask = append(ff.mask, m)
		}
	}
	return true
}

// solveF is solveFast on the levels that fastF serves.
func (f *fila64) solveF(lvl int, avail, o uint64) {
	var am uint64
	for m := avail; m != 0; m &= m - 1 {
		am |= f.ff.rng[bits.TrailingZeros64(m)]
	}
	f.fnode(lvl, avail, am, o)
}

// fnode is a node of solveF; am has the bits of the classes of avail.
func (f *fila64) fnode(lvl int, avail, am, o uint64) {
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
		f.fmemo(lvl, avail, am, o)
		return
	}
	ff := &f.ff
	c := bits.TrailingZeros64(^o) & 63
	fc := &ff.cells[c]
	k := &fc.k
	z := o>>(k[0]&63)&1 | (o>>(k[1]&63)&1)<<1
	if ff.nZ > 2 { // 3D: the same for every node of the model
		z |= (o>>(k[2]&63)&1)<<2 | (o>>(k[3]&63)&1)<<3 | (o>>(k[4]&63)&1)<<4 | (o>>(k[5]&63)&1)<<5
	}
	cand := ff.mask[int(fc.msk)+int(z)] & am
	var met uint64
	x := o >> (c + 1)
	if ff.nBlk == fastFBlk6 {
		b := &ff.blk6[c]
		met = b[x&15] | b[16+x>>4&15] | b[32+x>>8&15] | b[48+x>>12&15] |
			b[64+x>>16&15] | b[80+x>>20&15]
	} else {
		blk := ff.blk[fc.blk:]
		for j := 0; j < ff.nBlk; j++ {
			met |= blk[16*j+int(x>>(4*j)&15)]
		}
	}
	fit := cand &^ met
	nFit := int64(bits.OnesCount64(fit))
	f.attL[lvl] += int64(bits.OnesCount64(cand))
	f.fitsL[lvl] += nFit
	f.vnodes += nFit
	for ; fit != 0; fit &= fit - 1 {
		b := bits.TrailingZeros64(fit) & 63
		f.placed[lvl] = int32(c<<6 | b)
		s := ff.cls[b]
		f.fnode(lvl-1, avail&^(1<<s), am&^ff.rng[s], o|ff.lay6[c][b])
		if f.stop {
			// Only the children placed count, and the lists up to this
			// one's, as in solveFast.
			n := int64(bits.OnesCount64(fit & (fit - 1)))
			f.fitsL[lvl] -= n
			f.vnodes -= n
			r := ff.rng[ff.cls[b]]
			f.attL[lvl] -= int64(bits.OnesCount64(cand &^ (r | (r - 1))))
			return
		}
	}
}

// fmemo is solveMemo for fnode.
func (f *fila64) fmemo(lvl int, avail, am, o uint64) {
	if f.memoHit(o, avail) {
		return
	}
	found0, v0, skip := f.memoEnter(lvl)
	f.fnode(lvl, avail, am, o)
	f.memoLeave(skip, found0, v0, o, avail)
}
