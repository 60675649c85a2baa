package native

import (
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// Puzzle builders for the tests and benchmarks (the example files are
// written by a colleague; these keep the package self-contained).

var pentominoArt = map[string]string{
	"F": ".##/##./.#.", "I": "#####", "L": "####/#...", "N": "##../.###",
	"P": "##/##/#.", "T": "###/.#./.#.", "U": "#.#/###", "V": "#../#../###",
	"W": "#../##./.##", "X": ".#./###/.#.", "Y": ".#../####", "Z": "##./.#./.##",
}

var pentominoNames = []string{"F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"}

var tetrominoArt = map[string]string{"I4": "####", "O4": "##/##", "T4": "###/.#.", "S4": ".##/##.", "L4": "#../#../##"}

var tetrominoNames = []string{"I4", "L4", "O4", "S4", "T4"}

func art(t testing.TB, a string) []puzzle.Cell {
	t.Helper()
	cells, err := puzzle.ArtCells(a, 0)
	if err != nil {
		t.Fatal(err)
	}
	return cells
}

func mustPuzzle(t testing.TB, spec puzzle.Spec) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// pieceSpecs builds free 2D pieces with one copy each.
func pieceSpecs(t testing.TB, artOf map[string]string, names []string, pol puzzle.Policy) []puzzle.PieceSpec {
	var out []puzzle.PieceSpec
	for _, n := range names {
		out = append(out, puzzle.PieceSpec{Name: n, Cells: art(t, artOf[n]), Count: 1, Policy: pol})
	}
	return out
}

// pentominoBox is the 12 free pentominoes in a box of rows x cols.
func pentominoBox(t testing.TB, rows, cols int) *puzzle.Puzzle {
	return mustPuzzle(t, puzzle.Spec{Name: "pentominoes", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: cols, Height: rows}),
		Pieces: pieceSpecs(t, pentominoArt, pentominoNames, puzzle.Free)})
}

// pentomino8x8 is the 8x8 board without its 2x2 centre.
func pentomino8x8(t testing.TB) *puzzle.Puzzle {
	var region []puzzle.Cell
	for _, c := range puzzle.Box(puzzle.Dims{Width: 8, Height: 8}) {
		if (c.I == 3 || c.I == 4) && (c.J == 3 || c.J == 4) {
			continue
		}
		region = append(region, c)
	}
	return mustPuzzle(t, puzzle.Spec{Name: "8x8 hole", Dim: 2, Region: region,
		Pieces: pieceSpecs(t, pentominoArt, pentominoNames, puzzle.Free)})
}

// diamond is the 12 pentominoes and 5 tetrominoes in the 13x13 diamond
// without 5 centre cells (the FILA article's PT puzzle). The article does
// not say which 5 cells; the 1x5 bar through the centre gives its 51,184
// unique solutions (the plus-shaped centre gives 7,302, the X-shaped 2).
func diamond(t testing.TB) *puzzle.Puzzle { return diamondHole(t, 2) }

// diamondHole is the diamond without five centre cells: the centre and
// its four edge neighbours (hole 0), its four diagonal neighbours (1), or a
// 1x5 bar (2).
func diamondHole(t testing.TB, hole int) *puzzle.Puzzle {
	var region []puzzle.Cell
	for _, c := range puzzle.Box(puzzle.Dims{Width: 13, Height: 13}) {
		di, dj := abs(c.I-6), abs(c.J-6)
		if di+dj > 6 {
			continue
		}
		switch {
		case hole == 0 && di+dj <= 1:
			continue
		case hole == 1 && di <= 1 && dj <= 1 && di == dj:
			continue
		case hole == 2 && di == 0 && dj <= 2:
			continue
		}
		region = append(region, c)
	}
	pieces := pieceSpecs(t, pentominoArt, pentominoNames, puzzle.Free)
	pieces = append(pieces, pieceSpecs(t, tetrominoArt, tetrominoNames, puzzle.Free)...)
	return mustPuzzle(t, puzzle.Spec{Name: "diamond", Dim: 2, Region: region, Pieces: pieces})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// cubePiece builds a 3D piece from (x,y,z) triples.
func cubePiece(name string, pol puzzle.Policy, xyz ...[3]int) puzzle.PieceSpec {
	var cells []puzzle.Cell
	for _, v := range xyz {
		cells = append(cells, puzzle.Cell{I: v[0], J: v[1], L: v[2]})
	}
	return puzzle.PieceSpec{Name: name, Cells: cells, Count: 1, Policy: pol}
}

// tetrisCube is the Tetris Cube: 12 pieces that may only rotate, 4x4x4.
func tetrisCube(t testing.TB) *puzzle.Puzzle {
	r := puzzle.Rotate
	pieces := []puzzle.PieceSpec{
		cubePiece("A", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{2, 0, 0}, [3]int{0, 1, 0}, [3]int{0, 2, 0}),
		cubePiece("B", r, [3]int{0, 0, 0}, [3]int{0, 1, 0}, [3]int{1, 1, 0}, [3]int{0, 2, 0}, [3]int{0, 3, 0}),
		cubePiece("C", r, [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{1, 0, 0}, [3]int{0, 1, 0}, [3]int{1, 1, 0}),
		cubePiece("D", r, [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 1, 0}, [3]int{1, 1, 0}, [3]int{2, 1, 0}, [3]int{1, 2, 0}),
		cubePiece("E", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{2, 0, 0}, [3]int{0, 1, 0}, [3]int{0, 1, 1}),
		cubePiece("F", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{2, 0, 0}, [3]int{1, 1, 0}, [3]int{1, 1, 1}),
		cubePiece("G", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{1, 1, 0}, [3]int{1, 1, 1}, [3]int{2, 1, 1}),
		cubePiece("H", r, [3]int{0, 1, 0}, [3]int{1, 1, 0}, [3]int{1, 2, 0}, [3]int{2, 1, 0}, [3]int{1, 0, 1}, [3]int{1, 1, 1}),
		cubePiece("I", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{2, 0, 0}, [3]int{0, 1, 0}, [3]int{0, 2, 0}, [3]int{0, 1, 1}),
		cubePiece("J", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{2, 0, 0}, [3]int{0, 1, 0}, [3]int{0, 2, 0}, [3]int{0, 2, 1}),
		cubePiece("K", r, [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{1, 0, 0}, [3]int{1, 1, 0}, [3]int{2, 1, 0}),
		cubePiece("L", r, [3]int{0, 0, 0}, [3]int{0, 1, 0}, [3]int{1, 1, 0}, [3]int{1, 2, 0}, [3]int{1, 3, 0}),
	}
	return mustPuzzle(t, puzzle.Spec{Name: "Tetris Cube", Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: 4, Height: 4, Depth: 4}), Pieces: pieces})
}

// soma is the Soma cube: 7 pieces that may only rotate (the two screws
// are mirror images of each other), 3x3x3.
func soma(t testing.TB) *puzzle.Puzzle {
	return mustPuzzle(t, puzzle.Spec{Name: "Soma", Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: 3, Height: 3, Depth: 3}), Pieces: somaPieces()})
}

// somaPieces are the seven Soma pieces, rotations only.
func somaPieces() []puzzle.PieceSpec {
	r := puzzle.Rotate
	return []puzzle.PieceSpec{
		cubePiece("V", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{0, 1, 0}),
		cubePiece("L", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{2, 0, 0}, [3]int{0, 1, 0}),
		cubePiece("T", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{2, 0, 0}, [3]int{1, 1, 0}),
		cubePiece("Z", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{1, 1, 0}, [3]int{2, 1, 0}),
		cubePiece("A", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{0, 1, 0}, [3]int{0, 1, 1}),
		cubePiece("B", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{0, 1, 0}, [3]int{1, 0, 1}),
		cubePiece("P", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{0, 1, 0}, [3]int{0, 0, 1}),
	}
}
