package main

import (
	"io"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// splitWatch collects, for solve --stats, the work and time of every
// subproblem of the split (shard.WatchSplit).
type splitWatch struct {
	w *shard.SplitWatch
}

// watchSplit hooks a splitWatch into cfg with --stats, after startShard's
// hook; nil when the search has no split.
func watchSplit(p *puzzle.Puzzle, f *solveFlags, cfg *native.Config) *splitWatch {
	if !f.stats {
		return nil
	}
	if w := shard.WatchSplit(cfg, p.Symmetric != nil); w != nil {
		return &splitWatch{w}
	}
	return nil
}

// splitJSON is "split" in --stats (shard.SplitStats).
type splitJSON struct {
	shard.SplitStats
}

// summary is the balance of the run; nil without a split.
func (sw *splitWatch) summary(res *native.Result, cfg native.Config) *splitJSON {
	if sw == nil {
		return nil
	}
	if st := sw.w.Summary(res, cfg.Shard); st != nil {
		return &splitJSON{*st}
	}
	return nil
}

// text prints the block after the per-level table.
func (s *splitJSON) text(w io.Writer) { s.WriteText(w) }
