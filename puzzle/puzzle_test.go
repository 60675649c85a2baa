package puzzle

import (
	"errors"
	"strings"
	"testing"
)

func TestGroupSizes(t *testing.T) {
	for _, c := range []struct {
		p    Policy
		dim  int
		want int
	}{{Fixed, 2, 1}, {Rotate, 2, 4}, {Free, 2, 8}, {Fixed, 3, 1}, {Rotate, 3, 24}, {Free, 3, 48}} {
		g := Group(c.p, c.dim)
		if len(g) != c.want {
			t.Errorf("Group(%v, %d) has %d transforms, want %d", c.p, c.dim, len(g), c.want)
		}
		if g[0] != Identity {
			t.Errorf("Group(%v, %d) does not start with the identity", c.p, c.dim)
		}
	}
}

func TestOrientationCounts(t *testing.T) {
	total := 0
	for _, ps := range artPieces(t, pentominoArt, Free, 1, false) {
		o, _ := Orientations(Normalize(ps.Cells), Free, 2)
		total += len(o)
	}
	if total != 63 {
		t.Errorf("12 free pentominoes have %d orientations, want 63", total)
	}
	total = 0
	for _, ps := range artPieces(t, tetrominoArt, Free, 1, false) {
		o, _ := Orientations(Normalize(ps.Cells), Free, 2)
		total += len(o)
	}
	if total != 19 {
		t.Errorf("5 free tetrominoes have %d orientations, want 19", total)
	}
	// An asymmetric (chiral) polycube: 24 rotations, 48 with reflections.
	chiral := Shape{{}, {I: 1}, {I: 1, J: 1}, {I: 1, J: 1, L: 1}, {I: 2, J: 1, L: 1}, {L: 1}}
	if o, _ := Orientations(chiral, Rotate, 3); len(o) != 24 {
		t.Errorf("asymmetric polycube has %d rotations, want 24", len(o))
	}
	if o, _ := Orientations(chiral, Free, 3); len(o) != 48 {
		t.Errorf("asymmetric polycube has %d orientations, want 48", len(o))
	}
	// One-sided: the F pentomino has 4 rotations, its mirror image another 4.
	f, _ := ArtCells(pentominoArt["F"], 0)
	if o, _ := Orientations(Normalize(f), Rotate, 2); len(o) != 4 {
		t.Errorf("F has %d rotations, want 4", len(o))
	}
}

func TestOrientTransformsMapShape(t *testing.T) {
	for _, ps := range artPieces(t, pentominoArt, Free, 1, false) {
		s := Normalize(ps.Cells)
		os, ts := Orientations(s, Free, 2)
		for r := range os {
			if !ts[r].Map(s).Equal(os[r]) {
				t.Errorf("piece %s orientation %d: transform does not produce it", ps.Name, r)
			}
		}
	}
}

func TestPentominoImages(t *testing.T) {
	p := pentominoes(t, 6, 10)
	if n := p.Images.Len(); n != 2056 {
		t.Errorf("pentominoes 10x6 have %d bounded images, want 2056 (FILA article)", n)
	}
	if n := p.Images.CoverEntries(); n != 5*2056 {
		t.Errorf("cover set has %d entries, want %d", n, 5*2056)
	}
	x := p.Piece("X")
	if n := p.Images.PieceStart[x+1] - p.Images.PieceStart[x]; n != 32 {
		t.Errorf("X has %d images, want 32", n)
	}
	// Every image's cells are recomputed independently from its placement.
	for n, pl := range p.Images.Place {
		cells, err := p.PlacementCells(pl)
		if err != nil {
			t.Fatal(err)
		}
		got := p.Images.Cells(n)
		if len(got) != len(cells) {
			t.Fatalf("image %d: %d cells, want %d", n, len(got), len(cells))
		}
		if p.Images.Find(pl) != n {
			t.Fatalf("Find(%v) = %d, want %d", pl, p.Images.Find(pl), n)
		}
	}
}

func TestImagesStableOrder(t *testing.T) {
	a, b := pentominoes(t, 6, 10), pentominoes(t, 6, 10)
	for n := range a.Images.Place {
		if a.Images.Place[n] != b.Images.Place[n] {
			t.Fatalf("image %d differs between two builds", n)
		}
	}
	for n := 1; n < len(a.Images.Place); n++ {
		p, q := a.Images.Place[n-1], a.Images.Place[n]
		if p.Piece > q.Piece || (p.Piece == q.Piece && (p.Orient > q.Orient || (p.Orient == q.Orient && p.At.Compare(q.At) >= 0))) {
			t.Fatalf("images %d and %d out of order: %v %v", n-1, n, p, q)
		}
	}
}

func TestSymmetryGroups(t *testing.T) {
	cube := mustNew(t, Spec{Dim: 3, Region: Box(Dims{Width: 4, Height: 4, Depth: 4}), Pieces: []PieceSpec{
		{Name: "A", Cells: Shape{{}, {I: 1}, {I: 1, J: 1}, {I: 1, J: 1, L: 1}, {I: 2, J: 1, L: 1}, {L: 1}}, Count: 1, Policy: Rotate}}})
	cubeFree := mustNew(t, Spec{Dim: 3, Region: Box(Dims{Width: 4, Height: 4, Depth: 4}), Pieces: []PieceSpec{
		{Name: "A", Cells: Shape{{}, {I: 1}, {I: 1, J: 1}, {I: 1, J: 1, L: 1}, {I: 2, J: 1, L: 1}, {L: 1}}, Count: 1, Policy: Free}}})
	// Mirror pair of chiral pieces, each only rotating: reflections exchange them.
	f, _ := ArtCells(pentominoArt["F"], 0)
	fm := make([]Cell, len(f))
	for n, c := range f {
		fm[n] = Cell{I: c.I, J: -c.J}
	}
	oneSided := mustNew(t, Spec{Dim: 2, Region: Box(Dims{Width: 5, Height: 5}), Pieces: []PieceSpec{
		{Name: "F", Cells: f, Count: 1, Policy: Rotate}, {Name: "F'", Cells: fm, Count: 1, Policy: Rotate}}})
	onlyF := mustNew(t, Spec{Dim: 2, Region: Box(Dims{Width: 5, Height: 5}), Pieces: []PieceSpec{{Name: "F", Cells: f, Count: 1, Policy: Rotate}}})
	fixed := mustNew(t, Spec{Dim: 2, Region: Box(Dims{Width: 5, Height: 5}), Pieces: []PieceSpec{{Name: "F", Cells: f, Count: 1, Policy: Fixed}}})
	for _, c := range []struct {
		name string
		p    *Puzzle
		want int
	}{
		{"10x6 rectangle", pentominoes(t, 6, 10), 4},
		{"8x8 square", pentominoes(t, 8, 8), 8},
		{"4x4x4 cube, rotations", cube, 24},
		{"4x4x4 cube, free", cubeFree, 48},
		{"one-sided mirror pair", oneSided, 8},
		{"chiral piece alone", onlyF, 4},
		{"fixed piece", fixed, 1},
	} {
		syms := c.p.Symmetries()
		if len(syms) != c.want {
			t.Errorf("%s: %d symmetries, want %d", c.name, len(syms), c.want)
			continue
		}
		if syms[0].T != Identity {
			t.Errorf("%s: first symmetry is not the identity", c.name)
		}
		// every symmetry maps every image to an image
		for _, s := range syms {
			for _, pl := range c.p.Images.Place {
				q, ok := c.p.MapPlacement(s, pl)
				if !ok || c.p.Images.Find(q) < 0 {
					t.Fatalf("%s: symmetry %v maps %v to a non-image", c.name, s.T, pl)
				}
			}
		}
	}
}

func TestVerify(t *testing.T) {
	// 2x5 with two I pentominoes: the only tilings are two horizontal bars.
	bar, _ := ArtCells("#####", 0)
	p := mustNew(t, Spec{Dim: 2, Region: Box(Dims{Width: 5, Height: 2}), Pieces: []PieceSpec{{Name: "I", Cells: bar, Count: 2, Policy: Free}}})
	h := 0 // horizontal orientation index
	if !p.Pieces[0].Orients[0].Equal(Shape{{}, {J: 1}, {J: 2}, {J: 3}, {J: 4}}) {
		h = 1
	}
	good := Tiling{Placements: []Placement{{0, h, Cell{}}, {0, h, Cell{I: 1}}}}
	if r, err := p.Verify(good, true); err != nil || !r.Exact() || r.Covered != 10 {
		t.Fatalf("good tiling rejected: %v %+v", err, r)
	}
	cases := []struct {
		name  string
		t     Tiling
		exact bool
		want  string
		check func(*Report) bool
	}{
		{"overlap", Tiling{Placements: []Placement{{0, h, Cell{}}, {0, h, Cell{}}}}, false, "overlap",
			func(r *Report) bool { return len(r.Overlaps) == 5 && r.Covered == 5 }},
		{"outside", Tiling{Placements: []Placement{{0, h, Cell{J: 1}}}}, false, "outside",
			func(r *Report) bool { return len(r.Outside) == 1 }},
		{"bad orientation", Tiling{Placements: []Placement{{0, 7, Cell{}}}}, false, "no orientation",
			func(r *Report) bool { return len(r.Outside) == 1 }},
		{"too many", Tiling{Placements: []Placement{{0, h, Cell{}}, {0, h, Cell{I: 1}}, {0, h, Cell{I: 1}}}}, false, "used 3 times",
			func(r *Report) bool { return len(r.Counts) == 1 }},
		{"too few for exact", Tiling{Placements: []Placement{{0, h, Cell{}}}}, true, "used 1 time,",
			func(r *Report) bool { return len(r.Counts) == 1 && len(r.Uncovered) == 5 }},
	}
	for _, c := range cases {
		r, err := p.Verify(c.t, c.exact)
		if err == nil || !strings.Contains(err.Error(), c.want) || !c.check(r) {
			t.Errorf("%s: err=%v report=%+v", c.name, err, r)
		}
	}
	// a partial tiling is valid when not exact, with the covered count
	if r, err := p.Verify(Tiling{Placements: []Placement{{0, h, Cell{I: 1}}}}, false); err != nil || r.Covered != 5 || len(r.Uncovered) != 5 {
		t.Errorf("partial tiling: %v %+v", err, r)
	}
}

func TestNewErrors(t *testing.T) {
	bar, _ := ArtCells("#####", 0)
	pos := Pos{File: "p.yaml", Line: 3, Col: 5}
	cases := []struct {
		name string
		spec Spec
		want string
	}{
		{"no cells", Spec{Dim: 2, pos: specPos{region: pos}, Pieces: []PieceSpec{{Name: "I", Cells: bar, Count: 1}}}, "p.yaml:3:5: the board has no cells"},
		{"no pieces", Spec{Dim: 2, Region: Box(Dims{Width: 5, Height: 1}), pos: specPos{region: pos}}, "no pieces"},
		{"empty piece", Spec{Dim: 2, Region: Box(Dims{Width: 5, Height: 1}), Pieces: []PieceSpec{{Name: "I", Count: 1, Pos: pos}}}, "p.yaml:3:5: piece \"I\" has no cells"},
		{"duplicate", Spec{Dim: 2, Region: Box(Dims{Width: 5, Height: 1}), Pieces: []PieceSpec{{Name: "I", Cells: bar, Count: 1}, {Name: "I", Cells: bar, Count: 1, Pos: pos}}}, "duplicate piece"},
		{"zero count", Spec{Dim: 2, Region: Box(Dims{Width: 5, Height: 1}), Pieces: []PieceSpec{{Name: "I", Cells: bar, Pos: pos}}}, "count must be"},
		{"too big", Spec{Dim: 2, Region: Box(Dims{Width: 4, Height: 1}), Pieces: []PieceSpec{{Name: "I", Cells: bar, Count: 1, Pos: pos}}}, "more than the 4"},
		{"fits nowhere", Spec{Dim: 2, Region: Box(Dims{Width: 3, Height: 2}), Pieces: []PieceSpec{{Name: "I", Cells: bar[:4], Count: 1, Pos: pos}}}, "fits nowhere"},
		{"3D piece, 2D board", Spec{Dim: 2, Region: Box(Dims{Width: 3, Height: 3}), Pieces: []PieceSpec{{Name: "A", Cells: []Cell{{}, {L: 1}}, Count: 1, Pos: pos}}}, "is 3D but the board is 2D"},
		{"bad dim", Spec{Dim: 4, Region: Box(Dims{Width: 5, Height: 1})}, "dimension"},
	}
	for _, c := range cases {
		_, err := New(c.spec)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
		var pe *Error
		if err != nil && !errors.As(err, &pe) {
			t.Errorf("%s: error is not a *puzzle.Error", c.name)
		}
	}
}

func TestLimits(t *testing.T) {
	bar, _ := ArtCells("##", 0)
	_, err := New(Spec{Dim: 2, Region: Box(Dims{Width: 1500, Height: 1500}), Pieces: []PieceSpec{{Name: "D", Cells: bar, Unlimited: true, Policy: Free}}})
	if !errors.Is(err, ErrLimit) {
		t.Fatalf("1500x1500 dominoes: got %v, want a limit error", err)
	}
}

func TestAreaFeasible(t *testing.T) {
	tet := func(rows, cols int) *Puzzle {
		return mustNew(t, Spec{Dim: 2, Region: Box(Dims{Width: cols, Height: rows}), Pieces: artPieces(t, tetrominoArt, Free, 0, true)})
	}
	if tet(7, 7).AreaFeasible() {
		t.Error("49 cells cannot be a sum of 4s")
	}
	if !tet(4, 5).AreaFeasible() {
		t.Error("20 cells are five tetrominoes")
	}
	if !pentominoes(t, 6, 10).AreaFeasible() || pentominoes(t, 7, 10).AreaFeasible() {
		t.Error("finite pentominoes: 60 cells match only the 60-cell board")
	}
}
