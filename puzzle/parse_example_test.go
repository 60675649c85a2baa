package puzzle_test

import (
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
