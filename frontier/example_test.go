package frontier_test

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/frontier"
	"github.com/polytile/polytile/puzzle"
)

// Example counts the domino tilings of a 10x10 board (OEIS A004003), all
// and up to the square's 8 symmetries, without enumerating them.
func Example() {
	p, err := puzzle.New(puzzle.Spec{
		Name: "dominoes", Dim: 2,
		Region: puzzle.Box(puzzle.Dims{Width: 10, Height: 10}),
		Pieces: []puzzle.PieceSpec{{Name: "D", Cells: []puzzle.Cell{{I: 0, J: 0}, {I: 0, J: 1}}, Unlimited: true, Policy: puzzle.Free}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := frontier.Count(context.Background(), p, frontier.Options{Unique: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.All, "tilings,", res.Unique, "unique, window", res.Window)
	for _, f := range res.Fix {
		fmt.Println(f.Symmetry, f.Count)
	}
	// Output:
	// 258584046368 tilings, 32324350352 unique, window 11
	// identity 258584046368
	// rotate180 777248
	// rotate270 0
	// rotate90 0
	// mirror-horizontal 4989600
	// mirror-vertical 4989600
	// mirror-diagonal 0
	// mirror-antidiagonal 0
}

// ExampleMaxCoverage finds the largest area T tetrominoes cover on a
// 10x10 board: 96, as the checkerboard bound says (Walkup).
func ExampleMaxCoverage() {
	p, err := puzzle.NewWith(context.Background(), puzzle.Spec{
		Name: "T", Dim: 2,
		Region: puzzle.Box(puzzle.Dims{Width: 10, Height: 10}),
		Pieces: []puzzle.PieceSpec{{Name: "T", Cells: []puzzle.Cell{{I: 0, J: 0}, {I: 0, J: 1}, {I: 0, J: 2}, {I: 1, J: 1}}, Unlimited: true, Policy: puzzle.Free}},
	}, puzzle.BuildOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := frontier.MaxCoverage(context.Background(), p, frontier.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Covered, "of", res.Area)
	// Output: 96 of 100
}

// ExampleChoose shows the automatic choice for the 12 pentominoes, one
// each, on 10x6: FILA.
func ExampleChoose() {
	names := map[string]string{
		"F": ".##/##./.#.", "I": "#####", "L": "####/#...", "N": "##../.###",
		"P": "##/##/#.", "T": "###/.#./.#.", "U": "#.#/###", "V": "#../#../###",
		"W": "#../##./.##", "X": ".#./###/.#.", "Y": ".#../####", "Z": "##./.#./.##",
	}
	var pieces []puzzle.PieceSpec
	for _, n := range []string{"F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"} {
		cells, _ := puzzle.ArtCells(names[n], 0)
		pieces = append(pieces, puzzle.PieceSpec{Name: n, Cells: cells, Count: 1, Policy: puzzle.Free})
	}
	p, err := puzzle.New(puzzle.Spec{Name: "pentominoes", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 10, Height: 6}), Pieces: pieces})
	if err != nil {
		fmt.Println(err)
		return
	}
	c := frontier.Choose(context.Background(), p, frontier.Options{})
	fmt.Println(c.Frontier)
	// Output: false
}

// ExampleCountUniqueIfInReach counts the domino tilings of a 6x6 square
// (OEIS A004003; FILA counts 930 unique too), with the count up to the square's symmetries when its
// fixed points are in reach; note says why when they are not.
func ExampleCountUniqueIfInReach() {
	p, err := puzzle.New(puzzle.Spec{
		Name: "dominoes", Dim: 2,
		Region: puzzle.Box(puzzle.Dims{Width: 6, Height: 6}),
		Pieces: []puzzle.PieceSpec{{Name: "D", Cells: []puzzle.Cell{{I: 0, J: 0}, {I: 0, J: 1}}, Unlimited: true, Policy: puzzle.Free}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, note, err := frontier.CountUniqueIfInReach(context.Background(), p, frontier.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.All, "tilings,", res.Unique, "unique")
	if note != "" {
		fmt.Println(note)
	}
	// Output: 6728 tilings, 930 unique
}
