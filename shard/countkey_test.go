package shard

import (
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
