package main

import (
	"bytes"
	"syscall"
	"testing"
)

// TestInterruptedExitCodeAlonePrintsNothing: a command that returned an
// exit code alone (its message already printed: the picture not drawn
// within half a second of Ctrl-C, a count of 0) prints no "polytile: exit
// 1" line after a signal. Before the fix solve --limit 9356 -o g.png
// interrupted while drawing ended its stderr with "polytile: exit 1": the
// SIGINT and SIGTERM cases failed.
func TestInterruptedExitCodeAlonePrintsNothing(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, exitInterrupted}, {syscall.SIGTERM, exitTerminated}, {0, exitNoSolution}} {
		var errb bytes.Buffer
		a := &app{stderr: &errb}
		a.signal.Store(int32(c.sig))
		if code := a.exitCode(noSolution); code != c.want || errb.Len() != 0 {
			t.Errorf("signal %d: exit %d, stderr %q; want exit %d and nothing printed", c.sig, code, errb.String(), c.want)
		}
	}
}
