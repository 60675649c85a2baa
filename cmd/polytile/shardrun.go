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
	"github.com/polytile/polytile/solve"
)

// checkpointEvery is how often a shard with --checkpoint writes it.
const checkpointEvery = 5 * time.Second

// resolveShard reads --shard: "I/N", or "auto" / "auto/N" from the
// Slurm or Kubernetes environment (shard.ResolveSpec).
func resolveShard(s string) (int, int, error) {
	i, n, err := shard.ResolveSpec(s, os.LookupEnv)
	if err != nil {
		return 0, 0, usageErr("%v", err)
	}
	return i, n, nil
}

// shardRun is a counting shard (shard.Run) and what solve says of it.
type shardRun struct {
	f           *solveFlags
	path        string // puzzle file
	fingerprint string
	index, n    int
	ckPath      string
	run         *shard.Run
	matchErr    error
}

// checkCheckpoint refuses a --checkpoint that is no checkpoint file
// before the puzzle is read (a puzzle answered "no tiling" would hide
// it), and keeps the one read in f.ckPrev for startShard.
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

// startShard hooks a counting shard (--shard or --checkpoint with
// --count) into cfg (shard.Run.Attach) and starts its checkpoint writer.
func (a *app) startShard(p *puzzle.Puzzle, path string, f *solveFlags, cfg *native.Config) (*shardRun, error) {
	if f.shard == "" && f.checkpoint == "" || !f.count {
		return nil, nil
	}
	sr := &shardRun{f: f, path: path, fingerprint: shardFingerprint(p, f), index: cfg.Shard.Index, n: max(cfg.Shard.Count, 1), ckPath: f.checkpoint}
	sr.run = shard.NewRun(shard.RunSpec{Fingerprint: sr.fingerprint, Index: sr.index, Count: sr.n, Checkpoint: sr.ckPath, Prev: f.ckPrev,
		Config: shard.ConfigOf(*cfg)})
	sr.run.Attach(cfg, func(err error) error {
		sr.matchErr = usageErr("checkpoint %s: %v; remove it or use another file", sr.ckPath, err)
		return sr.matchErr
	})
	if sr.ckPath != "" {
		ctx := a.ctx
		if ctx == nil {
			ctx = context.Background()
		}
		sr.run.StartWriting(ctx, checkpointEvery, func(err error) { fmt.Fprintf(a.stderr, "polytile: %v\n", err) })
	}
	return sr, nil
}

// finish writes the last checkpoint (shard.Run.Close) and completes o
// with the shard's record (shard.Run.Finish).
func (sr *shardRun) finish(res *native.Result, o *solve.Outcome) error {
	if err := sr.run.Close(); err != nil {
		return err
	}
	r, err := sr.run.Finish(res, shard.Outcome{Puzzle: o.Puzzle, File: sr.path, Rerun: sr.rerun()})
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

// rerun is the command line of this shard with {} for the index.
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

// watchSplit hooks a shard.SplitWatch into cfg with --stats, after
// startShard's hook: the work and time of every subproblem of the split.
// nil when the search has no split.
func watchSplit(p *puzzle.Puzzle, f *solveFlags, cfg *native.Config) *shard.SplitWatch {
	if !f.stats {
		return nil
	}
	return shard.WatchSplit(cfg, p.Symmetric != nil)
}

// unplaceableShard lets a counting shard (--count --shard) of a puzzle
// answered "no tiling" before any search (a piece that fits nowhere, a
// proof) record its part, a complete 0 (native.Decided), so that merge
// finds every shard's result; any other error is returned as it is.
func (a *app) unplaceableShard(f *solveFlags, loadErr error) (*puzzle.Puzzle, error) {
	p := answeredPuzzle(loadErr)
	if !f.count || f.shard == "" || f.maxCoverage || f.backend != "fila" && f.backend != "dlx" || p == nil {
		return nil, loadErr
	}
	// The flags are checked first, as without a shard (solveLoadFailed).
	if err := answeredFlags(p, f); err != nil {
		return nil, err
	}
	if errors.Is(loadErr, puzzle.ErrUnplaceable) {
		f.unplaceable = p.Dropped
	}
	f.decided = true
	if !a.quiet {
		fmt.Fprintf(a.stderr, "note: %v; this shard records the count, 0, for merge\n", loadErr)
	}
	return p, nil
}

// shardFingerprint is the fingerprint a shard records, naming the pieces
// left out as unplaceable (shard.FingerprintOf).
func shardFingerprint(p *puzzle.Puzzle, f *solveFlags) string {
	return shard.FingerprintOf(p, f.unplaceable)
}

// mergeFingerprint reads data, the bytes of the puzzle file path, as
// solve's shards read it: the fingerprint they record and the puzzle
// (shard.LoadedFingerprint).
func (a *app) mergeFingerprint(path string, data []byte, from string) (string, *puzzle.Puzzle, error) {
	return shard.LoadedFingerprint(a.loadPuzzleData(a.ctx, path, data, from, puzzle.DropUnlimited))
}
