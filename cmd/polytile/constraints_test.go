package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

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
