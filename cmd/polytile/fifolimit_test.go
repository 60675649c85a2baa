package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestTimeLimitWaitingForFIFOReader: a --time-limit that ends while -o
// waits for a FIFO's reader is the time limit, exit 1 (docs/reliability.md),
// not a usage error. Before the fix it was exit 2.
func TestTimeLimitWaitingForFIFOReader(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "out")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	code, _, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--render", "ascii", "-o", fifo, "--time-limit", "300ms")
	if code != exitNoSolution || !strings.Contains(errs, "time limit reached") || !strings.Contains(errs, "no reader opened the FIFO") {
		t.Errorf("exit %d, %q; want exit 1 naming the time limit", code, errs)
	}
}

// TestTimeLimitWaitingForFIFOReaderJSON: the same for the --json summary
// written to -o (a shard's result), which used to be opened only after the
// search, without the time limit: with no reader the command waited until
// a signal.
func TestTimeLimitWaitingForFIFOReaderJSON(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "out.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	done := make(chan struct{})
	var code int
	var errs string
	go func() {
		defer close(done)
		code, _, errs = run(t, "", "solve", example("pentomino-10x6.yaml"), "--count", "--json", "-o", fifo, "--time-limit", "300ms")
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("solve --json -o FIFO without a reader did not stop at its --time-limit")
	}
	if code != exitNoSolution || !strings.Contains(errs, "time limit reached") {
		t.Errorf("exit %d, %q; want exit 1 naming the time limit", code, errs)
	}
}
