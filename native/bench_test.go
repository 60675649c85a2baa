package native

import (
	"context"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

type puzzleT = puzzle.Puzzle

// Benchmark configurations, single thread unless named otherwise.
var (
	// The FILA article's P-1: DLX, S heuristic, redundancy filter (X).
	cfgDLX10x6 = Config{Redundancy: "auto"}
	// P-5: DLX places the filtered X, then FILA with F and NOF.
	cfgFILA10x6 = Config{Algorithm: "fila", FilaAt: 11, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"}
	// The Tetris Cube as TC-4 (E from 11 pieces, F from 3, NOF), with the
	// piece chosen by the automatic redundancy filter (H).
	cfgTetrisCube = Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "auto"}
	// The diamond as PT-5: volume filter while more than 13 pieces
	// remain, FILA with E from 13, F from 3, NOF.
	cfgDiamond = Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", NOF: true, Volume: 13, Redundancy: "auto"}
)

func runBench(b *testing.B, p *puzzle.Puzzle, cfg Config, wantUnique int64) {
	b.Helper()
	b.ResetTimer()
	for b.Loop() {
		res, err := Solve(context.Background(), p, cfg)
		if err != nil {
			b.Fatal(err)
		}
		if res.Unique != wantUnique {
			b.Fatalf("unique %d, want %d", res.Unique, wantUnique)
		}
	}
}

func BenchmarkPentomino10x6DLX(b *testing.B) {
	runBench(b, pentominoBox(b, 6, 10), cfgDLX10x6, 2339)
}

func BenchmarkPentomino10x6FILA(b *testing.B) {
	runBench(b, pentominoBox(b, 6, 10), cfgFILA10x6, 2339)
}

func BenchmarkTetrisCube(b *testing.B) {
	runBench(b, tetrisCube(b), cfgTetrisCube, 9839)
}

func BenchmarkTetrisCubeParallel2(b *testing.B) {
	cfg := cfgTetrisCube
	cfg.Workers = 2
	runBench(b, tetrisCube(b), cfg, 9839)
}

func BenchmarkDiamond(b *testing.B) {
	runBench(b, diamond(b), cfgDiamond, 51184)
}

// BenchmarkWideEFirstTiling: the first tiling of a 96x96 board of
// unlimited monominoes by the default configuration (E throughout, on the
// multi-word FILA until 64 cells are open): E's cell choice scans the
// open cells at every node, so this measures that scan (one pass over the
// open cells since 2026-11-23; two passes over every cell before).
func BenchmarkWideEFirstTiling(b *testing.B) {
	p := parseYAML(b, "mono96", "board: 96x96\ncount: unlimited\npieces:\n  I: \"#\"\n")
	cfg := DefaultConfig(p)
	cfg.Limit = 1
	for b.Loop() {
		if r := solve(b, p, cfg); r.All != 1 || r.Nodes != 96*96 {
			b.Fatalf("%d solutions, %d nodes; want 1 and %d", r.All, r.Nodes, 96*96)
		}
	}
}
