package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/polytile/polytile/internal/regfile"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// solve --count-key DIR/count.key: the key of a results directory (see
// shard.Key) is written by solve itself, not by a recipe's bash, and only
// once solve has read its flags and the puzzle, resolved the
// configuration and opened its outputs and checkpoint: a run that cannot
// start writes no key. The flags go into it in one canonical form
// (canonicalKeyWords), so `--redundancy X` and `--redundancy=X`, `-j 2`
// and `--jobs=2`, `--nof` and nothing (its default), the default
// heuristic named or left out, flags in any order, all make one key.
// An existing key (also one written by an older recipe, version 1) is
// compared by the same canonical form; one that records another count is
// refused, exit 2, saying what differs.

// countKeyReq holds solve's hidden --count-key flags.
type countKeyReq struct {
	path, recipe string
	only         bool
	// words are the flags given to solve, each as --name=value
	// (changedWords), from which the key's flags are made.
	words []string
	// err is what stopped the search in shardKey's hook.
	err error
	// src is the puzzle as solve read it, once: the key records the
	// SHA-256 of those bytes, the ones parsed.
	src puzzleSource
}

// errKeyOnly ends a --count-key-only run once the key is in place
// (exit 0, nothing searched or written but the key).
var errKeyOnly = errors.New("count key written")

// keyRecipeFlags are not part of a count's key: the flags a recipe gives
// every shard itself, the global ones, and those that change how a shard
// runs but not what it counts (-j, --time-limit, --stats: a shard stopped
// by its time limit may be resumed with a longer one, on more cores).
var keyRecipeFlags = map[string]bool{"shard": true, "output": true, "checkpoint": true, "json": true, "jsonl": true,
	"count": true, "count-key": true, "count-key-recipe": true, "count-key-only": true, "quiet": true, "verbose": true,
	"jobs": true, "time-limit": true, "stats": true}

// keyConfigFlags are the flags of the configuration: written from what
// solve resolves them to, always.
var keyConfigFlags = map[string]bool{"backend": true, "heuristic": true, "nof": true, "fila-at": true, "volume": true, "redundancy": true}

// addCountKeyFlags adds the hidden --count-key flags to solve.
func addCountKeyFlags(fl *pflag.FlagSet, k *countKeyReq) {
	fl.StringVar(&k.path, "count-key", "", "with --count --shard: write DIR/count.key before the search, or refuse (exit 2) one of another count (deploy/)")
	fl.StringVar(&k.recipe, "count-key-recipe", "solve", "the name written in the count.key (the recipe's)")
	fl.BoolVar(&k.only, "count-key-only", false, "with --count-key: check everything, write or compare the key, and stop before the search")
	for _, n := range []string{"count-key", "count-key-recipe", "count-key-only"} {
		_ = fl.MarkHidden(n)
	}
}

// changedWords lists the flags given on fs as --name=value words (a
// repeatable flag once per value), the recipe's own left out.
func changedWords(fs *pflag.FlagSet) []string {
	return flagWords(fs, func(f *pflag.Flag) bool { return !keyRecipeFlags[f.Name] })
}

// flagWords lists the flags of fs that were given and that keep accepts,
// by name, as --name=value words (a repeatable flag once per value).
func flagWords(fs *pflag.FlagSet, keep func(f *pflag.Flag) bool) []string {
	var words []string
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Changed || !keep(f) {
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				words = append(words, "--"+f.Name+"="+v)
			}
			return
		}
		words = append(words, "--"+f.Name+"="+f.Value.String())
	})
	return words
}

// keyFlagSet is the flag set a key's flags are read with, as solve reads
// them: mp's configuration flags (and --from into from, when not nil),
// then solve's other flags and the global --quiet and --verbose.
func (a *app) keyFlagSet(mp *mergePuzzle, from *string) *pflag.FlagSet {
	fs := pflag.NewFlagSet("count.key flags", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	mp.configFlags(fs)
	if from != nil {
		addFromFlag(fs, from)
	}
	a.solveCmd().Flags().VisitAll(func(f *pflag.Flag) { // the others, read as solve reads them
		if fs.Lookup(f.Name) == nil {
			fs.AddFlag(f)
		}
	})
	var quiet, verbose bool // the global flags solve takes too (app.go)
	fs.BoolVarP(&quiet, "quiet", "q", false, "")
	fs.BoolVarP(&verbose, "verbose", "v", false, "")
	return fs
}

// canonicalKeyWords reads words as solve reads its flags and returns
// them in the key's canonical form: the configuration as solve resolves
// it for p (--backend, --fila-at, --heuristic, --nof, --volume, and
// --redundancy as the piece pinned, none when none is: pin resolves the
// flag's value), then --from as the puzzle file at path is read with it
// and every other flag whose value is not its default, as --name=value,
// sorted. The recipe's own flags (--shard, -o,
// --checkpoint, --json, --count) are not part of it. So --redundancy X
// and auto (the default of a count) that pins X are one count: the same
// split, the same tree.
func (a *app) canonicalKeyWords(p *puzzle.Puzzle, path string, words []string, pin func(spec string) (string, error)) ([]string, error) {
	var mp mergePuzzle
	fl := a.keyFlagSet(&mp, nil)
	if err := fl.Parse(words); err != nil {
		return nil, fmt.Errorf("not solve's flags (%v)", err)
	}
	if fl.NArg() > 0 {
		return nil, fmt.Errorf("arguments that are not flags (%s)", shownText(strings.Join(fl.Args(), " ")))
	}
	s := mp.s
	f := solveFlags{backend: s.Backend, heuristic: s.Heuristic, filaAt: s.FilaAt, nof: s.NOF, volume: s.Volume, redundancy: s.Redundancy}
	f.count = true
	f.volumeSet = fl.Changed("volume")
	f.given = givenSettings(fl.Changed)
	f.unique = fl.Lookup("unique").Value.String() == "true"
	if f.backend != "fila" && f.backend != "dlx" {
		return nil, fmt.Errorf("--backend %q: a sharded count runs fila or dlx", f.backend)
	}
	cfg, err := nativeConfig(p, &f)
	if err != nil {
		return nil, err
	}
	out := []string{"--backend=" + cfg.Algorithm, "--fila-at=" + strconv.Itoa(cfg.FilaAt), "--heuristic=" + cfg.Schedule,
		"--nof=" + strconv.FormatBool(cfg.NOF), "--volume=" + strconv.Itoa(cfg.Volume)}
	pinned, err := pin(f.redundancy)
	if err != nil {
		return nil, err
	}
	out = append(out, "--redundancy="+shard.PinnedWord(pinned))
	// --from as the file is read with it: yaml named or left out for a
	// .yaml file, yml and yaml, are one reading (merge reads the puzzle
	// with it).
	format, err := puzzle.CanonicalFormat(path, fl.Lookup("from").Value.String())
	if err != nil {
		return nil, err
	}
	others := append(flagWords(fl, func(g *pflag.Flag) bool {
		if keyRecipeFlags[g.Name] || keyConfigFlags[g.Name] || g.Name == "from" {
			return false
		}
		_, slice := g.Value.(pflag.SliceValue)
		return slice || g.Value.String() != g.DefValue
	}), "--from="+format)
	slices.Sort(others)
	return append(out, others...), nil
}

// placeCountKey writes the key of this shard's count (f.key.path), or
// compares it with the key there: called once the shard can start
// (after startShard), with the piece the split pinned ("" for none). A
// key of another count is refused, exit 2.
func (a *app) placeCountKey(p *puzzle.Puzzle, f *solveFlags, sr *shardRun, pinned string) error {
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
	words, err := a.canonicalKeyWords(p, sr.path, f.key.words, func(string) (string, error) { return pinned, nil })
	if err != nil {
		return usageErr("--count-key: the flags: %v", err)
	}
	if !f.key.src.regular {
		return usageErr("--count-key: the puzzle file %s: %v", shownText(sr.path), regfile.ErrNotRegular)
	}
	sum := sha256Hex(f.key.src.data)
	data := shard.FormatKey(f.key.recipe, sum, sr.n, words, sr.fingerprint)
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
	// The recorded flags in the canonical form of this run's (words).
	then := *old
	if old.FlagsErr != nil {
		then.FlagsErr = fmt.Errorf("line 4 of the key cannot be read: %w", old.FlagsErr)
	} else {
		then.Flags, err = a.canonicalKeyWords(p, sr.path, old.Flags, func(spec string) (string, error) {
			// The key's --redundancy as solve resolves it for p: this
			// run's piece when the key gives the same value (a key
			// without the piece says auto).
			if spec == f.redundancy || spec == "" && f.redundancy == "auto" || spec == "auto" && f.redundancy == "" {
				return pinned, nil
			}
			ctx := a.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			return native.PinnedPiece(ctx, p, spec)
		})
		if err != nil {
			then.FlagsErr = fmt.Errorf("line 4 of the key, %s, is %w", shard.KeyFlagsText(old), err)
		}
	}
	now := &shard.Key{PuzzleSHA256: sum, Fingerprint: sr.fingerprint, Shards: sr.n, Flags: words}
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
	prev := cfg.OnSplit
	cfg.OnSplit = func(sp native.Split) error {
		// A key already there is compared first: "another count" says
		// more than the checkpoint's refusal of another configuration.
		_, statErr := os.Lstat(f.key.path)
		if statErr == nil {
			if err := a.placeCountKey(p, f, sr, sp.Pinned); err != nil {
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
			err = a.placeCountKey(p, f, sr, sp.Pinned)
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
