package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckRefusesShortAndFullName: with --names, a solution that lists a
// fixed-MPS short name and the full name it maps to gave the column one of
// the two values, which one by the map's order (a verdict that changed
// from run to run). It is a name listed twice: exit 2, as the readers do.
func TestCheckRefusesShortAndFullName(t *testing.T) {
	dir := t.TempDir()
	puzzle := filepath.Join(dir, "p.yaml")
	if err := os.WriteFile(puzzle, []byte("board: 3x3\npieces:\n  I: \"###\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mps := filepath.Join(dir, "p.mps")
	if code, _, errs := run(t, "", "export", puzzle, "--format", "fixed-mps", "--max-coverage", "-o", mps, "-q"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(mps)
	if err != nil {
		t.Fatal(err)
	}
	full := ""
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "*" && f[1] == "X0000001" {
			full = f[2]
		}
	}
	if !strings.HasPrefix(full, "x_I_") {
		t.Fatalf("no mapping of X0000001 in %s", data)
	}
	for _, text := range []string{"X0000001 1\n" + full + " 0\n", full + " 1\nX0000001 1\n"} {
		sol := filepath.Join(dir, "s.sol")
		if err := os.WriteFile(sol, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "", "check", puzzle, sol, "--max-coverage", "--names", mps)
		if code != 2 || !strings.Contains(errs, "both name column") || out != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2", text, code, out, errs)
		}
	}
}
