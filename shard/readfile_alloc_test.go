package shard

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestReadFileOneBuffer: a result file is read into one buffer of its size
// (textio.ReadAtMost): io.ReadAll's growing buffer, then the first 512
// bytes and the rest joined, allocated more than twice the file (up to
// MaxFileSize, 64 MiB). The file here is "{" and 8 MiB of spaces, not a
// result: what is counted is the reading, in bytes allocated, not time.
func TestReadFileOneBuffer(t *testing.T) {
	const size = 8 << 20
	path := filepath.Join(t.TempDir(), "s0.json")
	data := append([]byte("{"), bytes.Repeat([]byte(" "), size-1)...)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := ReadFile(path)
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Fatal("read as a result")
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > size+size/4 {
		t.Errorf("reading %d bytes allocated %d bytes, want about the file's size", size, got)
	}
}
