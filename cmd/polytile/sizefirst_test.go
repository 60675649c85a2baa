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
