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

// TestSignalWaitingForFIFOReader: SIGINT while -o waits for a FIFO's
// reader (solve's result, its picture, render, export) exits 130 with
// nothing more, as every command after a signal; it printed "polytile:
// -o: cannot write out.json: no reader opened the FIFO: context canceled"
// (usageErr's %v lost the cancellation).
func TestSignalWaitingForFIFOReader(t *testing.T) {
	dir := t.TempDir()
	in := copyExample(t, dir, "pentomino-10x6.yaml")
	for _, c := range []struct{ name, fifo string }{
		{"solve json", "out.json"},
		{"solve picture", "out.svg"},
		{"render", "r.svg"},
		{"export", "p.lp"},
	} {
		fifo := filepath.Join(dir, c.fifo)
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip("no FIFO:", err)
		}
		args := map[string][]string{
			"solve json":    {"solve", in, "--count", "--shard", "0/2", "--json", "-o", fifo},
			"solve picture": {"solve", in, "-o", fifo},
			"render":        {"render", in, "-o", fifo},
			"export":        {"export", in, "--format", "lp", "-o", fifo},
		}[c.name]
		code, _, errs, _ := interrupt(t, syscall.SIGINT, 300*time.Millisecond, dir, append(args, "-q")...)
		if code != exitInterrupted || strings.TrimSpace(errs) != "" {
			t.Errorf("%s: exit %d, stderr %q; want 130 and nothing", c.name, code, errs)
		}
	}
}
