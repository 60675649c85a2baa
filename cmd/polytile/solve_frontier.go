package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/polytile/polytile/frontier"
	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// The frontier backend of solve: frontier.Count for --count (--unique by
// Burnside) and frontier.MaxCoverage for --max-coverage. It lists no
// tilings. solve --count without --backend asks frontier.Choose, which
// keeps FILA unless the frontier will win.

// maxExactJSON is the largest count a JSON number carries exactly for
// every common reader (2^53: float64's integers); larger counts are
// written as strings of decimal digits (docs/formats.md).
const maxExactJSON = 1 << 53

// bigCounts are the frontier's exact counts, of any size.
type bigCounts struct {
	all, unique *big.Int
	fix         []frontier.Fix
}

// frontierJSON is the JSON summary of a frontier count: solve's object
// with "solutions" and "unique" as numbers up to 2^53 and as strings of
// digits beyond, and the fixed-point counts of the Burnside sum.
type frontierJSON struct {
	o         *solveOutcome
	Solutions any            `json:"solutions,omitempty"`
	Unique    any            `json:"unique,omitempty"`
	Fix       []fixPointJSON `json:"fixed_points,omitempty"`
}

// MarshalJSON writes solve's object (solveOutcome.MarshalJSON) without
// its 64-bit counts, followed by the exact ones.
func (v frontierJSON) MarshalJSON() ([]byte, error) {
	c := *v.o
	c.Solutions, c.Unique = nil, nil
	base, err := c.MarshalJSON()
	if err != nil {
		return nil, err
	}
	type extra frontierJSON // without the method
	more, err := json.Marshal(extra(v))
	if err != nil {
		return nil, err
	}
	if len(more) <= 2 { // {}
		return base, nil
	}
	// Both are objects: join them, base's closing brace and more's
	// opening one dropped.
	out := append(base[:len(base)-1:len(base)-1], ',')
	return append(out, more[1:]...), nil
}

// fixPointJSON is one term of the Burnside sum.
type fixPointJSON struct {
	Symmetry string `json:"symmetry"`
	Count    any    `json:"count"`
	How      string `json:"how"`
}

// jsonCount is n as a JSON number when every reader keeps it exact, else
// as a string of its digits.
func jsonCount(n *big.Int) any {
	if n == nil {
		return nil
	}
	if n.IsInt64() && n.Int64() <= maxExactJSON {
		return n.Int64()
	}
	return n.String()
}

// jsonValue is what the JSON summary encodes: o, or with frontier counts
// the object that writes them exactly.
func (o *solveOutcome) jsonValue() any {
	if o.big == nil {
		return o
	}
	v := frontierJSON{o: o, Solutions: jsonCount(o.big.all), Unique: jsonCount(o.big.unique)}
	for _, f := range o.big.fix {
		v.Fix = append(v.Fix, fixPointJSON{Symmetry: f.Symmetry, Count: jsonCount(f.Count), How: f.How})
	}
	return v
}

// countText is the text of the solutions row.
func (o *solveOutcome) countText() string {
	if o.big == nil || o.big.all == nil {
		return o.solutionsText() // lowerbound.go
	}
	s := o.big.all.String()
	if o.big.unique != nil {
		s += fmt.Sprintf(" (%s unique%s)", o.big.unique, o.groupText())
	}
	return s
}

// checkFrontierFlags refuses what the frontier backend does not do: list
// or draw tilings, shards and checkpoints, and the native search's flags.
func checkFrontierFlags(f *solveFlags) error {
	switch {
	case !f.count && !f.maxCoverage:
		return usageErr("the frontier backend counts (--count, --unique) or finds the maximum coverage (--max-coverage); it lists no tilings: use --backend fila to find one")
	case f.limit > 0 || f.jsonLines:
		return usageErr("the frontier backend lists no tilings (--limit, --jsonl): use --backend fila")
	case f.shard != "" || f.checkpoint != "" || f.key.path != "":
		return usageErr("the frontier backend counts in one run: --shard, --checkpoint and --count-key apply to --backend fila and dlx")
	case f.stats:
		return usageErr("--stats reports the native search's attempts and fits: the frontier backend has none")
	case f.given&^native.SetWorkers != 0:
		return usageErr("--heuristic, --nof, --fila-at, --volume and --redundancy set the native searches: the frontier backend has none of them")
	case f.renderFormat != "" || f.out != "-" && !jsonOutput(f):
		return usageErr("the frontier backend finds no tiling to draw: leave out --render and -o (or write --json to -o FILE.json)")
	}
	return nil
}

// autoFrontier reports whether solve --count without --backend counts p
// with the frontier, and says why either way (the backend line).
func autoFrontier(ctx context.Context, p *puzzle.Puzzle, f *solveFlags) (bool, string) {
	for _, w := range f.key.words {
		if strings.HasPrefix(w, "--backend=") {
			return false, ""
		}
	}
	if !f.count || f.maxCoverage || checkFrontierFlags(f) != nil || f.decided {
		return false, ""
	}
	c := frontier.Choose(ctx, p, frontier.Options{Workers: f.workers})
	return c.Frontier, c.Describe()
}

// solveFrontier runs the frontier engine. Chosen automatically (why not
// empty), it returns a refusal as it is (errors.Is ErrOutOfReach), for
// FILA to count instead.
func (a *app) solveFrontier(ctx context.Context, p *puzzle.Puzzle, f *solveFlags, line *progress.Line, why string) (*solveOutcome, error) {
	start := time.Now()
	// A count reports unique counts as the native one does, --unique or
	// not (its fixed points are counted too).
	opt := frontier.Options{Workers: f.workers, Unique: f.unique || f.count}
	line.Update("frontier: counting layer by layer (no progress within a run)")
	o := &solveOutcome{Backend: "frontier", Mode: "count"}
	if f.maxCoverage {
		o.Mode = "max-coverage"
		res, err := frontier.MaxCoverage(ctx, p, opt)
		if err != nil {
			o.Seconds = time.Since(start).Seconds()
			return frontierFailed(o, err)
		}
		cov, optimal := res.Covered, true
		o.Coverage, o.Bound, o.Optimal = &cov, &cov, &optimal
		o.Complete, o.Proof, o.Seconds, o.found = true, res.Proof, res.Seconds, true
		o.Config = res.Describe()
		return o, nil
	}
	var res *frontier.Result
	var err error
	uniqueNote := ""
	if f.unique {
		res, err = frontier.Count(ctx, p, opt)
	} else {
		// --unique not asked for: the count of all without the unique
		// one when only a fixed point is out of reach.
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
	o.Complete, o.Seconds, o.found, o.Symmetries = true, res.Seconds, res.All.Sign() > 0, res.Symmetries
	if res.All.IsInt64() {
		all := res.All.Int64()
		o.Solutions = &all
	}
	if res.Unique != nil && res.Unique.IsInt64() {
		u := res.Unique.Int64()
		o.Unique = &u
	}
	parts := []string{res.Describe(f.workers)}
	for _, s := range []string{uniqueNote, why} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	o.Config = strings.Join(parts, ", ")
	return o, nil
}

// frontierFailed turns a refusal into a usage error (exit 2, with the
// reason and the suggestion of FILA) and a stop into an interrupted
// outcome with no figures: a partial sum of the recurrence is no bound.
func frontierFailed(o *solveOutcome, err error) (*solveOutcome, error) {
	if errors.Is(err, frontier.ErrNotCounted) {
		o.Interrupted = true
		o.Config = frontier.NotCountedText
		return o, nil
	}
	return nil, usageErr("%v", err)
}

// solveNativeOrFrontier runs --backend fila or dlx, or the frontier:
// asked for, or chosen for a --count without --backend (the reason is
// then on the backend line, FILA's too).
func (a *app) solveNativeOrFrontier(ctx context.Context, p *puzzle.Puzzle, f *solveFlags, line *progress.Line) (*solveOutcome, error) {
	if f.backend == "frontier" {
		return a.solveFrontier(ctx, p, f, line, "")
	}
	use, why := autoFrontier(ctx, p, f)
	if use {
		o, err := a.solveFrontier(ctx, p, f, line, why)
		if !errors.Is(err, frontier.ErrOutOfReach) {
			return o, err
		}
		why = frontier.FallbackText(err)
	}
	o, err := a.solveNative(ctx, p, f, line)
	if err == nil && why != "" && o.Config != "" {
		o.Config += "; " + why
	}
	return o, err
}
