package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestExportDLXTooLargeRefused: a 4-line puzzle whose dlx1 export would
// be 1.4 GB (1,048,576 monomino copies, each of the 100 images written
// once per copy) is refused with exit 2 before -o is created (it wrote
// 1.4 GB in 8 s; a 1000x1000 board would have been about 10^13 bytes).
func TestExportDLXTooLargeRefused(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "big2.yaml")
	os.WriteFile(in, []byte("board: 100x1\ncount: 1048576\npieces:\n  I: \"#\"\n"), 0o644)
	out := filepath.Join(dir, "out.dlx")
	start := time.Now()
	code, _, errs := run(t, "", "export", in, "--format", "dlx", "--dialect", "dlx1", "-o", out)
	if code != exitUsage || !strings.Contains(errs, "more than the limit") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the refusal took %v", d)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("-o exists after the refusal: %v", err)
	}
	// The dlx3 file of the same puzzle is small and written.
	if code, _, errs := run(t, "", "export", in, "--format", "dlx", "-o", out); code != 0 {
		t.Errorf("dlx3: exit %d: %s", code, errs)
	}
}
