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

// Key is a results directory's count.key, as written by
// deploy/parallel/count.sh, deploy/slurm/polytile-array.sh and the
// Kubernetes Job:
//
//	polytile RECIPE 1
//	puzzle-sha256 HEX
//	shards N
//	flags WORDS
//
// WORDS are the extra solve flags, each quoted by bash's printf %q and
// followed by a space ("" when none). N may be empty (a Slurm task that
// knew no count).
type Key struct {
	Path         string // the file read
	Recipe       string // the script (or Job) that wrote it
	PuzzleSHA256 string // of the puzzle file's bytes, lowercase hexadecimal
	Shards       int    // 0: not recorded
	FlagsText    string // as recorded
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

// ParseKey reads the text of a count.key (see Key). Anything but the four
// lines of the format, in order, is an error.
func ParseKey(data []byte) (*Key, error) {
	if len(data) > MaxKeySize {
		return nil, fmt.Errorf("larger than %d bytes: not a count key", MaxKeySize)
	}
	if !utf8.Valid(data) {
		return nil, errors.New("not UTF-8: not a count key")
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 4 {
		return nil, fmt.Errorf("%d line(s), want 4 (polytile RECIPE 1, puzzle-sha256, shards, flags): not a count key", len(lines))
	}
	head := strings.Fields(lines[0])
	if len(head) != 3 || head[0] != "polytile" || head[2] != "1" || lines[0] != strings.Join(head, " ") {
		return nil, fmt.Errorf("line 1 %q is not \"polytile RECIPE 1\": not a count key (of another version?)", shorten(lines[0]))
	}
	k := &Key{Recipe: head[1]}
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
	return k, nil
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
