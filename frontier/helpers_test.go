package frontier

import (
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// Puzzle builders for the tests and benchmarks.

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

// unlimited is a free piece of unlimited supply drawn as art.
func unlimited(t testing.TB, name, a string) puzzle.PieceSpec {
	return puzzle.PieceSpec{Name: name, Cells: art(t, a), Unlimited: true, Policy: puzzle.Free}
}

// boxPuzzle is a rows x cols board with the given pieces.
func boxPuzzle(t testing.TB, rows, cols int, pieces ...puzzle.PieceSpec) *puzzle.Puzzle {
	return mustPuzzle(t, puzzle.Spec{Name: "box", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: cols, Height: rows}), Pieces: pieces})
}

func dominoes(t testing.TB, rows, cols int) *puzzle.Puzzle {
	return boxPuzzle(t, rows, cols, unlimited(t, "D", "##"))
}

func tetrominoes(t testing.TB, rows, cols int) *puzzle.Puzzle {
	var ps []puzzle.PieceSpec
	for _, n := range tetrominoNames {
		ps = append(ps, unlimited(t, n, tetrominoArt[n]))
	}
	return boxPuzzle(t, rows, cols, ps...)
}

func pentominoes(t testing.TB, rows, cols int, count int) *puzzle.Puzzle {
	var ps []puzzle.PieceSpec
	for _, n := range pentominoNames {
		if count == 0 {
			ps = append(ps, unlimited(t, n, pentominoArt[n]))
		} else {
			ps = append(ps, puzzle.PieceSpec{Name: n, Cells: art(t, pentominoArt[n]), Count: count, Policy: puzzle.Free})
		}
	}
	return boxPuzzle(t, rows, cols, ps...)
}
