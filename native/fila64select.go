package native

import "math/bits"

// ilsi64 computes the compact image list set index of a cell: bit t is
// the occupancy of neighbour k[t] (the article's getIlsiXX family: only
// neighbours that may be open are read). It reads all six slots without a
// branch on the number of neighbours (a branch the processor mispredicts
// in 3D, where that number varies from cell to cell) and masks off the
// unused ones.
func ilsi64(nb *nbInfo, o uint64) int32 {
	k := &nb.k
	z := o>>(k[0]&63)&1 | (o>>(k[1]&63)&1)<<1 | (o>>(k[2]&63)&1)<<2 |
		(o>>(k[3]&63)&1)<<3 | (o>>(k[4]&63)&1)<<4 | (o>>(k[5]&63)&1)<<5
	return int32(z & (1<<(nb.n&7) - 1))
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

// fitHalves returns the two halves of level lvl's fit cache: the images
// that fit the cell chosen by E or S at that level. Counting the fits of
// a candidate cell (which, for the winning one, runs to completion)
// records them in one half, the best cell so far keeping the other, so
// that the search does not test them again.
func (f *fila64) fitHalves(lvl int) (a, b []int32) {
	m := f.maxSet
	i := 2 * (lvl - f.fitLo) * m
	buf := f.fitBuf[i : i+2*m]
	return buf[:m:m], buf[m:]
}

// cachedFits returns the fits recorded at level lvl: model options
// (indexed tables) or table entries, by class.
func (f *fila64) cachedFits(lvl int) []int32 {
	a, b := f.fitHalves(lvl)
	if f.fitSel[lvl] != 0 {
		a = b
	}
	return a[:f.fitN[lvl]]
}

// countInto counts the fits of set like countFits, recording them in ent
// (grouped by class, in class order), and stops (with a useless ent) once
// a class's list has brought the count to fmax; att is the sizes of the
// available lists. The entries are written without branches into a
// buffer that can hold any set (maxSet entries); the test of fmax after
// each class rather than each entry keeps the inner loop short (the lists
// of a set hold a few entries each).
func (f *fila64) countInto(t *table64, set int32, avail, o uint64, fmax int, ent []int32) (n int, att int64) {
	rec := t.recs[int(set)*f.recLen:]
	ent = ent[:f.maxSet:f.maxSet]
	a := uint32(0)
	if t.indexed {
		lays := f.lays[:]
		for m := avail & (uint64(rec[0]) | uint64(rec[1])<<32); m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			lo, hi := rec[2+s], rec[3+s]
			a += hi - lo
			for _, i := range t.idx[lo:hi] {
				ent[n] = int32(i)
				x := 0
				if o&lays[i] == 0 {
					x = 1
				}
				n += x
			}
			if n >= fmax {
				return n, int64(a)
			}
		}
	} else {
		for m := avail & (uint64(rec[0]) | uint64(rec[1])<<32); m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			lo, hi := rec[2+s], rec[3+s]
			a += hi - lo
			for j, l := range t.lay[lo:hi] {
				ent[n] = int32(lo) + int32(j)
				x := 0
				if o&l == 0 {
					x = 1
				}
				n += x
			}
			if n >= fmax {
				return n, int64(a)
			}
		}
	}
	return n, int64(a)
}

// selectCached is selectFila for E and S on the bitmask path: it leaves
// the fits of the chosen cell in level lvl's fit cache, and returns them
// and their attempts; ok is false when no cell was chosen.
func (f *fila64) selectCached(t *table64, lvl int, avail, o uint64) (ents []int32, att int64, ok bool) {
	h := ^o & f.full
	cand := h
	if t.kind == heurE {
		cand = fewestOpen(&f.cnt[lvl], h)
	}
	fmin := int(^uint(0) >> 1)
	a, b := f.fitHalves(lvl)
	sel := uint8(0) // the half that holds the best cell's fits
	if len(t.ecls) != 0 {
		n, vatt, sw := selectVec(cand, &t.cells[0], &t.recs[0], f.recLen, &t.lay[0], &t.ecls[0], &t.idx[0], o, avail, &a[0], &b[0])
		if n == fmin {
			return nil, 0, false
		}
		fmin, att, sel = n, int64(vatt), uint8(sw)
	} else {
		found := false
		for x := cand; x != 0; x &= x - 1 {
			fc := &t.cells[bits.TrailingZeros64(x)&63]
			k := &fc.k // ilsi64, inlined
			z := o>>(k[0]&63)&1 | (o>>(k[1]&63)&1)<<1 | (o>>(k[2]&63)&1)<<2 |
				(o>>(k[3]&63)&1)<<3 | (o>>(k[4]&63)&1)<<4 | (o>>(k[5]&63)&1)<<5
			set := fc.base + int32(z&(1<<(fc.n&7)-1))
			scratch := b // the half that does not hold the best
			if sel != 0 {
				scratch = a
			}
			if n, natt := f.countInto(t, set, avail, o, fmin, scratch); n < fmin {
				fmin, found = n, true
				sel ^= 1
				att = natt
				if n == 0 {
					break
				}
			}
		}
		if !found {
			return nil, 0, false
		}
	}
	f.fitSel[lvl], f.fitN[lvl] = sel, int32(fmin)
	if sel != 0 {
		a = b
	}
	return a[:fmin], att, true
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
