package native

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// TestStopAfterEachSolution: a solution costs work in proportion to the
// board (its canonical test under every symmetry, its streaming), so
// the search reads its stop flag after each one, not only every
// pollMask+1 nodes. On 200x200 with unlimited monominoes and dominoes
// nearly every node near the leaves is a solution of 40,000 cells, and
// `solve --count -j 8 --time-limit 3s` stopped after 25 s. Here the
// context is cancelled in the first streamed solution; the callback then
// waits until the watcher has certainly set the flag (it sleeps: the
// watcher only needs to be scheduled), and no solution may follow. The
// old code streamed hundreds more (up to 4,096 nodes of them). Serial
// only: parallel workers stream in the serial order, and solutions held
// before the stop for a later subproblem are flushed after it.
func TestStopAfterEachSolution(t *testing.T) {
	p := mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 6, Height: 6}), Pieces: []puzzle.PieceSpec{
		{Name: "M", Cells: art(t, "#"), Unlimited: true, Policy: puzzle.Free},
		{Name: "D", Cells: art(t, "##"), Unlimited: true, Policy: puzzle.Free}}})
	for _, c := range []struct {
		alg     string
		workers int
	}{{"fila", 1}, {"dlx", 1}} {
		ctx, cancel := context.WithCancel(context.Background())
		var mu sync.Mutex
		n, after := 0, 0
		_, err := Solve(ctx, p, Config{Algorithm: c.alg, Workers: c.workers, Redundancy: "none", OnSolution: func(puzzle.Tiling) {
			mu.Lock()
			defer mu.Unlock()
			n++
			if n == 1 {
				cancel()
				time.Sleep(100 * time.Millisecond)
				return
			}
			after++
		}})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if after > 0 {
			t.Errorf("%s: %d solutions streamed after the cancellation, want none", c.alg, after)
		}
	}
}
