package geom

import (
	"math/rand/v2"
	"testing"
)

// TestNormalizeProperties checks the normal form on random cell lists
// against its definition: sorted strictly (no duplicates), minimum 0 along
// every axis, the same set of cells up to the translation, and the same
// result for any translation or permutation of the input.
func TestNormalizeProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		n := 1 + r.IntN(8)
		cells := make([]Cell, n)
		for k := range cells {
			cells[k] = Cell{r.IntN(5) - 2, r.IntN(5) - 2, r.IntN(2)}
		}
		s := Normalize(cells)
		lo := Cell{1 << 30, 1 << 30, 1 << 30}
		for k, c := range s {
			lo = Cell{min(lo.I, c.I), min(lo.J, c.J), min(lo.L, c.L)}
			if k > 0 && s[k-1].Compare(c) >= 0 {
				t.Fatalf("Normalize(%v) = %v: not strictly sorted", cells, s)
			}
		}
		if lo != (Cell{}) {
			t.Fatalf("Normalize(%v) = %v: minimum %v, want (0,0)", cells, s, lo)
		}
		// Same set up to translation: every input cell minus the input's
		// minimum is in s, and s has no other cell (distinct count).
		in := map[Cell]bool{}
		min0 := cells[0]
		for _, c := range cells {
			min0 = Cell{min(min0.I, c.I), min(min0.J, c.J), min(min0.L, c.L)}
		}
		for _, c := range cells {
			in[c.Sub(min0)] = true
		}
		if len(in) != len(s) {
			t.Fatalf("Normalize(%v) = %v: %d cells, want %d distinct", cells, s, len(s), len(in))
		}
		for _, c := range s {
			if !in[c] {
				t.Fatalf("Normalize(%v) = %v: %v is not an input cell", cells, s, c)
			}
		}
		d := Cell{r.IntN(9) - 4, r.IntN(9) - 4, r.IntN(3)}
		moved := make([]Cell, n)
		for k, c := range cells {
			moved[n-1-k] = c.Add(d)
		}
		if got := Normalize(moved); !got.Equal(s) || got.Key() != s.Key() || got.Compare(s) != 0 {
			t.Fatalf("Normalize of %v moved by %v and reversed = %v, want %v", cells, d, got, s)
		}
	}
	if Normalize(nil) != nil {
		t.Error("Normalize(nil) is not nil")
	}
}

func TestCellOrderAndString(t *testing.T) {
	cases := []struct {
		a, b Cell
		want int
	}{
		{Cell{0, 5, 5}, Cell{1, 0, 0}, -1},
		{Cell{1, 2, 0}, Cell{1, 1, 9}, 1},
		{Cell{1, 1, 1}, Cell{1, 1, 2}, -1},
		{Cell{3, 3, 3}, Cell{3, 3, 3}, 0},
	}
	for _, c := range cases {
		if got := c.a.Compare(c.b); got != c.want {
			t.Errorf("%v.Compare(%v) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := c.b.Compare(c.a); got != -c.want {
			t.Errorf("%v.Compare(%v) = %d, want %d", c.b, c.a, got, -c.want)
		}
	}
	if s := (Cell{2, -1, 0}).String(); s != "(2,-1)" {
		t.Errorf("2D String = %q", s)
	}
	if s := (Cell{2, -1, 3}).String(); s != "(2,-1,3)" {
		t.Errorf("3D String = %q", s)
	}
	if got := (Cell{1, 2, 3}).Add(Cell{4, 5, 6}).Sub(Cell{4, 5, 6}); got != (Cell{1, 2, 3}) {
		t.Errorf("Add then Sub = %v", got)
	}
}

func TestShapeArtExtentKey(t *testing.T) {
	// The T tetromino and a two-layer shape, drawn by hand.
	tt := Normalize([]Cell{{5, 5, 0}, {5, 6, 0}, {5, 7, 0}, {6, 6, 0}})
	if a := tt.Art(); a != "###/.#." {
		t.Errorf("T Art = %q", a)
	}
	if e := tt.Extent(); e != (Cell{2, 3, 1}) {
		t.Errorf("T Extent = %v", e)
	}
	if k := tt.Key(); k != "0,0,0;0,1,0;0,2,0;1,1,0;" {
		t.Errorf("T Key = %q", k)
	}
	two := Normalize([]Cell{{0, 0, 0}, {0, 1, 0}, {0, 1, 1}})
	if a := two.Art(); a != "## | .#" {
		t.Errorf("two-layer Art = %q", a)
	}
	if Shape(nil).Art() != "" || Shape(nil).Extent() != (Cell{}) {
		t.Error("empty shape: Art or Extent not empty")
	}
}
