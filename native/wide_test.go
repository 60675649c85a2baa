package native

import (
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestWideBoards exercises the multi-word FILA (more than 64 open cells).
func TestWideBoards(t *testing.T) {
	// Tilings of a 3 x n board by 1x3 bars: a(n) = a(n-1) + a(n-3)
	// (Narayana's cows, OEIS A000930); 3x22 has 66 cells.
	a := []int64{1, 1, 1}
	for n := 3; n <= 24; n++ {
		a = append(a, a[n-1]+a[n-3])
	}
	bar := puzzle.PieceSpec{Name: "I3", Cells: art(t, "###"), Unlimited: true, Policy: puzzle.Free}
	for _, n := range []int{22, 24} {
		p := mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: n, Height: 3}), Pieces: []puzzle.PieceSpec{bar}})
		for _, cfg := range []Config{
			{Algorithm: "fila", Schedule: "f", NOF: true},
			{Algorithm: "fila", Schedule: "e", NOF: true},
			{Algorithm: "fila", Schedule: "s"},
			{Algorithm: "fila", Schedule: "radial", NOF: true},
			{Algorithm: "fila", Schedule: "f", Volume: 1},
		} {
			for _, wide := range []bool{false, true} {
				cfg.wideOnly = wide
				if res := solve(t, p, cfg); res.All != a[n] {
					t.Errorf("3x%d bars %s (multi-word only %v): %d tilings, want %d", n, cfg.Schedule, wide, res.All, a[n])
				}
			}
		}
	}
	// Two classes, one unlimited and one with two copies, on 66 cells:
	// FILA on two words against DLX.
	v3 := puzzle.PieceSpec{Name: "V3", Cells: art(t, "##/#."), Count: 2, Policy: puzzle.Free}
	p := mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 22, Height: 3}), Pieces: []puzzle.PieceSpec{bar, v3}})
	want := solve(t, p, Config{})
	if want.All == 0 {
		t.Fatal("3x22: no solution")
	}
	for _, cfg := range []Config{
		{Algorithm: "fila", Schedule: "f", NOF: true},
		{Algorithm: "fila", Schedule: "e", NOF: true, Volume: 1},
		{Algorithm: "fila", Schedule: "s"},
		{Algorithm: "fila", Schedule: "radial"},
	} {
		for _, wide := range []bool{false, true} {
			cfg.wideOnly = wide
			if res := solve(t, p, cfg); res.All != want.All || res.Unique != want.Unique {
				t.Errorf("3x22 %s (multi-word only %v): %d/%d, DLX %d/%d", cfg.Schedule, wide, res.Unique, res.All, want.Unique, want.All)
			}
		}
	}
}
