package puzzle

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestReadInputOneBuffer: a regular puzzle file is read into one buffer
// of its size (textio.ReadAtMost): io.ReadAll's growing buffer allocated
// more than twice the file (up to MaxInputSize, 16 MiB). Counted in bytes
// allocated, not time.
func TestReadInputOneBuffer(t *testing.T) {
	const size = 8 << 20
	path := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(path, bytes.Repeat([]byte("#"), size), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	data, err := ReadInput(path, f)
	runtime.ReadMemStats(&after)
	if err != nil || len(data) != size {
		t.Fatalf("%d bytes, %v", len(data), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > size+size/4 {
		t.Errorf("reading %d bytes allocated %d bytes, want about the file's size", size, got)
	}
}
