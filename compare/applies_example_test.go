package compare_test

import (
	"errors"
	"fmt"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/puzzle"
)

// Which backends apply: FILA's at=N does nothing beside an unlimited
// piece (the number of pieces left is unknown), and the five tetrominoes
// on 5x4 go to maximum coverage, with the proof that they tile nothing.
func ExampleApplies() {
	unlimited, err := puzzle.Parse("l.yaml", []byte("board: 3x3\ncount: unlimited\npieces:\n  L: \"#./##\"\n"), "")
	if err != nil {
		fmt.Println(err)
		return
	}
	backends, err := compare.NewRegistry().ParseList("dlx fila:at=2")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range backends {
		err := compare.Applies(b, unlimited, compare.Count)
		fmt.Println(b.Name(), errors.Is(err, compare.ErrNotApplicable))
	}
	p, err := puzzle.ParseFile("../examples/tetrominoes-5x4.yaml", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	k, proof := compare.ExactKind(p)
	fmt.Println(compare.AutoKind(p), k, proof != nil)
	// Output:
	// dlx false
	// fila:at=2 true
	// count max-coverage true
}

// The five tetrominoes tile no 5x4 rectangle: --task auto compares them
// on maximum coverage only, and --task count answers "no tiling".
func ExampleWithoutExactTiling() {
	p, err := puzzle.ParseFile("../examples/tetrominoes-5x4.yaml", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, proof := compare.ExactKind(p)
	maxOnly, _ := compare.WithoutExactTiling(nil, proof)
	fmt.Println("auto: max-coverage only", maxOnly)
	_, err = compare.WithoutExactTiling([]compare.Kind{compare.Count}, proof)
	fmt.Println("count: no tiling", errors.Is(err, compare.ErrNoExactTiling))
	// Output:
	// auto: max-coverage only true
	// count: no tiling true
}
