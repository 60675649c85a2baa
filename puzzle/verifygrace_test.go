package puzzle

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestVerifyAfterStop: the verification of a tiling found before a stop
// runs on past the end of ctx for the grace (a valid tiling verified,
// an invalid one reported, though ctx was done before it began), and
// ends when the grace is over, reporting the stop with ctx's own error
// (here a deadline, not the grace's cancellation). Fails if the grace is
// not given (ctx read directly: every case stopped), if it never ends
// (the large tiling verified), or if the stop is mishandled (reported as
// an invalid tiling, or with the grace's error).
func TestVerifyAfterStop(t *testing.T) {
	small, err := Parse("s.yaml", []byte("board: 2x2\ncount: unlimited\npieces: [monominoes]\n"), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	const n = 512
	large, err := Parse("l.yaml", []byte("board: 512x512\ncount: unlimited\npieces: [monominoes]\n"), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	fill := func(rows, cols int) Tiling {
		var tl Tiling
		for i := range rows {
			for j := range cols {
				tl.Placements = append(tl.Placements, Placement{At: Cell{I: i, J: j}})
			}
		}
		return tl
	}
	good, bad, big := fill(2, 2), fill(1, 2), fill(n, n)
	if _, err := large.Verify(big, true); err != nil {
		t.Fatalf("the large tiling: %v", err)
	}
	ended, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	for _, c := range []struct {
		name    string
		ctx     context.Context
		grace   time.Duration
		p       *Puzzle
		tl      Tiling
		stopped bool
		valid   bool
	}{
		{"running", context.Background(), 0, small, good, false, true},
		{"running, invalid", context.Background(), 0, small, bad, false, false},
		{"within the grace", ended, time.Minute, small, good, false, true},
		{"within the grace, invalid", ended, time.Minute, small, bad, false, false},
		{"within the grace, large", ended, time.Minute, large, big, false, true},
		{"past the grace", ended, 0, large, big, true, false},
	} {
		rep, stopped, err := c.p.VerifyAfterStop(c.ctx, c.grace, c.tl, true)
		switch {
		case stopped != c.stopped:
			t.Errorf("%s: stopped %v, want %v (err %v)", c.name, stopped, c.stopped, err)
		case stopped && (rep != nil || !errors.Is(err, context.DeadlineExceeded)):
			t.Errorf("%s: report %v, err %v; want no report and ctx's error (deadline exceeded)", c.name, rep != nil, err)
		case !stopped && rep == nil:
			t.Errorf("%s: no report (err %v)", c.name, err)
		case !stopped && (err == nil) != c.valid:
			t.Errorf("%s: err %v, want valid %v", c.name, err, c.valid)
		}
	}
}
