package puzzle

import (
	"context"
	"testing"
)

// TestRowWidth: the widest row of a board WxH is W cells on the square
// and hex grids and 2W triangles on the triangle grid (W rhombi), and it
// has H rows, whatever the lean of the rhombus (the hex and triangle
// bounding boxes in grid coordinates are W+H-1 and 2W+H-1 wide, which
// render and info used to show as the board's size: 10x4 for 7x4).
// Extent says the same in words.
func TestRowWidth(t *testing.T) {
	for _, g := range []Grid{Square, Hex, Triangle} {
		for w := 1; w <= 7; w++ {
			for h := 1; h <= 5; h++ {
				r, err := newRegion(GridBox(g, Dims{Width: w, Height: h}))
				if err != nil {
					t.Fatal(err)
				}
				want := w
				if g == Triangle {
					want = 2 * w
				}
				if got := r.RowWidth(); got != want || r.Size.I != h {
					t.Errorf("%v %dx%d: %d rows of width %d, want %d of %d", g, w, h, r.Size.I, got, h, want)
				}
			}
		}
	}
	for _, c := range []struct{ src, want string }{
		{"grid: hex\nboard: 7x4\npieces:\n  A: \"# #\"\n", "4 rows, up to 7 hexagons wide"},
		{"grid: triangle\nboard: 6x6\npieces:\n  A: \"##\"\n", "6 rows, up to 12 triangles wide"},
		{"grid: hex\nboard: 3x1\npieces:\n  A: \"# #\"\n", "1 row, 3 hexagons wide"},
		// a hexagon of 7 with a hole in the middle: the middle row spans 3
		{"grid: hex\nboard: |\n  . # #\n  .# . #\n  . # #\npieces:\n  A: \"# #\"\n", "3 rows, up to 3 hexagons wide"},
		{"board: 5x2\npieces:\n  A: \"##\"\n", ""},
	} {
		spec, err := ParseSpec("a.yaml", []byte(c.src), "")
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewContext(context.Background(), spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Extent(); got != c.want {
			t.Errorf("%q: Extent %q, want %q", c.src, got, c.want)
		}
	}
}
