package solve

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/polytile/polytile/frontier"
)

// runFrontier counts with frontier.Count (--unique by Burnside) or finds
// the maximum coverage with frontier.MaxCoverage; it lists no tilings.
// Chosen automatically (why not empty), it returns ErrOutOfReach as it is,
// for FILA to count instead.
func (r *Request) runFrontier(ctx context.Context, why string) (*Outcome, error) {
	start := time.Now()
	p, workers := r.Puzzle, r.Options.Workers
	// A count reports unique counts as the native one does (its fixed
	// points are counted too).
	opt := frontier.Options{Workers: workers, Unique: r.Options.Unique || r.Options.Count}
	r.Progress.Update("frontier: counting layer by layer (no progress within a run)")
	o := &Outcome{Backend: Frontier, Mode: "count"}
	if r.MaxCoverage {
		o.Mode = "max-coverage"
		res, err := frontier.MaxCoverage(ctx, p, opt)
		if err != nil {
			o.Seconds = time.Since(start).Seconds()
			return frontierFailed(o, err)
		}
		cov, optimal := res.Covered, true
		o.Coverage, o.Bound, o.Optimal = &cov, &cov, &optimal
		o.Complete, o.Proof, o.Seconds, o.Found = true, res.Proof, res.Seconds, true
		o.Config = res.Describe()
		return o, nil
	}
	var res *frontier.Result
	var err error
	uniqueNote := ""
	if r.Options.Unique {
		res, err = frontier.Count(ctx, p, opt)
	} else {
		// The count of all without the unique one when only a fixed
		// point is out of reach.
		res, uniqueNote, err = frontier.CountUniqueIfInReach(ctx, p, opt)
	}
	if err != nil {
		if why != "" && errors.Is(err, frontier.ErrOutOfReach) {
			return nil, err
		}
		o.Seconds = time.Since(start).Seconds()
		return frontierFailed(o, err)
	}
	o.big = &bigCounts{all: res.All, unique: res.Unique, fix: res.Fix}
	o.Complete, o.Seconds, o.Found, o.Symmetries = true, res.Seconds, res.All.Sign() > 0, res.Symmetries
	if res.All.IsInt64() {
		all := res.All.Int64()
		o.Solutions = &all
	}
	if res.Unique != nil && res.Unique.IsInt64() {
		u := res.Unique.Int64()
		o.Unique = &u
	}
	parts := []string{res.Describe(workers)}
	for _, s := range []string{uniqueNote, why} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	o.Config = strings.Join(parts, ", ")
	return o, nil
}

// frontierFailed turns a refusal into a *UsageError and a stop into an
// interrupted outcome with no figures: a partial sum of the recurrence
// bounds nothing.
func frontierFailed(o *Outcome, err error) (*Outcome, error) {
	if errors.Is(err, frontier.ErrNotCounted) {
		o.Interrupted = true
		o.Config = frontier.NotCountedText
		return o, nil
	}
	return nil, &UsageError{err}
}
