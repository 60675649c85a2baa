package native

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// The native optimum agrees with HiGHS's proven optimum of the packing
// program, on puzzles where the area bound is attained and where it is not
// (so the native search had to refute it and raise the number of holes),
// with finite and unlimited supplies. Skipped without HiGHS (-tags nohighs).
func TestMaxCoverageAgreesWithMIP(t *testing.T) {
	free := puzzle.Free
	unl := func(name, a string, pol puzzle.Policy) puzzle.PieceSpec {
		return puzzle.PieceSpec{Name: name, Cells: art(t, a), Unlimited: true, Policy: pol}
	}
	fin := func(name, a string, n int) puzzle.PieceSpec {
		return puzzle.PieceSpec{Name: name, Cells: art(t, a), Count: n, Policy: free}
	}
	box := func(r, c int) []puzzle.Cell { return puzzle.Box(puzzle.Dims{Width: c, Height: r}) }
	puzzles := []puzzle.Spec{
		{Name: "L3 3x3", Region: box(3, 3), Pieces: []puzzle.PieceSpec{unl("L3", "##/#.", free)}},
		{Name: "T4 6x6", Region: box(6, 6), Pieces: []puzzle.PieceSpec{unl("T4", "###/.#.", free)}},
		{Name: "T4 7x7", Region: box(7, 7), Pieces: []puzzle.PieceSpec{unl("T4", "###/.#.", free)}},
		{Name: "S4 5x5", Region: box(5, 5), Pieces: []puzzle.PieceSpec{unl("S4", ".##/##.", free)}},
		{Name: "X5 9x9", Region: box(9, 9), Pieces: []puzzle.PieceSpec{unl("X5", ".#./###/.#.", free)}},
		{Name: "tetrominoes 4x5", Region: box(4, 5), Pieces: pieceSpecs(t, tetrominoArt, tetrominoNames, free)},
		{Name: "pentominoes 3x21", Region: box(3, 21), Pieces: pieceSpecs(t, pentominoArt, pentominoNames, free)},
		{Name: "V3 x3 + I4 x2, 4x5", Region: box(4, 5), Pieces: []puzzle.PieceSpec{fin("V3", "##/#.", 3), fin("I4", "####", 2)}},
		{Name: "fixed L3 + O4, 5x5", Region: box(5, 5), Pieces: []puzzle.PieceSpec{unl("L3", "#./##", puzzle.Fixed), unl("O4", "##/##", puzzle.Fixed)}},
		{Name: "tetrominoes 7x7", Region: box(7, 7), Pieces: func() []puzzle.PieceSpec {
			ps := pieceSpecs(t, tetrominoArt, tetrominoNames, free)
			for i := range ps {
				ps[i].Unlimited = true
			}
			return ps
		}()},
	}
	below := 0
	for _, spec := range puzzles {
		spec.Dim = 2
		p := mustPuzzle(t, spec)
		res := maxCover(t, p, Config{})
		prog, err := model.NewProgram(p, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing, Strengthen: true})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		mip, err := highs.SolveProgram(ctx, prog, highs.Options{})
		cancel()
		if errors.Is(err, highs.ErrUnavailable) {
			t.Skip("HiGHS is not compiled in")
		}
		if err != nil {
			t.Fatalf("%s: %v", spec.Name, err)
		}
		if !mip.Optimal {
			t.Fatalf("%s: HiGHS did not prove its optimum (status %v)", spec.Name, mip.Status)
		}
		if !res.Optimal || res.Covered != mip.Coverage {
			t.Errorf("%s: native covered %d (optimal %v), HiGHS optimum %d", spec.Name, res.Covered, res.Optimal, mip.Coverage)
		}
		if res.Covered < prog.Bound.Bound {
			below++
		}
	}
	if below < 5 {
		t.Errorf("%d puzzles with the area bound not attained; the test wants at least 5", below)
	}
}
