package export_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// A 2x3 board and an unlimited supply of L trominoes, as the packing
// formulation of maximum coverage.
func ExampleWriteLP() {
	board, _ := puzzle.ArtCells("###/###", 0)
	corner, _ := puzzle.ArtCells("##/#.", 0)
	p, err := puzzle.New(puzzle.Spec{Name: "corners", Dim: 2, Region: board, Pieces: []puzzle.PieceSpec{
		{Name: "V", Cells: corner, Unlimited: true, Policy: puzzle.Rotate},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	pr, err := model.NewProgram(p, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := export.WriteLP(os.Stdout, pr); err != nil {
		fmt.Println(err)
	}
	// Output:
	// \* polytile binary program (MIP article): corners *\
	// \* mode max-coverage, formulation packing; objective: maximise the number of covered cells *\
	// \* 1 pieces, 6 cells, 8 images; 8 columns (8 x), 6 rows, 24 nonzeros *\
	// \* area bound 6: piece sizes can add up to all 6 cells *\
	// \* fingerprint polytile_fp_81c6199f683abdda7e23e124704c6141 (a hash of this program; LP and MPS files carry it as a column fixed at a value it gives, by which polytile check identifies the program) *\
	// Maximize
	//  obj: + 3 x_V_0_0_0 + 3 x_V_0_0_1 + 3 x_V_1_0_0 + 3 x_V_1_0_1 + 3 x_V_2_0_0 + 3 x_V_2_0_1 + 3 x_V_3_0_0 + 3 x_V_3_0_1 + 0 polytile_fp_81c6199f683abdda7e23e124704c6141
	// Subject To
	//  overlap_c_0_0: + x_V_0_0_0 + x_V_2_0_0 + x_V_3_0_0 <= 1
	//  overlap_c_0_1: + x_V_0_0_0 + x_V_0_0_1 + x_V_1_0_0 + x_V_2_0_1 + x_V_3_0_0 + x_V_3_0_1 <= 1
	//  overlap_c_0_2: + x_V_0_0_1 + x_V_1_0_1 + x_V_3_0_1 <= 1
	//  overlap_c_1_0: + x_V_0_0_0 + x_V_1_0_0 + x_V_2_0_0 <= 1
	//  overlap_c_1_1: + x_V_0_0_1 + x_V_1_0_0 + x_V_1_0_1 + x_V_2_0_0 + x_V_2_0_1 + x_V_3_0_0 <= 1
	//  overlap_c_1_2: + x_V_1_0_1 + x_V_2_0_1 + x_V_3_0_1 <= 1
	// Bounds
	//  polytile_fp_81c6199f683abdda7e23e124704c6141 = 245729
	// Binaries
	//  x_V_0_0_0 x_V_0_0_1 x_V_1_0_0 x_V_1_0_1 x_V_2_0_0 x_V_2_0_1 x_V_3_0_0 x_V_3_0_1
	// End
}

// The exact-cover file of the same board with dominoes, for Knuth's dlx1.
func ExampleWriteDLX() {
	board, _ := puzzle.ArtCells("###/###", 0)
	domino, _ := puzzle.ArtCells("##", 0)
	p, err := puzzle.New(puzzle.Spec{Name: "dominoes", Dim: 2, Region: board, Pieces: []puzzle.PieceSpec{
		{Name: "D", Cells: domino, Count: 3, Policy: puzzle.Free},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := export.WriteDLX(os.Stdout, model.NewCover(p)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// | polytile exact cover: dominoes
	// | 7 items (1 piece classes with a finite count, then 6 cells), 7 options (images)
	// | items written k|name must be covered exactly k times (dlx3 syntax; dlx1 needs multiplicity 1)
	// 3|D 0_0 0_1 0_2 1_0 1_1 1_2
	// D 0_0 0_1
	// D 0_1 0_2
	// D 1_0 1_1
	// D 1_1 1_2
	// D 0_0 1_0
	// D 0_1 1_1
	// D 0_2 1_2
}

// Prepare sizes an export before its output is opened; settings it does
// not write are export.ErrInvalid.
func ExamplePrepare() {
	board, _ := puzzle.ArtCells("###/###", 0)
	domino, _ := puzzle.ArtCells("##", 0)
	p, err := puzzle.New(puzzle.Spec{Name: "dominoes", Dim: 2, Region: board, Pieces: []puzzle.PieceSpec{
		{Name: "D", Cells: domino, Count: 3, Policy: puzzle.Free},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	prep, err := export.Prepare(context.Background(), p, export.Options{Format: "dlx", MinCovered: -1})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := prep.Write(os.Stdout); err != nil {
		fmt.Println(err)
	}
	_, err = export.Prepare(context.Background(), p, export.Options{Format: "cnf", MinCovered: 7})
	fmt.Println(errors.Is(err, export.ErrInvalid), err)
	// Output:
	// | polytile exact cover: dominoes
	// | 7 items (1 piece classes with a finite count, then 6 cells), 7 options (images)
	// | items written k|name must be covered exactly k times (dlx3 syntax; dlx1 needs multiplicity 1)
	// 3|D 0_0 0_1 0_2 1_0 1_1 1_2
	// D 0_0 0_1
	// D 0_1 0_2
	// D 1_0 1_1
	// D 1_1 1_2
	// D 0_0 1_0
	// D 0_1 1_1
	// D 0_2 1_2
	// true --min-covered must be in [0, 6] (the cells of the region), not 7
}

// Ask which export formats write a binary program, and whether a format
// represents a mode.
func ExampleIsProgramFormat() {
	fmt.Println(export.IsFormat("MPS"), export.IsProgramFormat("mps"), export.IsProgramFormat("cnf"))
	fmt.Println(export.CheckMode("dlx", "max-coverage"))
	// Output:
	// true true false
	// <nil>
}
