package compare

import (
	"context"
	"errors"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// stopped is a backend that waits for its context and then answers as an
// external solver does: a Timeout outcome without a note, or an error.
type stopped struct{ fail bool }

func (s stopped) Name() string         { return "stopped" }
func (s stopped) Describe() string     { return "waits for its context" }
func (s stopped) Native() bool         { return false }
func (s stopped) Supports(k Kind) bool { return true }
func (s stopped) Run(ctx context.Context, t Task) (*Outcome, error) {
	<-ctx.Done()
	if s.fail {
		return nil, errors.New("reading the solver's output: " + ctx.Err().Error())
	}
	return &Outcome{Status: Timeout}, nil
}

// TestInterruptedRowSaysSo: a backend stopped by a signal (the command's
// context cancelled) is a timeout row noted "interrupted", whatever the
// backend returned; one stopped by its time limit has no such note. Before
// the fix an external backend's row read "timeout" alone after Ctrl-C, and
// one that returned an error was an Error row "context canceled": the
// first two cases failed.
func TestInterruptedRowSaysSo(t *testing.T) {
	p, err := puzzle.New(puzzle.Spec{Name: "2x1", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 2, Height: 1, Depth: 1}),
		Pieces: []puzzle.PieceSpec{{Name: "D", Cells: []puzzle.Cell{{I: 0, J: 0}, {I: 0, J: 1}}, Count: 1, Policy: puzzle.Free}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		fail     bool
		signal   bool
		wantNote string
	}{
		{"signal, timeout outcome", false, true, "interrupted"},
		{"signal, error", true, true, "interrupted"},
		{"time limit", false, false, ""},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		task := Task{Puzzle: p, Kind: Count}
		if c.signal {
			cancel()
		} else {
			task.TimeLimit = 1 // 1 ns: the backend's own deadline
		}
		r := runOne(ctx, stopped{fail: c.fail}, task)
		cancel()
		if r.Status != Timeout || r.Note != c.wantNote {
			t.Errorf("%s: status %q, note %q, reason %q; want timeout, note %q", c.name, r.Status, r.Note, r.Reason, c.wantNote)
		}
	}
}
