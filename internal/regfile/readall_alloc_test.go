package regfile

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestReadAllOneBuffer: a regular file is read into one buffer of its
// size (textio.ReadAtMost): io.ReadAll's growing buffer allocated more
// than twice the file (a 64 MiB merge result peaked at 130 MiB and more).
// Counted in bytes allocated, not time.
func TestReadAllOneBuffer(t *testing.T) {
	const size = 8 << 20
	path := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(path, bytes.Repeat([]byte("x"), size), 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	data, err := ReadAll(path, 64<<20)
	runtime.ReadMemStats(&after)
	if err != nil || len(data) != size {
		t.Fatalf("%d bytes, %v", len(data), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > size+size/4 {
		t.Errorf("reading %d bytes allocated %d bytes, want about the file's size", size, got)
	}
}
