package shard

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Run is the bookkeeping of a counting shard: the subproblems it takes
// from its checkpoint (resume), those it solves, the checkpoint it
// writes as it goes, and its Result at the end. The solver calls
// SetSplit once the split is made, Skip and Solved per subproblem
// (Solved from one goroutine at a time, or several: Run locks).
type Run struct {
	spec  RunSpec
	start time.Time

	mu      sync.Mutex
	cfg     Config
	split   *Split
	done    map[int64]Sub // resumed and newly finished
	resumed map[int64]bool
	dirty   bool
	failed  bool // the checkpoint did not match: nothing is written

	stopWriting func() // the periodic writer's (StartWriting), nil when none runs
}

// RunSpec is what a Run records: the shard of which puzzle and
// configuration, and its checkpoint.
type RunSpec struct {
	Fingerprint string
	// Config is the configuration as resolved before the split; its
	// Redundancy is set from the piece the split pins (SetSplit).
	Config       Config
	Index, Count int
	// Checkpoint is the file written as the shard goes ("" for none);
	// Prev the checkpoint read from it at the start (nil for none).
	Checkpoint string
	Prev       *Checkpoint
}

// NewRun starts the bookkeeping of a shard; its clock starts now.
func NewRun(spec RunSpec) *Run {
	return &Run{spec: spec, start: time.Now(), cfg: spec.Config, done: map[int64]Sub{}, resumed: map[int64]bool{}}
}

// ErrCheckpointMismatch is the kind of a *MismatchError, for errors.Is.
var ErrCheckpointMismatch = errors.New("checkpoint of another shard")

// MismatchError is a checkpoint that is not this shard's: another
// puzzle, configuration, shard or split, or subproblems that are not
// this shard's.
type MismatchError struct{ Msg string }

// Error says how the checkpoint differs from the shard.
func (e *MismatchError) Error() string { return e.Msg }

// Is reports whether target is ErrCheckpointMismatch.
func (e *MismatchError) Is(target error) bool { return target == ErrCheckpointMismatch }

// SetSplit records the split and the piece it pinned ("" for none) and,
// with a checkpoint read at the start, matches it (Checkpoint.Match: a
// *MismatchError) and takes its subproblems as finished.
func (r *Run) SetSplit(sp Split, pinned string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cfg.Redundancy = pinned
	r.split = &sp
	if prev := r.spec.Prev; prev != nil {
		if err := prev.Match(r.spec.Fingerprint, r.cfg, r.spec.Index, r.spec.Count, sp); err != nil {
			r.failed = true
			return err
		}
		for _, s := range prev.Done {
			r.done[s.Index] = s
			r.resumed[s.Index] = true
		}
	}
	return nil
}

// Config is the shard's configuration, with the pinned piece once the
// split is made.
func (r *Run) Config() Config {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.cfg
}

// Skip reports whether subproblem i was taken from the checkpoint. It is
// read-only once SetSplit has returned.
func (r *Run) Skip(i int64) bool { return r.resumed[i] }

// Solved records a subproblem solved completely.
func (r *Run) Solved(s Sub) {
	r.mu.Lock()
	r.done[s.Index] = s
	r.dirty = true
	r.mu.Unlock()
}

// WriteCheckpoint writes the checkpoint if anything was solved since the
// last write (or always when final). Before the split, after a mismatch
// or without a checkpoint file it writes nothing.
func (r *Run) WriteCheckpoint(final bool) error {
	r.mu.Lock()
	if r.spec.Checkpoint == "" || r.split == nil || r.failed || !r.dirty && !final {
		r.mu.Unlock()
		return nil
	}
	ck := &Checkpoint{Fingerprint: r.spec.Fingerprint, Config: r.cfg, Index: r.spec.Index, Count: r.spec.Count, Split: *r.split,
		Seconds: r.prevSeconds() + time.Since(r.start).Seconds()}
	for _, s := range r.done {
		ck.Done = append(ck.Done, s)
	}
	r.dirty = false
	r.mu.Unlock()
	return ck.Write(r.spec.Checkpoint)
}

// Periodic writes the checkpoint every interval until ctx is done or
// stop is called (stop waits for a write under way). onErr gets the
// errors of the writes, which do not stop it. Without a checkpoint file
// it starts nothing.
func (r *Run) Periodic(ctx context.Context, every time.Duration, onErr func(error)) (stop func()) {
	if r.spec.Checkpoint == "" {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := r.WriteCheckpoint(false); err != nil && onErr != nil {
					onErr(err)
				}
			}
		}
	}()
	return func() {
		cancel()
		wg.Wait()
	}
}

// StartWriting starts writing the checkpoint every interval (Periodic)
// until StopWriting or Close. StartWriting, StopWriting and Close are
// called from one goroutine.
func (r *Run) StartWriting(ctx context.Context, every time.Duration, onErr func(error)) {
	r.stopWriting = r.Periodic(ctx, every, onErr)
}

// StopWriting stops the periodic writer without a write; it reports
// whether one was running.
func (r *Run) StopWriting() bool {
	if r.stopWriting == nil {
		return false
	}
	r.stopWriting()
	r.stopWriting = nil
	return true
}

// Close stops the periodic writer and, when one was running, writes the
// last checkpoint.
func (r *Run) Close() error {
	if r.StopWriting() {
		return r.WriteCheckpoint(true)
	}
	return nil
}

func (r *Run) prevSeconds() float64 {
	if r.spec.Prev == nil {
		return 0
	}
	return r.spec.Prev.Seconds
}

// ErrCountOverflow is the kind of an *OverflowError, for errors.Is.
var ErrCountOverflow = errors.New("counts past MaxCount")

// OverflowError is a checkpoint whose subproblems, added to the counts
// of the run, pass MaxCount.
type OverflowError struct {
	Field string // solutions, unique or nodes (CountNames)
}

// Error names the count that passes MaxCount.
func (e *OverflowError) Error() string {
	return fmt.Sprintf("with its subproblems the %s add up to more than %d", e.Field, int64(MaxCount))
}

// Is reports whether target is ErrCountOverflow.
func (e *OverflowError) Is(target error) bool { return target == ErrCountOverflow }

// Outcome is what the solver reports of the shard's search in this run.
type Outcome struct {
	Puzzle, File       string // the puzzle's title and file
	All, Unique, Nodes int64  // of the subproblems solved in this run
	Seconds            float64
	Owned              int64 // the shard's subproblems
	Interrupted        bool
	Rerun              []string // Result.Rerun
}

// Result is the shard's record: the outcome of this run plus the
// subproblems taken from the checkpoint, complete when every owned
// subproblem is finished and the run was not interrupted, sealed. It is
// nil when the search stopped before the split (nothing to record); an
// *OverflowError when the resumed counts pass MaxCount.
func (r *Run) Result(o Outcome) (*Result, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.split == nil {
		return nil, nil
	}
	res := &Result{Format: Format, Version: Version(), Puzzle: o.Puzzle, File: o.File,
		Fingerprint: r.spec.Fingerprint, Config: r.cfg, Index: r.spec.Index, Count: r.spec.Count, Split: *r.split,
		Owned: o.Owned, Seconds: r.prevSeconds() + o.Seconds}
	sum := Counts{o.All, o.Unique, o.Nodes}
	for i, s := range r.done {
		res.Finished++
		if r.resumed[i] {
			res.Resumed++
			if k := AddCounts(&sum, s.counts()); k >= 0 {
				return nil, &OverflowError{Field: CountNames[k]}
			}
		}
	}
	res.All, res.Unique, res.Nodes = sum[0], sum[1], sum[2]
	res.Complete = !o.Interrupted && res.Finished == res.Owned
	res.LowerBound = !res.Complete
	res.Rerun = o.Rerun
	return res, res.Seal()
}
