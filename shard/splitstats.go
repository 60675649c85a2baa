package shard

import (
	"fmt"
	"time"

	"github.com/polytile/polytile/internal/balance"
)

// SplitStats is the balance of a parallel or sharded search, from the
// subproblems one process solved: how evenly the split spread the work.
type SplitStats struct {
	Subproblems int64 `json:"subproblems"` // of the whole split (every shard)
	Owned       int64 `json:"owned"`       // this shard's (all of them without a shard)
	Skipped     int64 `json:"skipped"`     // taken from a checkpoint, not solved now
	Solved      int64 `json:"solved"`      // solved completely in this run
	Depth       int   `json:"depth"`
	// SplitNodes are the nodes of the levels above the subproblems, part
	// of the run's nodes (shard 0 counts them, other shards 0).
	SplitNodes int64           `json:"split_nodes"`
	Nodes      balance.Summary `json:"nodes_per_subproblem"`
	Seconds    balance.Summary `json:"seconds_per_subproblem"`
	Shard      string          `json:"shard,omitempty"` // "I/N" when sharded
}

// SplitWatch collects the work and time of every subproblem a process
// solves. Add is not safe for concurrent use (the solver reports
// subproblems one at a time).
type SplitWatch struct {
	nodes, secs []float64
}

// Add records a subproblem solved completely.
func (w *SplitWatch) Add(nodes int64, d time.Duration) {
	w.nodes = append(w.nodes, float64(nodes))
	w.secs = append(w.secs, d.Seconds())
}

// SplitInfo is what the solver reports of its split.
type SplitInfo struct {
	Subproblems, Owned, Skipped int64
	Depth                       int
	Nodes                       int64 // above the subproblems
}

// Stats is the balance of the subproblems added, for shard index of
// count (count <= 1: not sharded).
func (w *SplitWatch) Stats(sp SplitInfo, index, count int) *SplitStats {
	out := &SplitStats{Subproblems: sp.Subproblems, Owned: sp.Owned, Skipped: sp.Skipped, Solved: int64(len(w.nodes)),
		Depth: sp.Depth, Nodes: balance.Of(w.nodes), Seconds: balance.Of(w.secs)}
	if index == 0 {
		out.SplitNodes = sp.Nodes
	}
	if count > 1 {
		out.Shard = fmt.Sprintf("%d/%d", index, count)
	}
	return out
}
