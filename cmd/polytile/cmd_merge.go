package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// merge: add up the results of a sharded count (package shard), checked
// against the directory's count.key, --puzzle and solve's flags.
//
// The results record their puzzle's fingerprint, not the file's SHA-256:
// a count.key (the puzzle file's SHA-256, N and the solve flags of the
// count) is bridged to them by a puzzle file whose SHA-256 is the key's
// (--puzzle, else the file the results name), whose fingerprint every
// result must then have. N is checked against every result, and the
// flags (read as solve reads them) against every result's configuration
// once the puzzle is known. What cannot be checked is said, never
// passed over.

// mergeOptions are merge's inputs: its arguments and flags.
type mergeOptions struct {
	args   []string // result files and directories
	asJSON bool
	puzzle mergePuzzle // --puzzle, --from and solve's configuration flags
}

// mergeCmd is the cobra command: its flags fill a mergeOptions, run by
// runMerge.
func (a *app) mergeCmd() *cobra.Command {
	var opts mergeOptions
	c := &cobra.Command{
		Use:   "merge [--puzzle PUZZLE] FILES|DIR...",
		Short: "Add up the results of a sharded count, checking that every shard ran once",
		Long: `merge reads the results of solve --count --shard I/N --json -o FILE (files, or
every *.json / *.jsonl file of a directory) and adds them up.

It refuses (exit 2, naming the files):
  - results of different puzzles (by the fingerprint of the normalised puzzle);
  - with --puzzle PUZZLE (a file read once, or - for stdin), results of any
    other puzzle than it is now (old results in a reused directory are named);
  - with --puzzle and solve's --backend, --heuristic, --fila-at, --nof,
    --volume or --redundancy, results of another configuration than solve
    PUZZLE --count with those flags (the others at solve's defaults;
    --redundancy auto, the default, takes whichever piece the results pinned);
  - different solver configurations, shard counts or splits; a shard present
    twice with different counts; an incomplete result of a shard with more
    solutions than a complete one of it; a field out of its range
    (docs/cluster.md); counts whose sum would pass 2^63-1.

When shards are missing or incomplete (a killed shard leaves no result, an
interrupted one an incomplete result), it lists them with a command line that
runs them (exit 1). The command is rebuilt from the checked fields of a result
whose recorded rerun command is the polytile solve command of that count (any
other is named, not printed), and writes each result where merge finds it:
with the shards' -o names, the index in them, or, for shards that printed
their results on stdout, with --json -o beside the file merge read. A shard
whose result or checkpoint file is a symbolic link or not a regular file is
left out of it, named with what to do (solve -o would write through it).

Otherwise it prints the totals and the balance of the shards'
times: min / median / max, the figures to pick N from (docs/cluster.md),
and exits as solve --count does: 0, or 1 when the count is 0. An
incomplete set's figures are lower bounds ("at least N"; --json:
unique_so_far, lower_bound and partial instead of unique).

A directory holding count.key (written by the recipes in deploy/: the
puzzle file's SHA-256, N and the solve flags of its count) is checked
against it, with or without --puzzle: results of another N, of another
puzzle than the file of the key's SHA-256 (--puzzle, else the file the
results name) or of another configuration than solve --count with the
key's flags are refused (exit 2). The rows verified and unchecked (and
--json's lists) say what was and was not checked.`,
		Example: `  polytile merge results/
  polytile merge --puzzle examples/pentomino-10x6.yaml results/
  polytile merge shard-*.json --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("merge needs result files or a directory")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.args = args
			opts.puzzle.changed = cmd.Flags().Changed
			return a.runMerge(a.ctx, opts)
		},
	}
	c.Flags().BoolVar(&opts.asJSON, "json", false, "print one JSON object")
	c.Flags().StringVar(&opts.puzzle.path, "puzzle", "", "refuse results not computed for this puzzle file as it is now (by its fingerprint)")
	addFromFlag(c.Flags(), &opts.puzzle.from)
	opts.puzzle.configFlags(c.Flags())
	return c
}

// runMerge reads the results, checks them against the count.key of each
// directory (checkKey) or --puzzle and solve's flags (mergeForPuzzle),
// adds them up (shard.Merge) and prints the report: exit 2 for a
// *shard.Conflict, 1 for an incomplete count or one of no solution.
func (a *app) runMerge(ctx context.Context, opts mergeOptions) error {
	args, mp := opts.args, opts.puzzle
	paths, err := shard.Collect(args)
	if err != nil {
		return usageErr("%v", err)
	}
	if len(paths) == 0 {
		return usageErr("no *.json or *.jsonl files in %s%s", strings.Join(args, " "), checkpointNote(args))
	}
	// `merge results/ --json > results/all.json` would read its own output.
	if err := a.checkStdout(append(slices.Clone(paths), mp.path)...); err != nil {
		return err
	}
	var files []shard.Loaded
	for _, p := range paths {
		if ctx != nil && ctx.Err() != nil {
			// Ctrl-C among thousands of files: stopped between two reads
			// (each at most shard.MaxFileSize), not by the hard exit.
			return ctx.Err()
		}
		r, err := shard.ReadFile(p)
		files = append(files, shard.Loaded{Path: p, Result: r, Err: err})
	}
	keys, err := readKeys(args)
	if err != nil {
		return err
	}
	var data []byte
	if mp.path != "" {
		// Read once: the checks against the key (its SHA-256) and against
		// the results (the fingerprint) are of these bytes.
		if data, err = a.readPuzzleOnce(mp.path); err == nil {
			err = a.mergeForPuzzle(mp, data, files)
		}
	}
	var mc mergeChecks
	for _, k := range keys {
		if err == nil {
			err = a.checkKey(ctx, k, mp, data, files, &mc)
		}
	}
	var rep *shard.Report
	if err == nil {
		rep, err = shard.Merge(files)
	}
	if err == nil {
		if len(keys) == 0 {
			mc.unreadKeys = shard.KeyDirs(args)
			plainChecks(mp, rep, &mc)
		}
		rep.Verified, rep.Unchecked = mc.verified, mc.unchecked
	}
	var conflict *shard.Conflict
	if errors.As(err, &conflict) {
		return usageErr("%v", err)
	}
	if err != nil {
		return err
	}
	if opts.asJSON {
		if err := writeJSON(a.stdout, rep); err != nil {
			return err
		}
	} else if err := mergeText(a.stdout, rep); err != nil {
		return err
	}
	if mc.warn {
		for _, u := range mc.unchecked {
			fmt.Fprintf(a.stderr, "polytile: not verified: %s\n", u)
		}
	}
	for _, u := range rep.Unreadable {
		fmt.Fprintf(a.stderr, "polytile: skipped %s\n", u)
	}
	if !rep.Complete || rep.All == 0 {
		// As solve --count: exit 1 for an incomplete count, and for a
		// complete one that found no solution.
		return noSolution
	}
	return nil
}

// checkpointNote says what a directory merge found no result in holds
// instead: checkpoints (*.ckpt) of shards that started and never wrote a
// result. "" when none of the directories among args holds one.
func checkpointNote(args []string) string {
	n := shard.Checkpoints(args)
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(": %d checkpoint(s) (*.ckpt) of shards that started and wrote no result; run the shards again (the same command resumes from them), then merge", n)
}

// mergeChecks is the account: what was verified, what was not.
type mergeChecks struct {
	verified, unchecked []string
	// warn: a count.key's puzzle could not be checked; merge says so on
	// stderr too (the totals may be of a puzzle file since edited).
	warn bool
	// unreadKeys: the directories of result files named on the command
	// line that hold a count.key merge does not read (shard.KeyDirs).
	unreadKeys []string
}

func (mc *mergeChecks) ok(format string, args ...any) {
	mc.verified = append(mc.verified, fmt.Sprintf(format, args...))
}

func (mc *mergeChecks) not(format string, args ...any) {
	mc.unchecked = append(mc.unchecked, fmt.Sprintf(format, args...))
}

// readKeys reads the count.key of each directory among args; a key that
// cannot be read or is not one is refused (exit 2): no recipe writes
// such a key, and merging as if it were absent would pass over it.
func readKeys(args []string) ([]*shard.Key, error) {
	var keys []*shard.Key
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil || !st.IsDir() {
			continue
		}
		k, err := shard.ReadKey(a)
		if err != nil {
			return nil, usageErr("%s; remove it, or merge the result files by name", shownText(err.Error()))
		}
		if k != nil {
			keys = append(keys, k)
		}
	}
	return keys, nil
}

// sha256Hex is the SHA-256 of data, hexadecimal (shard.SHA256Hex).
func sha256Hex(data []byte) string { return shard.SHA256Hex(data) }

// keyFlags reads a key's flags as solve reads them: the flags that shape
// the split into a mergePuzzle (its changed reports those the key gives),
// and --from. ok is false, with the reason, when they cannot be read.
func (a *app) keyFlags(k *shard.Key) (mp mergePuzzle, why string) {
	if k.FlagsErr != nil {
		return mp, fmt.Sprintf("its flags line is not words quoted by printf %%q (%v)", k.FlagsErr)
	}
	fs := a.keyFlagSet(&mp, &mp.from)
	if err := fs.Parse(k.Flags); err != nil {
		return mp, fmt.Sprintf("its flags are not solve's (%v)", err)
	}
	if fs.NArg() > 0 {
		return mp, fmt.Sprintf("its flags hold arguments that are not flags (%s)", shownText(strings.Join(fs.Args(), " ")))
	}
	mp.changed = fs.Changed
	return mp, ""
}

// checkKey refuses (a *shard.Conflict, exit 2) the results that disagree
// with key: another N, another puzzle (when a puzzle file of the key's
// SHA-256 is at hand: --puzzle, else the one the results name) or
// another configuration than solve --count with the key's flags. What
// it could check goes into mc.verified, what it could not into
// mc.unchecked.
func (a *app) checkKey(ctx context.Context, k *shard.Key, mp mergePuzzle, data []byte, files []shard.Loaded, mc *mergeChecks) error {
	key := shownText(k.Path)
	var results []shard.Loaded
	for _, f := range files {
		if f.Result != nil {
			results = append(results, f)
		}
	}
	// N.
	if k.Shards > 0 {
		var sc *shard.ShardCountConflict
		if errors.As(shard.CheckShardCount(k.Shards, results), &sc) {
			var other []string
			for _, f := range sc.Files {
				other = append(other, fmt.Sprintf("%s (N = %d)", f.Path, f.Result.Count))
			}
			return &shard.Conflict{What: fmt.Sprintf("results of another shard count than the N = %d %s records (a directory reused for another N? each count needs its own)", k.Shards, key), Files: other}
		}
		mc.ok("N = %d, as %s records", k.Shards, key)
	} else {
		mc.not("N: %s records none (the results agree on one N among themselves)", key)
	}
	kf, why := a.keyFlags(k)
	if why != "" {
		// A key whose flags cannot be read is damaged (or not a recipe's):
		// merging with the configuration "unchecked" and exit 0 would pass
		// over it.
		return usageErr("refusing to merge: %s line 4: %s; remove the key (the results are then checked only against each other, or give --puzzle and solve's flags), or merge the result files by name", key, why)
	}
	// A version 2 key records the puzzle's fingerprint: every result must
	// have it, whatever is known of the puzzle file.
	if k.Fingerprint != "" {
		if other := otherPuzzles(k.Fingerprint, results); other != nil {
			return &shard.Conflict{What: fmt.Sprintf("results not computed for the puzzle %s records (fingerprint %s): the directory holds another count's results; rerun them into an empty directory", key, shard.ShortFingerprint(k.Fingerprint)), Files: other}
		}
	}
	from := mp.from
	if why == "" && kf.from != "" && from == "" {
		from = kf.from
	}
	// The puzzle: a file of the key's SHA-256.
	var p *puzzle.Puzzle
	switch {
	case mp.path == "-":
		mc.not("the puzzle file of %s: --puzzle is stdin, whose SHA-256 merge does not take", key)
	case mp.path != "":
		// data: the bytes of --puzzle, read once (runMerge); the SHA-256
		// and the puzzle below are both of them.
		if sha256Hex(data) == k.PuzzleSHA256 {
			mc.ok("--puzzle %s is the puzzle file %s records (SHA-256)", shownText(mp.path), key)
		} else {
			mc.not("the puzzle file of %s: --puzzle %s is not it (another SHA-256: edited since the count started, or another file); the results were checked against --puzzle as it is now, by fingerprint",
				key, shownText(mp.path))
		}
		if _, q, err := a.mergeFingerprint(mp.path, data, from); err == nil {
			p = q
		}
	default:
		// Each file is read once: the puzzle parsed below is the bytes
		// whose SHA-256 is the key's, never a file swapped in after.
		kp := shard.FindKeyPuzzle(k.PuzzleSHA256, results, readRegularPuzzle)
		found, foundData, changed, missing := kp.Path, kp.Data, kp.Changed, kp.Missing
		if found == "" {
			var where string
			switch {
			case len(changed) > 0:
				where = fmt.Sprintf("%s, the file the results name, has changed since (its SHA-256 is another): the totals are of the puzzle as it was when the count started", shownText(strings.Join(changed, ", ")))
			case len(missing) > 0:
				where = fmt.Sprintf("the file the results name (%s) cannot be read here", shownText(strings.Join(missing, ", ")))
			default:
				where = "the results name no file"
			}
			mc.not("the puzzle: %s records the SHA-256 of the puzzle file the count was started with, and %s; give --puzzle FILE to check the results against a puzzle file as it is now", key, where)
			if k.Fingerprint != "" {
				mc.ok("every result's puzzle fingerprint is the one %s records (%s): the puzzle the count was started with", key, shard.ShortFingerprint(k.Fingerprint))
			}
			mc.warn = true
			break
		}
		fp, q, err := a.mergeFingerprint(found, foundData, from)
		if err != nil {
			if ctx != nil && ctx.Err() != nil {
				return err
			}
			mc.not("the puzzle: %s, the puzzle file %s records, cannot be read as solve read it (%s)", shownText(found), key, shownText(err.Error()))
			mc.warn = true
			break
		}
		if stale := otherPuzzles(fp, results); stale != nil {
			return &shard.Conflict{What: fmt.Sprintf("results not computed for the puzzle %s records (%s, fingerprint %s): "+
				"the directory holds another count's results; rerun them into an empty directory", key, shownText(found), shard.ShortFingerprint(fp)), Files: stale}
		}
		mc.ok("every result is of %s (fingerprint %s), the puzzle file %s records (SHA-256)", shownText(found), shard.ShortFingerprint(fp), key)
		p = q
	}
	// The flags.
	switch {
	case p == nil && k.Version >= 2:
		// A version 2 key's flags are the configuration as solve resolved
		// it (canonicalKeyWords): checked without the puzzle.
		if c := keyConfigConflict(k, kf, results); c != nil {
			return c
		}
		mc.ok("every result's configuration is the one %s records (%s)", key, keyFlagsText(k))
	case p == nil:
		mc.not("the configuration against %s's flags: needs the puzzle", key)
	default:
		kf.always = true
		if err := kf.checkConfig(p, files); err != nil {
			var cc *shard.ConfigConflict
			if errors.As(err, &cc) {
				return &shard.Conflict{What: fmt.Sprintf("results not counted with the flags %s records, %s, (%s)", key, keyFlagsText(k), cc.Want), Files: cc.Described()}
			}
			// Flags solve --count refuses (an unknown heuristic, a backend
			// that does not count): no result is this key's count's. Said
			// of the key, not as merge's own flag ("merge --heuristic").
			return usageErr("refusing to merge: %s records solve flags a count refuses (%s): the results are not of its count; remove it, or merge the result files by name",
				key, shownText(strings.TrimPrefix(err.Error(), "merge ")))
		}
		mc.ok("every result's configuration is solve --count's with the flags %s records (%s)", key, keyFlagsText(k))
	}
	return nil
}

// otherPuzzles names the results whose fingerprint is not fp, each with
// its puzzle and fingerprint; nil when there is none.
func otherPuzzles(fp string, results []shard.Loaded) []string {
	var fc *shard.FingerprintConflict
	if !errors.As(shard.CheckFingerprint(fp, results), &fc) {
		return nil
	}
	var other []string
	for _, f := range fc.Files {
		other = append(other, fmt.Sprintf("%s (puzzle %s, fingerprint %s)", f.Path, shownText(orDefault(f.Result.Puzzle, "?")), shard.ShortFingerprint(f.Result.Fingerprint)))
	}
	return other
}

// plainChecks is the account of a merge without count.key: --puzzle and
// solve's flags given, or what is left unchecked.
func plainChecks(mp mergePuzzle, rep *shard.Report, mc *mergeChecks) {
	noKey := "no count.key in the directory"
	if len(mc.unreadKeys) > 0 {
		noKey = fmt.Sprintf("the count.key of %s not read (result files named: merge DIR checks against it)", shownText(strings.Join(mc.unreadKeys, ", ")))
	}
	if mp.path != "" {
		mc.ok("every result's fingerprint is --puzzle %s's as it is now", shownText(mp.path))
		if mp.configGiven() {
			mc.ok("every result's configuration is solve --count's with the flags given")
		} else {
			mc.not("the configuration: %s and no solve flag given (the results agree on one among themselves: %s)", noKey, rep.Config)
		}
		return
	}
	mc.not("the puzzle: %s and no --puzzle: the results agree on one puzzle among themselves (fingerprint %s), checked against no puzzle file",
		noKey, shard.ShortFingerprint(rep.Fingerprint))
	mc.not("the configuration: %s and no --puzzle with solve's flags (the results agree on one among themselves)", noKey)
}

// keyConfigConflict compares every result's configuration with the one a
// version 2 key's canonical flags (kf, parsed) record: backend, schedule,
// fila-at, NOF and volume as solve resolved them, and the pinned piece
// when the key names one (none: no piece; auto, left out: whichever the
// results agree on).
func keyConfigConflict(k *shard.Key, kf mergePuzzle, results []shard.Loaded) *shard.Conflict {
	var cc *shard.ConfigConflict
	if !errors.As(shard.CheckConfig(kf.want(shard.Config{Backend: kf.solve.backend, Schedule: kf.solve.heuristic, FilaAt: kf.solve.filaAt,
		NOF: kf.solve.nof, Volume: kf.solve.volume}), results), &cc) {
		return nil
	}
	return &shard.Conflict{What: fmt.Sprintf("results not counted with the configuration %s records (%s)", shownText(k.Path), keyFlagsText(k)), Files: cc.Described()}
}

// mergeForPuzzle refuses (exit 2, a *shard.Conflict) the results among
// files that were not computed for the puzzle at path as it is now: a
// fingerprint other than that of the puzzle, read as solve reads it
// (format from, a piece that fits nowhere dropped only when unlimited).
// A results directory reused after the puzzle was edited, or filled by
// another puzzle, is then never merged as if it were this puzzle's count.
// Then, when solve's configuration flags were given, the results of
// another configuration (checkConfig).
func (a *app) mergeForPuzzle(mp mergePuzzle, data []byte, files []shard.Loaded) error {
	path, from := mp.path, mp.from
	fp, p, err := a.mergeFingerprint(path, data, from)
	if err != nil {
		return fmt.Errorf("merge --puzzle: %w", err)
	}
	var fc *shard.FingerprintConflict
	if !errors.As(shard.CheckFingerprint(fp, files), &fc) {
		err := mp.checkConfig(p, files)
		var cc *shard.ConfigConflict
		if errors.As(err, &cc) {
			return &shard.Conflict{What: fmt.Sprintf("results not counted with the flags given (%s)", cc.Want), Files: cc.Described()}
		}
		return err
	}
	var stale []string
	for _, f := range fc.Files {
		stale = append(stale, fmt.Sprintf("%s (puzzle %s from %s, fingerprint %s)", f.Path,
			shownText(orDefault(f.Result.Puzzle, "?")), shownText(f.Result.File), shard.ShortFingerprint(f.Result.Fingerprint)))
	}
	return &shard.Conflict{What: fmt.Sprintf("results not computed for --puzzle %s as it is now (fingerprint %s): "+
		"the puzzle was edited since they were made, or they are another puzzle's; rerun them into an empty directory",
		shownText(path), shard.ShortFingerprint(fp)), Files: stale}
}

// mergePuzzle is merge's --puzzle, --from and the solve flags that shape
// the split.
type mergePuzzle struct {
	path, from string
	solve      solveFlags
	changed    func(name string) bool
	// always checks the configuration even when no flag was given (the
	// flags of a count.key: those left out are solve's defaults).
	always bool
}

// configFlags adds solve's flags that shape the split (shard.Config), with
// solve's defaults and bounds.
func (mp *mergePuzzle) configFlags(fl *pflag.FlagSet) {
	f := &mp.solve
	fl.StringVar(&f.backend, "backend", "fila", "with --puzzle: refuse results not counted with this backend (fila or dlx)")
	fl.StringVar(&f.heuristic, "heuristic", "", "with --puzzle: refuse results not counted with this --heuristic (default: solve's)")
	fl.BoolVar(&f.nof, "nof", native.DefaultNOF, "with --puzzle: refuse results not counted with this --nof")
	intFlag(fl, &f.filaAt, "fila-at", "", 0, 0, limits.MaxPieceLevel, "with --puzzle: refuse results not counted with this --fila-at")
	intFlag(fl, &f.volume, "volume", "", 0, -1, limits.MaxPieceLevel, "with --puzzle: refuse results not counted with this --volume (default: solve's)").NoOptDefVal = "-1"
	fl.StringVar(&f.redundancy, "redundancy", "", "with --puzzle: refuse results not counted with this --redundancy (a piece or none; auto, the default, takes whichever piece the results pinned)")
}

// configGiven reports whether a flag of configFlags was given.
func (mp *mergePuzzle) configGiven() bool {
	if mp.changed == nil {
		return false
	}
	for _, n := range []string{"backend", "heuristic", "nof", "fila-at", "volume", "redundancy"} {
		if mp.changed(n) {
			return true
		}
	}
	return false
}

// checkConfig refuses (a *shard.ConfigConflict) the results whose
// configuration is not that of solve p --count with the flags given,
// when some were (or always).
// The pinned piece is checked when --redundancy names one or is none;
// with auto (solve's default) any piece the results agree on is taken
// (Merge refuses results that pinned different pieces): the piece solve
// would pin is not known without building the search.
func (mp *mergePuzzle) checkConfig(p *puzzle.Puzzle, files []shard.Loaded) error {
	if !mp.always && !mp.configGiven() {
		return nil
	}
	f := mp.solve
	f.count = true
	f.volumeSet = mp.changed("volume")
	f.given = givenSettings(mp.changed)
	if f.backend != "fila" && f.backend != "dlx" {
		return usageErr("merge --backend %q: a sharded count runs fila or dlx", f.backend)
	}
	cfg, err := nativeConfig(p, &f)
	if err != nil {
		return err
	}
	if err := native.CheckSchedule(cfg.Schedule); err != nil {
		return usageErr("merge --heuristic: %v", err)
	}
	return shard.CheckConfig(mp.want(shard.Config{Backend: cfg.Algorithm, Schedule: cfg.Schedule, FilaAt: cfg.FilaAt, NOF: cfg.NOF, Volume: cfg.Volume}), files)
}

// want is the configuration cfg with the pinned piece --redundancy
// names: a piece, none, or (auto, solve's default) any.
func (mp *mergePuzzle) want(cfg shard.Config) shard.Want {
	switch r := mp.solve.redundancy; r {
	case "", "auto":
		return shard.Want{Config: cfg, AnyRedundancy: true}
	case "none":
		return shard.Want{Config: cfg}
	default:
		cfg.Redundancy = r
		return shard.Want{Config: cfg}
	}
}

// keyFlagsText is a count.key's flags as merge shows them: as recorded
// (printf %q's quoting), Go-quoted when they hold what a terminal would
// take for a control, or "none: solve's defaults".
func keyFlagsText(k *shard.Key) string {
	f := strings.TrimSpace(k.FlagsText)
	if f == "" {
		return "none: solve's defaults"
	}
	return shownText(f)
}

// shownText is a string read from a file (a shard result's puzzle title
// and file, a key's flags) as messages print it (shard.Printable).
func shownText(s string) string { return shard.Printable(s) }

// mergeText writes the report as merge prints it without --json: one
// row per figure, then the command that runs the missing shards.
func mergeText(w io.Writer, r *shard.Report) error {
	var b strings.Builder
	row := func(k, format string, args ...any) { fmt.Fprintf(&b, "%-11s %s\n", k, fmt.Sprintf(format, args...)) }
	row("puzzle", "%s (%s)", shownText(orDefault(r.Puzzle, r.File)), shownText(r.File))
	row("config", "%s", r.Config)
	row("shards", "%d of %d complete", r.Count-len(r.Missing)-len(r.Incomplete), r.Count)
	row("solutions", "%s", mergeSolutionsText(r))
	row("nodes", "%d%s", r.Nodes, r.NodesText())
	res := ""
	if r.Resumed > 0 {
		res = fmt.Sprintf(", %d of them from checkpoints", r.Resumed)
	}
	row("split", "%d subproblems (hash %s), %d finished%s", r.Split.Subproblems, r.Split.Hash, r.Subproblems, res)
	if r.Count-len(r.Missing)-len(r.Incomplete) == 0 {
		row("time", "%s in all; no complete shard for figures per shard", compare.Seconds(r.Seconds))
	} else {
		row("time", "%s in all; per shard min %s, median %s, max %s (max/median %s)", compare.Seconds(r.Seconds),
			compare.Seconds(r.Min), compare.Seconds(r.Median), compare.Seconds(r.Max), ratioText(r.Max, r.Median))
	}
	if len(r.Versions) > 1 {
		row("versions", "%s", shownText(strings.Join(r.Versions, "; ")))
	}
	for n, v := range r.Verified {
		row(map[bool]string{true: "verified"}[n == 0], "%s", v)
	}
	for n, v := range r.Unchecked {
		row(map[bool]string{true: "unchecked"}[n == 0], "%s", v)
	}
	if len(r.Duplicates) > 0 {
		row("duplicates", "%s (complete, same shard, same counts: ignored)", strings.Join(r.Duplicates, " "))
	}
	for n, s := range r.Superseded {
		row(map[bool]string{true: "superseded"}[n == 0], "%s", s)
	}
	if len(r.Missing) > 0 {
		row("missing", "%s", shardList(r.Missing))
	}
	if len(r.Incomplete) > 0 {
		row("incomplete", "%s", shardList(r.Incomplete))
	}
	if r.Command != "" {
		b.WriteString("\nto run them:\n  " + r.Command + "\n")
	}
	if r.CommandNote != "" {
		b.WriteString("\n" + r.CommandNote + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ratioText is a/b with two decimals, or n/a when b is 0
// (shard.RatioText).
func ratioText(a, b float64) string { return shard.RatioText(a, b) }

// shardList names shard indices: "shard 0", "shards 1 3 4" (a bare "0"
// read as a count: "incomplete  0" for shard 0 incomplete).
func shardList(xs []int) string {
	if len(xs) == 1 {
		return "shard " + ints(xs)
	}
	return "shards " + ints(xs)
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for n, x := range xs {
		s[n] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}
