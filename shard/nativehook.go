package shard

import (
	"errors"
	"os"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// The hooks that connect a shard's bookkeeping to a native search
// (native.Config's OnSplit, Skip and OnSubproblem).

// Attach hooks r into the native search cfg: OnSplit records the split
// and the piece it pins (SetSplit), Skip passes over the subproblems
// taken from the checkpoint, and OnSubproblem records each one solved.
// A checkpoint that does not match the split (a *MismatchError) is
// passed to mismatch, whose error stops the search.
func (r *Run) Attach(cfg *native.Config, mismatch func(error) error) {
	cfg.OnSplit = func(sp native.Split) error {
		if err := r.SetSplit(Split{Subproblems: sp.Subproblems, Hash: sp.Hash}, sp.Pinned); err != nil {
			return mismatch(err)
		}
		return nil
	}
	cfg.Skip = r.Skip
	cfg.OnSubproblem = func(s native.Subproblem) {
		r.Solved(Sub{Index: s.Index, All: s.All, Unique: s.Unique, Nodes: s.Nodes})
	}
}

// Finish is the shard's Result (Run.Result) for the search's result
// res: o with the counts, time and subproblems owned taken from res.
func (r *Run) Finish(res *native.Result, o Outcome) (*Result, error) {
	o.All, o.Unique, o.Nodes, o.Seconds, o.Interrupted = res.All, res.Unique, res.Nodes, res.Seconds, res.Interrupted
	if res.Split != nil {
		o.Owned = res.Split.Owned
	}
	return r.Result(o)
}

// WatchSplit hooks a SplitWatch into cfg, after the OnSubproblem hook
// already there, when the search goes through the split (cfg.Splits: a
// parallel, sharded or checkpointed count) and is not the symmetric
// key's orbit search (symmetric); nil otherwise, so that a serial search
// stays serial.
func WatchSplit(cfg *native.Config, symmetric bool) *SplitWatch {
	if symmetric || !cfg.Splits() {
		return nil
	}
	w := &SplitWatch{}
	prev := cfg.OnSubproblem
	cfg.OnSubproblem = func(s native.Subproblem) { // never called concurrently
		if prev != nil {
			prev(s)
		}
		w.Add(s.Nodes, s.Time)
	}
	return w
}

// Summary is the balance of the split res reports for the shard sh; nil
// for a nil watch or a search without a split (serial, or cancelled
// while splitting).
func (w *SplitWatch) Summary(res *native.Result, sh native.Shard) *SplitStats {
	if w == nil || res.Split == nil {
		return nil
	}
	sp := res.Split
	return w.Stats(SplitInfo{Subproblems: sp.Subproblems, Owned: sp.Owned, Skipped: sp.Skipped, Depth: sp.Depth, Nodes: sp.Nodes},
		sh.Index, sh.Count)
}

// KeyHook places a count's key once the split is made (HookKey), so that
// only a shard that can start writes one: its flags and the puzzle read,
// the heuristic schedule and the pinned piece accepted.
type KeyHook struct {
	err error
}

// HookKey chains place, given the piece the split pins, into
// cfg.OnSplit with the hook already there (a checkpoint's match): a key
// already at path is compared first (another count says more than a
// checkpoint's refusal of another configuration), a new one written once
// that hook passed. then, when not nil, runs last. An error of place or
// then stops the search and is kept for Err.
func HookKey(cfg *native.Config, path string, place func(pinned string) error, then func() error) *KeyHook {
	h := &KeyHook{}
	prev := cfg.OnSplit
	cfg.OnSplit = func(sp native.Split) error {
		_, statErr := os.Lstat(path)
		if statErr == nil {
			if h.err = place(sp.Pinned); h.err != nil {
				return h.err
			}
		}
		if prev != nil {
			if err := prev(sp); err != nil {
				return err
			}
		}
		if statErr != nil {
			h.err = place(sp.Pinned)
		}
		if h.err == nil && then != nil {
			h.err = then()
		}
		return h.err
	}
	return h
}

// Err is the error of place or then that stopped the search, nil when
// none did (and for a nil hook).
func (h *KeyHook) Err() error {
	if h == nil {
		return nil
	}
	return h.err
}

// LoadedFingerprint is the fingerprint a shard records for a puzzle
// file loaded as p with the error err, and the puzzle the shard counts:
// p's, or for a load answered "no tiling" before any search (a
// *native.NoTilingError) that of the puzzle it carries, with the pieces
// left out because they fit nowhere named (FingerprintOf). Any other
// error is returned.
func LoadedFingerprint(p *puzzle.Puzzle, err error) (string, *puzzle.Puzzle, error) {
	if err == nil {
		return Fingerprint(p), p, nil
	}
	var nt *native.NoTilingError
	if !errors.As(err, &nt) || nt.Puzzle == nil {
		return "", nil, err
	}
	return FingerprintOf(nt.Puzzle, nt.Puzzle.Dropped), nt.Puzzle, nil
}
