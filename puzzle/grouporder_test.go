package puzzle

import (
	"fmt"
	"testing"
)

// TestGroupOrder: the order of a puzzle's symmetry group is the number
// of distinct maps of its cells and classes, the dihedral group of the
// board's shape: 2 on a 3x1 strip (4 transforms map it onto itself: the
// identity and the mirror in its long axis fix every cell, the half turn
// and the end-swapping mirror reverse it), 1 on one cell (8 transforms),
// 8 on a flat 3D square (16). Each is checked against the distinct maps
// counted by their text too. len(Symmetries()), which "order" printed,
// was 4, 8 and 16 there.
func TestGroupOrder(t *testing.T) {
	mono := []PieceSpec{{Name: "M", Cells: []Cell{{}}, Unlimited: true, Policy: Free}}
	cases := []struct {
		name       string
		dim        int
		region     []Cell
		transforms int // len(Symmetries())
		order      int
	}{
		{"3x1", 2, Box(Dims{Width: 3, Height: 1}), 4, 2},
		{"1x1", 2, Box(Dims{Width: 1, Height: 1}), 8, 1},
		{"4x2", 2, Box(Dims{Width: 4, Height: 2}), 4, 4},
		{"3x3", 2, Box(Dims{Width: 3, Height: 3}), 8, 8},
		{"2x2x1", 3, Box(Dims{Width: 2, Height: 2, Depth: 1}), 16, 8},
		{"2x2x2", 3, Box(Dims{Width: 2, Height: 2, Depth: 2}), 48, 48},
		{"4x1x1", 3, Box(Dims{Width: 4, Height: 1, Depth: 1}), 16, 2},
	}
	for _, c := range cases {
		p, err := New(Spec{Name: c.name, Dim: c.dim, Region: c.region, Pieces: mono})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		syms := p.Symmetries()
		maps := map[string]bool{}
		for _, s := range syms {
			maps[fmt.Sprint(s.Cell, s.Class)] = true
		}
		if len(syms) != c.transforms || GroupOrder(syms) != c.order || len(maps) != c.order {
			t.Errorf("%s: %d transforms, order %d, %d distinct maps; want %d, %d", c.name, len(syms), GroupOrder(syms), len(maps), c.transforms, c.order)
		}
	}
}
