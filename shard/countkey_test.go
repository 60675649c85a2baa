package shard

import (
	"math/rand"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
)

// TestUnquoteWordsRoundTripsBash: the words bash's printf %q writes (the
// recipes' flags line) read back as bash would: spaces, quotes, $(...),
// braces, control characters, an empty word, UTF-8.
func TestUnquoteWordsRoundTripsBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	words := []string{"--heuristic", "e=11:f=3", "--from", "my file", "a$b", "x'y", "t\tn\nz", "", "{}", "é", "$(rm -rf /)",
		"`id`", "\\", "back\\slash", "*", "~", "#c", "a\"b", "\x01\x7f", "--redundancy=X"}
	out, err := exec.Command("bash", append([]string{"-c", `printf '%q ' "$@"`, "_"}, words...)...).Output()
	if err != nil {
		t.Fatal(err)
	}
	got, err := UnquoteWords(string(out))
	if err != nil || !reflect.DeepEqual(got, words) {
		t.Fatalf("UnquoteWords(%q) = %q, %v; want %q", out, got, err, words)
	}
	for _, bad := range []string{`"x"`, "$HOME", "a;b", "'open", `\`, "$'open", "a|b", "$'\\q'"} {
		if w, err := UnquoteWords(bad); err == nil {
			t.Errorf("UnquoteWords(%q) = %q, want an error", bad, w)
		}
	}
}

// TestParseKey: the recipes' key reads back; anything else is refused.
func TestParseKey(t *testing.T) {
	sum := strings.Repeat("0123456789abcdef", 4)
	k, err := ParseKey([]byte("polytile count.sh 1\npuzzle-sha256 " + sum + "\nshards 64\nflags --heuristic s \n"))
	if err != nil || k.Recipe != "count.sh" || k.PuzzleSHA256 != sum || k.Shards != 64 || !reflect.DeepEqual(k.Flags, []string{"--heuristic", "s"}) {
		t.Fatalf("%+v %v", k, err)
	}
	if k, err := ParseKey([]byte("polytile polytile-array.sh 1\npuzzle-sha256 " + sum + "\nshards \nflags \n")); err != nil || k.Shards != 0 || len(k.Flags) != 0 {
		t.Errorf("no N, no flags: %+v %v", k, err)
	}
	for _, bad := range []string{
		"",
		"polytile count.sh 2\npuzzle-sha256 " + sum + "\nshards 4\nflags \n",
		"polytile count.sh 1\npuzzle-sha256 " + sum[1:] + "\nshards 4\nflags \n",
		"polytile count.sh 1\npuzzle-sha256 " + strings.ToUpper(sum) + "\nshards 4\nflags \n",
		"polytile count.sh 1\npuzzle-sha256 " + sum + "\nshards 0\nflags \n",
		"polytile count.sh 1\npuzzle-sha256 " + sum + "\nshards 100001\nflags \n",
		"polytile count.sh 1\npuzzle-sha256 " + sum + "\nshards -1\nflags \n",
		"polytile count.sh 1\npuzzle-sha256 " + sum + "\nshards 4\nflags \nextra\n",
		"polytile count.sh 1\npuzzle-sha256 " + sum + "\nshards 4\n",
		"polytile count.sh 1\npuzzle-sha256 " + sum + "\nshards 4\nflags \xff\n",
	} {
		if k, err := ParseKey([]byte(bad)); err == nil {
			t.Errorf("ParseKey(%q) = %+v, want an error", bad, k)
		}
	}
}

// TestUnquoteWordsEveryByte: every byte but NUL, alone, inside a word and
// at its end, and words of random UTF-8 (combining marks, no-break and
// zero-width spaces, a byte order mark, invalid bytes), quoted by bash's
// printf %q in the C and a UTF-8 locale, read back as the words given.
// printf %q leaves # and ~ unquoted inside a word ("a#b", "x~"): they
// were refused ("not what printf %q writes"), so a count whose flags
// named a piece "X#1" had its configuration left unchecked.
func TestUnquoteWordsEveryByte(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	var words []string
	for b := 1; b < 256; b++ {
		c := string([]byte{byte(b)})
		words = append(words, c, "a"+c+"b", "x="+c, "x:"+c, "--f="+c+c)
	}
	r := rand.New(rand.NewSource(1))
	pool := []rune{'é', '€', '𝄞', '\u00a0', '\u2028', '\u200b', '\ufeff', '\u0301', '中', '\u0085', '#', '~', '=', ':', '\'', '\\', ' ', '\t', '\n'}
	for range 300 {
		var w []rune
		for range r.Intn(8) {
			if r.Intn(2) == 0 {
				w = append(w, pool[r.Intn(len(pool))])
			} else {
				w = append(w, rune(1+r.Intn(0x7ff)))
			}
		}
		s := string(w)
		if r.Intn(5) == 0 {
			s += string([]byte{byte(0x80 + r.Intn(0x80))})
		}
		words = append(words, s)
	}
	for _, loc := range []string{"C", "C.UTF-8"} {
		cmd := exec.Command("bash", append([]string{"-c", `printf '%q\n' "$@"`, "_"}, words...)...)
		cmd.Env = append(os.Environ(), "LC_ALL="+loc)
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(lines) != len(words) {
			t.Fatalf("%s: %d lines for %d words", loc, len(lines), len(words))
		}
		for n, q := range lines {
			got, err := UnquoteWords(q + " ")
			if err != nil || len(got) != 1 || got[0] != words[n] {
				t.Errorf("%s: %q quoted %q read back as %q, %v", loc, words[n], q, got, err)
			}
		}
	}
	// What bash would expand stays refused.
	for _, bad := range []string{"#x", "~", "~root", "x=~", "a:~", "a b=~/c"} {
		if w, err := UnquoteWords(bad); err == nil {
			t.Errorf("UnquoteWords(%q) = %q, want an error", bad, w)
		}
	}
}

// TestFormatKeyRoundTrip: a version 2 key reads back as written, its flag
// words whatever bytes they hold (QuoteWord, read by UnquoteWords), and
// a version 2 key without its fingerprint or N is refused naming the
// line.
func TestFormatKeyRoundTrip(t *testing.T) {
	sum := strings.Repeat("ab", 32)
	fp := "sha256:" + strings.Repeat("0f", 32)
	words := []string{"--backend=fila", "--heuristic=e=11:f=3", "--redundancy=a b", "--from=it's", "--x=$(rm -rf /)", "", "#~", "--n=\x01\n\xff", "--u=é"}
	data := FormatKey("count.sh", sum, 64, words, fp)
	k, err := ParseKey(data)
	if err != nil || k.Version != 2 || k.Recipe != "count.sh" || k.PuzzleSHA256 != sum || k.Shards != 64 || k.Fingerprint != fp || !reflect.DeepEqual(k.Flags, words) {
		t.Fatalf("ParseKey(FormatKey) = %+v, %v\n%s", k, err, data)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for _, c := range []struct{ text, want string }{
		{strings.Join(lines[:4], "\n") + "\n", "5 for version 2"},
		{strings.Join([]string{lines[0], lines[1], "shards", lines[3], lines[4]}, "\n") + "\n", "line 3"},
		{strings.Join([]string{lines[0], lines[1], lines[2], lines[3], "fingerprint sha256:zz"}, "\n") + "\n", "line 5"},
		{strings.Join([]string{lines[0], lines[1], lines[2], `flags "--nof"`, lines[4]}, "\n") + "\n", "line 4"},
	} {
		if _, err := ParseKey([]byte(c.text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseKey(%q): %v, want an error naming %q", c.text, err, c.want)
		}
	}
}
