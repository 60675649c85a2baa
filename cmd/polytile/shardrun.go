package main

import (
	"fmt"
	"os"
	"strings"
	"sync"
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

// shardRun is the bookkeeping of a counting shard: its record, and its
// checkpoint when --checkpoint is given.
type shardRun struct {
	f           *solveFlags
	path        string // puzzle file
	fingerprint string
	cfg         shard.Config
	index, n    int
	ckPath      string
	prev        *shard.Checkpoint // read at start, nil if none

	mu       sync.Mutex
	split    *shard.Split
	done     map[int64]shard.Sub // resumed and newly finished
	resumed  map[int64]bool
	dirty    bool
	matchErr error
	stopW    chan struct{}
	wg       sync.WaitGroup
	start    time.Time
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
// configuration.
func (a *app) startShard(p *puzzle.Puzzle, path string, f *solveFlags, cfg *native.Config) (*shardRun, error) {
	if f.shard == "" && f.checkpoint == "" || !f.count {
		return nil, nil
	}
	sr := &shardRun{f: f, path: path, fingerprint: shardFingerprint(p, f), index: cfg.Shard.Index, n: max(cfg.Shard.Count, 1),
		ckPath: f.checkpoint, done: map[int64]shard.Sub{}, resumed: map[int64]bool{}, start: time.Now()}
	sr.cfg = shard.Config{Backend: cfg.Algorithm, Schedule: cfg.Schedule, FilaAt: cfg.FilaAt, NOF: cfg.NOF, Volume: cfg.Volume}
	sr.prev = f.ckPrev
	cfg.OnSplit = func(sp native.Split) error {
		sr.mu.Lock()
		defer sr.mu.Unlock()
		sr.cfg.Redundancy = sp.Pinned
		sr.split = &shard.Split{Subproblems: sp.Subproblems, Hash: sp.Hash}
		if sr.prev != nil {
			if err := sr.prev.Match(sr.fingerprint, sr.cfg, sr.index, sr.n, *sr.split); err != nil {
				sr.matchErr = usageErr("checkpoint %s: %v; remove it or use another file", sr.ckPath, err)
				return sr.matchErr
			}
			for _, s := range sr.prev.Done {
				sr.done[s.Index] = s
				sr.resumed[s.Index] = true
			}
		}
		return nil
	}
	cfg.Skip = func(i int64) bool { return sr.resumed[i] } // read-only once the split is known
	cfg.OnSubproblem = func(s native.Subproblem) {
		sr.mu.Lock()
		sr.done[s.Index] = shard.Sub{Index: s.Index, All: s.All, Unique: s.Unique, Nodes: s.Nodes}
		sr.dirty = true
		sr.mu.Unlock()
	}
	if sr.ckPath != "" {
		sr.stopW = make(chan struct{})
		sr.wg.Add(1)
		go func() {
			defer sr.wg.Done()
			t := time.NewTicker(checkpointEvery)
			defer t.Stop()
			for {
				select {
				case <-sr.stopW:
					return
				case <-t.C:
					if err := sr.writeCheckpoint(false); err != nil {
						fmt.Fprintf(a.stderr, "polytile: %v\n", err)
					}
				}
			}
		}()
	}
	return sr, nil
}

// writeCheckpoint writes the checkpoint if anything changed (or always
// when final).
func (sr *shardRun) writeCheckpoint(final bool) error {
	sr.mu.Lock()
	if sr.split == nil || sr.matchErr != nil || !sr.dirty && !final {
		sr.mu.Unlock()
		return nil
	}
	ck := &shard.Checkpoint{Fingerprint: sr.fingerprint, Config: sr.cfg, Index: sr.index, Count: sr.n, Split: *sr.split,
		Seconds: sr.prevSeconds() + time.Since(sr.start).Seconds()}
	for _, s := range sr.done {
		ck.Done = append(ck.Done, s)
	}
	sr.dirty = false
	sr.mu.Unlock()
	return ck.Write(sr.ckPath)
}

func (sr *shardRun) prevSeconds() float64 {
	if sr.prev == nil {
		return 0
	}
	return sr.prev.Seconds
}

// finish stops the checkpoint writer, writes the last checkpoint and
// completes the outcome with the shard's record (counts include the
// subproblems resumed from the checkpoint).
func (sr *shardRun) finish(res *native.Result, o *solveOutcome) error {
	if sr.stopW != nil {
		close(sr.stopW)
		sr.wg.Wait()
		if err := sr.writeCheckpoint(true); err != nil {
			return err
		}
	}
	sr.mu.Lock()
	defer sr.mu.Unlock()
	if sr.split == nil {
		return nil // cancelled during the split: nothing to record
	}
	r := &shard.Result{Format: shard.Format, Version: shard.Version(), Puzzle: o.Puzzle, File: sr.path,
		Fingerprint: sr.fingerprint, Config: sr.cfg, Index: sr.index, Count: sr.n, Split: *sr.split,
		All: res.All, Unique: res.Unique, Nodes: res.Nodes, Seconds: sr.prevSeconds() + res.Seconds}
	if res.Split != nil {
		r.Owned = res.Split.Owned
	}
	sum := shard.Counts{r.All, r.Unique, r.Nodes}
	for i, s := range sr.done {
		r.Finished++
		if sr.resumed[i] {
			r.Resumed++
			if k := shard.AddCounts(&sum, shard.Counts{s.All, s.Unique, s.Nodes}); k >= 0 {
				return usageErr("checkpoint %s: with its subproblems the %s add up to more than %d; remove it to start again", sr.ckPath, shard.CountNames[k], int64(shard.MaxCount))
			}
		}
	}
	r.All, r.Unique, r.Nodes = sum[0], sum[1], sum[2]
	r.Complete = !res.Interrupted && r.Finished == r.Owned
	r.LowerBound = !r.Complete
	r.Rerun = sr.rerun()
	all, uniq := r.All, r.Unique
	o.Solutions, o.Unique, o.Nodes = &all, &uniq, r.Nodes
	o.Seconds = r.Seconds
	o.Complete = r.Complete
	o.found = o.found || all > 0
	o.Shard = r
	return r.Seal() // last: merge checks the fields against it
}

// rerun is the command line of this shard with {} for the index (in
// --shard and in the names of the output and checkpoint files, inserted
// when the names do not hold the index).
func (sr *shardRun) rerun() []string {
	f := sr.f
	args := []string{"polytile", "solve", sr.path, "--count"}
	if f.unique {
		args = append(args, "--unique")
	}
	args = append(args, sr.cfg.Flags()...)
	args = append(args, "--shard", fmt.Sprintf("{}/%d", sr.n))
	if f.asJSON {
		args = append(args, "--json")
	}
	if f.out != "-" {
		args = append(args, "-o", shard.IndexTemplate(f.out, sr.index))
	}
	if sr.ckPath != "" {
		args = append(args, "--checkpoint", shard.IndexTemplate(sr.ckPath, sr.index))
	}
	return shard.RunnableTemplate(args) // file names without the index get one
}

// shardText is the "shard" row of the text output.
func shardText(r *shard.Result) string {
	s := fmt.Sprintf("%d/%d: %d of %d subproblems finished", r.Index, r.Count, r.Finished, r.Owned)
	if r.Resumed > 0 {
		s += fmt.Sprintf(" (%d taken from the checkpoint, %d solved now)", r.Resumed, r.Finished-r.Resumed)
	}
	if !r.Complete {
		s += ", incomplete"
	}
	return s
}

// jsonOutput reports whether -o names the file for the --json summary
// (a .json file, no --render) rather than a picture.
func jsonOutput(f *solveFlags) bool {
	return f.asJSON && f.renderFormat == "" && strings.HasSuffix(strings.ToLower(f.out), ".json")
}
