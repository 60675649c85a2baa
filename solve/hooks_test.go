package solve_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/solve"
)

// hooks records a native search's calls, and can refuse at each.
type hooks struct {
	opt             native.Options
	calls           []string
	subs            int
	configErr, done error
}

func (h *hooks) Config(p *puzzle.Puzzle) (native.Config, error) {
	h.calls = append(h.calls, "config")
	cfg := h.opt.Resolve(p)
	cfg.OnSubproblem = func(native.Subproblem) { h.subs++ }
	return cfg, h.configErr
}

func (h *hooks) Done(err error) error {
	h.calls = append(h.calls, "done")
	return h.done
}

func (h *hooks) Finish(res *native.Result, cfg native.Config, o *solve.Outcome) error {
	h.calls = append(h.calls, "finish")
	if o.Puzzle == "" || o.Solutions == nil || *o.Solutions != res.All {
		return errors.New("finish before the outcome is made")
	}
	return nil
}

type lines struct{ got []string }

func (l *lines) Update(s string)        { l.got = append(l.got, s) }
func (l *lines) Elapsed() time.Duration { return time.Second }

// A Native takes part in the search in order, its hooks run (here the
// split's subproblems are followed), and its errors end the Run as they
// are, not as a UsageError.
func TestRunNativeHooks(t *testing.T) {
	p := example(t, "pentomino-12x5.yaml")
	opt := native.Options{Algorithm: solve.FILA, NOF: true, Count: true, Workers: 2}
	h := &hooks{opt: opt}
	o, err := solve.Run(context.Background(), &solve.Request{Puzzle: p, Options: opt, Native: h})
	if err != nil || *o.Solutions != 4040 {
		t.Fatalf("%v", err)
	}
	if len(h.calls) != 3 || h.calls[0] != "config" || h.calls[1] != "done" || h.calls[2] != "finish" || h.subs == 0 {
		t.Errorf("calls %v, %d subproblems followed", h.calls, h.subs)
	}
	stop := errors.New("key placed")
	for _, h := range []*hooks{{opt: opt, configErr: stop}, {opt: opt, done: stop}} {
		_, err := solve.Run(context.Background(), &solve.Request{Puzzle: p, Options: opt, Native: h})
		var ue *solve.UsageError
		if err != stop || errors.As(err, &ue) {
			t.Errorf("calls %v: %v, want the hook's error as it is", h.calls, err)
		}
	}
}

// The frontier says on the progress line that it shows no progress
// within a run.
func TestRunProgress(t *testing.T) {
	l := &lines{}
	_, err := solve.Run(context.Background(), &solve.Request{Puzzle: example(t, "pentomino-12x5.yaml"),
		Options: native.Options{Algorithm: solve.Frontier, Count: true}, Progress: l})
	if err != nil || len(l.got) == 0 || l.got[0] != "frontier: counting layer by layer (no progress within a run)" {
		t.Errorf("%v: %q", err, l.got)
	}
}
