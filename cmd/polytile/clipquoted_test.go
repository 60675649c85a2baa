package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLongFlagValueClipped: a wrong flag value of 100 KB was echoed whole
// in its error (100 KB on stderr for "-j 999...", 200 KB for --from,
// which quoted it twice). Every quoted value past maxQuoted bytes is now
// clipped to 40 bytes and its length; the message still names the flag.
func TestLongFlagValueClipped(t *testing.T) {
	long := strings.Repeat("9", 100_000)
	pz := example("pentomino-10x6.yaml")
	for _, args := range [][]string{
		{"solve", pz, "-j", long},
		{"info", pz, "--from", long},
		{"solve", pz, "--heuristic", long},
		{"solve", pz, "--backend", long},
		{"solve", pz, "--shard", long},
		{"compare", pz, "--backends", long},
		{"export", pz, "--format", long},
	} {
		code, _, errs := run(t, "", args...)
		if code != exitUsage || len(errs) > 1000 || !strings.Contains(errs, `"9999999999999999999999999999999999999999..." (100000 bytes)`) {
			t.Errorf("%s %s: exit %d, %d bytes on stderr: %.300s", args[0], args[2], code, len(errs), errs)
		}
	}
	// Escapes and multi-byte characters are not cut in the middle.
	for _, v := range []string{strings.Repeat("é", 400), strings.Repeat(`\u2028`, 100), strings.Repeat("a\\\"", 200)} {
		got := clipQuoted(`x "` + v + `" y`)
		if !utf8.ValidString(got) || !strings.HasSuffix(got, `bytes) y`) || len(got) > 80 {
			t.Errorf("clipQuoted of %.20q...: %q", v, got)
		}
	}
	if short := `unknown backend "fila:x"`; clipQuoted(short) != short {
		t.Errorf("a short value was changed: %q", clipQuoted(short))
	}
}
