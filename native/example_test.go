package native_test

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// Count the solutions of the 12 pentominoes in a 10x6 box with the FILA
// article's test case P-5: DLX places the X (constrained by the redundancy
// filter), then FILA fills the rest with the F heuristic and NOF.
func ExampleSolve() {
	art := map[string]string{
		"F": ".##/##./.#.", "I": "#####", "L": "####/#...", "N": "##../.###",
		"P": "##/##/#.", "T": "###/.#./.#.", "U": "#.#/###", "V": "#../#../###",
		"W": "#../##./.##", "X": ".#./###/.#.", "Y": ".#../####", "Z": "##./.#./.##",
	}
	var pieces []puzzle.PieceSpec
	for _, name := range []string{"F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"} {
		cells, _ := puzzle.ArtCells(art[name], 0)
		pieces = append(pieces, puzzle.PieceSpec{Name: name, Cells: cells, Count: 1, Policy: puzzle.Free})
	}
	p, err := puzzle.New(puzzle.Spec{Name: "pentominoes 10x6", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 10, Height: 6}), Pieces: pieces})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := native.Solve(context.Background(), p, native.Config{
		Algorithm:  "fila",
		FilaAt:     11,
		Schedule:   "f",
		NOF:        true,
		Volume:     -1,
		Redundancy: "auto",
		Stats:      true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("unique:", res.Unique, "all:", res.All, "constrained:", res.RedundancyPiece)
	// The transposition table (Config.Memo) answers some nodes: the fits
	// made plus those it saved are the article's 2,091,215.
	fmt.Println("fits:", res.Stats.TotalFits()+res.Stats.MemoSaved)
	// Output:
	// unique: 2339 all: 9356 constrained: X
	// fits: 2091215
}
