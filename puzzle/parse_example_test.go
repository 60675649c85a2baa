package puzzle_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/polytile/polytile/puzzle"
)

func ExampleParse() {
	src := `name: Two dominoes
board: 2x2
pieces:
  D:
    shape: "##"
    count: 2
`
	p, err := puzzle.Parse("dominoes.yaml", []byte(src), "")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Name+":", p.Area(), "cells,", p.Images.Len(), "images")

	// The same puzzle in Knuth's spec format: the box, then "count|name cells".
	k, err := puzzle.Parse("dominoes.knuth", []byte("[01][01]\n2|D 00 10\n"), "")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(k.Name+":", k.Area(), "cells,", k.Images.Len(), "images")

	// Errors name the file, line and column.
	_, err = puzzle.Parse("bad.yaml", []byte("board: 2x2\npieces:\n  D: \"#x\"\n"), "")
	fmt.Println(err)
	// Output:
	// Two dominoes: 4 cells, 4 images
	// dominoes: 4 cells, 4 images
	// bad.yaml:3:8: piece "D": unexpected character 'x' in ASCII art (use '#' for a cell, '.' or ' ' for empty)
}

// A piece that fits nowhere is data of the puzzle built with such pieces
// left out; NoExactTiling turns it into the proof that no exact tiling
// exists.
func ExamplePuzzle_NoExactTiling() {
	src := "name: Too long\nboard: 4x2\npieces:\n  O: {shape: \"##/##\", count: 2}\n  I: \"#####\"\n"
	p, err := puzzle.ParseWith(context.Background(), "long.yaml", []byte(src), "",
		puzzle.BuildOptions{Unplaceable: puzzle.DropAll, KeepEmpty: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Unfit[0].Name, len(p.Pieces))
	err = p.NoExactTiling()
	fmt.Println(errors.Is(err, puzzle.ErrUnplaceable), err)
	// Output:
	// I 1
	// true long.yaml:5:3: piece "I" fits nowhere in the board
}
