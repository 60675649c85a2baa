package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestCompanionWritesStopOnCancel: export's companion outputs (--start,
// --highs-options-file) are written through a writer that fails once the
// command's context is done, as Write's is: a start file of three million
// columns (1024x1024 unlimited monominoes and dominoes, 50 MB) was written
// to the end after Ctrl-C, until the watchdog ended the process a second
// later ("still running 1s after the signal").
func TestCompanionWritesStopOnCancel(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.mst")
	ctx, cancel := context.WithCancel(context.Background())
	var b Batch
	defer b.Abort()
	var afterCancel error
	err := b.Write(ctx, path, io.Discard, func(w io.Writer) error {
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
		t.Errorf("Batch.Write returned nil after the cancel")
	}
	b.Abort()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the cancelled companion exists: %v", err)
	}
}

// TestBatchCommitOrder: Files gives the last written first, then the
// others in order; committed, all are in place, and Abort after the
// commit leaves them.
func TestBatchCommitOrder(t *testing.T) {
	dir := t.TempDir()
	var b Batch
	defer b.Abort()
	names := []string{"start", "opt", "prog"}
	for _, n := range names {
		if err := b.Write(context.Background(), filepath.Join(dir, n), nil, func(w io.Writer) error {
			_, err := io.WriteString(w, n)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(dir, n)); !os.IsNotExist(err) {
			t.Errorf("%s is in place before the commit: %v", n, err)
		}
	}
	var got []string
	for _, f := range b.Files() {
		got = append(got, filepath.Base(f.path))
		if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"prog", "start", "opt"}; !slices.Equal(got, want) {
		t.Errorf("commit order %v, want %v", got, want)
	}
	b.Abort()
	assertOnly(t, dir, "opt", "prog", "start")
}

func ExampleBatch() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	var b Batch
	defer b.Abort()
	for _, name := range []string{"t.start", "t.lp"} {
		b.Write(context.Background(), filepath.Join(dir, name), nil, func(w io.Writer) error {
			_, err := io.WriteString(w, name+"\n")
			return err
		})
	}
	for _, f := range b.Files() {
		f.Commit()
	}
	lp, _ := os.ReadFile(filepath.Join(dir, "t.lp"))
	fmt.Print(string(lp))
	// Output: t.lp
}
