package native

import (
	"context"
	"testing"
	"time"
)

// cfgOneSided18x5 is the FILA article's OP-4: volume filter, FILA with F
// from 17 pieces, NOF, on the 90-cell (wide FILA) board.
var cfgOneSided18x5 = Config{Algorithm: "fila", FilaAt: 17, Schedule: "f=17", NOF: true, Volume: -1, Redundancy: "auto"}

// BenchmarkOneSided18x5Slice searches the one-sided 18x5 pentominoes as
// OP-4 for 20 seconds (the whole count takes minutes), for a CPU profile
// of the wide FILA; it reports the nodes per second reached.
func BenchmarkOneSided18x5Slice(b *testing.B) {
	p := exampleFile("onesided-18x5.yaml")(b)
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		cfg := cfgOneSided18x5
		cfg.Stats = true
		res, err := Solve(ctx, p, cfg)
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		if !res.Interrupted {
			b.Fatalf("finished within 20 s: %d unique", res.Unique)
		}
		if res.Stats != nil && res.Seconds > 0 {
			b.ReportMetric(float64(res.Stats.TotalFits())/res.Seconds, "fits/s")
		}
	}
}
