package puzzle_test

import (
	"fmt"

	"github.com/polytile/polytile/puzzle"
)

// The ok set of a puzzle: every bounded placement of every orientation.
func ExampleNew() {
	bar, _ := puzzle.ArtCells("###", 0)
	corner, _ := puzzle.ArtCells("##/#.", 0)
	p, err := puzzle.New(puzzle.Spec{Name: "3x3", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 3, Height: 3}), Pieces: []puzzle.PieceSpec{
		{Name: "I", Cells: bar, Count: 1, Policy: puzzle.Free},
		{Name: "V", Cells: corner, Count: 2, Policy: puzzle.Free},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for k, pc := range p.Pieces {
		fmt.Printf("%s: %d orientations, %d images\n", pc.Name, len(pc.Orients), p.Images.PieceStart[k+1]-p.Images.PieceStart[k])
	}
	fmt.Println("cover entries:", p.Images.CoverEntries(), "symmetries:", len(p.Symmetries()))
	// Output:
	// I: 2 orientations, 6 images
	// V: 4 orientations, 16 images
	// cover entries: 66 symmetries: 8
}

// Verify recomputes a tiling from the pieces' shapes and reports defects.
func ExamplePuzzle_Verify() {
	p, _ := puzzle.Parse("bars.yaml", []byte("board: 5x2\npieces:\n  I: {shape: \"#####\", count: 2}\n"), "")
	h := 0 // the horizontal orientation of I
	if p.Pieces[0].Orients[0].Extent().J != 5 {
		h = 1
	}
	good := puzzle.Tiling{Placements: []puzzle.Placement{{Piece: 0, Orient: h, At: puzzle.Cell{I: 0}}, {Piece: 0, Orient: h, At: puzzle.Cell{I: 1}}}}
	r, err := p.Verify(good, true)
	fmt.Println(r.Covered, err)
	bad := puzzle.Tiling{Placements: []puzzle.Placement{{Piece: 0, Orient: h, At: puzzle.Cell{I: 0}}, {Piece: 0, Orient: h, At: puzzle.Cell{I: 0}}}}
	_, err = p.Verify(bad, true)
	fmt.Println(err)
	// Output:
	// 10 <nil>
	// invalid tiling: placements 0 and 1 overlap at (0,0); placements 0 and 1 overlap at (0,1); placements 0 and 1 overlap at (0,2); placements 0 and 1 overlap at (0,3); placements 0 and 1 overlap at (0,4); and 1 more
}
