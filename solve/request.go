package solve

import (
	"context"
	"errors"
	"time"

	"github.com/polytile/polytile/frontier"
	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// Backends Run accepts in Request.Options.Algorithm.
const (
	FILA     = native.FILA
	DLX      = native.DLX
	Frontier = "frontier"
	HiGHS    = "highs"
)

// Request is one question about a puzzle and the settings to answer it.
type Request struct {
	Puzzle *puzzle.Puzzle
	// Options are the native search's settings and the question: Count,
	// Unique, Limit (0: the first tiling). Algorithm is the backend:
	// FILA, DLX, Frontier or HiGHS.
	Options native.Options
	// MaxCoverage asks for a tiling covering as many cells as possible.
	MaxCoverage bool
	// Auto lets a count whose backend the user did not choose go to the
	// frontier when frontier.Choose says it wins.
	Auto bool
	// Decided says that the puzzle has no exact tiling, known when it
	// was read: the native search answers without searching
	// (native.Decided).
	Decided bool
	// TimeLimit is the whole run's limit, of which HiGHS's native warm
	// start takes its share (native.WarmStartBudget).
	TimeLimit time.Duration
	// Program and HiGHS are the HiGHS backend's program and solver
	// options (highs.Settings.Resolve); NoWarmStart leaves out its native
	// start tiling for maximum coverage.
	Program     model.ProgramOptions
	HiGHS       highs.Options
	NoWarmStart bool
	// OnSolution receives each solution of a native listing as it is
	// found; KeepNone keeps none of them in the Outcome.
	OnSolution func(puzzle.Tiling)
	KeepNone   bool
	// Progress, when not nil, shows the run's progress line.
	Progress Progress
	// Log, when not nil, receives HiGHS's log one line at a time.
	Log func(string)
	// Native, when not nil, resolves and hooks the native search's
	// configuration; nil resolves Options as given.
	Native Native
}

// Progress is a progress line (internal/progress.Line).
type Progress interface {
	Update(string)
	Elapsed() time.Duration
}

// Native is a caller's part in a native search (FILA or DLX).
type Native interface {
	// Config is the search's configuration, checked, with the caller's
	// hooks (shards, checkpoints) in it.
	Config(p *puzzle.Puzzle) (native.Config, error)
	// Done is called with the search's error when it returns; a non-nil
	// error ends the Run as it is.
	Done(err error) error
	// Finish completes the outcome of a search that succeeded.
	Finish(res *native.Result, cfg native.Config, o *Outcome) error
}

// UsageError is a request the backend refuses: a setting that does not
// apply, or a puzzle it cannot take.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// StoppedError is a stop (time limit or signal) that came while a solver
// verified its best tiling, which did not end within the grace.
type StoppedError struct{ Err error }

func (e *StoppedError) Error() string { return e.Err.Error() }
func (e *StoppedError) Unwrap() error { return e.Err }

// ErrBackend is an unknown Request backend.
var ErrBackend = errors.New("solve: unknown backend")

// stopped is err as a *StoppedError when ctx is done, else nil.
func stopped(ctx context.Context, err error) error {
	if err == nil || ctx.Err() == nil {
		return nil
	}
	return &StoppedError{err}
}

// Run answers r. Its Outcome has the puzzle's name and cells and, for
// every backend, the JSON list of the tilings found (empty, not null).
func Run(ctx context.Context, r *Request) (*Outcome, error) {
	if r.Progress == nil {
		c := *r
		c.Progress, r = noProgress{time.Now()}, &c
	}
	var o *Outcome
	var err error
	switch r.Options.Algorithm {
	case FILA, DLX, Frontier:
		o, err = r.nativeOrFrontier(ctx)
	case HiGHS:
		o, err = r.runHiGHS(ctx)
	default:
		err = &UsageError{ErrBackend}
	}
	if err != nil {
		return nil, err
	}
	o.Puzzle, o.Cells = r.Puzzle.Name, r.Puzzle.Area()
	if o.Placements == nil {
		o.Placements = [][]puzzle.PlacementJSON{}
	}
	return o, nil
}

type noProgress struct{ start time.Time }

func (noProgress) Update(string)            {}
func (n noProgress) Elapsed() time.Duration { return time.Since(n.start) }

// autoFrontier reports whether r's count goes to the frontier, and why
// either way.
func (r *Request) autoFrontier(ctx context.Context) (bool, string) {
	if !r.Auto || !r.Options.Count || r.MaxCoverage || r.Decided {
		return false, ""
	}
	c := frontier.Choose(ctx, r.Puzzle, frontier.Options{Workers: r.Options.Workers})
	return c.Frontier, c.Describe()
}

// nativeOrFrontier runs FILA, DLX or the frontier; a count chosen for
// the frontier that finds it out of reach falls back to the native
// search, the reason on the Config line.
func (r *Request) nativeOrFrontier(ctx context.Context) (*Outcome, error) {
	if r.Options.Algorithm == Frontier {
		return r.runFrontier(ctx, "")
	}
	use, why := r.autoFrontier(ctx)
	if use {
		o, err := r.runFrontier(ctx, why)
		if !errors.Is(err, frontier.ErrOutOfReach) {
			return o, err
		}
		why = frontier.FallbackText(err)
	}
	o, err := r.runNative(ctx)
	if err == nil && why != "" && o.Config != "" {
		o.Config += "; " + why
	}
	return o, err
}

// Answered is the outcome of a request that the reading of the puzzle
// answered before any search (reason: a piece fits nowhere, a proof of
// no tiling, or the time limit, then timedOut). r.Puzzle, the puzzle
// read without its pieces that fit nowhere, may be nil.
func (r *Request) Answered(reason string, timedOut bool, seconds float64) *Outcome {
	o := &Outcome{Backend: r.Options.Algorithm, Mode: r.mode(), Seconds: seconds, Placements: [][]puzzle.PlacementJSON{}, Reason: reason}
	if r.Puzzle != nil {
		o.Puzzle, o.Cells = r.Puzzle.Name, r.Puzzle.Area()
	}
	if timedOut {
		o.TimedOut = true
	} else if !r.MaxCoverage {
		zero := int64(0)
		o.Solutions, o.Complete = &zero, true
		if r.Options.Unique || r.Options.Count {
			o.Unique = &zero
		}
	}
	return o
}

// mode is the JSON "mode" of r's question.
func (r *Request) mode() string {
	switch {
	case r.MaxCoverage:
		return "max-coverage"
	case r.Options.Count:
		return "count"
	case r.Options.Limit > 0:
		return "limit"
	}
	return "first"
}
