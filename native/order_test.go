package native

import (
	"context"
	"fmt"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// TestParallelStreamsInSerialOrder: a parallel count streams its solutions
// (OnSolution: --jsonl, pictures) in the order of the serial search, and
// keeps the serial search's first solution in Result.First, in every run
// and whatever the number of workers (also when the workers ahead of the
// head run out of room and wait: orderCap 8). Before, the order and the
// kept solution changed from run to run with -j 2.
func TestParallelStreamsInSerialOrder(t *testing.T) {
	for _, c := range []struct {
		file string
		base Config
	}{
		{"pentomino-10x6.yaml", Config{Algorithm: "fila", Schedule: "f", Volume: -1, NOF: true, Unique: true, Redundancy: "auto"}},
		{"soma.yaml", Config{Algorithm: "fila", Redundancy: "auto"}},
		{"soma.yaml", Config{Algorithm: "dlx", Redundancy: "auto", Unique: true}},
	} {
		p, base := loadExample(t, c.file), c.base
		t.Run(fmt.Sprintf("%s/%s/unique=%v", c.file, base.Algorithm, base.Unique), func(t *testing.T) {
			collect := func(cfg Config) ([]puzzle.Tiling, *Result) {
				var got []puzzle.Tiling
				cfg.OnSolution = func(tl puzzle.Tiling) { got = append(got, tl) }
				cfg.Keep = -1
				res := solveWithin(t, p, cfg, 20*time.Second)
				return got, res
			}
			want, wres := collect(base)
			serialFirst := solveWithin(t, p, base, 20*time.Second).First
			if len(want) == 0 || len(serialFirst) != 1 || !reflect.DeepEqual(serialFirst[0], want[0]) {
				t.Fatalf("serial: %d streamed, first %d", len(want), len(serialFirst))
			}
			for _, c := range []struct{ workers, cap int }{{2, 0}, {3, 0}, {2, 8}, {3, 1}} {
				cfg := base
				cfg.Workers, cfg.orderCap = c.workers, c.cap
				got, res := collect(cfg)
				if !reflect.DeepEqual(got, want) || res.All != wres.All || res.Unique != wres.Unique {
					t.Fatalf("%d workers (cap %d): %d streamed (all %d), not in the serial order of %d (all %d)", c.workers, c.cap, len(got), res.All, len(want), wres.All)
				}
				cfg.OnSolution, cfg.orderCap = nil, 0
				first := solveWithin(t, p, cfg, 20*time.Second).First
				if !reflect.DeepEqual(first, serialFirst) {
					t.Fatalf("%d workers: Result.First is not the serial search's first solution", c.workers)
				}
			}
		})
	}
}

// TestParallelOrderStops: a parallel count whose workers wait for room
// (orderCap 1) still stops within a second of its context.
func TestParallelOrderStops(t *testing.T) {
	p := loadExample(t, "pentomino-10x6.yaml")
	var n atomic.Int64
	cfg := Config{Algorithm: "dlx", Redundancy: "none", Workers: 3, orderCap: 1, Keep: -1,
		OnSolution: func(puzzle.Tiling) { n.Add(1); time.Sleep(50 * time.Microsecond) }}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	done := make(chan *Result, 1)
	go func() {
		res, _ := Solve(ctx, p, cfg)
		done <- res
	}()
	select {
	case res := <-done:
		if !res.Interrupted && res.All != 9356 {
			t.Errorf("not interrupted, yet %d solutions", res.All)
		}
		if res.All != n.Load() {
			t.Errorf("All %d, %d streamed", res.All, n.Load())
		}
		if el := time.Since(start); el > 1100*time.Millisecond {
			t.Errorf("returned after %v", el)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no return 5 s after the cancellation: the ordering deadlocked")
	}
}

// solveWithin runs Solve and fails the test if it does not return in d.
func solveWithin(t *testing.T, p *puzzle.Puzzle, cfg Config, d time.Duration) *Result {
	t.Helper()
	type out struct {
		res *Result
		err error
	}
	ch := make(chan out, 1)
	go func() {
		res, err := Solve(context.Background(), p, cfg)
		ch <- out{res, err}
	}()
	select {
	case o := <-ch:
		if o.err != nil {
			t.Fatal(o.err)
		}
		return o.res
	case <-time.After(d):
		t.Fatalf("Solve did not return in %v (deadlock?)", d)
	}
	return nil
}
