package native

import (
	"math/rand/v2"
	"testing"
)

// sliced packs per-cell counters 0..7 into three bit planes.
func sliced(n *[64]int) [3]uint64 {
	var c [3]uint64
	for i, v := range n {
		for b := range 3 {
			c[b] |= uint64(v>>b&1) << i
		}
	}
	return c
}

// TestOpenNeighbourCounts checks the bit-sliced counters of the E
// heuristic against plain per-cell counts: subCounts subtracts cell by
// cell, and fewestOpen returns exactly the cells of h with the smallest
// counter (h itself when every counter of h is 7, which no cell has).
func TestOpenNeighbourCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for it := range 20000 {
		var a, d, want [64]int
		for i := range 64 {
			a[i] = rng.IntN(7)
			d[i] = rng.IntN(a[i] + 1)
			want[i] = a[i] - d[i]
		}
		ca, cd := sliced(&a), sliced(&d)
		var got [3]uint64
		subCounts(&got, &ca, &cd)
		if got != sliced(&want) {
			t.Fatalf("case %d: subCounts %x, want %x", it, got, sliced(&want))
		}
		h := rng.Uint64() & rng.Uint64()
		if it%7 == 0 {
			h = 0
		}
		least := 7
		for i := range 64 {
			if h>>i&1 != 0 {
				least = min(least, a[i])
			}
		}
		var wantCells uint64
		for i := range 64 {
			if h>>i&1 != 0 && a[i] == least {
				wantCells |= 1 << i
			}
		}
		if least == 7 {
			wantCells = h
		}
		if got := fewestOpen(&ca, h); got != wantCells {
			t.Fatalf("case %d: fewestOpen(h %x) %x, want %x (least %d)", it, h, got, wantCells, least)
		}
	}
}
