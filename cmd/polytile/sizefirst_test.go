package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestOversizedFilesRefusedBeforeReading: a regular file over its reader's
// limit is refused from its size (fstat), not after reading up to the
// limit: a puzzle over 16 MiB, a shard result or checkpoint over 64 MB.
// The files are sparse; the test measures the bytes allocated by the
// refusal.
func TestOversizedFilesRefusedBeforeReading(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string, size int64) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		f.Truncate(size)
		f.Close()
		return path
	}
	puzzle := sparse("big.yaml", 17<<20)
	result := sparse("big.json", 65<<20)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"info", puzzle}, "larger than 16777216 bytes"},
		{[]string{"merge", result}, "no shard result among the files"},
		{[]string{"solve", example("pentomino-10x6.yaml"), "--count", "--checkpoint", result, "-q"}, "larger than 67108864 bytes"},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		code, _, errs := run(t, "", c.args...)
		runtime.ReadMemStats(&after)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 naming %q", c.args, code, errs, c.want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
			t.Errorf("%v: %d MB allocated before the refusal; want it refused from its size", c.args, alloc>>20)
		}
	}
}

// TestOversizedStdinRefusedBeforeReading: stdin redirected from a regular
// file over its reader's limit ("polytile info - < big.yaml", a solution
// file given to check as "-") is refused from its size (fstat and the
// offset) too, not after reading up to the limit (16 MiB of puzzle, 256
// MiB of solution, read before). The files are sparse; the test measures
// the bytes allocated by the refusal.
func TestOversizedStdinRefusedBeforeReading(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string, size int64) *os.File {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		f.Truncate(size)
		f.Close()
		f, err = os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	for _, c := range []struct {
		stdin *os.File
		args  []string
		want  string
	}{
		{sparse("big.yaml", 17<<20), []string{"info", "-"}, "larger than 16777216 bytes"},
		{sparse("big.sol", 257<<20), []string{"check", example("pentomino-10x6.yaml"), "-"}, "larger than 268435456 bytes"},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var out, errb strings.Builder
		code := Main(c.args, c.stdin, &out, &errb)
		runtime.ReadMemStats(&after)
		if code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want 2 naming %q", c.args, code, errb.String(), c.want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
			t.Errorf("%v: %d MB allocated before the refusal; want it refused from its size", c.args, alloc>>20)
		}
	}
}
