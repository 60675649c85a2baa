package shard

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

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

// KeySyntaxError is a word of a key's flags line that ParseKeySettings
// cannot read: Why says why.
type KeySyntaxError struct {
	Word, Why string
}

// Error names the word and why it cannot be read.
func (e *KeySyntaxError) Error() string {
	if e.Word == "" {
		return e.Why
	}
	return fmt.Sprintf("%s: %s", Printable(e.Word), e.Why)
}

// Is reports whether target is ErrKeySyntax.
func (e *KeySyntaxError) Is(target error) bool { return target == ErrKeySyntax }

// flagKind is how a key's flag takes its value.
type flagKind int

const (
	boolFlag     flagKind = iota // --name, --name=true|false
	stringFlag                   // --name VALUE, --name=VALUE
	intFlag                      // a string flag whose value is an integer in [lo, hi]
	floatFlag                    // a string flag whose value is a number
	durationFlag                 // a string flag whose value is a duration in [0, MaxTimeLimit]
)

// keyFlag is a solve flag a key's flags line may hold.
type keyFlag struct {
	kind   flagKind
	lo, hi int64
	// noOpt is the value of a flag given without =VALUE that does not
	// take the next word (solve's --volume: -1, the volume filter from
	// the start).
	noOpt string
	// v3 says the flag is a field of a version 3 key (KeyConfig.Words);
	// the others are solve flags that do not decide a fila or dlx count
	// (how a shard runs, what it writes, other backends' options), read
	// in a version 1 or 2 key and passed over.
	v3 bool
}

// keyFlags are solve's flags as a count key holds them: a version 1 key
// holds the flags a recipe was given, as given; a version 2 key solve's
// canonical words, and a version 3 key the fields of KeyConfig.
var keyFlags = map[string]keyFlag{
	"backend":          {kind: stringFlag, v3: true},
	"heuristic":        {kind: stringFlag, v3: true},
	"nof":              {kind: boolFlag, v3: true},
	"fila-at":          {kind: intFlag, hi: limits.MaxPieceLevel, v3: true},
	"volume":           {kind: intFlag, lo: -1, hi: limits.MaxPieceLevel, noOpt: "-1", v3: true},
	"redundancy":       {kind: stringFlag, v3: true},
	"from":             {kind: stringFlag, v3: true},
	"unique":           {kind: boolFlag, v3: true},
	"count":            {kind: boolFlag},
	"limit":            {kind: intFlag, hi: limits.MaxSolutions},
	"jobs":             {kind: intFlag, lo: 1, hi: limits.MaxWorkers},
	"shard":            {kind: stringFlag},
	"checkpoint":       {kind: stringFlag},
	"max-coverage":     {kind: boolFlag},
	"time-limit":       {kind: durationFlag},
	"stats":            {kind: boolFlag},
	"json":             {kind: boolFlag},
	"jsonl":            {kind: boolFlag},
	"render":           {kind: stringFlag},
	"output":           {kind: stringFlag},
	"formulation":      {kind: stringFlag},
	"strengthen":       {kind: boolFlag},
	"no-warm-start":    {kind: boolFlag},
	"mip-gap":          {kind: floatFlag},
	"threads":          {kind: intFlag, hi: 256},
	"highs-option":     {kind: stringFlag},
	"count-key":        {kind: stringFlag},
	"count-key-recipe": {kind: stringFlag},
	"count-key-only":   {kind: boolFlag},
	"quiet":            {kind: boolFlag},
	"verbose":          {kind: boolFlag},
}

// keyShorthands are the one-letter forms of keyFlags.
var keyShorthands = map[byte]string{'j': "jobs", 'o': "output", 'q': "quiet", 'v': "verbose"}

// ParseKeySettings reads the settings of k's count from its flags line
// (k.Flags) by the rules solve reads its flags with: --name=VALUE,
// --name VALUE, a boolean flag alone, -j N and the other shorthands, the
// last of a repeated flag. A version 3 key holds only the fields of
// KeyConfig; a version 1 or 2 key may hold any solve flag, and those
// that do not decide a count are passed over (a bounded value is still
// checked). A word it cannot read is a *KeySyntaxError; a key whose
// line could not be unquoted returns k.FlagsErr, wrapped.
func ParseKeySettings(k *Key) (Settings, error) {
	if k.FlagsErr != nil {
		return Settings{}, fmt.Errorf("its flags line is not words quoted by printf %%q (%w)", k.FlagsErr)
	}
	s := DefaultSettings()
	given := map[string]bool{}
	var args []string
	words := k.Flags
	for i := 0; i < len(words); i++ {
		w := words[i]
		var name, value string
		hasValue := false
		switch {
		case w == "--":
			args = append(args, words[i+1:]...)
			i = len(words)
			continue
		case strings.HasPrefix(w, "--"):
			name, value, hasValue = strings.Cut(w[2:], "=")
		case strings.HasPrefix(w, "-") && len(w) > 1:
			long, ok := keyShorthands[w[1]]
			if !ok {
				return s, &KeySyntaxError{Word: w, Why: "unknown shorthand flag"}
			}
			name, value, hasValue = long, strings.TrimPrefix(w[2:], "="), len(w) > 2
			if hasValue && keyFlags[long].kind == boolFlag {
				return s, &KeySyntaxError{Word: w, Why: "combined shorthand flags are not read"}
			}
		default:
			args = append(args, w)
			continue
		}
		f, ok := keyFlags[name]
		switch {
		case !ok:
			return s, &KeySyntaxError{Word: w, Why: "unknown flag"}
		case k.Version >= 3 && !f.v3:
			return s, &KeySyntaxError{Word: w, Why: "not a setting a version 3 key records"}
		}
		if !hasValue {
			switch {
			case f.kind == boolFlag:
				value = "true"
			case f.noOpt != "":
				value = f.noOpt
			case i+1 < len(words):
				i++
				value = words[i]
			default:
				return s, &KeySyntaxError{Word: w, Why: "the flag needs a value"}
			}
		}
		if err := s.set(name, f, value); err != nil {
			return s, &KeySyntaxError{Word: w, Why: err.Error()}
		}
		given[name] = true
	}
	if len(args) > 0 {
		return s, &KeySyntaxError{Why: fmt.Sprintf("arguments that are not flags (%s)", Printable(strings.Join(args, " ")))}
	}
	s.Given = func(name string) bool { return given[name] }
	return s, nil
}

// set checks value for the flag name of kind f and records a setting.
func (s *Settings) set(name string, f keyFlag, value string) error {
	var b bool
	var n int64
	var err error
	switch f.kind {
	case boolFlag:
		b, err = strconv.ParseBool(value)
	case intFlag:
		n, err = strconv.ParseInt(value, 10, 64)
		if err == nil && (n < f.lo || n > f.hi) {
			err = fmt.Errorf("%d is out of range [%d, %d]", n, f.lo, f.hi)
		}
	case floatFlag:
		_, err = strconv.ParseFloat(value, 64)
	case durationFlag:
		var d time.Duration
		d, err = time.ParseDuration(value)
		if err == nil && (d < 0 || d > limits.MaxTimeLimit) {
			err = fmt.Errorf("%s is out of range [0, %s]", value, limits.MaxTimeLimit)
		}
	}
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		err = ne.Err
	}
	if err != nil {
		return fmt.Errorf("invalid value %q (%v)", value, err)
	}
	switch name {
	case "backend":
		s.Backend = value
	case "heuristic":
		s.Heuristic = value
	case "nof":
		s.NOF = b
	case "fila-at":
		s.FilaAt = int(n)
	case "volume":
		s.Volume = int(n)
	case "redundancy":
		s.Redundancy = value
	case "unique":
		s.Unique = b
	case "from":
		if err := puzzle.CheckFormat(value); err != nil {
			return err
		}
		s.From = value
	}
	return nil
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
	for _, n := range []string{"backend", "fila-at", "heuristic", "nof", "volume"} {
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
