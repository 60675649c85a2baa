package shard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/polytile/polytile/internal/cliflag"

	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// KeyConfig is the configuration a count key records from version 3 on:
// what decides the count, as solve resolved it. Config holds the
// settings that shape the split (backend, heuristic, fila-at, NOF,
// volume) and the piece the split pinned ("" for none); From is the
// format the puzzle file is read in (puzzle.CanonicalFormat); Unique
// says whether the count is of unique solutions only.
type KeyConfig struct {
	Config
	From   string
	Unique bool
}

// Words are the key's line 4 for c, each setting as --name=value:
// --backend, --fila-at, --heuristic, --nof, --volume, --redundancy (the
// pinned piece, or none), --from, and --unique=true when set.
func (c KeyConfig) Words() []string {
	w := []string{"--backend=" + c.Backend, "--fila-at=" + strconv.Itoa(c.FilaAt), "--heuristic=" + c.Schedule,
		"--nof=" + strconv.FormatBool(c.NOF), "--volume=" + strconv.Itoa(c.Volume), "--redundancy=" + PinnedWord(c.Redundancy),
		"--from=" + c.From}
	if c.Unique {
		w = append(w, "--unique=true")
	}
	return w
}

// FormatKeyConfig is the text of a version 3 key: the puzzle file's
// SHA-256, the shard count, the configuration (KeyConfig.Words, quoted
// by QuoteWord) and the puzzle's fingerprint.
func FormatKeyConfig(recipe, puzzleSHA256 string, shards int, c KeyConfig, fingerprint string) []byte {
	return formatKey(recipe, 3, puzzleSHA256, shards, c.Words(), fingerprint)
}

// ErrKeySyntax is the kind of a *KeySyntaxError, for errors.Is.
var ErrKeySyntax = errors.New("a count key's flags that are not solve's")

// KeySyntaxError is a key's flags line that ParseKeySettings cannot
// read. Args holds the words that are not flags, when that is why;
// otherwise Word names the word, if one is to blame, and Why says why
// (for a version 1 or 2 key, the error solve's flag parser gives).
type KeySyntaxError struct {
	Word, Why string
	Args      string
}

// Error names the word and why it cannot be read.
func (e *KeySyntaxError) Error() string {
	switch {
	case e.Args != "":
		return fmt.Sprintf("arguments that are not flags (%s)", e.Args)
	case e.Word == "":
		return e.Why
	}
	return fmt.Sprintf("%s: %s", Printable(e.Word), e.Why)
}

// Is reports whether target is ErrKeySyntax.
func (e *KeySyntaxError) Is(target error) bool { return target == ErrKeySyntax }

// configFlags are the flags of the split-shaping configuration but the
// pinned piece: a key or merge that gives them all names a Config.
var configFlags = []string{"backend", "fila-at", "heuristic", "nof", "volume"}

// v3Flags are the flags a version 3 key holds (KeyConfig.Words).
var v3Flags = func() map[string]bool {
	m := map[string]bool{"redundancy": true, "from": true, "unique": true}
	for _, n := range configFlags {
		m[n] = true
	}
	return m
}()

// keyFlagSet is solve's flags as a count key holds them, read by the
// rules and with the errors of solve's own parser: a version 1 key holds
// the flags a recipe was given, as given; a version 2 key solve's
// canonical words, and a version 3 key the fields of KeyConfig. The
// settings that decide a count go into s; the others (how a shard runs,
// what it writes, other backends' options) are checked and passed over.
func keyFlagSet(s *Settings) *pflag.FlagSet {
	fs := pflag.NewFlagSet("count.key flags", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var (
		str           string
		strs          []string
		b             bool
		limit         int64
		jobs, threads int
		gap           float64
		timeLimit     time.Duration
	)
	fs.StringVar(&s.Backend, "backend", s.Backend, "")
	fs.StringVar(&s.Heuristic, "heuristic", s.Heuristic, "")
	fs.BoolVar(&s.NOF, "nof", s.NOF, "")
	fs.Var(&cliflag.Int{P: &s.FilaAt, Lo: 0, Hi: limits.MaxPieceLevel}, "fila-at", "")
	fs.Var(&cliflag.Int{P: &s.Volume, Lo: -1, Hi: limits.MaxPieceLevel}, "volume", "")
	fs.Lookup("volume").NoOptDefVal = "-1"
	fs.StringVar(&s.Redundancy, "redundancy", s.Redundancy, "")
	fs.Var(&cliflag.Checked{P: &s.From, Check: puzzle.CheckFormat}, "from", "")
	fs.BoolVar(&s.Unique, "unique", s.Unique, "")
	for _, n := range []string{"count", "max-coverage", "stats", "json", "jsonl", "strengthen", "no-warm-start", "count-key-only"} {
		fs.BoolVar(&b, n, false, "")
	}
	for _, n := range []string{"shard", "checkpoint", "render", "formulation", "count-key", "count-key-recipe"} {
		fs.StringVar(&str, n, "", "")
	}
	fs.StringVarP(&str, "output", "o", "", "")
	fs.StringArrayVar(&strs, "highs-option", nil, "")
	fs.Var(&cliflag.Int64{P: &limit, Lo: 0, Hi: limits.MaxSolutions}, "limit", "")
	fs.VarP(&cliflag.Int{P: &jobs, Lo: 1, Hi: limits.MaxWorkers}, "jobs", "j", "")
	fs.Var(&cliflag.Int{P: &threads, Lo: 0, Hi: 256}, "threads", "")
	fs.Var(&cliflag.Float{P: &gap, Lo: 0, Hi: 1e6}, "mip-gap", "")
	fs.Var(&cliflag.Duration{P: &timeLimit, Lo: 0, Hi: limits.MaxTimeLimit}, "time-limit", "")
	fs.BoolVarP(&b, "quiet", "q", false, "")
	fs.BoolVarP(&b, "verbose", "v", false, "")
	return fs
}

// ParseKeySettings reads the settings of k's count from its flags line
// (k.Flags) by the rules solve reads its flags with (--name=VALUE,
// --name VALUE, a boolean flag alone, -j N and the other shorthands, the
// last of a repeated flag), with the same errors. A version 3 key holds
// only the fields of KeyConfig; a version 1 or 2 key may hold any solve
// flag, and those that do not decide a count are passed over (a bounded
// value is still checked). A line it cannot read is a *KeySyntaxError; a
// key whose line could not be unquoted returns k.FlagsErr, wrapped.
func ParseKeySettings(k *Key) (Settings, error) {
	if k.FlagsErr != nil {
		return Settings{}, fmt.Errorf("its flags line is not words quoted by printf %%q (%w)", k.FlagsErr)
	}
	s := DefaultSettings()
	fs := keyFlagSet(&s)
	if err := fs.Parse(k.Flags); err != nil {
		return s, &KeySyntaxError{Why: err.Error()}
	}
	if fs.NArg() > 0 {
		return s, &KeySyntaxError{Args: Printable(strings.Join(fs.Args(), " "))}
	}
	var bad string
	fs.Visit(func(f *pflag.Flag) {
		if k.Version >= 3 && !v3Flags[f.Name] && bad == "" {
			bad = f.Name
		}
	})
	if bad != "" {
		return s, &KeySyntaxError{Word: "--" + bad, Why: "not a setting a version 3 key records"}
	}
	s.Given = fs.Changed
	return s, nil
}

// KeyResolve is what ResolveKey needs to read a version 1 or 2 key's
// flags as the configuration they record, for the puzzle of this run.
type KeyResolve struct {
	Puzzle *puzzle.Puzzle
	Path   string // the puzzle file: its format by name
	// Redundancy is this run's --redundancy and Pinned the piece its
	// split pinned ("" for none): a key whose --redundancy is the same
	// (auto and none given, or left out) pins the same piece.
	Redundancy, Pinned string
}

// ResolveKey is the configuration k records, for comparison with the
// KeyConfig of a run (Key.Compare): a version 3 key's as recorded, a
// version 1 or 2 key's flags resolved for r.Puzzle as solve resolves
// them (and a version 3 key's that leaves a field out, hand-edited: the
// field is solve's default). A --redundancy of auto, or none given,
// pins the piece solve pins (r.Pinned when the run's is auto too), and
// a piece named in an older key the piece solve pins for it; --from
// left out is the format by r.Path's name. The error says why the
// settings cannot be resolved.
func ResolveKey(ctx context.Context, k *Key, r KeyResolve) (KeyConfig, error) {
	s, err := ParseKeySettings(k)
	if err != nil {
		return KeyConfig{}, err
	}
	from, err := puzzle.CanonicalFormat(r.Path, s.From)
	if err != nil {
		return KeyConfig{}, err
	}
	var cfg Config
	literal := k.Version >= 3
	for _, n := range configFlags {
		literal = literal && s.given(n)
	}
	if literal {
		cfg = s.Literal()
	} else if cfg, err = ResolveSettings(r.Puzzle, s); err != nil {
		return KeyConfig{}, err
	}
	switch spec := s.Redundancy; {
	case k.Version >= 3 && spec == "none":
		cfg.Redundancy = ""
	case k.Version >= 3 && spec != "" && spec != "auto":
		cfg.Redundancy = spec
	case spec == r.Redundancy || spec == "" && r.Redundancy == "auto" || spec == "auto" && r.Redundancy == "":
		cfg.Redundancy = r.Pinned
	default:
		if cfg.Redundancy, err = native.PinnedPiece(ctx, r.Puzzle, spec); err != nil {
			return KeyConfig{}, err
		}
	}
	return KeyConfig{Config: cfg, From: from, Unique: s.Unique}, nil
}
