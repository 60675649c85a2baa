package main

import (
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// watchSplit hooks a shard.SplitWatch into cfg with --stats, after
// startShard's hook: the work and time of every subproblem of the split.
// nil when the search has no split.
func watchSplit(p *puzzle.Puzzle, f *solveFlags, cfg *native.Config) *shard.SplitWatch {
	if !f.stats {
		return nil
	}
	return shard.WatchSplit(cfg, p.Symmetric != nil)
}
