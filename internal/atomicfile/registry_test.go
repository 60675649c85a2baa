package atomicfile

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestRemoveTemps: the temporary file of an output being written is
// removed by RemoveTemps (what a hard exit calls), a Commit after it fails
// without creating the target, and so does a later Create; an output that
// was committed before is untouched; a MkdirTemp directory is removed
// with what it holds.
func TestRemoveTemps(t *testing.T) {
	defer func() { temps.mu.Lock(); temps.stopped = false; temps.mu.Unlock() }()
	dir := t.TempDir()
	done := filepath.Join(dir, "done.txt")
	if err := Write(context.Background(), done, nil, func(w io.Writer) error { _, err := io.WriteString(w, "kept"); return err }); err != nil {
		t.Fatal(err)
	}
	f, err := Create(filepath.Join(dir, "out.txt"), nil)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "partial")
	tmpDir, rm, err := MkdirTemp("polytile-test-")
	if err != nil {
		t.Fatal(err)
	}
	defer rm()
	os.WriteFile(filepath.Join(tmpDir, "model.lp"), []byte("big"), 0o644)
	if n := RemoveTemps(); n != 2 {
		t.Errorf("RemoveTemps removed %d files and directories, want 2", n)
	}
	if _, err := os.Stat(tmpDir); !os.IsNotExist(err) {
		t.Errorf("the MkdirTemp directory is still there: %v", err)
	}
	if _, _, err := MkdirTemp("polytile-test-"); err == nil {
		t.Error("MkdirTemp after RemoveTemps succeeded")
	}
	assertOnly(t, dir, "done.txt")
	if err := f.Commit(); err == nil {
		t.Error("Commit after RemoveTemps succeeded")
	}
	if _, err := Create(filepath.Join(dir, "new.txt"), nil); err == nil {
		t.Error("Create after RemoveTemps succeeded")
	}
	assertOnly(t, dir, "done.txt")
	if b, _ := os.ReadFile(done); string(b) != "kept" {
		t.Errorf("committed file now %q", b)
	}
}
