package atomicfile

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteCommits(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := Write(context.Background(), path, nil, func(w io.Writer) error { _, err := io.WriteString(w, "hello"); return err }); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "hello" {
		t.Fatalf("got %q, %v", b, err)
	}
	assertOnly(t, dir, "out.txt")
}

func TestFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	boom := errors.New("boom")
	err := Write(context.Background(), path, nil, func(w io.Writer) error {
		io.WriteString(w, "partial")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("got %v", err)
	}
	assertOnly(t, dir)
}

func TestFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	os.WriteFile(path, []byte("old"), 0o644)
	Write(context.Background(), path, nil, func(w io.Writer) error { io.WriteString(w, "new"); return errors.New("x") })
	b, _ := os.ReadFile(path)
	if string(b) != "old" {
		t.Fatalf("old file replaced by %q", b)
	}
}

func TestUnwritableDirectory(t *testing.T) {
	err := Write(context.Background(), filepath.Join(t.TempDir(), "missing", "out.txt"), nil, func(w io.Writer) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "cannot write") {
		t.Fatalf("got %v", err)
	}
}

func TestFailedWriteIsAnError(t *testing.T) {
	// A write that fails (here: the temporary file was closed under us, as a
	// full disk or a lost mount would make it fail) must surface in Commit
	// and leave no file behind.
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	f, err := Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.f.Close()
	if _, err := f.Write([]byte("x")); err == nil {
		t.Fatal("write to a closed file succeeded")
	}
	if err := f.Commit(); err == nil || !strings.Contains(err.Error(), "writing") {
		t.Fatalf("Commit after a failed write: %v", err)
	}
	assertOnly(t, dir)
}

func TestCancelledWriteLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	err := Write(ctx, filepath.Join(dir, "out.txt"), nil, func(w io.Writer) error {
		for n := 0; ; n++ {
			if n == 100 {
				cancel()
			}
			if _, err := io.WriteString(w, "line\n"); err != nil {
				return err
			}
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v", err)
	}
	assertOnly(t, dir)
}

func TestStdout(t *testing.T) {
	var b bytes.Buffer
	if err := Write(context.Background(), "-", &b, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }); err != nil || b.String() != "x" {
		t.Fatalf("%q %v", b.String(), err)
	}
}

func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Fatalf("directory holds %v, want %v", got, names)
	}
}

func ExampleWrite() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "tiling.txt")
	_ = Write(context.Background(), path, os.Stdout, func(w io.Writer) error {
		_, err := io.WriteString(w, "AABBB\n")
		return err
	})
	b, _ := os.ReadFile(path)
	os.Stdout.Write(b)
	// Output: AABBB
}
