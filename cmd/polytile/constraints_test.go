package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/polytile/polytile/compare"
)

// tinyConstrained is X F L P U in 5x5 (8 solutions, 1 unique without
// constraints) plus a constraint: with P's corner at (0,0), 2 solutions
// remain, mirror images under the diagonal: 1 unique (brute force in
// native/constraints_test.go).
const tinyConstrained = "board: 5x5\npieces:\n  X: \".#./###/.#.\"\n  F: \".##/##./.#.\"\n  L: \"####/#...\"\n" +
	"  P: \"##/##/#.\"\n  U: \"#.#/###\"\n"

// TestCompareConstraints runs every backend on puzzles with a placement
// constraint (a piece at a position; cells to leave empty) and checks that
// they all agree: the native solvers and HiGHS count, the external MIP
// solvers find a tiling from the LP export that Verify (which checks the
// constraint) accepts, and maximum coverage on a puzzle the constraint
// makes infeasible.
func TestCompareConstraints(t *testing.T) {
	dir := t.TempDir()
	at := filepath.Join(dir, "at.yaml")
	os.WriteFile(at, []byte(tinyConstrained+"constraints:\n  P: {at: [0, 0]}\n"), 0o644)
	code, out, errs := run(t, "", "compare", at, "-b", "dlx fila:f,nof fila:e,nof highs glpsol cbc", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	tab := compareJSON(t, out).Tables[0]
	if tab.Answer != "2 solutions (1 unique)" || !tab.Agree {
		t.Errorf("answer %q: %+v", tab.Answer, tab)
	}
	for _, r := range tab.Rows {
		if r.Status != compare.OK && r.Status != compare.Skipped {
			t.Errorf("%s: %s %s", r.Backend, r.Status, r.Reason)
		}
	}
	// X in the corner leaves the corner cell isolated: no exact tiling.
	// Cell (0,0) is also to stay empty, so it is not a cell to cover: the
	// remaining 24 cells take at most 4 pentominoes (20 cells).
	mc := filepath.Join(dir, "mc.yaml")
	os.WriteFile(mc, []byte(tinyConstrained+"empty: [[0, 0]]\nconstraints:\n  X: {at: [0, 0]}\n"), 0o644)
	code, out, errs = run(t, "", "compare", mc, "-b", "native highs:seed highs:packing", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	tab = compareJSON(t, out).Tables[0]
	// 24 cells and pentominoes: at most 4 pieces, 20 cells (the area
	// bound), reached by the tiling Verify accepted.
	if tab.Kind != "max-coverage" || !tab.Agree || tab.Answer != "20 of 24 cells" {
		t.Fatalf("%s %q: %+v", tab.Kind, tab.Answer, tab)
	}
}

// TestInfoShowsConstraints checks that info marks a constrained piece and
// counts only its allowed images: P with its corner at (0,0) in 5x5 has one
// image per orientation (8); the unconstrained X has 9.
func TestInfoShowsConstraints(t *testing.T) {
	file := filepath.Join(t.TempDir(), "at.yaml")
	os.WriteFile(file, []byte(tinyConstrained+"constraints:\n  P: {at: [0, 0]}\n"), 0o644)
	code, out, errs := run(t, "", "info", file, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var in puzzleInfo
	if err := json.Unmarshal([]byte(out), &in); err != nil {
		t.Fatal(err)
	}
	for _, pc := range in.Pieces {
		want := pc.Name == "P"
		if pc.Constrained != want || (pc.Name == "P" && pc.Images != 8) || (pc.Name == "X" && pc.Images != 9) {
			t.Errorf("%+v", pc)
		}
	}
}
