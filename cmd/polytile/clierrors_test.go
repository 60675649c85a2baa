package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCobraErrorsReadable: cobra's own errors (unknown command with its
// suggestion, unknown flag, missing argument) print as readable text on
// one line, with no \u escapes of the newlines and tabs cobra used. Before
// the fix the suggestion printed as "\u000a\u000aDid you mean this?...".
func TestCobraErrorsReadable(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"slove", "x"}, `polytile: unknown command "slove" for "polytile"; did you mean solve? (see polytile --help)`},
		{[]string{"zzz"}, `polytile: unknown command "zzz" for "polytile" (see polytile --help)`},
		{[]string{"solve", "--bogus", "x"}, `polytile: unknown flag: --bogus (see polytile solve --help)`},
		{[]string{"solve"}, `polytile: polytile solve needs PUZZLE (got 0 arguments); see polytile solve --help`},
		// A typed name with a control character is still escaped.
		{[]string{"\x1b[31m"}, `polytile: unknown command "\x1b[31m" for "polytile" (see polytile --help)`},
		// cobra's help command printed "Unknown help topic" and the usage,
		// and exited 0.
		{[]string{"help", "slove"}, `polytile: unknown help topic "slove"; did you mean solve? (see polytile --help)`},
		{[]string{"help", "solve", "extra"}, `polytile: unknown help topic "solve extra" (see polytile --help)`},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != exitUsage || strings.TrimSuffix(errs, "\n") != c.want || strings.Contains(errs, `\u00`) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, code, errs, c.want)
		}
	}
}

// TestPictureLimitOneStatement: a --limit too large for one PNG states one
// bound, the board's own. Before the fix the message said both "at most
// 72817 tilings fit on one sheet" and "at most 12100 tilings of this board
// fit on one picture".
func TestPictureLimitOneStatement(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.png")
	code, _, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--limit", "100000", "--render", "png", "-o", out)
	m := regexp.MustCompile(`at most (\d+) tilings of this board fit on one picture .*lower --limit to (\d+),`).FindStringSubmatch(errs)
	if code != exitUsage || m == nil || m[1] != m[2] || strings.Count(errs, "tilings") != 1 || strings.Contains(errs, "one sheet") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

// TestHelpTopics: "polytile help CMD" is CMD's --help, "polytile help" the
// root's.
func TestHelpTopics(t *testing.T) {
	for _, args := range [][]string{{"help", "solve"}, {"help", "merge"}, {"help"}} {
		code, out, errs := run(t, "", args...)
		_, want, _ := run(t, "", append(args[1:], "--help")...)
		if code != 0 || errs != "" || out != want {
			t.Errorf("%q: exit %d, stderr %q, stdout equal to --help: %v", args, code, errs, out == want)
		}
	}
}
