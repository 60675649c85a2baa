//go:build nohighs || !cgo

package highs

import (
	"context"
	"errors"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// TestSolveProgramUnavailable: without HiGHS, SolveProgram says how to get it.
func TestSolveProgramUnavailable(t *testing.T) {
	cells, _ := puzzle.ArtCells("##", 0)
	p, err := puzzle.New(puzzle.Spec{Dim: 2, Region: cells, Pieces: []puzzle.PieceSpec{{Name: "D", Cells: cells, Count: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := model.NewProgram(p, model.ProgramOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := SolveProgram(context.Background(), pr, Options{}); !errors.Is(err, ErrUnavailable) {
		t.Errorf("SolveProgram without HiGHS: %v, want ErrUnavailable", err)
	}
	if m := ProgramModel(pr, true); m.Validate() != nil || m.NumCols() != 1 || m.ColNames[0] != "x_D_0_0_0" {
		t.Errorf("ProgramModel without HiGHS: %+v", m)
	}
}
