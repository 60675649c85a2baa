package puzzle

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// bruteImages lists every image of every piece by trying each orientation at
// each translation of the grid that puts its first cell on a region cell: the plain
// definition of the ok set, the independent truth for the bitset search.
func bruteImages(p *Puzzle) ([]Placement, [][]int32) {
	var places []Placement
	var cells [][]int32
	for k := range p.Pieces {
		for r, o := range p.Pieces[k].Orients {
		next:
			for _, c := range p.Region.Cells {
				t := c.Sub(o[0])
				if !p.Grid.Translation(t) {
					continue // a triangle moved by an odd step turns over
				}
				var cs []int32
				for _, oc := range o {
					m := p.Region.Index(oc.Add(t))
					if m < 0 {
						continue next
					}
					cs = append(cs, int32(m))
				}
				slices.Sort(cs)
				places = append(places, Placement{Piece: k, Orient: r, At: t})
				cells = append(cells, cs)
			}
		}
	}
	return places, cells
}

// randomSpec is a random region with holes (2D or 3D, possibly thin) and a
// few random pieces, some larger than the region along an axis.
func randomSpec(rng *rand.Rand) Spec {
	dim := 2 + rng.IntN(2)
	si, sj, sl := 1+rng.IntN(9), 1+rng.IntN(70), 1
	if dim == 3 {
		si, sj, sl = 1+rng.IntN(5), 1+rng.IntN(5), 1+rng.IntN(5)
	}
	hole := rng.Float64() * 0.3
	var region []Cell
	for _, c := range Box(Dims{Width: sj, Height: si, Depth: sl}) {
		if rng.Float64() >= hole {
			region = append(region, Cell{I: c.I + 3, J: c.J - 2, L: c.L + 1}) // anywhere in the lattice
		}
	}
	if len(region) == 0 {
		region = []Cell{{}}
	}
	if dim == 2 {
		for n := range region {
			region[n].L = 0
		}
	}
	var pieces []PieceSpec
	for k := range 1 + rng.IntN(4) {
		seen := map[Cell]bool{}
		c := Cell{}
		var cells []Cell
		for range 1 + rng.IntN(7) {
			if !seen[c] {
				seen[c] = true
				cells = append(cells, c)
			}
			d := FaceDirs[rng.IntN(6)]
			if dim == 2 && d.L != 0 {
				d = Cell{J: 1}
			}
			c = c.Add(d)
		}
		pieces = append(pieces, PieceSpec{Name: string(rune('A' + k)), Cells: cells, Count: 1, Policy: Policy(rng.IntN(3))})
	}
	return Spec{Dim: dim, Region: region, Pieces: pieces}
}

// TestImagesMatchBruteForce checks the bitset search against the plain
// definition on random boards with holes, in 2D and 3D.
func TestImagesMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for range 3000 {
		spec := randomSpec(rng)
		p, err := New(spec)
		if err != nil {
			if strings.Contains(err.Error(), "fits nowhere") || strings.Contains(err.Error(), "more than the") {
				continue
			}
			t.Fatal(err)
		}
		places, cells := bruteImages(p)
		if !slices.Equal(places, p.Images.Place) {
			t.Fatalf("region %v pieces %v: images\n got %v\nwant %v", spec.Region, spec.Pieces, p.Images.Place, places)
		}
		for n := range cells {
			if !slices.Equal(cells[n], p.Images.Cells(n)) {
				t.Fatalf("image %d: cells %v, want %v", n, p.Images.Cells(n), cells[n])
			}
		}
		checked++
	}
	if checked < 1000 {
		t.Fatalf("only %d random puzzles had images", checked)
	}
}

// latticeSpec is the hostile case of issue 11: a big board with a lattice of
// holes so that a big piece fits nowhere, but only its last cells tell.
// The old image build tried every cell of the piece at every anchor (109 s
// on a 1000x1000 board and a 4,095-cell piece).
func latticeSpec(side, step, piece int) Spec {
	var region []Cell
	for i := range side {
		for j := range side {
			if i%step != 0 || j%step != 0 {
				region = append(region, Cell{I: i, J: j})
			}
		}
	}
	var cells []Cell
	for i := range piece {
		for j := range piece {
			if i != piece-1 || j != piece-1 {
				cells = append(cells, Cell{I: i, J: j})
			}
		}
	}
	return Spec{Dim: 2, Region: region, Pieces: []PieceSpec{{Name: "A", Cells: cells, Count: 1, Policy: Free}}}
}

// TestImagesHostileFast: a 64x64 piece (4,095 cells) that fits nowhere on a
// 600x600 board with a hole every 60 cells is refused in well under the old
// time (the old code took about 40 s on this board).
func TestImagesHostileFast(t *testing.T) {
	spec := latticeSpec(600, 60, 64)
	start := time.Now()
	_, err := New(spec)
	if err == nil || !strings.Contains(err.Error(), "fits nowhere") {
		t.Fatalf("err = %v, want fits nowhere", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("took %v", d)
	}
}

// TestImagesStopOnCancel: the image build stops within a second of its
// context, on a board where it would take far longer.
func TestImagesStopOnCancel(t *testing.T) {
	spec := latticeSpec(1000, 60, 64)
	spec.Pieces = append(spec.Pieces, spec.Pieces[0], spec.Pieces[0], spec.Pieces[0])
	for n := range spec.Pieces {
		spec.Pieces[n].Name = string(rune('A' + n))
		spec.Pieces[n].Cells = slices.Clone(spec.Pieces[n].Cells)
		spec.Pieces[n].Cells[0] = Cell{J: 64 + n} // distinct shapes, so each is searched
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := NewContext(ctx, spec)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the deadline", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("stopped after %v", d)
	}
}

// TestImagesMatchBruteForceAllGrids checks the bitset search against the
// plain definition on the square, hex and triangle grids with pieces whose
// cells need not touch: a hex rotation of such a piece can be wider than
// the piece as drawn, and the anchor grid once padded its rows for the
// drawn width only, so that an orientation wrapped into the next row
// (images that are no translation of the piece, then a panic in the
// cover). Issue found by a review: ". . . #/.#" on a 3x4 hex board.
func TestImagesMatchBruteForceAllGrids(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked := map[Grid]int{}
	for n := range 3000 {
		grid := []Grid{Square, Hex, Triangle}[n%3]
		si, sj := 1+rng.IntN(6), 1+rng.IntN(9)
		var region []Cell
		for i := range si {
			for j := range sj {
				if rng.Float64() >= 0.2 {
					region = append(region, Cell{I: i, J: j})
				}
			}
		}
		if len(region) == 0 {
			continue
		}
		var pieces []PieceSpec
		for k := range 1 + rng.IntN(3) {
			seen := map[Cell]bool{}
			var cells []Cell
			for range 1 + rng.IntN(5) {
				c := Cell{I: rng.IntN(3), J: rng.IntN(5)}
				if !seen[c] {
					seen[c] = true
					cells = append(cells, c)
				}
			}
			pieces = append(pieces, PieceSpec{Name: string(rune('A' + k)), Cells: cells, Count: 1, Policy: Policy(rng.IntN(3))})
		}
		spec := Spec{Dim: 2, Grid: grid, Region: region, Pieces: pieces}
		p, err := New(spec)
		if err != nil {
			continue // a piece that fits nowhere, cells the grid refuses
		}
		places, cells := bruteImages(p)
		if !slices.Equal(places, p.Images.Place) {
			t.Fatalf("grid %v region %v pieces %v: images\n got %v\nwant %v", grid, region, pieces, p.Images.Place, places)
		}
		for m := range cells {
			if !slices.Equal(cells[m], p.Images.Cells(m)) {
				t.Fatalf("grid %v: image %d: cells %v, want %v", grid, m, p.Images.Cells(m), cells[m])
			}
		}
		checked[grid]++
	}
	for _, g := range []Grid{Square, Hex, Triangle} {
		if checked[g] < 300 {
			t.Errorf("only %d random puzzles with images on grid %v", checked[g], g)
		}
	}
}
