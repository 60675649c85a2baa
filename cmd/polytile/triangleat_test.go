package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTriangleAtRoundTrip: on the triangle grid the corner of a placement
// (JSON "at", the `at` constraint) is an up-triangle position, so a piece
// whose leftmost triangle is a down triangle in column 0 has its corner in
// column -1. solve --json printed such a corner, but `at: [1, -1]` was
// refused ("a coordinate must be an integer from 0"): a placement polytile
// reports could not be pinned. Board ".##/###" (a down triangle at (1, 0))
// with a diamond A and a triamond B has 2 tilings by hand (A covers (1,0)
// and (1,1), or (0,1) and (0,2); its other two positions leave B's
// triangles apart); pinning each piece at each corner printed for it must
// keep its tiling, and A at [1, -1] leaves exactly 1.
func TestTriangleAtRoundTrip(t *testing.T) {
	dir := t.TempDir()
	const base = "name: corner\ngrid: triangle\nboard: |\n  .##\n  ###\npieces:\n  A: \"##\"\n  B: \".##/..#\"\n"
	path := filepath.Join(dir, "p.yaml")
	if err := os.WriteFile(path, []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "solve", path, "--limit", "10", "--json", "-q")
	var res struct {
		Tilings [][]struct {
			Piece string `json:"piece"`
			At    []int  `json:"at"`
		} `json:"tilings"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
		t.Fatalf("solve: exit %d, %v: %s%s", code, err, out, errs)
	}
	if len(res.Tilings) != 2 {
		t.Fatalf("%d tilings, want 2 (by hand)", len(res.Tilings))
	}
	sawMinus := false
	for _, tl := range res.Tilings {
		for _, pl := range tl {
			sawMinus = sawMinus || pl.At[1] < 0
			pinned := filepath.Join(dir, "pinned.yaml")
			doc := base + fmt.Sprintf("constraints:\n  %s:\n    at: [%d, %d]\n", pl.Piece, pl.At[0], pl.At[1])
			if err := os.WriteFile(pinned, []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errs := run(t, "", "solve", pinned, "--count", "-q")
			if code != 0 || !strings.Contains(out, "solutions   1 ") {
				t.Errorf("%s at %v (printed by solve --json): exit %d, want 1 solution: %s%s", pl.Piece, pl.At, code, out, errs)
			}
		}
	}
	if !sawMinus {
		t.Error("no placement with its corner in column -1: the test no longer covers the case")
	}
	// The column may be -1 on the triangle grid only, and no less.
	for _, c := range []struct{ doc, want string }{
		{base + "constraints:\n  A:\n    at: [1, -2]\n", `not "-2"`},
		{"grid: hex\nboard: \"# #\"\npieces:\n  A: \"#\"\nconstraints:\n  A:\n    at: [0, -1]\n", `not "-1"`},
		{base + "constraints:\n  A:\n    at: [-1, -1]\n", `not "-1"`},
	} {
		if err := os.WriteFile(path, []byte(c.doc), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, errs := run(t, "", "info", path); code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, want 2 with %s: %s", c.doc, code, c.want, errs)
		}
	}
}
