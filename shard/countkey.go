package shard

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/polytile/polytile/internal/regfile"
)

// KeyName is the name of the key file the recipes in deploy/ write into
// a results directory: which count (puzzle file, shard count, solve
// flags) the directory belongs to.
const KeyName = "count.key"

// MaxKeySize bounds a key file: four short lines, the flags line at most
// a few kilobytes; anything larger is not a key.
const MaxKeySize = 64 << 10

// Key is a results directory's count.key. Version 3 is written by
// polytile solve --count-key (which the recipes in deploy/ call), once
// the flags and the puzzle have been read and the shard can start:
//
//	polytile RECIPE 3
//	puzzle-sha256 HEX
//	shards N
//	flags WORDS
//	fingerprint sha256:HEX
//
// WORDS are the configuration of the count as data (KeyConfig.Words):
// --backend, --fila-at, --heuristic, --nof, --volume as solve resolved
// them, --redundancy the piece the split pinned (or none), --from the
// format the puzzle file is read in, and --unique=true for a count of
// unique solutions; ParseKeySettings reads them without solve's flag
// definitions, and Key.Compare compares them as a KeyConfig.
//
// Versions 1 and 2 are still read and merged. Version 2 has the same
// lines with "2": WORDS are solve's flags in a canonical form (each as
// --name=value, the configuration resolved, the others sorted).
// Version 1, the first four lines with "1", was written by the recipes'
// own bash: WORDS are the extra solve flags as given, each quoted by
// bash's printf %q and followed by a space ("" when none), and N may be
// empty (a Slurm task that knew no count). ParseKeySettings reads the
// flags of both as solve reads its own, passing over those that do not
// decide a count; ResolveKey resolves them for a puzzle.
type Key struct {
	Path         string // the file read
	Recipe       string // the script (or Job) that wrote it
	Version      int    // 1, 2 or 3
	PuzzleSHA256 string // of the puzzle file's bytes, lowercase hexadecimal
	Shards       int    // 0: not recorded
	FlagsText    string // as recorded
	Fingerprint  string // the puzzle's (Fingerprint); "" in version 1
	// Config, when set, is the configuration the key records, compared
	// by Key.Compare in place of Flags (ResolveKey for a key read, the
	// run's own for the key about to be written).
	Config *KeyConfig
	// Flags are FlagsText's words unquoted; FlagsErr says why they could
	// not be (a quoting printf %q does not produce): the flags are then
	// not checked.
	Flags    []string
	FlagsErr error
}

// ReadKey reads dir's count.key. It returns (nil, nil) when there is
// none, an error when it is not a regular file of at most MaxKeySize
// bytes or not a key (ParseKey).
func ReadKey(dir string) (*Key, error) {
	path := filepath.Join(dir, KeyName)
	data, err := regfile.ReadAll(path, MaxKeySize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case errors.Is(err, regfile.ErrNotRegular):
		return nil, fmt.Errorf("%s is not a regular file", path)
	case errors.Is(err, regfile.ErrTooLarge):
		return nil, fmt.Errorf("%s is larger than %d bytes: not a count key", path, MaxKeySize)
	case err != nil:
		return nil, err
	}
	k, err := ParseKey(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	k.Path = path
	return k, nil
}

// ParseKey reads the text of a count.key (see Key). Anything but the
// lines of the format, in order, is an error naming the line.
func ParseKey(data []byte) (*Key, error) {
	if len(data) > MaxKeySize {
		return nil, fmt.Errorf("larger than %d bytes: not a count key", MaxKeySize)
	}
	if !utf8.Valid(data) {
		return nil, errors.New("not UTF-8: not a count key")
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	head := strings.Fields(lines[0])
	if len(head) != 3 || head[0] != "polytile" || head[2] != "1" && head[2] != "2" && head[2] != "3" || lines[0] != strings.Join(head, " ") {
		return nil, fmt.Errorf("line 1 %q is not \"polytile RECIPE 3\" (or 2, 1): not a count key (of another version?)", shorten(lines[0]))
	}
	k := &Key{Recipe: head[1], Version: int(head[2][0] - '0')}
	want := 4
	if k.Version >= 2 {
		want = 5 // and the fingerprint
	}
	if len(lines) != want {
		return nil, fmt.Errorf("%d line(s), want %d for version %d (polytile RECIPE %d, puzzle-sha256, shards, flags%s): not a count key",
			len(lines), want, k.Version, k.Version, map[bool]string{false: "", true: ", fingerprint"}[k.Version >= 2])
	}
	sum, ok := strings.CutPrefix(lines[1], "puzzle-sha256 ")
	if !ok || len(sum) != 64 || strings.Trim(sum, "0123456789abcdef") != "" {
		return nil, fmt.Errorf("line 2 %q is not \"puzzle-sha256\" and 64 hexadecimal digits", shorten(lines[1]))
	}
	k.PuzzleSHA256 = sum
	n, ok := strings.CutPrefix(lines[2], "shards ")
	if !ok && lines[2] != "shards" {
		return nil, fmt.Errorf("line 3 %q is not \"shards N\"", shorten(lines[2]))
	}
	if n != "" {
		v, err := strconv.Atoi(n)
		if err != nil || len(n) > 7 || strings.Trim(n, "0123456789") != "" || v < 1 || v > MaxShards {
			return nil, fmt.Errorf("line 3: shards %q is not an integer from 1 to %d", shorten(n), MaxShards)
		}
		k.Shards = v
	}
	f, ok := strings.CutPrefix(lines[3], "flags ")
	if !ok && lines[3] != "flags" {
		return nil, fmt.Errorf("line 4 %q is not \"flags ...\"", shorten(lines[3]))
	}
	k.FlagsText = f
	k.Flags, k.FlagsErr = UnquoteWords(f)
	if k.Version >= 2 {
		if k.Shards == 0 {
			return nil, fmt.Errorf("line 3: version %d records N, and this key has none", k.Version)
		}
		if k.FlagsErr != nil {
			return nil, fmt.Errorf("line 4: the flags are not the words polytile writes (%v)", k.FlagsErr)
		}
		fp, ok := strings.CutPrefix(lines[4], "fingerprint ")
		if !ok || !validFingerprint(fp) {
			return nil, fmt.Errorf("line 5 %q is not \"fingerprint sha256:\" and 64 hexadecimal digits", shorten(lines[4]))
		}
		k.Fingerprint = fp
	}
	return k, nil
}

// validFingerprint reports whether fp is "sha256:" and 64 lowercase
// hexadecimal digits.
func validFingerprint(fp string) bool {
	h, ok := strings.CutPrefix(fp, "sha256:")
	return ok && len(h) == 64 && strings.Trim(h, "0123456789abcdef") == ""
}

// FormatKey is the text of a version 2 key: words are the canonical
// flags, each quoted for bash as printf %q would where it needs it
// (QuoteWord), so that UnquoteWords reads them back.
func FormatKey(recipe, puzzleSHA256 string, shards int, words []string, fingerprint string) []byte {
	return formatKey(recipe, 2, puzzleSHA256, shards, words, fingerprint)
}

// formatKey is the text of a key of version 2 or 3.
func formatKey(recipe string, version int, puzzleSHA256 string, shards int, words []string, fingerprint string) []byte {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = QuoteWord(w)
	}
	return fmt.Appendf(nil, "polytile %s %d\npuzzle-sha256 %s\nshards %d\nflags %s\nfingerprint %s\n",
		recipe, version, puzzleSHA256, shards, strings.Join(q, " "), fingerprint)
}

// QuoteWord quotes w for UnquoteWords (and bash): as it is when it holds
// only letters, digits and -_=.,:/+@% (and does not start with # or ~),
// else in $'...' with every other byte escaped as \xHH.
func QuoteWord(w string) string {
	plain := w != ""
	for i := 0; i < len(w) && plain; i++ {
		c := w[i]
		plain = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_=.,:/+@%", c) >= 0
	}
	if plain {
		return w
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_=.,:/+@% ", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "\\x%02x", c)
		}
	}
	b.WriteString("'")
	return b.String()
}

// UnquoteWords splits s into the words bash would see in it, for the
// quoting bash's printf %q writes: backslash-escaped characters, '...'
// and $'...' (with the escapes \a \b \e \E \f \n \r \t \v \\ \' \" \?
// \NNN \xHH). A double quote, an unescaped $, `, or a glob or any
// other quoting printf %q never writes is an error: such flags are not
// read. # and ~ are literal inside a word, as printf %q leaves them
// there; at the start of a word (and ~ after = or :) they are errors.
func UnquoteWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	in := false // inside a word
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
			i++
		case c == '\\':
			if i+1 >= len(s) {
				return nil, errors.New("a trailing backslash")
			}
			w.WriteByte(s[i+1])
			in = true
			i += 2
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("an unterminated '")
			}
			w.WriteString(s[i+1 : i+1+end])
			in = true
			i += end + 2
		case c == '$' && i+1 < len(s) && s[i+1] == '\'':
			n, err := ansiC(s[i+2:], &w)
			if err != nil {
				return nil, err
			}
			in = true
			i += 2 + n
		case (c == '#' || c == '~') && !in, c == '~' && (s[i-1] == '=' || s[i-1] == ':'):
			// Special to bash only at the start of a word (and ~ after =
			// or : of a word like an assignment): printf %q leaves them
			// unquoted elsewhere ("a#b", "x~").
			return nil, fmt.Errorf("%q unquoted where bash expands it (a word's start, or ~ after = or :): not what printf %%q writes", c)
		case strings.IndexByte("\"$`*?[]{}()<>|&;!\n", c) >= 0:
			return nil, fmt.Errorf("%q unquoted: not what printf %%q writes", c)
		default:
			w.WriteByte(c)
			in = true
			i++
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words, nil
}

// ansiC reads the body of a $'...' string from s (after the $') into w;
// it returns the bytes read, the closing quote included.
func ansiC(s string, w *strings.Builder) (int, error) {
	simple := map[byte]byte{'a': 7, 'b': 8, 'e': 27, 'E': 27, 'f': 12, 'n': '\n', 'r': '\r', 't': '\t', 'v': 11,
		'\\': '\\', '\'': '\'', '"': '"', '?': '?'}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\'':
			return i + 1, nil
		case c != '\\':
			w.WriteByte(c)
			i++
		case i+1 >= len(s):
			return 0, errors.New("an unterminated $'")
		default:
			e := s[i+1]
			if b, ok := simple[e]; ok {
				w.WriteByte(b)
				i += 2
				continue
			}
			base, digits, most := 8, "01234567", 3
			j := i + 1
			if e == 'x' {
				base, digits, most = 16, "0123456789abcdefABCDEF", 2
				j++
			}
			k := j
			for k < len(s) && k-j < most && strings.IndexByte(digits, s[k]) >= 0 {
				k++
			}
			if k == j {
				return 0, fmt.Errorf("the escape \\%c in $'...'", e)
			}
			v, err := strconv.ParseUint(s[j:k], base, 16)
			if err != nil || v > 255 {
				return 0, fmt.Errorf("the escape \\%s in $'...'", s[i+1:k])
			}
			w.WriteByte(byte(v))
			i = k
		}
	}
	return 0, errors.New("an unterminated $'")
}
