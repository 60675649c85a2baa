package main

import (
	"errors"
	"fmt"

	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// unplaceableShard handles the answer "no tiling" known before any search
// (solve exits 1): a piece of finite supply that fits nowhere, or a proof
// from areas or colourings (provenInfeasible). A counting shard (--count
// --shard) of such a puzzle still finishes its part: it gets the puzzle
// (for a piece that fits nowhere read with such pieces left out, and
// f.unplaceable set to their names), f.decided, and counts nothing
// through native.Decided (shard 0 holds the whole count, a complete 0),
// so that every shard writes a result and merge exits as solve --count
// does. Any other error, or another command, is returned as it is.
func (a *app) unplaceableShard(f *solveFlags, loadErr error) (*puzzle.Puzzle, error) {
	p := answeredPuzzle(loadErr)
	if !f.count || f.shard == "" || f.maxCoverage || f.backend != "fila" && f.backend != "dlx" || p == nil {
		return nil, loadErr
	}
	// The flags are checked first, as for the answer without a shard
	// (solveLoadFailed): a shard refused says nothing of the count.
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

// shardFingerprint is the fingerprint a shard records (shard.FingerprintOf):
// that of the puzzle, or for one read with its unplaceable pieces left
// out (unplaceableShard) one that names them.
func shardFingerprint(p *puzzle.Puzzle, f *solveFlags) string {
	return shard.FingerprintOf(p, f.unplaceable)
}

// mergeFingerprint is the fingerprint merge --puzzle expects of the
// puzzle file path, whose bytes merge read once (data, readPuzzleOnce),
// and the puzzle as solve's shards read it: as they record it, also for a
// puzzle with a piece of finite supply that fits nowhere (the puzzle with
// such pieces left out, answeredPuzzle).
func (a *app) mergeFingerprint(path string, data []byte, from string) (string, *puzzle.Puzzle, error) {
	p, err := a.loadPuzzleData(a.ctx, path, data, from, puzzle.DropUnlimited)
	if err == nil {
		return shard.Fingerprint(p), p, nil
	}
	q := answeredPuzzle(err)
	if q == nil {
		return "", nil, err
	}
	return shard.FingerprintOf(q, q.Dropped), q, nil
}
