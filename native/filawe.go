package native

import "math/bits"

// eBuckets keeps the multi-word FILA's open cells sorted by their number
// of open model neighbours (0 to 6), so that the E heuristic finds its
// candidates (the open cells with the fewest open neighbours, in
// increasing cell order) without scanning the board at every node: a
// placement updates the buckets of its cells and of their neighbours, a
// constant amount of work, where the scan cost the number of open cells
// (quadratic time for a first tiling of a big board of small pieces).
//
// Bucket k is a bitset over the local cells (bit l set when l is open and
// has k open neighbours) with a summary bitset (bit w set when word w of
// the bucket is not zero), so that walking a bucket in cell order skips
// its empty words 64 at a time.
type eBuckets struct {
	nopen []int8      // open model neighbours of every local cell
	bits  [7][]uint64 // per count: the open cells with that many open neighbours
	sum   [7][]uint64 // per count: the words of bits[k] that are not zero
	cnt   [7]int      // per count: the number of cells in the bucket
}

// init fills the buckets for local cells 0..n-1 with neighbours nb, all
// open. It returns false when stop cut it short (the search reads the
// same flag before using the buckets).
func (e *eBuckets) init(fs *filaShape) bool {
	n := fs.n
	words := (n + 63) / 64
	sw := (words + 63) / 64
	e.nopen = growInt8(e.nopen, n)
	for k := range e.bits {
		e.bits[k] = growClear(e.bits[k], words)
		e.sum[k] = growClear(e.sum[k], sw)
		e.cnt[k] = 0
	}
	for l := range int32(n) {
		if fs.stopped(int(l)) {
			return false
		}
		k := int8(0)
		for _, m := range fs.nbLocal[l] {
			if m >= 0 {
				k++
			}
		}
		e.nopen[l] = k
		e.add(l, k)
	}
	return true
}

func growInt8(s []int8, n int) []int8 {
	if cap(s) < n {
		return make([]int8, n)
	}
	return s[:n]
}

func growClear(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// add puts local cell l into bucket k.
func (e *eBuckets) add(l int32, k int8) {
	w := l >> 6
	b := e.bits[k]
	if b[w] == 0 {
		e.sum[k][w>>6] |= 1 << (w & 63)
	}
	b[w] |= 1 << (l & 63)
	e.cnt[k]++
}

// remove takes local cell l out of bucket k.
func (e *eBuckets) remove(l int32, k int8) {
	w := l >> 6
	b := e.bits[k]
	b[w] &^= 1 << (l & 63)
	if b[w] == 0 {
		e.sum[k][w>>6] &^= 1 << (w & 63)
	}
	e.cnt[k]--
}

// place updates the buckets for cells (all open) becoming occupied; occ
// is the occupancy after the placement.
func (e *eBuckets) place(cells []int32, nb [][6]int32, occ []uint64) {
	for _, c := range cells {
		e.remove(c, e.nopen[c])
	}
	for _, c := range cells {
		for _, m := range nb[c] {
			if m < 0 {
				continue
			}
			k := e.nopen[m]
			if occ[m>>6]>>(m&63)&1 == 0 {
				e.remove(m, k)
				e.add(m, k-1)
			}
			e.nopen[m] = k - 1
		}
	}
}

// unplace undoes place: occ is the occupancy before the cells are freed
// (they are still occupied).
func (e *eBuckets) unplace(cells []int32, nb [][6]int32, occ []uint64) {
	for _, c := range cells {
		for _, m := range nb[c] {
			if m < 0 {
				continue
			}
			k := e.nopen[m]
			if occ[m>>6]>>(m&63)&1 == 0 {
				e.remove(m, k)
				e.add(m, k+1)
			}
			e.nopen[m] = k + 1
		}
	}
	for _, c := range cells {
		e.add(c, e.nopen[c])
	}
}

// min returns the fewest open neighbours of an open cell, -1 when no cell
// is open.
func (e *eBuckets) min() int {
	for k, c := range e.cnt {
		if c > 0 {
			return k
		}
	}
	return -1
}

// next returns the first cell of bucket k at or after local cell from,
// -1 when there is none.
func (e *eBuckets) next(k int, from int32) int32 {
	b, s := e.bits[k], e.sum[k]
	w := int(from >> 6)
	if w >= len(b) {
		return -1
	}
	if x := b[w] & (^uint64(0) << (from & 63)); x != 0 {
		return int32(w<<6 + bits.TrailingZeros64(x))
	}
	// The next non-empty word after w, from the summary.
	w++
	for sw := w >> 6; sw < len(s); sw++ {
		x := s[sw]
		if sw == w>>6 {
			x &= ^uint64(0) << (w & 63)
		}
		if x != 0 {
			wi := sw<<6 + bits.TrailingZeros64(x)
			return int32(wi<<6 + bits.TrailingZeros64(b[wi]))
		}
	}
	return -1
}
