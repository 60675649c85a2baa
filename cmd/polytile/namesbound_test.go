package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCheckNamesBounded: check --names with a file over the 256 MiB limit
// is refused from its size before it is read (a 300 MB file used to be
// read up to 256 MiB first), and a line over 16 MiB is refused naming the
// file, the line and the limit (it was bufio's bare "token too long").
func TestCheckNamesBounded(t *testing.T) {
	dir := t.TempDir()
	file := example("tetris-7x7.yaml")
	start := filepath.Join(dir, "t.mst")
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "-o", filepath.Join(dir, "t.lp"), "--start", start, "-q"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	huge := filepath.Join(dir, "huge.lp")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(300 << 20) // sparse: no disk used
	f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	code, _, errs := run(t, "", "check", file, start, "--max-coverage", "--names", huge)
	runtime.ReadMemStats(&after)
	if code != 2 || !strings.Contains(errs, "larger than 268435456 bytes") {
		t.Errorf("300 MB --names: exit %d, %q", code, errs)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("300 MB --names: %d MB allocated before the refusal, want it refused from its size", alloc>>20)
	}
	long := filepath.Join(dir, "long.lp")
	os.WriteFile(long, []byte("\\ names\nMaximize\n"+strings.Repeat("x", 17<<20)+"\n"), 0o644)
	code, _, errs = run(t, "", "check", file, start, "--max-coverage", "--names", long)
	if code != 2 || !strings.Contains(errs, long+":3: longer than 16777216 bytes") {
		t.Errorf("a 17 MiB line in --names: exit %d, %q", code, errs)
	}
}
