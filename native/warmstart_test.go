package native

import (
	"context"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// TestWarmStartBudget: 5 s without a limit or with a long one, a quarter
// of a limit under 20 s.
func TestWarmStartBudget(t *testing.T) {
	for limit, want := range map[time.Duration]time.Duration{
		0: 5 * time.Second, time.Minute: 5 * time.Second, 20 * time.Second: 5 * time.Second,
		8 * time.Second: 2 * time.Second, time.Second: 250 * time.Millisecond,
	} {
		if got := WarmStartBudget(limit); got != want {
			t.Errorf("WarmStartBudget(%v) = %v, want %v", limit, got, want)
		}
	}
}

// TestWarmStart: the warm start of a 3x5 box of dominoes covers 14 cells
// (the area bound: an odd area leaves one hole, checked against the
// brute-force search).
func TestWarmStart(t *testing.T) {
	ctx := context.Background()
	dom := mustPuzzle(t, puzzle.Spec{Name: "d", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 5, Height: 3}),
		Pieces: []puzzle.PieceSpec{{Name: "D", Cells: art(t, "##"), Unlimited: true, Policy: puzzle.Free}}})
	res := WarmStart(ctx, dom, Config{}, 0)
	if res == nil || res.Covered != bruteMaxCoverage(dom) || res.Covered != 14 {
		t.Fatalf("3x5 dominoes: %+v, want 14 cells covered", res)
	}
}
