package native

import (
	"fmt"

	"github.com/polytile/polytile/internal/textio"
)

// A count that stopped before its end (a time limit, a signal, a failed
// output) knows only the part of the tree it searched: its solutions are
// a lower bound of the puzzle's, and its unique solutions (the canonical
// ones met so far, which come unevenly in the search order: 0 next to
// millions of solutions is common with copies of a piece) are one too.
// CountSummary holds the rules by which every output says so.

// CountSummary is what a search's outputs say of its figures: the
// solutions (and unique ones) found, whether the search ran to its end,
// and what stopped it.
type CountSummary struct {
	// Solutions and Unique are the figures (Unique nil when not
	// counted); Symmetries the order of the symmetry group they are
	// taken under (0: unknown).
	Solutions  int64
	Unique     *int64
	Symmetries int
	// Complete reports that the search ran to its end.
	Complete bool
	// Counting reports a count (not a listing that may stop at its
	// limit), First a listing of the first solution only.
	Counting, First bool
	// TimedOut and Interrupted say what stopped the search: a time
	// limit, or a signal or an error.
	TimedOut, Interrupted bool
	// ShardIndex of ShardCount is the shard counted (ShardCount 0: the
	// whole puzzle).
	ShardIndex, ShardCount int
}

// LowerBound reports whether the solutions are only a lower bound of the
// puzzle's: a stopped search, or a listing that stopped at its limit.
func (c CountSummary) LowerBound() bool { return !c.Complete }

// Stopped reports whether the figures are those of a search stopped
// before its end by a time limit, a signal or an error (not by the limit
// a listing asked for: a listing's counts are exactly what it listed).
func (c CountSummary) Stopped() bool {
	return c.LowerBound() && (c.Counting || c.TimedOut || c.Interrupted)
}

// StopCause names what stopped the search, for the messages.
func (c CountSummary) StopCause() string {
	switch {
	case c.TimedOut:
		return "time limit reached"
	case c.Interrupted:
		return "interrupted"
	}
	return "incomplete"
}

// GroupText is " under a symmetry group of order N", "" when unknown.
func (c CountSummary) GroupText() string {
	if c.Symmetries <= 0 {
		return ""
	}
	return fmt.Sprintf(" under a symmetry group of order %d", c.Symmetries)
}

// Partial is the sentence that says the figures are lower bounds, with
// or without the noun after the first figure (a text row leaves it out:
// "solutions   at least 9356 found ..."); "" when they are complete.
func (c CountSummary) Partial(noun bool) string {
	if !c.LowerBound() {
		return ""
	}
	n := fmt.Sprint(c.Solutions)
	if noun {
		n = textio.Count(int(c.Solutions), "solution")
	}
	uniq := ""
	if c.Unique != nil {
		uniq = fmt.Sprintf("; unique so far %d%s", *c.Unique, c.GroupText())
		if !c.Stopped() {
			uniq = fmt.Sprintf("; %d unique among them%s", *c.Unique, c.GroupText())
		}
	}
	part := "the part searched"
	if c.ShardCount > 0 {
		part = fmt.Sprintf("the part of shard %d/%d searched", c.ShardIndex, c.ShardCount)
	}
	if !c.Stopped() {
		return fmt.Sprintf("at least %s: the search stopped at the limit%s", n, uniq)
	}
	return fmt.Sprintf("at least %s found before the stop (%s)%s: lower bounds from %s, not the puzzle's counts",
		n, c.StopCause(), uniq, part)
}

// SolutionsText is the value of a text output's "solutions" row: the
// figures, what stopped a partial count, and for a shard that its part
// is not the whole.
func (c CountSummary) SolutionsText() string {
	if c.Stopped() {
		return c.Partial(false)
	}
	s := fmt.Sprint(c.Solutions)
	if c.Unique != nil {
		s += fmt.Sprintf(" (%d unique%s)", *c.Unique, c.GroupText())
	}
	if c.LowerBound() {
		// A listing that stops where the user asks (the first
		// solution, a limit of N): exactly what it listed, the search
		// not finished; "at least 1" would read as a doubt about the
		// one tiling shown.
		if c.First {
			return s + " (the first found: --limit N lists more, --count counts them all)"
		}
		return s + " (search stopped at the limit)"
	}
	if c.ShardCount > 1 {
		// One shard of one (an unsharded count with a checkpoint) is the
		// whole count: nothing for merge to add up.
		s += fmt.Sprintf(" in shard %d/%d's part (polytile merge adds up the shards)", c.ShardIndex, c.ShardCount)
	}
	return s
}
