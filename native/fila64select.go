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

// fitCache holds the images that fit the cell chosen by E or S at one
// level: counting the fits of the winning candidate (which always runs to
// completion) records them, so that the search does not test them again.
type fitCache struct {
	ent []int32 // ent[:n]: the fitting entries, model options (indexed tables) or table entries, by class
	n   int32
	att int64 // attempts: the sizes of the available lists of the set
}

// countInto counts the fits of set like countFits, recording them in c
// (grouped by class, in class order), and stops (with a useless c) once a
// class's list has brought the count to fmax. The entries are written
// without branches into a buffer that can hold any set (maxSet entries);
// the test of fmax after each class rather than each entry keeps the inner
// loop short (the lists of a set hold a few entries each).
func (f *fila64) countInto(t *table64, set int32, avail, o uint64, fmax int, c *fitCache) int {
	rec := t.recs[int(set)*f.recLen:]
	if len(c.ent) < f.maxSet {
		c.ent = make([]int32, f.maxSet)
	}
	ent := c.ent[:len(c.ent):len(c.ent)]
	att := uint32(0)
	n := 0
	if t.indexed {
		lays := f.lays[:]
		for m := avail & (uint64(rec[0]) | uint64(rec[1])<<32); m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			lo, hi := rec[2+s], rec[3+s]
			att += hi - lo
			for _, i := range t.idx[lo:hi] {
				ent[n] = int32(i)
				x := 0
				if o&lays[i] == 0 {
					x = 1
				}
				n += x
			}
			if n >= fmax {
				return n
			}
		}
	} else {
		for m := avail & (uint64(rec[0]) | uint64(rec[1])<<32); m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			lo, hi := rec[2+s], rec[3+s]
			att += hi - lo
			for j, l := range t.lay[lo:hi] {
				ent[n] = int32(lo) + int32(j)
				x := 0
				if o&l == 0 {
					x = 1
				}
				n += x
			}
			if n >= fmax {
				return n
			}
		}
	}
	c.n, c.att = int32(n), int64(att)
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
	best, scratch := f.best[lvl], f.scratch[lvl]
	if len(t.ecls) != 0 {
		if len(best.ent) < f.maxSet {
			best.ent = make([]int32, f.maxSet)
		}
		if len(scratch.ent) < f.maxSet {
			scratch.ent = make([]int32, f.maxSet)
		}
		n, att, sw := selectVec(cand, &t.cells[0], &t.recs[0], f.recLen, &t.lay[0], &t.ecls[0], &t.idx[0], o, avail, &best.ent[0], &scratch.ent[0])
		if n == fmin {
			return false
		}
		if sw != 0 {
			best, scratch = scratch, best
			f.best[lvl], f.scratch[lvl] = best, scratch
		}
		best.n, best.att = int32(n), int64(att)
		return true
	}
	found := false
	for x := cand; x != 0; x &= x - 1 {
		fc := &t.cells[bits.TrailingZeros64(x)&63]
		k := &fc.k // ilsi64, inlined
		z := o>>(k[0]&63)&1 | (o>>(k[1]&63)&1)<<1 | (o>>(k[2]&63)&1)<<2 |
			(o>>(k[3]&63)&1)<<3 | (o>>(k[4]&63)&1)<<4 | (o>>(k[5]&63)&1)<<5
		set := fc.base + int32(z&(1<<(fc.n&7)-1))
		if n := f.countInto(t, set, avail, o, fmin, scratch); n < fmin {
			fmin, found = n, true
			best, scratch = scratch, best
			if n == 0 {
				break
			}
		}
	}
	f.best[lvl], f.scratch[lvl] = best, scratch
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
