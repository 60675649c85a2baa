package main

import (
	"encoding/json"
	"fmt"

	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/shard"
)

// A count that stopped before its end (--time-limit, Ctrl-C or SIGTERM,
// a failed output) knows only the part of the tree it searched: its
// solutions are a lower bound of the puzzle's, and its unique solutions
// (the canonical ones met so far, which come unevenly in the search
// order: 0 next to millions of solutions is common with copies of a
// piece) are one too. Every output of solve says so from the one test
// below (stoppedCount), the JSON by construction (MarshalJSON): the
// field "unique" is then absent, "unique_so_far" holds the figure and
// "lower_bound" is true, so that a reader of .unique cannot take the
// part for the whole.

// stoppedCount reports whether o's counts are those of a search stopped
// before its end by the time limit, a signal or an error (not by the
// --limit asked for: a listing's counts are exactly what it listed).
func (o *solveOutcome) stoppedCount() bool {
	return o.lowerBound() && (o.Mode == "count" || o.TimedOut || o.Interrupted)
}

// lowerBound reports whether o's solutions are only a lower bound of the
// puzzle's: a stopped search, or a listing that stopped at its --limit.
func (o *solveOutcome) lowerBound() bool {
	return o.Solutions != nil && !o.Complete
}

// stopCause names what stopped the search, for the messages.
func (o *solveOutcome) stopCause() string {
	switch {
	case o.TimedOut:
		return "time limit reached"
	case o.Interrupted:
		return "interrupted"
	}
	return "incomplete"
}

// partialText is the sentence of "partial" in the JSON for a stopped
// count or listing; "" when the counts are complete.
func (o *solveOutcome) partialText() string { return o.partialWith(true) }

// partialWith is partialText with or without the noun after the first
// figure: the text's solutions row leaves it out ("solutions   at least
// 9356 found ...", not "solutions   at least 9356 solutions found ...").
func (o *solveOutcome) partialWith(noun bool) string {
	if !o.lowerBound() {
		return ""
	}
	n := fmt.Sprint(*o.Solutions)
	if noun {
		n = textio.Count(int(*o.Solutions), "solution")
	}
	uniq := ""
	if o.Unique != nil {
		uniq = fmt.Sprintf("; unique so far %d%s", *o.Unique, o.groupText())
		if !o.stoppedCount() {
			uniq = fmt.Sprintf("; %d unique among them%s", *o.Unique, o.groupText())
		}
	}
	part := "the part searched"
	if o.Shard != nil {
		part = fmt.Sprintf("the part of shard %d/%d searched", o.Shard.Index, o.Shard.Count)
	}
	if !o.stoppedCount() {
		return fmt.Sprintf("at least %s: the search stopped at the limit%s", n, uniq)
	}
	return fmt.Sprintf("at least %s found before the stop (%s)%s: lower bounds from %s, not the puzzle's counts",
		n, o.stopCause(), uniq, part)
}

// solutionsText is the value of the text output's "solutions" row.
func (o *solveOutcome) solutionsText() string {
	if o.stoppedCount() {
		return o.partialWith(false)
	}
	s := fmt.Sprint(*o.Solutions)
	if o.Unique != nil {
		s += fmt.Sprintf(" (%d unique%s)", *o.Unique, o.groupText())
	}
	if o.lowerBound() {
		// A listing that stopped where it was asked to (the first
		// solution, --limit N): exactly what it listed, the search not
		// finished; "at least 1" would read as a doubt about the one
		// tiling shown.
		if o.Mode == "first" { // no --limit, --count or --unique given
			return s + " (the first found: --limit N lists more, --count counts them all)"
		}
		return s + " (search stopped at the limit)"
	}
	if o.Shard != nil {
		s += fmt.Sprintf(" in shard %d/%d's part (polytile merge adds up the shards)", o.Shard.Index, o.Shard.Count)
	}
	return s
}

// groupText is " under a symmetry group of order N", "" when unknown.
func (o *solveOutcome) groupText() string {
	if o.Symmetries <= 0 {
		return ""
	}
	return fmt.Sprintf(" under a symmetry group of order %d", o.Symmetries)
}

// MarshalJSON writes the outcome with, for a stopped count, "unique"
// moved to "unique_so_far", "lower_bound": true and "partial", the
// sentence of the text output. A listing stopped at its --limit keeps
// "unique" (it counts exactly the solutions listed) and is marked a
// lower bound too.
func (o *solveOutcome) MarshalJSON() ([]byte, error) {
	type plain solveOutcome
	c := plain(*o) // a copy: "unique" stays in its place, or goes
	out := struct {
		*plain
		UniqueSoFar *int64 `json:"unique_so_far,omitempty"`
		LowerBound  bool   `json:"lower_bound,omitempty"`
		Partial     string `json:"partial,omitempty"`
	}{plain: &c, LowerBound: o.lowerBound(), Partial: o.partialText()}
	if o.stoppedCount() {
		c.Unique, out.UniqueSoFar = nil, o.Unique
	}
	return json.Marshal(out)
}

// mergeSolutionsText is the value of merge's "solutions" row: the
// totals, or for an incomplete set the lower bounds of the parts the
// shards searched.
func mergeSolutionsText(r *shard.Report) string {
	if r.Complete {
		return fmt.Sprintf("%d (%d unique)", r.All, r.Unique)
	}
	return r.PartialRow()
}
