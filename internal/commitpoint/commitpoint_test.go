package commitpoint

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/polytile/polytile/internal/atomicfile"
)

// create opens two outputs in dir with their content written.
func create(t *testing.T, dir string) []*atomicfile.File {
	t.Helper()
	var files []*atomicfile.File
	for _, name := range []string{"a.txt", "b.txt"} {
		f, err := atomicfile.Create(filepath.Join(dir, name), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(name)); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// entries lists dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestCommitAllOrNone: with ctx live both files are in place and the
// point is committed; with ctx done neither is, no temporary file is
// left, and the error keeps the cancellation.
func TestCommitAllOrNone(t *testing.T) {
	dir := t.TempDir()
	var p Point
	if err := p.Commit(context.Background(), create(t, dir)...); err != nil {
		t.Fatal(err)
	}
	if got := entries(t, dir); len(got) != 2 || got[0] != "a.txt" || got[1] != "b.txt" {
		t.Errorf("after a commit: %v", got)
	}
	p.Lock()
	if !p.Committed() {
		t.Error("not Committed after a commit")
	}
	p.Unlock()

	dir = t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var q Point
	err := q.Commit(ctx, create(t, dir)...)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("commit after the stop: %v, want context.Canceled", err)
	}
	if got := entries(t, dir); len(got) != 0 || q.Committed() {
		t.Errorf("after a stopped commit: %v, committed %v", got, q.Committed())
	}
}

// TestLockUntil: a free point is locked at once; a held one gives way to
// a signal or to grace, and is locked once released.
func TestLockUntil(t *testing.T) {
	var p Point
	if got := p.LockUntil(nil, nil); got != Locked {
		t.Fatalf("a free point: %v", got)
	}
	sigs := make(chan os.Signal, 1)
	sigs <- syscall.SIGINT
	if got := p.LockUntil(sigs, nil); got != Signaled {
		t.Errorf("held, then a signal: %v", got)
	}
	if got := p.LockUntil(nil, time.After(10*time.Millisecond)); got != TimedOut {
		t.Errorf("held past grace: %v", got)
	}
	go func() {
		time.Sleep(10 * time.Millisecond)
		p.Unlock()
	}()
	if got := p.LockUntil(nil, time.After(10*time.Second)); got != Locked {
		t.Errorf("held, then released: %v", got)
	}
	p.Unlock()
}
