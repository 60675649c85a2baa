package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// checkpointEvery is how often a shard with --checkpoint writes it.
const checkpointEvery = 5 * time.Second

// resolveShard reads the --shard value (shard.ResolveSpec): "I/N", or
// "auto" / "auto/N" from the Slurm or Kubernetes environment.
func resolveShard(s string) (int, int, error) {
	i, n, err := shard.ResolveSpec(s, os.LookupEnv)
	if err != nil {
		return 0, 0, usageErr("%v", err)
	}
	return i, n, nil
}

// shardRun is a counting shard (shard.Run, which keeps its record and
// checkpoint) and what solve says of it.
type shardRun struct {
	f           *solveFlags
	path        string // puzzle file
	fingerprint string
	index, n    int
	ckPath      string
	run         *shard.Run
	matchErr    error
	stop        func() // the checkpoint writer's (nil once stopped)
}

// checkCheckpoint refuses, before the puzzle is read, a --checkpoint
// without --count, one that is "-", one whose path exists and is not a
// regular file, and a file that is no checkpoint: none of them depends on
// the puzzle, and a puzzle whose reading answers "no tiling" (a piece
// that fits nowhere) hid them behind exit 1. The checkpoint read is kept
// in f.ckPrev for startShard, which matches it to the puzzle's split.
func checkCheckpoint(f *solveFlags) error {
	if f.checkpoint == "" {
		return nil
	}
	if !f.count {
		return usageErr("--checkpoint needs --count")
	}
	if f.checkpoint == "-" {
		return usageErr("--checkpoint wants a file, not -")
	}
	if err := shard.CheckPath(f.checkpoint); err != nil {
		return usageErr("%v", err)
	}
	ck, err := shard.ReadCheckpoint(f.checkpoint)
	if err != nil {
		return usageErr("%v (remove it to start again)", err)
	}
	f.ckPrev = ck
	return nil
}

// startShard prepares a counting shard (--shard with --count, or
// --checkpoint, read by checkCheckpoint) and hooks it into the native
// configuration: the checkpoint is matched once the split is made, its
// subproblems skipped, and written every checkpointEvery.
func (a *app) startShard(p *puzzle.Puzzle, path string, f *solveFlags, cfg *native.Config) (*shardRun, error) {
	if f.shard == "" && f.checkpoint == "" || !f.count {
		return nil, nil
	}
	sr := &shardRun{f: f, path: path, fingerprint: shardFingerprint(p, f), index: cfg.Shard.Index, n: max(cfg.Shard.Count, 1), ckPath: f.checkpoint}
	sr.run = shard.NewRun(shard.RunSpec{Fingerprint: sr.fingerprint, Index: sr.index, Count: sr.n, Checkpoint: sr.ckPath, Prev: f.ckPrev,
		Config: shard.Config{Backend: cfg.Algorithm, Schedule: cfg.Schedule, FilaAt: cfg.FilaAt, NOF: cfg.NOF, Volume: cfg.Volume}})
	cfg.OnSplit = func(sp native.Split) error {
		if err := sr.run.SetSplit(shard.Split{Subproblems: sp.Subproblems, Hash: sp.Hash}, sp.Pinned); err != nil {
			sr.matchErr = usageErr("checkpoint %s: %v; remove it or use another file", sr.ckPath, err)
			return sr.matchErr
		}
		return nil
	}
	cfg.Skip = sr.run.Skip
	cfg.OnSubproblem = func(s native.Subproblem) {
		sr.run.Solved(shard.Sub{Index: s.Index, All: s.All, Unique: s.Unique, Nodes: s.Nodes})
	}
	if sr.ckPath != "" {
		ctx := a.ctx
		if ctx == nil {
			ctx = context.Background()
		}
		sr.stop = sr.run.Periodic(ctx, checkpointEvery, func(err error) { fmt.Fprintf(a.stderr, "polytile: %v\n", err) })
	}
	return sr, nil
}

// stopWriter stops the checkpoint writer, if running.
func (sr *shardRun) stopWriter() {
	if sr.stop != nil {
		sr.stop()
		sr.stop = nil
	}
}

// finish stops the checkpoint writer, writes the last checkpoint and
// completes the outcome with the shard's record (counts include the
// subproblems resumed from the checkpoint).
func (sr *shardRun) finish(res *native.Result, o *solveOutcome) error {
	if sr.stop != nil {
		sr.stopWriter()
		if err := sr.run.WriteCheckpoint(true); err != nil {
			return err
		}
	}
	out := shard.Outcome{Puzzle: o.Puzzle, File: sr.path, All: res.All, Unique: res.Unique, Nodes: res.Nodes,
		Seconds: res.Seconds, Interrupted: res.Interrupted, Rerun: sr.rerun()}
	if res.Split != nil {
		out.Owned = res.Split.Owned
	}
	r, err := sr.run.Result(out)
	if errors.Is(err, shard.ErrCountOverflow) {
		return usageErr("checkpoint %s: %v; remove it to start again", sr.ckPath, err)
	}
	if err != nil || r == nil {
		return err // r nil: cancelled during the split, nothing to record
	}
	all, uniq := r.All, r.Unique
	o.Solutions, o.Unique, o.Nodes = &all, &uniq, r.Nodes
	o.Seconds = r.Seconds
	o.Complete = r.Complete
	o.Found = o.Found || all > 0
	o.Shard = r
	return nil
}

// rerun is the command line of this shard with {} for the index
// (shard.Rerun).
func (sr *shardRun) rerun() []string {
	f := sr.f
	return shard.Rerun{Puzzle: sr.path, Unique: f.unique, Config: sr.run.Config(), Index: sr.index, Count: sr.n,
		JSON: f.asJSON, Output: f.out, Checkpoint: sr.ckPath}.Args()
}

// jsonOutput reports whether -o names the file for the --json summary
// (a .json file, no --render) rather than a picture.
func jsonOutput(f *solveFlags) bool {
	return f.asJSON && f.renderFormat == "" && strings.HasSuffix(strings.ToLower(f.out), ".json")
}
