package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// unplaceableShard handles the load error of a puzzle with a piece of
// finite supply that fits nowhere: no exact tiling, decided before any
// search (solve exits 1). A counting shard (--count --shard) of it still
// finishes its part: it gets the puzzle built with such pieces left out,
// f.unplaceable set to the names left out, and counts nothing through
// native.Decided (shard 0 holds the whole count, 0), so that every shard
// writes a result and merge exits as solve --count does. Any other error,
// or another command, is returned as it is.
func (a *app) unplaceableShard(ctx context.Context, path string, data []byte, f *solveFlags, loadErr error) (*puzzle.Puzzle, error) {
	if !f.count || f.shard == "" || f.maxCoverage || f.backend != "fila" && f.backend != "dlx" ||
		!errors.Is(loadErr, puzzle.ErrUnplaceable) {
		return nil, loadErr
	}
	p, err := a.loadAllDropped(ctx, path, data, f.from)
	if err != nil {
		return nil, loadErr
	}
	// The flags are checked first, as for the answer without a shard
	// (solveLoadFailed): a shard refused says nothing of the count.
	if err := answeredFlags(p, f); err != nil {
		return nil, err
	}
	f.unplaceable = p.Dropped
	if !a.quiet {
		fmt.Fprintf(a.stderr, "note: %v; this shard records the count, 0, for merge\n", loadErr)
	}
	return p, nil
}

// loadAllDropped parses a puzzle already read (data, the bytes of path)
// with every piece that fits nowhere left out (named in p.Dropped),
// quietly: the caller says why.
func (a *app) loadAllDropped(ctx context.Context, path string, data []byte, from string) (*puzzle.Puzzle, error) {
	quiet := a.quiet
	a.quiet = true
	defer func() { a.quiet = quiet }()
	return a.loadPuzzleData(ctx, path, data, from, puzzle.DropAll)
}

// shardFingerprint is the fingerprint a shard records: that of the puzzle,
// or for one read with its unplaceable pieces left out
// (unplaceableShard) one that names them.
func shardFingerprint(p *puzzle.Puzzle, f *solveFlags) string {
	if f.unplaceable != nil {
		return shard.FingerprintUnplaceable(p, f.unplaceable)
	}
	return shard.Fingerprint(p)
}

// mergeFingerprint is the fingerprint merge --puzzle expects of the
// puzzle file path, whose bytes merge read once (data, readPuzzleOnce),
// and the puzzle as solve's shards read it: as they record it, also for a
// puzzle with a piece of finite supply that fits nowhere (parsed a second
// time from the same bytes, never read again from path).
func (a *app) mergeFingerprint(path string, data []byte, from string) (string, *puzzle.Puzzle, error) {
	p, err := a.loadPuzzleData(a.ctx, path, data, from, puzzle.DropUnlimited)
	if err == nil {
		return shard.Fingerprint(p), p, nil
	}
	if !errors.Is(err, puzzle.ErrUnplaceable) {
		return "", nil, err
	}
	q, qerr := a.loadAllDropped(a.ctx, path, data, from)
	if qerr != nil {
		return "", nil, err
	}
	return shard.FingerprintUnplaceable(q, q.Dropped), q, nil
}
