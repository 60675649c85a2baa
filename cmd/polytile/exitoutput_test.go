package main

import (
	"errors"
	"os/exec"
	"testing"
)

// exitAndOutput runs cmd and returns its exit code and combined output;
// a command that cannot be started fails the test.
func exitAndOutput(t *testing.T, cmd *exec.Cmd) (int, string) {
	t.Helper()
	b, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), string(b)
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, string(b)
}
