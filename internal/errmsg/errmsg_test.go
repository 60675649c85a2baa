package errmsg

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPlainPath: the system call goes, at the start and after a context;
// other messages are left as they are.
func TestPlainPath(t *testing.T) {
	for in, want := range map[string]string{
		"stat nofile.sol: no such file or directory":        "nofile.sol: no such file or directory",
		"--names: open a b.txt: permission denied":          "--names: a b.txt: permission denied",
		"read x: input/output error":                        "x: input/output error",
		"open x: invalid argument":                          "open x: invalid argument",
		"reading stat.yaml: no such file or directory here": "reading stat.yaml: no such file or directory here",
	} {
		if got := PlainPath(in); got != want {
			t.Errorf("PlainPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestClipQuoted: a quoted value longer than MaxQuoted is cut to 40
// bytes and its length, whole characters and escapes only; one of
// MaxQuoted bytes stays whole.
func TestClipQuoted(t *testing.T) {
	long := strings.Repeat("9", 100_000)
	if got, want := ClipQuoted(`bad "`+long+`"`), `bad "`+long[:40]+`..." (100000 bytes)`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	edge := `"` + strings.Repeat("a", MaxQuoted-1) + `"`
	if got := ClipQuoted(edge); got != edge {
		t.Errorf("a value under MaxQuoted was clipped: %.60q", got)
	}
	for _, v := range []string{strings.Repeat("é", 400), strings.Repeat(`\u2028`, 100), strings.Repeat("a\\\"", 200)} {
		got := ClipQuoted(`x "` + v + `" y`)
		if !utf8.ValidString(got) || !strings.HasSuffix(got, `bytes) y`) || len(got) > 80 {
			t.Errorf("ClipQuoted of %.20q...: %q", v, got)
		}
	}
}
