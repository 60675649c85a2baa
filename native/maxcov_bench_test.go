package native

import (
	"context"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// benchMaxCoverage measures MaxCoverage on an example file (the puzzle and
// its images are built once, outside the timing) and checks the optimum.
func benchMaxCoverage(b *testing.B, file string, want int) {
	p, err := puzzle.ParseFile("../examples/"+file, "")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		res, err := MaxCoverage(context.Background(), p, Config{})
		if err != nil {
			b.Fatal(err)
		}
		if res.Covered != want || !res.Optimal {
			b.Fatalf("covered %d optimal %v, want %d", res.Covered, res.Optimal, want)
		}
	}
}

// Free tetrominoes, unlimited: one hole, the area bound.
func BenchmarkMaxCoverageTetris7x7(b *testing.B)   { benchMaxCoverage(b, "tetris-7x7.yaml", 48) }
func BenchmarkMaxCoverageTetris13x13(b *testing.B) { benchMaxCoverage(b, "tetris-13x13.yaml", 168) }
func BenchmarkMaxCoverageTetris21x21(b *testing.B) { benchMaxCoverage(b, "tetris-21x21.yaml", 440) }
func BenchmarkMaxCoverageTetris61x61(b *testing.B) { benchMaxCoverage(b, "tetris-61x61.yaml", 3720) }

// The 9 fixed polyominoes fill 61x61 exactly.
func BenchmarkMaxCoverageFill61x61(b *testing.B) { benchMaxCoverage(b, "fill-61x61.yaml", 3721) }

// T tetrominoes on 14x14: the exhaustive refutation of the area bound
// (Walkup: no exact tiling), then a tiling with 4 holes.
func BenchmarkMaxCoverageT14x14(b *testing.B) {
	p := mustPuzzle(b, puzzle.Spec{Name: "T4 14x14", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 14, Height: 14}),
		Pieces: []puzzle.PieceSpec{{Name: "T4", Cells: art(b, "###/.#."), Unlimited: true, Policy: puzzle.Free}}})
	b.ResetTimer()
	for b.Loop() {
		res, err := MaxCoverage(context.Background(), p, Config{})
		if err != nil {
			b.Fatal(err)
		}
		if res.Covered != 192 || !res.Optimal {
			b.Fatalf("covered %d optimal %v, want 192", res.Covered, res.Optimal)
		}
	}
}
