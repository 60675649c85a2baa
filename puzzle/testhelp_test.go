package puzzle

import "testing"

var pentominoArt = map[string]string{
	"F": ".##/##./.#.", "I": "#####", "L": "####/#...", "N": "##../.###",
	"P": "##/##/#.", "T": "###/.#./.#.", "U": "#.#/###", "V": "#../#../###",
	"W": "#../##./.##", "X": ".#./###/.#.", "Y": ".#../####", "Z": "##./.#./.##",
}

var tetrominoArt = map[string]string{"I": "####", "O": "##/##", "T": "###/.#.", "S": ".##/##.", "L": "#../#../##"}

func artPieces(t testing.TB, art map[string]string, pol Policy, count int, unlimited bool) []PieceSpec {
	t.Helper()
	var out []PieceSpec
	for _, name := range []string{"F", "I", "L", "N", "O", "P", "S", "T", "U", "V", "W", "X", "Y", "Z"} {
		a, ok := art[name]
		if !ok {
			continue
		}
		cells, err := ArtCells(a, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, PieceSpec{Name: name, Cells: cells, Count: count, Unlimited: unlimited, Policy: pol})
	}
	return out
}

func mustNew(t testing.TB, spec Spec) *Puzzle {
	t.Helper()
	p, err := New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func pentominoes(t testing.TB, rows, cols int) *Puzzle {
	return mustNew(t, Spec{Name: "pentominoes", Dim: 2, Region: Box(Dims{Width: cols, Height: rows}), Pieces: artPieces(t, pentominoArt, Free, 1, false)})
}
