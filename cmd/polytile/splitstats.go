package main

import (
	"io"

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
	if !cfg.Splits() {
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

// text prints the block after the per-level table (shard.SplitStats.WriteText).
func (s *splitJSON) text(w io.Writer) { s.WriteText(w) }
