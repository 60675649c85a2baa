package native_test

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// V trominoes cannot fill a 3x3 square, although 9 is a multiple of 3:
// MaxCoverage refutes coverage 9 by an exhaustive search and finds the
// optimum, two pieces and three holes.
func ExampleMaxCoverage() {
	cells, _ := puzzle.ArtCells("##/#.", 0)
	pieces := []puzzle.PieceSpec{{Name: "V", Cells: cells, Unlimited: true, Policy: puzzle.Free}}
	p, err := puzzle.New(puzzle.Spec{Name: "V trominoes 3x3", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 3, Height: 3}), Pieces: pieces})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := native.MaxCoverage(context.Background(), p, native.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("covered:", res.Covered, "of", p.Area(), "optimal:", res.Optimal)
	fmt.Println(res.Proof)
	// Output:
	// covered: 6 of 9 optimal: true
	// area bound 9: piece sizes can add up to all 9 cells; exhaustive search: no tiling covers 9 cells; tiling with 3 holes
}
