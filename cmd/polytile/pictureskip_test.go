package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/polytile/polytile/internal/atomicfile"
)

// TestPictureSkippedIsMarked: a picture whose drawing outlived its grace
// after the stop is not written, with a note, and marked skipped, so that
// solve exits 1 (it exited 0 with the -o file missing).
func TestPictureSkippedIsMarked(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.txt")
	file, err := atomicfile.Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	pc := &pictures{file: file, err: errors.New("drawing stopped"), drawn: 1, late: func() bool { return true }, stderr: &errb}
	if err := pc.finish(nil, (*atomicfile.File).Commit); err != nil {
		t.Fatalf("finish: %v", err)
	}
	if !pc.skipped || !bytes.Contains(errb.Bytes(), []byte("not written")) {
		t.Fatalf("skipped %v, stderr %q", pc.skipped, errb.String())
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatalf("%s written", path)
	}
}
