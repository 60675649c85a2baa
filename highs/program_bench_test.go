//go:build cgo && !nohighs

package highs

import (
	"context"
	"testing"
	"time"
)

// benchTimeLimit caps each maximum-coverage solve of BenchmarkMaxCoverage.
const benchTimeLimit = 120 * time.Second

// BenchmarkMaxCoverage solves the MIP article's Tetris instances (free
// tetrominoes, unlimited) with HiGHS in the four maximum-coverage
// variants. Each solve is capped at benchTimeLimit; the metrics are the
// coverage found, the proven bound, branch-and-bound nodes and whether
// optimality was proven. Run with -benchtime=1x.
func BenchmarkMaxCoverage(b *testing.B) {
	for _, file := range []string{"tetris-7x7.yaml", "tetris-13x13.yaml", "tetris-21x21.yaml"} {
		p := progExample(b, file)
		for _, opt := range progVariants[1:] {
			pr := mustProg(b, p, opt)
			b.Run(file[:len(file)-5]+"/"+progLabel(opt), func(b *testing.B) {
				var res *ProgramResult
				for b.Loop() {
					var err error
					res, err = SolveProgram(context.Background(), pr, Options{MIPRelGap: 0, TimeLimit: benchTimeLimit})
					if err != nil {
						b.Fatal(err)
					}
				}
				optimal := 0.0
				if res.Optimal {
					optimal = 1
				}
				b.ReportMetric(float64(res.Coverage), "covered")
				b.ReportMetric(float64(res.Bound), "bound")
				b.ReportMetric(float64(res.Nodes), "nodes")
				b.ReportMetric(optimal, "optimal")
			})
		}
	}
}

// BenchmarkTetris7x7 is the acceptance benchmark: the 7x7 Tetris maximum
// coverage (48) proven optimal (budget 5 s), in the MIP article's seed
// formulation and in packing with the area bound.
func BenchmarkTetris7x7(b *testing.B) {
	p := progExample(b, "tetris-7x7.yaml")
	for _, opt := range []int{1, 4} {
		pr := mustProg(b, p, progVariants[opt])
		b.Run(progLabel(progVariants[opt]), func(b *testing.B) {
			for b.Loop() {
				res, err := SolveProgram(context.Background(), pr, Options{MIPRelGap: 0})
				if err != nil {
					b.Fatal(err)
				}
				if !res.Optimal || res.Coverage != 48 {
					b.Fatalf("status %v coverage %d, want optimal 48", res.Status, res.Coverage)
				}
			}
		})
	}
}
