package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestCompanionWritesStopOnCancel: export's companion outputs (--start,
// --highs-options-file) are written through a writer that fails once the
// command's context is done, as atomicfile.Write's is: a start file of
// three million columns (1024x1024 unlimited monominoes and dominoes,
// 50 MB) was written to the end after Ctrl-C, until the watchdog ended the
// process a second later ("still running 1s after the signal").
func TestCompanionWritesStopOnCancel(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.mst")
	ctx, cancel := context.WithCancel(context.Background())
	var pend pending
	defer pend.abort()
	var afterCancel error
	err := pend.write(ctx, path, io.Discard, func(w io.Writer) error {
		if _, err := w.Write([]byte("x_A_0_0_0 1\n")); err != nil {
			t.Fatalf("write before the cancel: %v", err)
		}
		cancel()
		_, afterCancel = w.Write([]byte("x_A_0_1_0 1\n"))
		return afterCancel
	})
	if !errors.Is(afterCancel, context.Canceled) {
		t.Errorf("a write after the cancel returned %v, want context.Canceled", afterCancel)
	}
	if err == nil {
		t.Errorf("pending.write returned nil after the cancel")
	}
	pend.abort()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the cancelled companion exists: %v", err)
	}
}
