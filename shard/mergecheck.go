package shard

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// Merge's checks of a set of results against what they must be: a
// directory's count key (CheckKey) or a puzzle file and the settings
// given (CheckPuzzle). The results record their puzzle's fingerprint,
// not the file's SHA-256: a key is bridged to them by a puzzle file
// whose SHA-256 is the key's (the --puzzle given, else the file the
// results name), whose fingerprint every result must then have. What
// is checked goes into an Account's Verified, what cannot be into its
// Unchecked: nothing is passed over in silence.

// Account says what a merge checked the results against and what it
// could not check, and why (Report.Verified, Report.Unchecked).
type Account struct {
	Verified, Unchecked []string
	// Warn is set when a key's puzzle could not be checked: the totals
	// may be of a puzzle file since edited, which merge says on stderr.
	Warn bool
}

func (a *Account) ok(format string, args ...any) {
	a.Verified = append(a.Verified, fmt.Sprintf(format, args...))
}

func (a *Account) not(format string, args ...any) {
	a.Unchecked = append(a.Unchecked, fmt.Sprintf(format, args...))
}

// Settings are the solve settings of a count that shape its split, as
// given (a key's flags, merge's own), before they are resolved for a
// puzzle.
type Settings struct {
	Backend    string // fila or dlx
	Heuristic  string // "" for solve's default
	FilaAt     int
	NOF        bool
	Volume     int
	Redundancy string // a piece, none, auto or "" (auto)
	From       string // the puzzle file's format, "" for the one its name says
	Unique     bool
	// Given reports whether the setting of a flag was given, by the
	// flag's name; nil when none was.
	Given func(name string) bool
}

// DefaultSettings are solve's defaults for a count.
func DefaultSettings() Settings {
	return Settings{Backend: "fila", NOF: native.DefaultNOF}
}

// given reports whether the flag name was given.
func (s Settings) given(name string) bool { return s.Given != nil && s.Given(name) }

// ConfigGiven reports whether a setting of the configuration (backend,
// heuristic, nof, fila-at, volume, redundancy) was given.
func (s Settings) ConfigGiven() bool {
	for _, n := range append(configFlags[:len(configFlags):len(configFlags)], "redundancy") {
		if s.given(n) {
			return true
		}
	}
	return false
}

// Want is cfg with the pinned piece s.Redundancy names: a piece, none,
// or (auto, solve's default) whichever piece the results pinned.
func (s Settings) Want(cfg Config) Want {
	switch r := s.Redundancy; r {
	case "", "auto":
		return Want{Config: cfg, AnyRedundancy: true}
	case "none":
		cfg.Redundancy = ""
	default:
		cfg.Redundancy = r
	}
	return Want{Config: cfg}
}

// Literal is the configuration the settings name without resolving
// them for a puzzle: right for settings already resolved (a version 2
// or 3 key's).
func (s Settings) Literal() Config {
	return Config{Backend: s.Backend, Schedule: s.Heuristic, FilaAt: s.FilaAt, NOF: s.NOF, Volume: s.Volume}
}

// ErrSetting is the kind of a *SettingError, for errors.Is.
var ErrSetting = errors.New("a setting a sharded count refuses")

// SettingError is a setting a sharded count refuses: Given spells it as
// solve's flag (--backend "highs", --heuristic), Err says why.
type SettingError struct {
	Given string
	Err   error
}

// Error is the setting as given and why it is refused.
func (e *SettingError) Error() string { return e.Given + ": " + e.Err.Error() }

// Is reports whether target is ErrSetting.
func (e *SettingError) Is(target error) bool { return target == ErrSetting }

// Unwrap returns why the setting is refused.
func (e *SettingError) Unwrap() error { return e.Err }

// ResolveSettings resolves the settings of a count for p into the
// configuration solve --count runs (native.Options.Resolve). It refuses
// a backend that does not shard and an unknown heuristic schedule (a
// *SettingError), and a setting given where it does nothing on p (a
// *native.IdleError).
func ResolveSettings(p *puzzle.Puzzle, s Settings) (Config, error) {
	if s.Backend != "fila" && s.Backend != "dlx" {
		return Config{}, &SettingError{Given: fmt.Sprintf("--backend %q", s.Backend), Err: errors.New("a sharded count runs fila or dlx")}
	}
	cfg := native.Options{Algorithm: s.Backend, FilaAt: s.FilaAt, Schedule: s.Heuristic, NOF: s.NOF, Volume: s.Volume,
		VolumeSet: s.given("volume"), Redundancy: s.Redundancy, Unique: s.Unique, Count: true}.Resolve(p)
	given := native.GivenSettings(s.given) &^ native.SetWorkers
	if cfg.Algorithm != native.FILA {
		given &^= native.SetFilaAt
	}
	idle := native.Config{FilaAt: s.FilaAt, Schedule: s.Heuristic, NOF: s.NOF, Redundancy: s.Redundancy}
	if err := idle.CheckIdle(p, false, given); err != nil {
		return Config{}, err
	}
	if err := native.CheckSchedule(cfg.Schedule); err != nil {
		return Config{}, &SettingError{Given: "--heuristic", Err: err}
	}
	return ConfigOf(cfg), nil
}

// PuzzleReader reads puzzle files for a merge as a count's shards read
// them.
type PuzzleReader struct {
	// ReadFile reads a regular puzzle file the results name.
	ReadFile func(path string) ([]byte, error)
	// Puzzle parses data, the bytes of the puzzle file path, in format
	// from, as a shard reads it: the fingerprint a shard records
	// (FingerprintOf) and the puzzle.
	Puzzle func(path string, data []byte, from string) (string, *puzzle.Puzzle, error)
}

// KeyCheck is what CheckKey holds the results of a directory against,
// beside its key.
type KeyCheck struct {
	Files []Loaded
	// Puzzle is merge's --puzzle ("-" for stdin, "" for none), Data its
	// bytes (read once: the SHA-256 and the puzzle are of these), From
	// the --from given ("" for none).
	Puzzle, From string
	Data         []byte
	Reader       PuzzleReader
}

// ErrKeyFlags is the kind of a *KeyFlagsError, for errors.Is.
var ErrKeyFlags = errors.New("a count key whose flags cannot be read")

// KeyFlagsError is a count key whose flags line cannot be read: the key
// is damaged (or not a recipe's), and merging with the configuration
// unchecked would pass over it.
type KeyFlagsError struct {
	Path string
	Err  error
}

// Error names the key's line and why it cannot be read.
func (e *KeyFlagsError) Error() string {
	why := e.Err.Error()
	var se *KeySyntaxError
	switch {
	case errors.As(e.Err, &se) && se.Args != "":
		why = "its flags hold " + why
	case errors.Is(e.Err, ErrKeySyntax):
		why = fmt.Sprintf("its flags are not solve's (%s)", why)
	}
	return fmt.Sprintf("refusing to merge: %s line 4: %s; remove the key (the results are then checked only against each other, or give --puzzle and solve's flags), or merge the result files by name",
		Printable(e.Path), why)
}

// Is reports whether target is ErrKeyFlags.
func (e *KeyFlagsError) Is(target error) bool { return target == ErrKeyFlags }

// Unwrap returns why the flags cannot be read.
func (e *KeyFlagsError) Unwrap() error { return e.Err }

// ErrRefusedSettings is the kind of a *RefusedSettingsError, for
// errors.Is.
var ErrRefusedSettings = errors.New("a count key of settings a count refuses")

// RefusedSettingsError is a count key whose settings solve --count
// refuses (an unknown heuristic, a backend that does not count): no
// result is its count's.
type RefusedSettingsError struct {
	Path string
	Err  error
}

// Error names the key and why its settings are refused.
func (e *RefusedSettingsError) Error() string {
	return fmt.Sprintf("refusing to merge: %s records solve flags a count refuses (%s): the results are not of its count; remove it, or merge the result files by name",
		Printable(e.Path), Printable(e.Err.Error()))
}

// Is reports whether target is ErrRefusedSettings.
func (e *RefusedSettingsError) Is(target error) bool { return target == ErrRefusedSettings }

// Unwrap returns the refusal.
func (e *RefusedSettingsError) Unwrap() error { return e.Err }

// CheckKey refuses (a *Conflict) the results that disagree with k:
// another N, another puzzle fingerprint (the key's, or that of a puzzle
// file of the key's SHA-256: c.Puzzle, else the one the results name)
// or another configuration than solve --count with the key's settings;
// and (a *RefusedSettingsError) a key whose settings a count refuses.
// What it checks goes into acc.Verified, what it cannot into
// acc.Unchecked.
func CheckKey(ctx context.Context, k *Key, c KeyCheck, acc *Account) error {
	key := Printable(k.Path)
	var results []Loaded
	for _, f := range c.Files {
		if f.Result != nil {
			results = append(results, f)
		}
	}
	if k.Shards > 0 {
		var sc *ShardCountConflict
		if errors.As(CheckShardCount(k.Shards, results), &sc) {
			var other []string
			for _, f := range sc.Files {
				other = append(other, fmt.Sprintf("%s (N = %d)", f.Path, f.Result.Count))
			}
			return &Conflict{What: fmt.Sprintf("results of another shard count than the N = %d %s records (a directory reused for another N? each count needs its own)", k.Shards, key), Files: other}
		}
		acc.ok("N = %d, as %s records", k.Shards, key)
	} else {
		acc.not("N: %s records none (the results agree on one N among themselves)", key)
	}
	s, err := ParseKeySettings(k)
	if err != nil {
		return &KeyFlagsError{Path: k.Path, Err: err}
	}
	// A key from version 2 on records the puzzle's fingerprint: every
	// result must have it, whatever is known of the puzzle file.
	if k.Fingerprint != "" {
		if other := OtherPuzzles(k.Fingerprint, results); other != nil {
			return &Conflict{What: fmt.Sprintf("results not computed for the puzzle %s records (fingerprint %s): the directory holds another count's results; rerun them into an empty directory", key, ShortFingerprint(k.Fingerprint)), Files: other}
		}
	}
	from := c.From
	if from == "" {
		from = s.From
	}
	p, err := keyPuzzle(ctx, k, c, from, results, acc)
	if err != nil {
		return err
	}
	switch {
	case p == nil && k.Version >= 2:
		// From version 2 on the settings are resolved: checked without
		// the puzzle.
		var cc *ConfigConflict
		if errors.As(CheckConfig(s.Want(s.Literal()), results), &cc) {
			return &Conflict{What: fmt.Sprintf("results not counted with the configuration %s records (%s)", key, KeyFlagsText(k)), Files: cc.Described()}
		}
		acc.ok("every result's configuration is the one %s records (%s)", key, KeyFlagsText(k))
	case p == nil:
		acc.not("the configuration against %s's flags: needs the puzzle", key)
	default:
		cfg, err := ResolveSettings(p, s)
		if err != nil {
			return &RefusedSettingsError{Path: k.Path, Err: err}
		}
		var cc *ConfigConflict
		if errors.As(CheckConfig(s.Want(cfg), c.Files), &cc) {
			return &Conflict{What: fmt.Sprintf("results not counted with the flags %s records, %s, (%s)", key, KeyFlagsText(k), cc.Want), Files: cc.Described()}
		}
		acc.ok("every result's configuration is solve --count's with the flags %s records (%s)", key, KeyFlagsText(k))
	}
	return nil
}

// keyPuzzle finds the puzzle file of k's SHA-256 (c.Puzzle, else among
// the files the results name), refuses (a *Conflict) the results of
// another fingerprint than its, and returns the puzzle as the shards
// read it; nil when there is none to read.
func keyPuzzle(ctx context.Context, k *Key, c KeyCheck, from string, results []Loaded, acc *Account) (*puzzle.Puzzle, error) {
	key := Printable(k.Path)
	switch {
	case c.Puzzle == "-":
		acc.not("the puzzle file of %s: --puzzle is stdin, whose SHA-256 merge does not take", key)
		return nil, nil
	case c.Puzzle != "":
		if SHA256Hex(c.Data) == k.PuzzleSHA256 {
			acc.ok("--puzzle %s is the puzzle file %s records (SHA-256)", Printable(c.Puzzle), key)
		} else {
			acc.not("the puzzle file of %s: --puzzle %s is not it (another SHA-256: edited since the count started, or another file); the results were checked against --puzzle as it is now, by fingerprint",
				key, Printable(c.Puzzle))
		}
		_, p, err := c.Reader.Puzzle(c.Puzzle, c.Data, from)
		if err != nil {
			return nil, nil
		}
		return p, nil
	}
	kp := FindKeyPuzzle(k.PuzzleSHA256, results, c.Reader.ReadFile)
	if kp.Path == "" {
		var where string
		switch {
		case len(kp.Changed) > 0:
			where = fmt.Sprintf("%s, the file the results name, has changed since (its SHA-256 is another): the totals are of the puzzle as it was when the count started", Printable(strings.Join(kp.Changed, ", ")))
		case len(kp.Missing) > 0:
			where = fmt.Sprintf("the file the results name (%s) cannot be read here", Printable(strings.Join(kp.Missing, ", ")))
		default:
			where = "the results name no file"
		}
		acc.not("the puzzle: %s records the SHA-256 of the puzzle file the count was started with, and %s; give --puzzle FILE to check the results against a puzzle file as it is now", key, where)
		if k.Fingerprint != "" {
			acc.ok("every result's puzzle fingerprint is the one %s records (%s): the puzzle the count was started with", key, ShortFingerprint(k.Fingerprint))
		}
		acc.Warn = true
		return nil, nil
	}
	fp, p, err := c.Reader.Puzzle(kp.Path, kp.Data, from)
	if err != nil {
		if ctx != nil && ctx.Err() != nil {
			return nil, err
		}
		acc.not("the puzzle: %s, the puzzle file %s records, cannot be read as solve read it (%s)", Printable(kp.Path), key, Printable(err.Error()))
		acc.Warn = true
		return nil, nil
	}
	if stale := OtherPuzzles(fp, results); stale != nil {
		return nil, &Conflict{What: fmt.Sprintf("results not computed for the puzzle %s records (%s, fingerprint %s): "+
			"the directory holds another count's results; rerun them into an empty directory", key, Printable(kp.Path), ShortFingerprint(fp)), Files: stale}
	}
	acc.ok("every result is of %s (fingerprint %s), the puzzle file %s records (SHA-256)", Printable(kp.Path), ShortFingerprint(fp), key)
	return p, nil
}

// OtherPuzzles names the results whose fingerprint is not fp, each with
// its puzzle and fingerprint; nil when there is none.
func OtherPuzzles(fp string, results []Loaded) []string {
	var fc *FingerprintConflict
	if !errors.As(CheckFingerprint(fp, results), &fc) {
		return nil
	}
	var other []string
	for _, f := range fc.Files {
		other = append(other, fmt.Sprintf("%s (puzzle %s, fingerprint %s)", f.Path, Printable(orDefault(f.Result.Puzzle, "?")), ShortFingerprint(f.Result.Fingerprint)))
	}
	return other
}

// PuzzleCheck is what CheckPuzzle holds the results against: merge's
// --puzzle as the shards read it (its fingerprint and the puzzle) and
// the settings given with it.
type PuzzleCheck struct {
	Path        string
	Fingerprint string
	Puzzle      *puzzle.Puzzle
	Settings    Settings
}

// CheckPuzzle refuses (a *Conflict) the results among files not
// computed for the puzzle c names as it is now (another fingerprint: a
// results directory reused after the puzzle was edited, or filled by
// another puzzle), then, when a setting of the configuration was given,
// those of another configuration than solve --count's with the settings
// given. A setting a count refuses is ResolveSettings's error.
func CheckPuzzle(c PuzzleCheck, files []Loaded) error {
	var fc *FingerprintConflict
	if errors.As(CheckFingerprint(c.Fingerprint, files), &fc) {
		var stale []string
		for _, f := range fc.Files {
			stale = append(stale, fmt.Sprintf("%s (puzzle %s from %s, fingerprint %s)", f.Path,
				Printable(orDefault(f.Result.Puzzle, "?")), Printable(f.Result.File), ShortFingerprint(f.Result.Fingerprint)))
		}
		return &Conflict{What: fmt.Sprintf("results not computed for --puzzle %s as it is now (fingerprint %s): "+
			"the puzzle was edited since they were made, or they are another puzzle's; rerun them into an empty directory",
			Printable(c.Path), ShortFingerprint(c.Fingerprint)), Files: stale}
	}
	if !c.Settings.ConfigGiven() {
		return nil
	}
	cfg, err := ResolveSettings(c.Puzzle, c.Settings)
	if err != nil {
		return err
	}
	var cc *ConfigConflict
	if errors.As(CheckConfig(c.Settings.Want(cfg), files), &cc) {
		return &Conflict{What: fmt.Sprintf("results not counted with the flags given (%s)", cc.Want), Files: cc.Described()}
	}
	return nil
}

// PlainChecks is the account of a merge without a count key: what
// --puzzle (path, "" for none) and the settings given with it checked,
// or what is left unchecked. unreadKeys are the directories of result
// files named one by one that hold a key merge did not read (KeyDirs).
func PlainChecks(path string, s Settings, rep *Report, unreadKeys []string, acc *Account) {
	noKey := "no count.key in the directory"
	if len(unreadKeys) > 0 {
		noKey = fmt.Sprintf("the count.key of %s not read (result files named: merge DIR checks against it)", Printable(strings.Join(unreadKeys, ", ")))
	}
	if path != "" {
		acc.ok("every result's fingerprint is --puzzle %s's as it is now", Printable(path))
		if s.ConfigGiven() {
			acc.ok("every result's configuration is solve --count's with the flags given")
		} else {
			acc.not("the configuration: %s and no solve flag given (the results agree on one among themselves: %s)", noKey, rep.Config)
		}
		return
	}
	acc.not("the puzzle: %s and no --puzzle: the results agree on one puzzle among themselves (fingerprint %s), checked against no puzzle file",
		noKey, ShortFingerprint(rep.Fingerprint))
	acc.not("the configuration: %s and no --puzzle with solve's flags (the results agree on one among themselves)", noKey)
}

// KeyFlagsText is a key's flags line as messages show it: as recorded
// (Printable), or "none: solve's defaults".
func KeyFlagsText(k *Key) string {
	f := strings.TrimSpace(k.FlagsText)
	if f == "" {
		return "none: solve's defaults"
	}
	return Printable(f)
}

// CheckpointNote says what the directories among args hold when merge
// found no result in them: checkpoints (*.ckpt) of shards that started
// and wrote no result; "" when they hold none.
func CheckpointNote(args []string) string {
	n := Checkpoints(args)
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(": %d checkpoint(s) (*.ckpt) of shards that started and wrote no result; run the shards again (the same command resumes from them), then merge", n)
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// ConfigOf is the part of a native configuration that shapes the split,
// before the split pins a piece.
func ConfigOf(cfg native.Config) Config {
	return Config{Backend: cfg.Algorithm, Schedule: cfg.Schedule, FilaAt: cfg.FilaAt, NOF: cfg.NOF, Volume: cfg.Volume}
}

// LoadFiles reads the result files at paths (ReadFile), keeping each
// one's error; a cancelled ctx stops it between two reads.
func LoadFiles(ctx context.Context, paths []string) ([]Loaded, error) {
	files := make([]Loaded, 0, len(paths))
	for _, p := range paths {
		if ctx != nil && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		r, err := ReadFile(p)
		files = append(files, Loaded{Path: p, Result: r, Err: err})
	}
	return files, nil
}

// ReadKeys reads the count key of each directory among args (ReadKey),
// in order; a key that cannot be read or is not one is an error.
func ReadKeys(args []string) ([]*Key, error) {
	var keys []*Key
	for _, a := range args {
		if st, err := os.Stat(a); err != nil || !st.IsDir() {
			continue
		}
		k, err := ReadKey(a)
		if err != nil {
			return nil, err
		}
		if k != nil {
			keys = append(keys, k)
		}
	}
	return keys, nil
}

// CheckedMerge checks the results c.Files against each of keys
// (CheckKey), adds them up (Merge) and, when there is no key, accounts
// for what --puzzle (c.Puzzle) and the settings given with it (s)
// checked (PlainChecks, with the keys of args left unread). The
// report's Verified and Unchecked are acc's.
func CheckedMerge(ctx context.Context, keys []*Key, c KeyCheck, args []string, s Settings, acc *Account) (*Report, error) {
	for _, k := range keys {
		if err := CheckKey(ctx, k, c, acc); err != nil {
			return nil, err
		}
	}
	rep, err := Merge(c.Files)
	if err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		PlainChecks(c.Puzzle, s, rep, KeyDirs(args), acc)
	}
	rep.Verified, rep.Unchecked = acc.Verified, acc.Unchecked
	return rep, nil
}
