package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRedundancyOnDroppedPiece: an unlimited piece that fits nowhere is
// left out of an exact count (with a note); naming it for the redundancy
// filter said 'no piece named "X"', about a piece the file defines. The
// message now says why it is not there (exit 2, for solve and for
// compare's r=PIECE option). The board: 6 hexagons around a point, two
// bent trihexes V and an unlimited 7-hexagon bar X.
func TestRedundancyOnDroppedPiece(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "d.yaml")
	src := "grid: hex\nboard: \". # #/.# . #/. # #\"\npieces:\n  X:\n    shape: \"# # # # # # #\"\n    count: unlimited\n  V:\n    shape: \"# #/   #\"\n    count: 2\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", path, "--count", "--redundancy", "X"},
		{"compare", path, "--task", "count", "--backends", "fila:r=X"},
	} {
		code, out, errs := run(t, "", args...)
		if !strings.Contains(out+errs, `piece "X" fits nowhere in the board and was left out`) {
			t.Errorf("%v: exit %d, want the reason X is not there: %s%s", args, code, out, errs)
		}
		if args[0] == "solve" && code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
