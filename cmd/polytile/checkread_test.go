package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCheckReadStopsOnSIGINT: check's solution file and --names file
// given as a FIFO with no writer, and a solution on a stdin pipe that
// never ends, stop within a second of SIGINT with exit 130 and no word
// of the watchdog. Before the fix check waited in open or read until the
// watchdog ended it ("still running 1s after the signal (a solver that
// cannot be interrupted, such as HiGHS's presolve)"): the three cases
// failed. Nor does it print "context canceled" (the solution FIFO's read
// printed "reading sol.fifo: context canceled": a usage error that lost
// the cancellation; usageErr keeps it now).
func TestCheckReadStopsOnSIGINT(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "sol.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	puzzle, err := filepath.Abs(example("tetris-7x7.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sol := filepath.Join(dir, "t.sol")
	if err := os.WriteFile(sol, []byte("x1 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		stdin bool
		args  []string
	}{
		{"solution FIFO", false, []string{"check", puzzle, fifo, "--max-coverage"}},
		{"names FIFO", false, []string{"check", puzzle, sol, "--names", fifo, "--solver", "glpk-raw", "--max-coverage"}},
		{"stdin pipe", true, []string{"check", puzzle, "-", "--max-coverage"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(binary(t), c.args...)
			cmd.Dir = dir
			var errb strings.Builder
			cmd.Stderr = &errb
			if c.stdin {
				// A pipe whose write end stays open: the read never ends.
				w, err := cmd.StdinPipe()
				if err != nil {
					t.Fatal(err)
				}
				defer w.Close()
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
				t.Fatalf("check ended before the signal: exit %d, %s", cmd.ProcessState.ExitCode(), errb.String())
			case <-time.After(300 * time.Millisecond):
			}
			sent := time.Now()
			cmd.Process.Signal(syscall.SIGINT)
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				<-done
			}
			took := time.Since(sent)
			code := cmd.ProcessState.ExitCode()
			// Nothing more than the exit, as every command after a signal:
			// a solution FIFO printed "reading sol.fifo: context canceled".
			if code != exitInterrupted || took > time.Second+stopSlack || strings.Contains(errb.String(), "still running") || strings.Contains(errb.String(), "context canceled") {
				t.Errorf("exit %d %v after SIGINT: %s", code, took, errb.String())
			}
		})
	}
}
