package solve

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/polytile/polytile/frontier"
	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// Outcome is the answer of a Run, written as text (WriteText) or JSON
// (MarshalJSON, docs/formats.md).
type Outcome struct {
	Puzzle      string                   `json:"puzzle"`
	File        string                   `json:"file"`
	Backend     string                   `json:"backend"`
	Config      string                   `json:"config,omitempty"`
	Mode        string                   `json:"mode"`
	Seconds     float64                  `json:"seconds"`
	Solutions   *int64                   `json:"solutions,omitempty"`
	Unique      *int64                   `json:"unique,omitempty"`
	Nodes       int64                    `json:"nodes"`
	Complete    bool                     `json:"complete"`
	Interrupted bool                     `json:"interrupted,omitempty"`
	TimedOut    bool                     `json:"timed_out,omitempty"`
	Symmetries  int                      `json:"symmetries,omitempty"`
	Pinned      string                   `json:"redundancy_piece,omitempty"`
	Coverage    *int                     `json:"coverage,omitempty"`
	Cells       int                      `json:"cells"`
	Optimal     *bool                    `json:"optimal,omitempty"`
	Bound       *int                     `json:"bound,omitempty"`
	Gap         *float64                 `json:"gap,omitempty"`
	Proof       string                   `json:"proof,omitempty"`
	Stats       *Stats                   `json:"stats,omitempty"`
	Shard       *shard.Result            `json:"shard,omitempty"`
	Placements  [][]puzzle.PlacementJSON `json:"tilings"`
	Reason      string                   `json:"reason,omitempty"` // why no search ran (Request.Answered)
	// Tilings are the tilings found and kept, Placements' source.
	Tilings []puzzle.Tiling `json:"-"`
	// Found reports at least one tiling or solution.
	Found bool `json:"-"`
	big   *bigCounts
}

// Stats is the --stats block: the native search's per-level report and
// the balance of a parallel or sharded search.
type Stats struct {
	native.StatsReport
	Split *shard.SplitStats `json:"split,omitempty"`
}

// WriteText writes the per-level table, then the split's balance.
func (s *Stats) WriteText(w io.Writer) {
	s.StatsReport.WriteText(w)
	if s.Split != nil {
		s.Split.WriteText(w)
	}
}

// maxExactJSON is the largest count a JSON number carries exactly for
// every common reader (2^53, float64's integers); larger counts are
// written as strings of digits.
const maxExactJSON = 1 << 53

// bigCounts are the frontier's exact counts, of any size.
type bigCounts struct {
	all, unique *big.Int
	fix         []frontier.Fix
}

// SetTimedOut marks an interrupted outcome as stopped by the time limit
// (deadline: the context's deadline passed and no signal came), unless
// it is proven optimal (proven before the stop).
func (o *Outcome) SetTimedOut(deadline bool) {
	if o.Interrupted && deadline {
		o.TimedOut = true
	}
	if o.Optimal != nil && *o.Optimal {
		o.TimedOut = false
	}
}

// countSummary is o's figures for native.CountSummary's rules; ok is
// false when o has no solutions.
func (o *Outcome) countSummary() (c native.CountSummary, ok bool) {
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

// LowerBound reports whether o's solutions are only a lower bound of the
// puzzle's (native.CountSummary.LowerBound).
func (o *Outcome) LowerBound() bool {
	c, ok := o.countSummary()
	return ok && c.LowerBound()
}

// StoppedCount reports whether o's counts are those of a search stopped
// before its end (native.CountSummary.Stopped).
func (o *Outcome) StoppedCount() bool {
	c, ok := o.countSummary()
	return ok && c.Stopped()
}

// CountText is the value of the text's "solutions" row.
func (o *Outcome) CountText() string {
	if o.big == nil || o.big.all == nil {
		c, _ := o.countSummary()
		return c.SolutionsText()
	}
	s := o.big.all.String()
	if o.big.unique != nil {
		s += fmt.Sprintf(" (%s unique%s)", o.big.unique, native.CountSummary{Symmetries: o.Symmetries}.GroupText())
	}
	return s
}

// MarshalJSON writes the outcome. A stopped count has "unique" moved to
// "unique_so_far", "lower_bound": true and "partial", the text's
// sentence; a listing stopped at its limit keeps "unique" and is a lower
// bound too. The frontier's counts are numbers up to 2^53 and strings of
// digits beyond, followed by the fixed points of the Burnside sum.
// It has a value receiver so that an Outcome is written so whether
// passed by value or by pointer.
func (o Outcome) MarshalJSON() ([]byte, error) {
	if o.big == nil {
		return o.plainJSON()
	}
	c := o
	c.Solutions, c.Unique = nil, nil
	base, err := c.plainJSON()
	if err != nil {
		return nil, err
	}
	type fixPoint struct {
		Symmetry string `json:"symmetry"`
		Count    any    `json:"count"`
		How      string `json:"how"`
	}
	extra := struct {
		Solutions any        `json:"solutions,omitempty"`
		Unique    any        `json:"unique,omitempty"`
		Fix       []fixPoint `json:"fixed_points,omitempty"`
	}{Solutions: jsonCount(o.big.all), Unique: jsonCount(o.big.unique)}
	for _, f := range o.big.fix {
		extra.Fix = append(extra.Fix, fixPoint{f.Symmetry, jsonCount(f.Count), f.How})
	}
	more, err := json.Marshal(extra)
	if err != nil || len(more) <= 2 {
		return base, err
	}
	out := append(base[:len(base)-1:len(base)-1], ',')
	return append(out, more[1:]...), nil
}

func (o *Outcome) plainJSON() ([]byte, error) {
	type plain Outcome
	c := plain(*o)
	out := struct {
		*plain
		UniqueSoFar *int64 `json:"unique_so_far,omitempty"`
		LowerBound  bool   `json:"lower_bound,omitempty"`
		Partial     string `json:"partial,omitempty"`
	}{plain: &c, LowerBound: o.LowerBound()}
	if cs, ok := o.countSummary(); ok {
		out.Partial = cs.Partial(true)
	}
	if o.StoppedCount() {
		c.Unique, out.UniqueSoFar = nil, o.Unique
	}
	return json.Marshal(out)
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

// WriteText writes o as solve's text summary.
func (o *Outcome) WriteText(w io.Writer) error {
	var b strings.Builder
	row := func(k, format string, args ...any) { fmt.Fprintf(&b, "%-11s %s\n", k, fmt.Sprintf(format, args...)) }
	name := o.Puzzle
	if name == "" {
		name = o.File
	}
	row("puzzle", "%s", name)
	cfg := o.Backend
	if o.Config != "" {
		cfg += " (" + o.Config + ")"
	}
	row("backend", "%s", cfg)
	if o.Coverage != nil {
		cov := fmt.Sprintf("%d of %d cells", *o.Coverage, o.Cells)
		if o.Optimal != nil && *o.Optimal {
			cov += ", optimal"
		}
		row("coverage", "%s", cov)
		if o.Bound != nil {
			g := ""
			if o.Gap != nil && *o.Gap > 0 {
				g = " (gap " + highs.FormatGap(*o.Gap) + ")"
			}
			row("bound", "%d%s", *o.Bound, g)
		}
		if o.Proof != "" {
			row("proof", "%s", o.Proof)
		}
	}
	if o.Solutions != nil || o.big != nil {
		row("solutions", "%s", o.CountText())
	}
	if o.Pinned != "" {
		exact := "counts exact: " // not said of a stopped count's lower bounds
		if o.LowerBound() {
			exact = ""
		}
		row("redundancy", "piece %s pinned to one image per symmetry class (%seach canonical solution stands for its orbit)", o.Pinned, exact)
	}
	if o.Shard != nil {
		label := "shard"
		if o.Shard.Count <= 1 {
			label = "checkpoint"
		}
		row(label, "%s", o.Shard.Text())
	}
	if o.Nodes > 0 {
		row("nodes", "%d", o.Nodes)
	}
	row("time", "%s", textio.Seconds(o.Seconds))
	switch {
	case o.Interrupted && !o.TimedOut:
		row("stopped", "interrupted: the figures above are partial")
	case o.TimedOut:
		row("stopped", "time limit reached: the figures above are partial")
	}
	if o.Stats != nil {
		b.WriteString("\n")
		o.Stats.WriteText(&b)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
