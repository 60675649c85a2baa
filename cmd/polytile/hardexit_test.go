package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHardExitRemovesTemporaries: the watchdog (the command still running
// stopGrace after SIGINT, here HiGHS's presolve) and a second signal (GNU
// timeout -s INT signals twice) end the process with os.Exit, which runs
// no deferred Abort; the temporary file of -o must be removed all the same
// (atomicfile.RemoveTemps), leaving the directory as it was.
func TestHardExitRemovesTemporaries(t *testing.T) {
	fill, err := filepath.Abs(example("fill-61x61.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		signals int
		want    string
	}{
		{"watchdog", 1, "still running"},
		{"second signal", 2, "second signal"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(binary(t), "solve", fill, "--max-coverage", "--backend", "highs", "--no-warm-start", "-q", "-o", "h.svg")
			cmd.Dir = dir
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// The -o temporary exists from before the search; HiGHS's
			// presolve runs for seconds after the model is built.
			time.Sleep(1500 * time.Millisecond)
			for n := range c.signals {
				if n > 0 {
					time.Sleep(100 * time.Millisecond)
				}
				cmd.Process.Signal(syscall.SIGINT)
			}
			cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(errb.String(), c.want) {
				t.Fatalf("exit %d, want 130 through the %s path: %s", code, c.name, errb.String())
			}
			ents, _ := os.ReadDir(dir)
			for _, e := range ents {
				t.Errorf("the %s exit left %s behind", c.name, e.Name())
			}
		})
	}
}
