package native

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestNoTiling: a finite piece that fits nowhere and an area proof are
// both the answer "no tiling", typed with the proof and the puzzle read
// without the pieces that fit nowhere; no proof is no answer.
func TestNoTiling(t *testing.T) {
	ctx := context.Background()
	opt := puzzle.BuildOptions{Unplaceable: puzzle.DropAll, KeepEmpty: true}
	unfit, err := puzzle.ParseWith(ctx, "unfit", []byte("name: unfit\nboard: 2x2\npieces:\n  O: {shape: \"##/##\", count: 1}\n  I: {shape: \"###\", count: 1}\n"), "", opt)
	if err != nil {
		t.Fatal(err)
	}
	err = NoTiling(unfit, unfit.NoExactTiling())
	var nt *NoTilingError
	if !errors.As(err, &nt) || !errors.Is(err, puzzle.ErrUnplaceable) || nt.Puzzle != unfit || !slices.Equal(unfit.Dropped, []string{"I"}) {
		t.Errorf("a piece that fits nowhere: %v (dropped %v)", err, unfit.Dropped)
	}

	odd := mustPuzzle(t, puzzle.Spec{Name: "odd", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 3, Height: 1}),
		Pieces: []puzzle.PieceSpec{{Name: "D", Cells: art(t, "##"), Unlimited: true, Policy: puzzle.Free}}})
	err = NoTiling(odd, ProveInfeasible(odd))
	if !errors.As(err, &nt) || !errors.Is(err, ErrInfeasible) || nt.Puzzle != odd || err.Error() != "no tiling: "+nt.Proof.Error() {
		t.Errorf("dominoes on 1x3: %v", err)
	}

	even := mustPuzzle(t, puzzle.Spec{Name: "even", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 2, Height: 1}),
		Pieces: []puzzle.PieceSpec{{Name: "D", Cells: art(t, "##"), Unlimited: true, Policy: puzzle.Free}}})
	if err := NoTiling(even, ProveInfeasible(even)); err != nil {
		t.Errorf("dominoes on 1x2: %v, want nil", err)
	}
}
