package native

// volume implements the volume filter: a placement is useless when the open
// cells fall apart into connected components one of which has a size that
// no sub-multiset of the remaining pieces' sizes adds up to.
//
// The argument needs every remaining piece to be face-connected (then each
// image lies inside one component, and each component is tiled by a
// sub-multiset of the pieces). A piece may be any set of cells: while a
// piece that is not connected remains, componentSums declares every size
// reachable, so the filter passes everything.
type volume struct {
	pr    *problem
	words int
	// scratch
	reach  []uint64
	tmp    []uint64
	seen   []bool
	stack  []int32
	counts []int // scratch for callers: remaining copies per class, -1 unlimited
}

func newVolume(pr *problem) *volume {
	w := pr.nCells/64 + 1
	return &volume{
		pr: pr, words: w,
		reach: make([]uint64, w), tmp: make([]uint64, w),
		seen: make([]bool, pr.nCells), stack: make([]int32, 0, pr.nCells),
		counts: make([]int, len(pr.classes)),
	}
}

// sums computes in v.reach the set of areas formed by the remaining pieces:
// counts[c] copies of class c (-1: as many as fit in the region). Bits above
// the region's area are not meaningful.
func (v *volume) sums(counts []int) {
	r := v.reach
	clear(r)
	r[0] = 1
	nc := v.pr.nCells
	for c, cl := range v.pr.classes {
		n, s := counts[c], cl.size
		if n < 0 || n*s >= nc {
			// As many copies as fit: one pass upwards, O(area) bit steps
			// (a shift per copy would cost area/size shifts of the bitset).
			for i := s; i <= nc; i++ {
				if r[(i-s)/64]>>((i-s)%64)&1 != 0 {
					r[i/64] |= 1 << (i % 64)
				}
			}
			continue
		}
		// n copies as groups of 1, 2, 4, ... copies: every count 0..n is a
		// sum of some groups, so O(log n) shifts instead of n.
		for g := 1; n > 0; g *= 2 {
			m := min(g, n)
			shiftOr(r, v.tmp, m*s)
			n -= m
		}
	}
}

// componentSums is sums for the volume filter: when some class with copies
// left (counts[c] != 0) is not face-connected, the component argument does
// not hold, and every size is marked reachable.
func (v *volume) componentSums(counts []int) {
	if !v.pr.allConnected {
		for c, cl := range v.pr.classes {
			if counts[c] != 0 && !cl.connected {
				for i := range v.reach {
					v.reach[i] = ^uint64(0)
				}
				return
			}
		}
	}
	v.sums(counts)
}

// shiftOr sets r |= r << s (bitset over 0..64*len(r)-1).
func shiftOr(r, tmp []uint64, s int) {
	w, b := s/64, uint(s%64)
	for i := len(r) - 1; i >= 0; i-- {
		var x uint64
		if j := i - w; j >= 0 {
			x = r[j] << b
			if b != 0 && j-1 >= 0 {
				x |= r[j-1] >> (64 - b)
			}
		}
		tmp[i] = x
	}
	for i := range r {
		r[i] |= tmp[i]
	}
}

func (v *volume) reachable(n int) bool { return bitSet(v.reach, n) }

// componentsOK reports whether every connected component of the open cells
// (open[c]) has a reachable size. v.reach must be computed.
func (v *volume) componentsOK(open func(int32) bool) bool {
	pr := v.pr
	clear(v.seen)
	for c := range int32(pr.nCells) {
		if v.seen[c] || !open(c) {
			continue
		}
		size := 0
		v.stack = append(v.stack[:0], c)
		v.seen[c] = true
		for len(v.stack) > 0 {
			x := v.stack[len(v.stack)-1]
			v.stack = v.stack[:len(v.stack)-1]
			size++
			for _, y := range pr.nbr[x] {
				if y >= 0 && !v.seen[y] && open(y) {
					v.seen[y] = true
					v.stack = append(v.stack, y)
				}
			}
		}
		if !v.reachable(size) {
			return false
		}
	}
	return true
}
