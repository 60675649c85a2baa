package ctxio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadFileRefuses: a directory and a device are ErrNotRegular, a file
// or stdin past the limit ErrTooLarge, a missing file fs.ErrNotExist; a
// file within the limit is read without its byte-order mark.
func TestReadFileRefuses(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("\uFEFFabc"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cases := []struct {
		path  string
		stdin string
		limit int64
		want  error
	}{
		{dir, "", 10, ErrNotRegular},
		{"/dev/null", "", 10, ErrNotRegular},
		{small, "", 5, ErrTooLarge},
		{"-", "0123456789", 5, ErrTooLarge},
		{filepath.Join(dir, "missing"), "", 10, os.ErrNotExist},
	}
	for _, c := range cases {
		if _, err := ReadFile(ctx, c.path, strings.NewReader(c.stdin), c.limit); !errors.Is(err, c.want) {
			t.Errorf("%s (limit %d): %v, want %v", c.path, c.limit, err, c.want)
		}
	}
	if _, err := ReadFile(ctx, "-", nil, 6); err == nil {
		t.Error("stdin without a reader: no error")
	}
	if data, err := ReadFile(ctx, small, nil, 6); err != nil || string(data) != "abc" {
		t.Errorf("small file: %q, %v", data, err)
	}
	if data, err := ReadFile(ctx, "-", strings.NewReader("x y"), 3); err != nil || string(data) != "x y" {
		t.Errorf("stdin at the limit: %q, %v", data, err)
	}
}

// TestReadFileFIFOWithoutWriter: the open of a FIFO that nobody writes
// blocks, and ReadFile returns ctx's error once ctx ends.
func TestReadFileFIFOWithoutWriter(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := ReadFile(ctx, path, nil, 10)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err %v, want the context's", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("returned after %v", d)
	}
	// Unblock the abandoned open so the goroutine ends.
	if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
		f.Close()
	}
}

// TestAwait: Await returns fn's value, or ok false once ctx ends first.
func TestAwait(t *testing.T) {
	if v, ok := Await(context.Background(), func() int { return 7 }); v != 7 || !ok {
		t.Errorf("Await = %d, %v", v, ok)
	}
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	defer close(release)
	cancel()
	if _, ok := Await(ctx, func() int { <-release; return 1 }); ok {
		t.Error("Await of a blocked call after the cancel reported ok")
	}
}

// TestSolutionReadAllocatesItsSize: a regular solution file is read into
// one buffer of its size; io.ReadAll's growing buffer allocated about
// three times the file (the memory of a 250 MB file, and its failure
// under a ulimit -v that the file itself fits).
func TestSolutionReadAllocatesItsSize(t *testing.T) {
	const size = 16 << 20
	path := filepath.Join(t.TempDir(), "big.sol")
	if err := os.WriteFile(path, bytes.Repeat([]byte("x 0\n"), size/4), 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	data, err := ReadFileWait(context.Background(), path, nil, 256<<20)
	runtime.ReadMemStats(&after)
	if err != nil || len(data) != size {
		t.Fatalf("%d bytes, %v", len(data), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > size*5/4 {
		t.Errorf("reading %d bytes allocated %d", size, got)
	}
}

func ExampleReadFile() {
	data, err := ReadFile(context.Background(), "-", strings.NewReader("s OPTIMUM FOUND\n"), 1<<20)
	fmt.Printf("%q %v\n", data, err)
	_, err = ReadFile(context.Background(), "-", strings.NewReader("too long"), 4)
	fmt.Println(errors.Is(err, ErrTooLarge), err)
	// Output:
	// "s OPTIMUM FOUND\n" <nil>
	// true - is larger than 4 bytes
}
