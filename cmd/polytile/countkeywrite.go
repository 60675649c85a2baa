package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

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
	words        []string     // the flags given, as --name=value (changedWords)
	err          error        // what stopped the search in shardKey's hook
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
	if filepath.Base(kp) != shard.KeyName {
		return usageErr("--count-key %s: the key's name is %s (merge DIR reads DIR/%s)", shownText(kp), shard.KeyName, shard.KeyName)
	}
	if sr.ckPath != "" && sameCleanPath(sr.ckPath, kp) {
		return usageErr("--count-key %s is the --checkpoint file", shownText(kp))
	}
	if sr.path == "-" || sr.path == "" {
		return usageErr("--count-key: the puzzle is stdin; a key records a puzzle file's SHA-256")
	}
	if r := f.key.recipe; shard.CheckRecipe(r) != nil {
		return usageErr("--count-key-recipe %q: one word of at most %d printable ASCII characters", r, shard.MaxRecipeLen)
	}
	from, err := puzzle.CanonicalFormat(sr.path, f.from)
	if err != nil {
		return usageErr("--count-key: the flags: %v", err)
	}
	if !f.key.src.regular {
		return usageErr("--count-key: the puzzle file %s: %v", shownText(sr.path), regfile.ErrNotRegular)
	}
	cfg.Redundancy = pinned
	now := &shard.Key{PuzzleSHA256: sha256Hex(f.key.src.data), Fingerprint: sr.fingerprint, Shards: sr.n,
		Config: &shard.KeyConfig{Config: cfg, From: from, Unique: f.unique}}
	data := shard.FormatKeyConfig(f.key.recipe, now.PuzzleSHA256, now.Shards, *now.Config, now.Fingerprint)
	made, err := shard.PlaceKey(kp, data, shard.PlaceOptions{})
	if err != nil {
		return usageErr("--count-key: %v", err)
	}
	if made {
		if !a.quiet {
			fmt.Fprintf(a.stderr, "polytile: wrote %s\n", shownText(kp))
		}
		return nil
	}
	old, err := shard.ReadKey(filepath.Dir(kp))
	if err == nil && old == nil {
		err = errors.New("a link to nothing")
	}
	if err != nil {
		return usageErr("%s cannot be read as a count key (%s): remove it, or use another directory", shownText(kp), shownText(err.Error()))
	}
	ctx := a.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	then := *old
	kc, err := shard.ResolveKey(ctx, old, shard.KeyResolve{Puzzle: p, Path: sr.path, Resolve: a.countResolver(""), Redundancy: f.redundancy, Pinned: pinned})
	switch {
	case old.FlagsErr != nil:
		then.FlagsErr = fmt.Errorf("line 4 of the key cannot be read: %w", old.FlagsErr)
	case errors.Is(err, shard.ErrKeySyntax):
		then.FlagsErr = fmt.Errorf("line 4 of the key, %s, is not solve's flags (%w)", shard.KeyFlagsText(old), err)
	case err != nil:
		then.FlagsErr = fmt.Errorf("line 4 of the key, %s, is %w", shard.KeyFlagsText(old), err)
	default:
		then.Config = &kc
	}
	if err := then.Compare(now); err != nil {
		return usageErr("%v", err)
	}
	return nil
}

// sameCleanPath reports whether a and b name one path once made absolute
// and cleaned.
func sameCleanPath(a, b string) bool {
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}

// shardKey hooks the count key into the search: it is placed
// (placeCountKey) once the split is made, after the checkpoint matched
// (startShard's OnSplit, chained before it; a key already there is
// compared before), when everything the search
// checks of the flags and the puzzle (the schedule, the pinned piece) has
// passed and the shard runs. A refusal, or the end of a --count-key-only
// run (errKeyOnly), stops the search there; keyStopped then returns it,
// with the shard's checkpoint writer stopped without a write.
func (a *app) shardKey(p *puzzle.Puzzle, f *solveFlags, sr *shardRun, cfg *native.Config) error {
	if f.key.path == "" {
		return nil
	}
	if sr == nil {
		return usageErr("--count-key needs --count and --shard")
	}
	base := shard.ConfigOf(*cfg)
	prev := cfg.OnSplit
	cfg.OnSplit = func(sp native.Split) error {
		// A key already there is compared first: "another count" says
		// more than the checkpoint's refusal of another configuration.
		_, statErr := os.Lstat(f.key.path)
		if statErr == nil {
			if err := a.placeCountKey(p, f, sr, base, sp.Pinned); err != nil {
				f.key.err = err
				return err
			}
		}
		if prev != nil {
			if err := prev(sp); err != nil {
				return err
			}
		}
		var err error
		if statErr != nil {
			err = a.placeCountKey(p, f, sr, base, sp.Pinned)
		}
		if err == nil && f.key.only {
			err = errKeyOnly
		}
		f.key.err = err
		return err
	}
	return nil
}

// keyStopped returns the error that stopped the search in the count
// key's hook (shardKey), nil when none did.
func keyStopped(f *solveFlags, sr *shardRun) error {
	if f.key.err == nil {
		return nil
	}
	if sr != nil {
		sr.stopWriter()
	}
	return f.key.err
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
	case !jsonOutput(f):
		// The result is what merge reads from the directory: a picture
		// (--render) in -o, or the result on stdout, would leave every
		// shard of the count without one, under a key written for it.
		return usageErr("--count-key: the shard's result goes to -o FILE.json with --json (merge reads it there), not a picture (--render) nor stdout")
	}
	return checkCountFiles(k.path, f)
}

// checkCountFiles refuses, before anything is read or written, a results
// directory (the key's) holding a file of a count's names (*.json,
// *.jsonl, *.ckpt, joblog, count.key) that is not a regular file, and an
// -o or --checkpoint that is not one: a FIFO there would make the shard
// (and the recipes' pre-check) wait for a reader before its search, and
// GNU parallel would wait on a FIFO joblog. Merge reads the results back
// from the directory; they are regular files or nothing.
func checkCountFiles(keyPath string, f *solveFlags) error {
	if err := shard.CheckCountDir(filepath.Dir(keyPath)); err != nil {
		return usageErr("--count-key: %v: a count's directory holds only the files it writes (results, checkpoints, the key, the joblog); remove it, or use another directory", err)
	}
	for _, o := range []output{{"-o", f.out}, {"--checkpoint", f.checkpoint}} {
		if o.path == "" || o.path == "-" {
			continue
		}
		err := shard.CheckCountFile(o.path, true)
		var nr *shard.NotRegularError
		switch {
		case !errors.As(err, &nr):
		case nr.Target != "":
			return usageErr("%s %v: with --count-key the shard writes its own files, and writing through the link would replace its target; remove it, or name another file", o.flag, err)
		default:
			return usageErr("%s %v: with --count-key the shard's files are read back from its directory; remove it, or name another file", o.flag, err)
		}
	}
	return nil
}
