package main

import (
	"errors"
	"fmt"

	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

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
