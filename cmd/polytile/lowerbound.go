package main

import (
	"encoding/json"
	"fmt"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/shard"
)

// countSummary is o's figures for native.CountSummary's rules of
// stopped and partial counts; ok is false when o has no solutions.
func (o *solveOutcome) countSummary() (c native.CountSummary, ok bool) {
	c = native.CountSummary{Unique: o.Unique, Symmetries: o.Symmetries, Complete: o.Complete,
		Counting: o.Mode == "count", First: o.Mode == "first", TimedOut: o.TimedOut, Interrupted: o.Interrupted}
	if o.Shard != nil {
		c.ShardIndex, c.ShardCount = o.Shard.Index, o.Shard.Count
	}
	if o.Solutions == nil {
		return c, false
	}
	c.Solutions = *o.Solutions
	return c, true
}

// stoppedCount reports whether o's counts are those of a search stopped
// before its end (native.CountSummary.Stopped).
func (o *solveOutcome) stoppedCount() bool {
	c, ok := o.countSummary()
	return ok && c.Stopped()
}

// lowerBound reports whether o's solutions are only a lower bound of the
// puzzle's (native.CountSummary.LowerBound).
func (o *solveOutcome) lowerBound() bool {
	c, ok := o.countSummary()
	return ok && c.LowerBound()
}

// partialText is the sentence of "partial" in the JSON for a stopped
// count or listing; "" when the counts are complete.
func (o *solveOutcome) partialText() string {
	c, ok := o.countSummary()
	if !ok {
		return ""
	}
	return c.Partial(true)
}

// solutionsText is the value of the text output's "solutions" row.
func (o *solveOutcome) solutionsText() string {
	c, _ := o.countSummary()
	return c.SolutionsText()
}

// groupText is " under a symmetry group of order N", "" when unknown.
func (o *solveOutcome) groupText() string {
	return native.CountSummary{Symmetries: o.Symmetries}.GroupText()
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
