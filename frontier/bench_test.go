package frontier

import (
	"context"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// benchCount counts p b.N times on one thread and checks the count.
func benchCount(b *testing.B, p *puzzle.Puzzle, want string) {
	b.ReportAllocs()
	cpu0 := cpuSeconds()
	for b.Loop() {
		res, err := Count(context.Background(), p, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if res.All.String() != want {
			b.Fatalf("%v tilings, want %s", res.All, want)
		}
	}
	b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "cpu-s/op")
}
