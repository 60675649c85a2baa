package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGroupOrderDegenerateBoard: the order solve --unique and info print
// is that of the group acting on the tilings, the distinct maps of the
// board's cells: 2 on a 3x1 strip (its 2 tilings by a domino and a
// monomino are one class), where 4 was printed (the plane transforms
// that map the strip onto itself: the mirror in its long axis moves no
// cell, and the half turn and the other mirror are one map). A symmetric
// puzzle says the same order for the whole group. The counts are
// unchanged.
func TestGroupOrderDegenerateBoard(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "strip.yaml")
	if err := os.WriteFile(path, []byte("name: strip\nboard: 3x1\npieces:\n  D: \"##\"\n  M: \"#\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sym := filepath.Join(dir, "sym.yaml")
	if err := os.WriteFile(sym, []byte("name: sym\nboard: 3x1\npieces:\n  M: {shape: \"#\", count: 3}\nsymmetric: [rotate180, mirror-vertical]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "solve", path, "--count", "--unique")
	if code != 0 || !strings.Contains(out, "solutions   2 (1 unique under a symmetry group of order 2)") {
		t.Errorf("solve --unique: exit %d:\n%s%s", code, out, errs)
	}
	code, out, errs = run(t, "", "solve", path, "--count", "--unique", "--json")
	var o struct {
		Solutions, Unique int64
		Symmetries        int
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 || o.Solutions != 2 || o.Unique != 1 || o.Symmetries != 2 {
		t.Errorf("solve --json: exit %d, %+v (%v): %s", code, o, err, errs)
	}
	code, out, errs = run(t, "", "info", path)
	if code != 0 || !strings.Contains(out, "group of order 2 ") {
		t.Errorf("info: exit %d:\n%s%s", code, out, errs)
	}
	// The symmetric key's group and the whole group: both of order 2,
	// and the one tiling (three monominoes) is counted once.
	code, out, errs = run(t, "", "solve", sym, "--count", "--unique")
	if code != 0 || !strings.Contains(out, "(a group of order 2)") || !strings.Contains(out, "solutions   1 (1 unique under a symmetry group of order 2)") {
		t.Errorf("solve symmetric: exit %d:\n%s%s", code, out, errs)
	}
}
