package native

import (
	"context"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

type puzzleT = puzzle.Puzzle

// Benchmark configurations. P-5 of the FILA article: DLX places the
// filtered X, then FILA with F and NOF fills the rest.
var (
	cfgP1 = Config{Redundancy: "auto"}
	cfgP5 = Config{Algorithm: "fila", FilaAt: 11, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"}
	cfgP4 = Config{Algorithm: "fila", FilaAt: 11, Schedule: "f", Volume: -1, Redundancy: "auto"}
)

func runBench(b *testing.B, cfg Config, wantUnique int64, p func(testing.TB) *puzzleT) {
	pz := p(b)
	b.ResetTimer()
	for b.Loop() {
		res, err := Solve(context.Background(), pz, cfg)
		if err != nil {
			b.Fatal(err)
		}
		if res.Unique != wantUnique {
			b.Fatalf("unique %d, want %d", res.Unique, wantUnique)
		}
	}
}

func BenchmarkPentomino10x6DLX(b *testing.B) {
	runBench(b, cfgP1, 2339, func(t testing.TB) *puzzleT { return pentominoBox(t, 6, 10) })
}

func BenchmarkPentomino10x6FILA(b *testing.B) {
	runBench(b, cfgP5, 2339, func(t testing.TB) *puzzleT { return pentominoBox(t, 6, 10) })
}

func BenchmarkPentomino10x6FILANoNOF(b *testing.B) {
	runBench(b, cfgP4, 2339, func(t testing.TB) *puzzleT { return pentominoBox(t, 6, 10) })
}

var cfgTC = Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "L"}

func BenchmarkTetrisCube(b *testing.B) {
	runBench(b, cfgTC, 9839, func(t testing.TB) *puzzleT { return tetrisCube(t) })
}
