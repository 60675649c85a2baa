package model

import (
	"testing"

	"github.com/polytile/polytile/puzzle"
)

func tiny(t *testing.T, count int) *puzzle.Puzzle {
	t.Helper()
	bar, _ := puzzle.ArtCells("###", 0)
	corner, _ := puzzle.ArtCells("##/#.", 0)
	p, err := puzzle.New(puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 3, Height: 2}), Pieces: []puzzle.PieceSpec{
		{Name: "I", Cells: bar, Count: count, Policy: puzzle.Free},
		{Name: "V", Cells: corner, Unlimited: true, Policy: puzzle.Free},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCover(t *testing.T) {
	p := tiny(t, 2)
	c := NewCover(p)
	if c.Cells != 6 || len(c.Items) != 7 {
		t.Fatalf("items: %d cells, %d items; want 6 and 7 (unlimited V has no item)", c.Cells, len(c.Items))
	}
	if it := c.Items[6]; it.Name != "I" || it.Mult != 2 {
		t.Errorf("piece item %+v, want I with multiplicity 2", it)
	}
	if c.Options() != p.Images.Len() {
		t.Fatalf("%d options for %d images", c.Options(), p.Images.Len())
	}
	entries := 0
	for n := range c.Options() {
		opt := c.Option(n)
		pl := c.Placement(n)
		cells, err := p.PlacementCells(pl)
		if err != nil {
			t.Fatal(err)
		}
		want := len(cells)
		if p.Pieces[pl.Piece].Name == "I" {
			want++
			if opt[len(opt)-1] != 6 {
				t.Errorf("option %d of I does not end with the piece item", n)
			}
		}
		if len(opt) != want {
			t.Errorf("option %d has %d items, want %d", n, len(opt), want)
		}
		for a := 1; a < len(cells); a++ {
			if opt[a] <= opt[a-1] {
				t.Errorf("option %d cells not increasing: %v", n, opt)
			}
		}
		entries += len(opt)
	}
	if entries != c.Entries() {
		t.Errorf("Entries() = %d, counted %d", c.Entries(), entries)
	}
	// Decoding the two horizontal bars gives an exact tiling.
	var chosen []int
	for n := range c.Options() {
		o := c.Option(n)
		if len(o) == 4 && (o[0] == 0 && o[2] == 2 || o[0] == 3 && o[2] == 5) {
			chosen = append(chosen, n)
		}
	}
	if _, err := p.Verify(c.Tiling(chosen), true); err != nil || len(chosen) != 2 {
		t.Errorf("decoded tiling of %v: %v", chosen, err)
	}
	if got := CellName(p, puzzle.Cell{I: 1, J: 2}); got != "1_2" {
		t.Errorf("CellName = %q", got)
	}
}
