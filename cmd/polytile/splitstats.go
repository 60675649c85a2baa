package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/polytile/polytile/internal/balance"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// splitWatch collects, for solve --stats, the work and time of every
// subproblem of the split this process solves (shard.SplitWatch).
type splitWatch struct {
	w shard.SplitWatch
}

// watchSplit hooks a splitWatch into cfg when --stats is given and the
// search goes through the split anyway (-j N > 1, --shard, --checkpoint:
// the hooks of startShard), chained after the hook already there. It
// returns nil otherwise: a serial search must stay serial, and the
// symmetric-solution search has no split.
func watchSplit(p *puzzle.Puzzle, f *solveFlags, cfg *native.Config) *splitWatch {
	if !f.stats || p.Symmetric != nil {
		return nil
	}
	if cfg.Workers <= 1 && cfg.Shard.Count <= 1 && cfg.OnSubproblem == nil && cfg.Skip == nil && cfg.OnSplit == nil {
		return nil
	}
	sw := &splitWatch{}
	prev := cfg.OnSubproblem
	cfg.OnSubproblem = func(s native.Subproblem) { // never called concurrently
		if prev != nil {
			prev(s)
		}
		sw.w.Add(s.Nodes, s.Time)
	}
	return sw
}

// splitJSON is "split" in --stats: the balance of a parallel or sharded
// search (shard.SplitStats).
type splitJSON struct {
	shard.SplitStats
}

// summary is the balance of the run; nil without a split (a serial or
// symmetric search, or one cancelled while splitting).
func (sw *splitWatch) summary(res *native.Result, cfg native.Config) *splitJSON {
	if sw == nil || res.Split == nil {
		return nil
	}
	sp := res.Split
	st := sw.w.Stats(shard.SplitInfo{Subproblems: sp.Subproblems, Owned: sp.Owned, Skipped: sp.Skipped, Depth: sp.Depth, Nodes: sp.Nodes},
		cfg.Shard.Index, cfg.Shard.Count)
	return &splitJSON{*st}
}

// text prints the block after the per-level table.
func (s *splitJSON) text(w io.Writer) {
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
	fmt.Fprintf(w, "%-9s time per subproblem  min / median / max = %s / %s / %s%s\n", "", shortTime(t.Min), shortTime(t.Median), shortTime(t.Max), overMedian(t))
}

// shortTime writes seconds with about three significant digits in µs, ms
// or s (subproblems take from microseconds to minutes).
func shortTime(sec float64) string {
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

// shardNodesText is the balance of the shards' nodes for merge's "nodes"
// row: "; per shard min A, median B, max C (max/median R)", "" when no
// shard is complete.
func shardNodesText(r *shard.Report) string {
	if r.NodesMax <= 0 {
		return ""
	}
	return fmt.Sprintf("; per shard min %.0f, median %.0f, max %.0f (max/median %s)", r.NodesMin, r.NodesMedian, r.NodesMax, ratioText(r.NodesMax, r.NodesMedian))
}
