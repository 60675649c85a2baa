package native_test

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// The five free tetrominoes, one of each, cannot fill a 4x5 rectangle,
// although their area is exactly 20: MaxCoverage refutes coverage 20 by an
// exhaustive search and finds the optimum, four pieces and four holes.
func ExampleMaxCoverage() {
	var pieces []puzzle.PieceSpec
	for _, pc := range []struct{ name, art string }{
		{"I", "####"}, {"O", "##/##"}, {"T", "###/.#."}, {"S", ".##/##."}, {"L", "#./#./##"},
	} {
		cells, _ := puzzle.ArtCells(pc.art, 0)
		pieces = append(pieces, puzzle.PieceSpec{Name: pc.name, Cells: cells, Count: 1, Policy: puzzle.Free})
	}
	p, err := puzzle.New(puzzle.Spec{Name: "tetrominoes 4x5", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 5, Height: 4}), Pieces: pieces})
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
	// covered: 16 of 20 optimal: true
	// area bound 20: total area of the pieces 20 <= 20; exhaustive search: no tiling covers 20 cells; tiling with 4 holes
}
