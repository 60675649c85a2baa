package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// merge's checks against a results directory's count.key (written by
// the recipes in deploy/: the puzzle file's SHA-256, N and the extra
// solve flags of the count the directory was made for), and the account
// of what was and was not verified that merge prints with its totals.
//
// The results record their puzzle's fingerprint, not the file's SHA-256:
// the key is bridged to them by a puzzle file whose SHA-256 is the key's
// (--puzzle, else the file the results name), whose fingerprint every
// result must then have. N is checked against every result, and the
// flags (read as solve reads them) against every result's configuration
// once the puzzle is known. What cannot be checked is said, never
// passed over.

// maxKeyCandidates bounds the files named by the results that merge
// hashes to find the one of a key's SHA-256 (every result of a count
// names the same file; more names are hand-made).
const maxKeyCandidates = 8

// mergeChecks is the account: what was verified, what was not.
type mergeChecks struct {
	verified, unchecked []string
	// warn: a count.key's puzzle could not be checked; merge says so on
	// stderr too (the totals may be of a puzzle file since edited).
	warn bool
	// unreadKeys: the directories of result files named on the command
	// line that hold a count.key merge did not read (namedKeyDirs).
	unreadKeys []string
}

func (mc *mergeChecks) ok(format string, args ...any) {
	mc.verified = append(mc.verified, fmt.Sprintf(format, args...))
}

func (mc *mergeChecks) not(format string, args ...any) {
	mc.unchecked = append(mc.unchecked, fmt.Sprintf(format, args...))
}

// readKeys reads the count.key of each directory among args; a key that
// cannot be read or is not one is refused (exit 2): it was not written
// by a recipe, and merging as if it were absent would pass over it.
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

// sha256Hex is the SHA-256 of data, hexadecimal.
func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

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
func (a *app) checkKey(k *shard.Key, mp mergePuzzle, files []shard.Loaded, mc *mergeChecks) error {
	key := shownText(k.Path)
	var results []shard.Loaded
	for _, f := range files {
		if f.Result != nil {
			results = append(results, f)
		}
	}
	// N.
	if k.Shards > 0 {
		var other []string
		for _, f := range results {
			if f.Result.Count != k.Shards {
				other = append(other, fmt.Sprintf("%s (N = %d)", f.Path, f.Result.Count))
			}
		}
		if len(other) > 0 {
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
		var other []string
		for _, f := range results {
			if f.Result.Fingerprint != k.Fingerprint {
				other = append(other, fmt.Sprintf("%s (puzzle %s, fingerprint %s)", f.Path, shownText(orDefault(f.Result.Puzzle, "?")), shard.ShortFingerprint(f.Result.Fingerprint)))
			}
		}
		if len(other) > 0 {
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
		// mp.data: the bytes of --puzzle, read once (merge); the SHA-256
		// and the puzzle below are both of them.
		if sha256Hex(mp.data) == k.PuzzleSHA256 {
			mc.ok("--puzzle %s is the puzzle file %s records (SHA-256)", shownText(mp.path), key)
		} else {
			mc.not("the puzzle file of %s: --puzzle %s is not it (another SHA-256: edited since the count started, or another file); the results were checked against --puzzle as it is now, by fingerprint",
				key, shownText(mp.path))
		}
		if _, q, err := a.mergeFingerprint(mp.path, mp.data, from); err == nil {
			p = q
		}
	default:
		var names []string // the files the results name (a few at most: hashed)
		for _, f := range results {
			if n := f.Result.File; n != "" && n != "-" && !slices.Contains(names, n) && len(names) < maxKeyCandidates {
				names = append(names, n)
			}
		}
		// Each file is read once: the puzzle parsed below is the bytes
		// whose SHA-256 is the key's, never a file swapped in after.
		var found string
		var foundData []byte
		var changed, missing []string
		for _, n := range names {
			data, err := readRegularPuzzle(n)
			switch {
			case err != nil:
				missing = append(missing, n)
			case sha256Hex(data) != k.PuzzleSHA256:
				changed = append(changed, n)
			case found == "":
				found, foundData = n, data
			}
		}
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
			if a.ctx != nil && a.ctx.Err() != nil {
				return err
			}
			mc.not("the puzzle: %s, the puzzle file %s records, cannot be read as solve read it (%s)", shownText(found), key, shownText(err.Error()))
			mc.warn = true
			break
		}
		var stale []string
		for _, f := range results {
			if f.Result.Fingerprint != fp {
				stale = append(stale, fmt.Sprintf("%s (puzzle %s, fingerprint %s)", f.Path, shownText(orDefault(f.Result.Puzzle, "?")), shard.ShortFingerprint(f.Result.Fingerprint)))
			}
		}
		if len(stale) > 0 {
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
			var c *shard.Conflict
			if errors.As(err, &c) {
				c.What = strings.Replace(c.What, "the flags given", fmt.Sprintf("the flags %s records, %s,", key, keyFlagsText(k)), 1)
				return err
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
