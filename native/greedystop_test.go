package native

import (
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// TestGreedyStartStops: the matrix-free greedy start of maximum coverage
// reads its stop flag (it did not: a 100x100x100 cube of dominoes or a
// 1024x1024 board ran it for seconds past --time-limit). Once stopped,
// the cells it has not reached are holes, and the tiling is valid; the
// first 65,536 cells are always done.
func TestGreedyStartStops(t *testing.T) {
	if testing.Short() {
		t.Skip("a 600x600 board")
	}
	p := mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 600, Height: 600}), Pieces: []puzzle.PieceSpec{
		{Name: "D", Cells: art(t, "##"), Unlimited: true, Policy: puzzle.Free}}})
	mp := newMCProblem(p)
	full, _ := mp.greedyStart(nil)
	calls := 0
	start := time.Now()
	got, steps := mp.greedyStart(func() bool { calls++; return true })
	took := time.Since(start)
	if calls != 1 {
		t.Errorf("stop read %d times after it said stop", calls)
	}
	holes := 0
	for _, k := range got {
		if mp.pr.optClass[k] == mp.holeCls {
			holes++
		}
	}
	if holes < p.Area()-1<<16 || holes == p.Area() || steps > 1<<16 {
		t.Errorf("stopped greedy: %d holes of %d cells, %d placements; want the cells from 65,536 on as holes", holes, p.Area(), steps)
	}
	if tl := mp.tiling(got); tl.Placements == nil {
		t.Error("no tiling")
	} else if _, err := p.Verify(tl, false); err != nil {
		t.Errorf("the stopped greedy's tiling: %v", err)
	}
	if len(full) == len(got) {
		t.Errorf("the stopped greedy is the whole one (%d options)", len(full))
	}
	t.Logf("stopped greedy %v", took)
}
