package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
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

// fullWriter fails every write, as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write(p []byte) (int, error) { return 0, errors.New("no space left on device") }

// TestHelpWriteErrorIsAnError: help text that cannot be written to stdout
// is exit 2 naming the error, for the root and every command. Before the
// fix cobra dropped the write error: `polytile solve --help > /dev/full`
// exited 0, and so did every case here.
func TestHelpWriteErrorIsAnError(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"solve", "--help"}, {"help", "export"}, {}, {"merge", "-h"}} {
		var errb bytes.Buffer
		code := Main(args, strings.NewReader(""), fullWriter{}, &errb)
		if code != exitUsage || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%v to a full stdout: exit %d, %q; want exit 2 with the error", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := Main([]string{"solve", "--help"}, strings.NewReader(""), &out, &errb); code != exitOK || !strings.Contains(out.String(), "Usage:") {
		t.Errorf("solve --help: exit %d, %d bytes, %q", code, out.Len(), errb.String())
	}
}

// TestFromHelpListsEveryFormat: every command's --from help and the
// error for a bad --from show the formats the flag accepts, yml among
// them (it was accepted but listed nowhere).
func TestFromHelpListsEveryFormat(t *testing.T) {
	commands := 0
	a := &app{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	for _, c := range a.rootCmd().Commands() {
		f := c.Flags().Lookup("from")
		if f == nil {
			continue
		}
		commands++
		if !strings.Contains(f.Usage, puzzle.FormatList()) {
			t.Errorf("%s --from: usage %q does not list %q", c.Name(), f.Usage, puzzle.FormatList())
		}
		if !strings.Contains(f.Usage, "yml") {
			t.Errorf("%s --from: usage %q leaves out yml", c.Name(), f.Usage)
		}
		if err := f.Value.Set("yml"); err != nil {
			t.Errorf("%s --from yml: %v", c.Name(), err)
		}
	}
	if commands == 0 {
		t.Fatal("no command has --from")
	}
	code, _, errs := run(t, "", "solve", "--from", "json", "x.yaml")
	if code != exitUsage || !strings.Contains(errs, "--from") || !strings.Contains(errs, puzzle.FormatList()) {
		t.Errorf("solve --from json: exit %d, %q; want exit 2 naming --from and listing %q", code, errs, puzzle.FormatList())
	}
}

// TestVersion: polytile --version and polytile version print the version.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		code, out, errs := run(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "polytile ") || !strings.Contains(out, "go1.") {
			t.Errorf("polytile %s: exit %d, stdout %q, stderr %q", args[0], code, out, errs)
		}
	}
}

// TestGoModDirectDependencies: modules the code imports are not marked
// "// indirect" in go.mod (go mod tidy keeps it so).
func TestGoModDirectDependencies(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, mod := range []string{"github.com/spf13/cobra", "github.com/spf13/pflag", "gopkg.in/yaml.v3", "github.com/olekukonko/tablewriter", "golang.org/x/image"} {
		m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(mod) + ` v\S+(.*)$`).FindStringSubmatch(string(data))
		if m == nil {
			t.Errorf("go.mod does not require %s", mod)
		} else if strings.Contains(m[1], "indirect") {
			t.Errorf("go.mod marks the direct dependency %s as indirect", mod)
		}
	}
}
