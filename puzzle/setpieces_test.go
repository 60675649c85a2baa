package puzzle_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/polytile/polytile/polyform"
	"github.com/polytile/polytile/puzzle"
)

// TestCellSharedWithPolyform checks that a shape of package polyform is a
// puzzle shape without conversion: polyform.Cell and puzzle.Cell are one
// type (geom.Cell). It does not compile when they are distinct types.
func TestCellSharedWithPolyform(t *testing.T) {
	set, err := polyform.Lookup("tetrominoes")
	if err != nil {
		t.Fatal(err)
	}
	var cells []puzzle.Cell = set.Pieces[0].Shape
	var s puzzle.Shape = set.Pieces[0].Shape
	var c polyform.Cell = puzzle.Cell{I: 1}
	if !puzzle.Normalize(cells).Equal(s) || c.I != 1 {
		t.Errorf("shape %v is not in normal form as a puzzle shape", cells)
	}
}

// TestSetPiecesCounts checks SetPieces against the known numbers of free
// polyforms and of their fixed orientations (12 pentominoes with 63 fixed
// orientations, 7 tetrahexes with 44 (OEIS A001207), 12 hexiamonds with 94
// (A001420)), and that the square-grid pieces are those a puzzle file
// gets.
func TestSetPiecesCounts(t *testing.T) {
	cases := []struct {
		set          string
		grid         puzzle.Grid
		pieces, size int
		fixed        int
	}{
		{"pentominoes", puzzle.Square, 12, 5, 63},
		{"tetrahexes", puzzle.Hex, 7, 4, 44},
		{"hexiamonds", puzzle.Triangle, 12, 6, 94},
		{"one-sided-tetrominoes", puzzle.Square, 7, 4, 19},
	}
	for _, c := range cases {
		ps, err := puzzle.SetPieces(c.set, 2)
		if err != nil {
			t.Fatalf("%s: %v", c.set, err)
		}
		if len(ps) != c.pieces {
			t.Fatalf("%s: %d pieces, want %d", c.set, len(ps), c.pieces)
		}
		for _, p := range ps {
			if len(p.Cells) != c.size || p.Count != 2 {
				t.Errorf("%s: piece %s has %d cells and count %d", c.set, p.Name, len(p.Cells), p.Count)
			}
		}
		// A board that every piece fits in: New accepts the pieces.
		board := puzzle.Box(puzzle.Dims{Width: 14, Height: 14})
		p, err := puzzle.New(puzzle.Spec{Dim: 2, Grid: c.grid, Region: board, Pieces: ps})
		if err != nil {
			t.Fatalf("%s: %v", c.set, err)
		}
		fixed := 0
		for _, pc := range p.Pieces {
			fixed += len(pc.Orients)
		}
		// One-sided pieces are counted up to rotation: their orientations
		// are the fixed forms too (19 fixed tetrominoes).
		if fixed != c.fixed {
			t.Errorf("%s: %d orientations in all, want %d", c.set, fixed, c.fixed)
		}
	}
	// The same pieces as a puzzle file's "pieces: pentominoes".
	ps, _ := puzzle.SetPieces("pentominoes", 1)
	file, err := puzzle.Parse("p.yaml", []byte("board: 10x6\npieces: pentominoes\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	for k, pc := range file.Pieces {
		if pc.Name != ps[k].Name || !pc.Shape.Equal(puzzle.Normalize(ps[k].Cells)) || pc.Policy != ps[k].Policy {
			t.Errorf("piece %d: SetPieces gives %s %v, the file %s %v", k, ps[k].Name, ps[k].Cells, pc.Name, pc.Shape)
		}
	}
	if one, _ := puzzle.SetPieces("one-sided-pentominoes", 1); one[0].Policy != puzzle.Rotate || ps[0].Policy != puzzle.Free {
		t.Errorf("policies %v (one-sided) and %v (free), want rotate and free", one[0].Policy, ps[0].Policy)
	}
}

func TestSetPiecesErrors(t *testing.T) {
	_, err := puzzle.SetPieces("pentominos", 1)
	var unknown *puzzle.UnknownSetError
	if !errors.As(err, &unknown) || unknown.Name != "pentominos" {
		t.Fatalf("misspelt set: %v (%T), want an *UnknownSetError", err, err)
	}
	for _, name := range []string{"pentominoes", "hexiamonds", "tetracubes"} {
		if !strings.Contains(unknown.Error(), name) {
			t.Errorf("the error %q does not list %s", unknown.Error(), name)
		}
	}
	for _, n := range []int{0, -1, puzzle.MaxCells + 1} {
		_, err := puzzle.SetPieces("pentominoes", n)
		if err == nil || errors.As(err, &unknown) {
			t.Errorf("count %d: %v, want a count error", n, err)
		}
	}
}

// SetPieces turns a named set into the pieces of a Spec.
func ExampleSetPieces() {
	pieces, err := puzzle.SetPieces("pentominoes", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := puzzle.New(puzzle.Spec{Name: "10x6", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 10, Height: 6}), Pieces: pieces})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(p.Pieces), "pieces,", p.Images.Len(), "images")
	_, err = puzzle.SetPieces("pentominos", 1)
	var unknown *puzzle.UnknownSetError
	fmt.Println(errors.As(err, &unknown), unknown.Name)
	// Output:
	// 12 pieces, 2056 images
	// true pentominos
}
