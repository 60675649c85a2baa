package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
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
