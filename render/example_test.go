package render_test

import (
	"fmt"
	"os"

	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/render"
)

// trominoes builds a 2x3 board with two fixed L-trominoes.
func trominoes() *puzzle.Puzzle {
	board, _ := puzzle.ArtCells("###/###", 0)
	l, _ := puzzle.ArtCells("##/#.", 0)
	j, _ := puzzle.ArtCells(".#/##", 0)
	p, err := puzzle.New(puzzle.Spec{Name: "trominoes", Dim: 2, Region: board, Pieces: []puzzle.PieceSpec{
		{Name: "L", Cells: l, Count: 1, Policy: puzzle.Fixed},
		{Name: "J", Cells: j, Count: 1, Policy: puzzle.Fixed},
	}})
	if err != nil {
		panic(err)
	}
	return p
}

func ExampleTiling() {
	p := trominoes()
	t := puzzle.Tiling{Placements: []puzzle.Placement{
		{Piece: 0, Orient: 0, At: puzzle.Cell{I: 0, J: 0}},
		{Piece: 1, Orient: 0, At: puzzle.Cell{I: 0, J: 1}},
	}}
	render.Tiling(os.Stdout, p, t, render.ASCII, render.Options{})
	render.Tiling(os.Stdout, p, t, render.ASCII, render.Options{Boxed: true})
	t.Placements = t.Placements[:1] // a partial tiling
	render.Tiling(os.Stdout, p, t, render.ASCII, render.Options{})
	// Output:
	// L L J
	// L J J
	// +-------+---+
	// | L   L | J |
	// |   +---+   |
	// | L | J   J |
	// +---+-------+
	// L L _
	// L _ _
	// _ uncovered: 3 cells
}

func ExamplePieces() {
	render.Pieces(os.Stdout, trominoes(), render.ASCII, render.Options{})
	// Output:
	// 2 pieces, 6 cells (name, x copies, o orientations)
	// L x1 o1   J x1 o1
	// L L         J
	// L         J J
}

func ExampleColors() {
	p := trominoes()
	t := puzzle.Tiling{Placements: []puzzle.Placement{
		{Piece: 0, Orient: 0, At: puzzle.Cell{I: 0, J: 0}},
		{Piece: 1, Orient: 0, At: puzzle.Cell{I: 0, J: 1}},
	}}
	fmt.Println(render.Colors(p, t)) // each piece its own colour, the piece's index
	t.Placements = append(t.Placements, t.Placements[1])
	fmt.Println(render.Colors(p, t)) // the copy of J overlaps J: a spare colour
	// Output:
	// [0 1]
	// [0 1 2]
}

func ExampleBarChart() {
	c := render.Chart{
		Title: "12 pentominoes, 10x6",
		Axis:  "time",
		Unit:  "s",
		Bars:  []render.Bar{{Label: "dlx", Value: 2.08}, {Label: "fila", Value: 0.157, Note: "best"}},
	}
	if err := render.BarChart(os.Stdout, c, render.ASCII); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 12 pentominoes, 10x6
	// dlx   ################################# 2.08 s
	// fila  ### 0.157 s  best
	// time (s), linear scale: 0 .. 2.5
}

func ExampleTilings() {
	p := trominoes()
	t := puzzle.Tiling{Placements: []puzzle.Placement{
		{Piece: 0, Orient: 0, At: puzzle.Cell{I: 0, J: 0}},
		{Piece: 1, Orient: 0, At: puzzle.Cell{I: 0, J: 1}},
	}}
	render.Tilings(os.Stdout, p, []puzzle.Tiling{t, t}, render.ASCII, render.Options{})
	// Output:
	// L L J
	// L J J
	//
	// L L J
	// L J J
}
