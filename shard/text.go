package shard

import (
	"fmt"
	"io"
	"strings"

	"github.com/polytile/polytile/internal/balance"
)

// WriteText writes the balance of the split as solve --stats prints it
// after the per-level table: a head line (subproblems, depth, this
// shard's part, those solved now and those taken from a checkpoint) and,
// when a subproblem was solved, the minimum, median and maximum of the
// nodes and time per subproblem.
func (s *SplitStats) WriteText(w io.Writer) {
	head := fmt.Sprintf("%d subproblems at depth %d", s.Subproblems, s.Depth)
	if s.Shard != "" {
		head += fmt.Sprintf(" (shard %s: %d)", s.Shard, s.Owned)
	}
	head += fmt.Sprintf(", %d solved in this run", s.Solved)
	if s.Skipped > 0 {
		head += fmt.Sprintf(" (%d taken from the checkpoint)", s.Skipped)
	}
	if s.SplitNodes > 0 {
		head += fmt.Sprintf("; %d nodes above them", s.SplitNodes)
	}
	fmt.Fprintf(w, "\n%-9s %s\n", "split", head)
	if s.Solved == 0 {
		return
	}
	n := s.Nodes
	fmt.Fprintf(w, "%-9s nodes per subproblem min / median / max = %.0f / %.0f / %.0f%s\n", "", n.Min, n.Median, n.Max, overMedian(n))
	t := s.Seconds
	fmt.Fprintf(w, "%-9s time per subproblem  min / median / max = %s / %s / %s%s\n", "", ShortTime(t.Min), ShortTime(t.Median), ShortTime(t.Max), overMedian(t))
}

// ShortTime writes seconds with about three significant digits in µs, ms
// or s (subproblems take from microseconds to minutes).
func ShortTime(sec float64) string {
	switch {
	case sec < 1e-3:
		return fmt.Sprintf("%.0f µs", sec*1e6)
	case sec < 1e-2:
		return fmt.Sprintf("%.2f ms", sec*1e3)
	case sec < 1e-1:
		return fmt.Sprintf("%.1f ms", sec*1e3)
	case sec < 1:
		return fmt.Sprintf("%.0f ms", sec*1e3)
	}
	return fmt.Sprintf("%.2f s", sec)
}

// overMedian is " (max/median R; the largest P% of the sum)", without
// the ratio when the median is 0 and without the share when the sum is.
func overMedian(s balance.Summary) string {
	var parts []string
	if s.MaxOverMedian > 0 {
		parts = append(parts, fmt.Sprintf("max/median %.2f", s.MaxOverMedian))
	}
	if s.Sum > 0 {
		parts = append(parts, fmt.Sprintf("the largest %.1f%% of the sum", 100*s.Max/s.Sum))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// RatioText is a/b with two decimals, or n/a when b is 0 (a median of 0
// seconds or nodes: most shards empty).
func RatioText(a, b float64) string {
	if b <= 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", a/b)
}

// NodesText is the balance of the shards' nodes for merge's "nodes" row:
// "; per shard min A, median B, max C (max/median R)", "" when no shard
// is complete.
func (r *Report) NodesText() string {
	if r.NodesMax <= 0 {
		return ""
	}
	return fmt.Sprintf("; per shard min %.0f, median %.0f, max %.0f (max/median %s)", r.NodesMin, r.NodesMedian, r.NodesMax, RatioText(r.NodesMax, r.NodesMedian))
}

// Text is the shard's row of solve's text output: its index, the
// subproblems finished of those it owns, those taken from a checkpoint,
// and whether its count is incomplete.
func (r *Result) Text() string {
	s := fmt.Sprintf("%d/%d: %d of %d subproblems finished", r.Index, r.Count, r.Finished, r.Owned)
	if r.Count <= 1 {
		// The whole count, run through the split for its checkpoint.
		s = fmt.Sprintf("%d of %d subproblems finished", r.Finished, r.Owned)
	}
	if r.Resumed > 0 {
		s += fmt.Sprintf(" (%d taken from the checkpoint, %d solved now)", r.Resumed, r.Finished-r.Resumed)
	}
	if !r.Complete {
		s += ", incomplete"
	}
	return s
}
