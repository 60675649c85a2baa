package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

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
