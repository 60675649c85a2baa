package compare

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestQuickRowsAreBounded: a backend of the default list with bounds is
// skipped on a puzzle with more placements than its bound, stopped at its
// own time limit when the task's is longer, and left alone otherwise;
// each row says which and how to run the backend in full.
func TestQuickRowsAreBounded(t *testing.T) {
	p := parse(t, lCorner)
	hang := &fake{name: "hang", run: func(ctx context.Context, _ Task) (*Outcome, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	var seen time.Duration
	fast := &fake{name: "fast", run: func(_ context.Context, task Task) (*Outcome, error) {
		seen = task.TimeLimit
		return &Outcome{Status: OK, Coverage: ptr(6), Bound: ptr(6), Complete: true}, nil
	}}
	n := p.Images.Len()
	small := quick{Backend: hang, maxImages: n - 1, limit: time.Second}
	if o, err := small.Run(context.Background(), Task{Puzzle: p, Kind: MaxCoverage}); err != nil || o.Status != Skipped || !strings.Contains(o.Reason, "--backends hang runs it") {
		t.Errorf("over the bound: %+v %v", o, err)
	}
	capped := quick{Backend: hang, maxImages: n, limit: 50 * time.Millisecond}
	start := time.Now()
	o, err := capped.Run(context.Background(), Task{Puzzle: p, Kind: MaxCoverage, TimeLimit: time.Minute})
	if err != nil || o.Status != Timeout || !strings.Contains(o.Note, "stopped at the default list's 50ms limit; --backends hang") {
		t.Errorf("capped: %+v %v", o, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("capped row took %s", d)
	}
	// The task's shorter limit is kept, as is a signal's stop.
	q := quick{Backend: fast, maxImages: n, limit: time.Minute}
	if o, err := q.Run(context.Background(), Task{Puzzle: p, Kind: MaxCoverage, TimeLimit: time.Second}); err != nil || o.Status != OK || seen != time.Second || o.Note != "" {
		t.Errorf("shorter task limit: %+v %v, limit %s", o, err, seen)
	}
	if o, err := q.Run(context.Background(), Task{Puzzle: p, Kind: MaxCoverage}); err != nil || o.Status != OK || seen != time.Minute {
		t.Errorf("no task limit: %+v %v, limit %s", o, err, seen)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := capped.Run(ctx, Task{Puzzle: p, Kind: MaxCoverage}); err == nil {
		t.Errorf("a cancelled comparison's row is not the cap's timeout")
	}
}

// TestDefaultHiGHSRowsAreBounded: the in-process HiGHS rows of the default
// max-coverage list carry the bounds, and still answer a small puzzle.
func TestDefaultHiGHSRowsAreBounded(t *testing.T) {
	per, err := NewRegistry().DefaultBackends()
	if err != nil {
		t.Fatal(err)
	}
	bounded := 0
	for _, b := range per[MaxCoverage] {
		if _, ok := b.(quick); ok {
			bounded++
			if !strings.HasPrefix(b.Name(), "highs") || !strings.Contains(b.Describe(), "default list: up to 5,000 placements, 2s") {
				t.Errorf("%s: %s", b.Name(), b.Describe())
			}
		}
	}
	if bounded != 4 {
		t.Errorf("%d bounded rows, want the 4 in-process HiGHS ones", bounded)
	}
	if !haveHiGHS() {
		return
	}
	tabs, err := Compare(context.Background(), parse(t, lCorner), nil, Options{PerKind: per, TimeLimit: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range tabs[0].Rows {
		if r.Status != OK || r.Coverage == nil || *r.Coverage != 6 {
			t.Errorf("%s: %+v\n%s", r.Backend, r.Outcome, dump(tabs))
		}
	}
}
