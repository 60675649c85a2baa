package compare

import (
	"context"
	"fmt"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// The bounds of the in-process HiGHS rows of the default max-coverage
// list, which keep a first compare within seconds: HiGHS proves Tetris 7x7
// (572 placements) in 0.7 to 2.5 s a row on a loaded 2-core machine, and
// does not stop within the time limit on the 31,934 placements of the
// 15x14 hexominoes (a 3 s limit took 9 s).
const (
	// QuickMaxImages is the most placements (images) of a puzzle on
	// which the default list runs in-process HiGHS.
	QuickMaxImages = 5000
	// QuickTimeLimit is the time limit of an in-process HiGHS row of the
	// default list (the task's own limit when that is shorter).
	QuickTimeLimit = 2 * time.Second
)

// quick is a backend of a default list that runs only on programs of at
// most maxImages placements, for at most limit; a row it skips or stops
// says so, and how to run the backend in full (--backends NAME).
type quick struct {
	Backend
	maxImages int
	limit     time.Duration
}

// Run skips puzzles over q.maxImages placements and runs the backend
// with the shorter of the task's time limit and q.limit.
func (q quick) Run(ctx context.Context, t Task) (*Outcome, error) {
	if n := t.Puzzle.Images.Len(); n > q.maxImages {
		return &Outcome{Status: Skipped, Reason: fmt.Sprintf("left out of the default list on more than %s placements (this puzzle has %s); --backends %s runs it",
			num(int64(q.maxImages)), num(int64(n)), q.Name())}, nil
	}
	if t.TimeLimit > 0 && t.TimeLimit <= q.limit {
		return q.Backend.Run(ctx, t)
	}
	t.TimeLimit = q.limit
	qctx, cancel := context.WithTimeout(ctx, q.limit)
	defer cancel()
	start := time.Now()
	o, err := q.Backend.Run(qctx, t)
	// Stopped by q.limit: the caller's own limit is longer (or none), so
	// a timeout while ctx is live is q.limit's.
	capped := ctx.Err() == nil && (qctx.Err() != nil || (err == nil && o != nil && o.Status == Timeout))
	if !capped {
		return o, err
	}
	if o == nil || err != nil {
		o = &Outcome{Status: Timeout, Seconds: time.Since(start).Seconds()}
	}
	note := fmt.Sprintf("stopped at the default list's %s limit; --backends %s runs it to the time limit", q.limit, q.Name())
	if o.Note != "" {
		note = o.Note + "; " + note
	}
	o.Note = note
	return o, nil
}

// Describe says what the backend runs, and the default list's bounds.
func (q quick) Describe() string {
	return fmt.Sprintf("%s (default list: up to %s placements, %s)", q.Backend.Describe(), num(int64(q.maxImages)), q.limit)
}

// CheckTask passes the check on to the backend when it has one.
func (q quick) CheckTask(p *puzzle.Puzzle, k Kind) error {
	if c, ok := q.Backend.(PuzzleChecker); ok {
		return c.CheckTask(p, k)
	}
	return nil
}
