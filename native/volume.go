package native

import "math/bits"

// volume implements the volume filter: a placement is useless when the open
// cells fall apart into connected components one of which has a size that
// no sub-multiset of the remaining pieces' sizes adds up to.
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
// counts[c] copies of class c (-1: as many as fit in the region).
func (v *volume) sums(counts []int) {
	r := v.reach
	clear(r)
	r[0] = 1
	for c, cl := range v.pr.classes {
		n := counts[c]
		if n < 0 {
			n = v.pr.nCells / cl.size
		}
		for range n {
			shiftOr(r, v.tmp, cl.size)
		}
	}
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

func (v *volume) reachable(n int) bool { return v.reach[n/64]>>(n%64)&1 != 0 }

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

// filterOnce returns, for every option, whether it survives the volume
// filter when placed alone on the empty board.
func filterOnce(pr *problem) []bool {
	v := newVolume(pr)
	keep := make([]bool, pr.options())
	base := make([]int, len(pr.classes))
	for c, cl := range pr.classes {
		base[c] = cl.count
		if cl.unlimited {
			base[c] = -1
		}
	}
	// Reachable sums with one copy of class c removed, per class.
	perClass := make([][]uint64, len(pr.classes))
	for c := range pr.classes {
		counts := append([]int(nil), base...)
		if counts[c] > 0 {
			counts[c]--
		}
		v.sums(counts)
		perClass[c] = append([]uint64(nil), v.reach...)
	}
	if pr.nCells <= 64 {
		filterOnce64(pr, v, perClass, keep)
		return keep
	}
	filled := make([]bool, pr.nCells)
	open := func(c int32) bool { return !filled[c] }
	for k := range pr.options() {
		cells := pr.optCells(k)
		for _, c := range cells {
			filled[c] = true
		}
		copy(v.reach, perClass[pr.optClass[k]])
		keep[k] = v.componentsOK(open)
		for _, c := range cells {
			filled[c] = false
		}
	}
	return keep
}

// filterOnce64 is filterOnce with bitset flood fills (at most 64 cells).
func filterOnce64(pr *problem, v *volume, perClass [][]uint64, keep []bool) {
	nb := make([]uint64, pr.nCells)
	for c := range pr.nCells {
		for _, m := range pr.nbr[c] {
			if m >= 0 {
				nb[c] |= 1 << m
			}
		}
	}
	full := ^uint64(0) >> (64 - pr.nCells)
	for k := range pr.options() {
		var lay uint64
		for _, c := range pr.optCells(k) {
			lay |= 1 << c
		}
		reach := perClass[pr.optClass[k]]
		keep[k] = true
		for h := full &^ lay; h != 0; {
			comp := h & -h
			for {
				grow := comp
				for x := comp; x != 0; x &= x - 1 {
					grow |= nb[bits.TrailingZeros64(x)]
				}
				grow &= h
				if grow == comp {
					break
				}
				comp = grow
			}
			n := bits.OnesCount64(comp)
			if reach[n/64]>>(n%64)&1 == 0 {
				keep[k] = false
				break
			}
			h &^= comp
		}
	}
}
