package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/polytile/polytile/internal/regfile"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// countKeyReq holds solve's hidden --count-key flags: solve writes the
// key of a results directory (shard.Key) once the shard can start, or
// refuses (exit 2) one there of another count.
type countKeyReq struct {
	path, recipe string
	only         bool
	words        []string // the flags given, as --name=value (changedWords)
	hook         *shard.KeyHook
	src          puzzleSource // the puzzle as solve read it: the key records its SHA-256
}

// errKeyOnly ends a --count-key-only run once the key is in place
// (exit 0, nothing searched or written but the key).
var errKeyOnly = errors.New("count key written")

// changedWords lists the flags given on fs as --name=value words.
func changedWords(fs *pflag.FlagSet) []string {
	var words []string
	fs.Visit(func(f *pflag.Flag) { words = append(words, "--"+f.Name+"="+f.Value.String()) })
	return words
}

// addCountKeyFlags adds the hidden --count-key flags to solve.
func addCountKeyFlags(fl *pflag.FlagSet, k *countKeyReq) {
	fl.StringVar(&k.path, "count-key", "", "with --count --shard: write DIR/count.key before the search, or refuse (exit 2) one of another count (deploy/)")
	fl.StringVar(&k.recipe, "count-key-recipe", "solve", "the name written in the count.key (the recipe's)")
	fl.BoolVar(&k.only, "count-key-only", false, "with --count-key: check everything, write or compare the key, and stop before the search")
	for _, n := range []string{"count-key", "count-key-recipe", "count-key-only"} {
		_ = fl.MarkHidden(n)
	}
}

// placeCountKey writes the key of this shard's count, cfg with the piece
// the split pinned, or compares it with the key there (shard.ResolveKey,
// shard.Key.Compare): a key of another count is refused, exit 2.
func (a *app) placeCountKey(p *puzzle.Puzzle, f *solveFlags, sr *shardRun, cfg shard.Config, pinned string) error {
	kp := f.key.path
	if kp == "" {
		return nil
	}
	if sr == nil || f.shard == "" {
		return usageErr("--count-key needs --count and --shard")
	}
	if err := (shard.KeyRequest{Path: kp, Recipe: f.key.recipe, Checkpoint: sr.ckPath, Puzzle: sr.path}).Check(); err != nil {
		return usageErr("%v", err)
	}
	from, err := puzzle.CanonicalFormat(sr.path, f.from)
	if err != nil {
		return usageErr("--count-key: the flags: %v", err)
	}
	if !f.key.src.regular {
		return usageErr("--count-key: the puzzle file %s: %v", shard.Printable(sr.path), regfile.ErrNotRegular)
	}
	cfg.Redundancy = pinned
	now := &shard.Key{PuzzleSHA256: shard.SHA256Hex(f.key.src.data), Fingerprint: sr.fingerprint, Shards: sr.n,
		Config: &shard.KeyConfig{Config: cfg, From: from, Unique: f.unique}}
	ctx := a.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	made, err := shard.EstablishKey(ctx, kp, f.key.recipe, now,
		shard.KeyResolve{Puzzle: p, Path: sr.path, Redundancy: f.redundancy, Pinned: pinned})
	var kc *shard.KeyConflict
	switch {
	case errors.As(err, &kc) || errors.Is(err, shard.ErrKeyUnreadable):
		return usageErr("%v", err)
	case err != nil:
		return usageErr("--count-key: %v", err)
	case made && !a.quiet:
		fmt.Fprintf(a.stderr, "polytile: wrote %s\n", shard.Printable(kp))
	}
	return nil
}

// shardKey places the count key once the split is made (shard.HookKey);
// a refusal, or the end of a --count-key-only run, stops the search.
func (a *app) shardKey(p *puzzle.Puzzle, f *solveFlags, sr *shardRun, cfg *native.Config) error {
	if f.key.path == "" {
		return nil
	}
	if sr == nil {
		return usageErr("--count-key needs --count and --shard")
	}
	base := shard.ConfigOf(*cfg)
	f.key.hook = shard.HookKey(cfg, f.key.path, func(pinned string) error { return a.placeCountKey(p, f, sr, base, pinned) },
		func() error {
			if f.key.only {
				return errKeyOnly
			}
			return nil
		})
	return nil
}

// keyStopped returns the error that stopped the search in the key's
// hook, with the checkpoint writer stopped without a write.
func keyStopped(f *solveFlags, sr *shardRun) error {
	err := f.key.hook.Err()
	if err != nil && sr != nil {
		sr.run.StopWriting()
	}
	return err
}

// check refuses the --count-key flags where no shard would place the key.
func (k *countKeyReq) check(f *solveFlags) error {
	switch {
	case k.only && k.path == "":
		return usageErr("--count-key-only needs --count-key")
	case k.path == "":
		return nil
	case f.shard == "" || !f.count && !f.unique || f.limit > 0 || f.maxCoverage:
		return usageErr("--count-key needs --count and --shard")
	case f.backend != "fila" && f.backend != "dlx":
		return usageErr("--count-key: a sharded count runs --backend fila or dlx, not %q", f.backend)
	case !jsonOutput(f): // merge reads the result from the directory
		return usageErr("--count-key: the shard's result goes to -o FILE.json with --json (merge reads it there), not a picture (--render) nor stdout")
	}
	if err := shard.CheckCountFiles(k.path, shard.CountOutput{Flag: "-o", Path: f.out}, shard.CountOutput{Flag: "--checkpoint", Path: f.checkpoint}); err != nil {
		return usageErr("%v", err)
	}
	return nil
}
