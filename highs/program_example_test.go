//go:build cgo && !nohighs

package highs_test

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// Dominoes cannot cover a 3x3 board: the best near-miss leaves one cell.
func ExampleSolveProgram() {
	board, _ := puzzle.ArtCells("###/###/###", 0)
	domino, _ := puzzle.ArtCells("##", 0)
	p, err := puzzle.New(puzzle.Spec{Dim: 2, Region: board, Pieces: []puzzle.PieceSpec{
		{Name: "D", Cells: domino, Unlimited: true, Policy: puzzle.Free},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	pr, err := model.NewProgram(p, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing, Strengthen: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := highs.SolveProgram(context.Background(), pr, highs.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v: %d of %d cells with %d dominoes, bound %d\n", res.Status, res.Coverage, res.Cells, len(res.Tiling.Placements), res.Bound)
	// Output: optimal: 8 of 9 cells with 4 dominoes, bound 8
}
