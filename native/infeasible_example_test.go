package native_test

import (
	"errors"
	"fmt"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// The five free tetrominoes have the area of a 5x4 board, but the T
// covers one colour of the checkerboard twice more than the other:
// ProveInfeasible answers without a search.
func ExampleProveInfeasible() {
	src := "name: Tetrominoes 5x4\nboard: 5x4\norientations: free\npieces:\n" +
		"  I: \"####\"\n  O: \"##/##\"\n  T: \"###/.#.\"\n  S: \".##/##.\"\n  L: \"###/#..\"\n"
	p, err := puzzle.Parse("tetrominoes.yaml", []byte(src), "")
	if err != nil {
		fmt.Println(err)
		return
	}
	err = native.ProveInfeasible(p)
	var ie *native.InfeasibleError
	if errors.As(err, &ie) {
		fmt.Println(errors.Is(err, native.ErrInfeasible), ie.Area, ie.Bound.Bound, "of", ie.Bound.Cells)
	}
	// Output:
	// true false 16 of 20
}
