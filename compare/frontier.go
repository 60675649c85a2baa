package compare

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/polytile/polytile/frontier"
)

// frontierBackend runs the frontier (transfer-matrix) engine: exact
// counts and exact maximum coverage without enumeration. It returns no
// tilings, so it is not a native reference: its counts are checked
// against the reference like an external solver's.
type frontierBackend struct {
	spec string
	opt  frontier.Options
}

// frontierMaxMiB bounds the mem= option (1 TiB).
const frontierMaxMiB = 1 << 20

// frontierFactory reads the options j=N (workers) and mem=MIB (the
// state budget in MiB).
func frontierFactory(spec string, opts []string) (Backend, error) {
	b := &frontierBackend{spec: spec}
	for _, o := range opts {
		key, val, _ := strings.Cut(o, "=")
		n, err := strconv.Atoi(val)
		switch {
		case key == "j" && err == nil && n >= 1 && n <= frontier.MaxWorkers:
			b.opt.Workers = n
		case key == "mem" && err == nil && n >= 1 && n <= frontierMaxMiB:
			b.opt.MaxMemory = int64(n) << 20
		default:
			return nil, fmt.Errorf("unknown or bad option %q (j=1..%d, mem=1..%d MiB)", o, frontier.MaxWorkers, frontierMaxMiB)
		}
	}
	return b, nil
}

func (b *frontierBackend) Name() string         { return b.spec }
func (b *frontierBackend) Native() bool         { return false }
func (b *frontierBackend) Supports(_ Kind) bool { return true }

func (b *frontierBackend) Describe() string {
	return "frontier (transfer-matrix) recurrence: exact counts and maximum coverage without enumeration"
}

// Run counts (all and, by Burnside, unique) or finds the maximum
// coverage. A puzzle out of the engine's reach is a skipped row; a stop
// at the deadline a timeout with no figures (a partial sum of the
// recurrence bounds nothing).
func (b *frontierBackend) Run(ctx context.Context, t Task) (*Outcome, error) {
	if t.Kind == MaxCoverage {
		res, err := frontier.MaxCoverage(ctx, t.Puzzle, b.opt)
		if o, done := frontierStopped(ctx, err); done {
			return o, nil
		}
		if err != nil {
			return nil, err
		}
		return &Outcome{Status: OK, Coverage: ptr(res.Covered), Bound: ptr(res.Covered), Complete: true,
			Seconds: res.Seconds, Work: int64(res.States), WorkUnit: "states", Note: res.Proof}, nil
	}
	opt := b.opt
	opt.Unique = true
	res, err := frontier.Count(ctx, t.Puzzle, opt)
	note := ""
	if errors.Is(err, frontier.ErrOutOfReach) && ctx.Err() == nil {
		// The fixed points of a symmetry can be out of reach where the
		// count of all is not.
		note = "unique not counted: " + err.Error()
		opt.Unique = false
		res, err = frontier.Count(ctx, t.Puzzle, opt)
	}
	if o, done := frontierStopped(ctx, err); done {
		return o, nil
	}
	if err != nil {
		return nil, err
	}
	o := &Outcome{Status: OK, Complete: true, Seconds: res.Seconds, Work: int64(res.States), WorkUnit: "states", Note: note}
	if !res.All.IsInt64() {
		o.Note = strings.TrimPrefix(note+"; ", "; ") + res.All.String() + " solutions (beyond 64 bits)"
		return o, nil
	}
	o.Solutions = ptr(res.All.Int64())
	if res.Unique != nil && res.Unique.IsInt64() {
		o.Unique = ptr(res.Unique.Int64())
	}
	return o, nil
}

// frontierStopped turns a refusal into a skipped row and a stop into a
// timeout (done reports either).
func frontierStopped(ctx context.Context, err error) (*Outcome, bool) {
	switch {
	case errors.Is(err, frontier.ErrOutOfReach), errors.Is(err, frontier.ErrUnsupported):
		return &Outcome{Status: Skipped, Reason: err.Error()}, true
	case errors.Is(err, frontier.ErrNotCounted):
		o := &Outcome{Status: Timeout, Note: "not counted: a partial sum of the recurrence is no bound"}
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			o.Note = "interrupted; " + o.Note
		}
		return o, true
	}
	return nil, false
}
