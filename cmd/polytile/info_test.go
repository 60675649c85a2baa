package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
)

func TestInfoJSON(t *testing.T) {
	code, out, errs := run(t, "", "info", example("pentomino-10x6.yaml"), "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var in model.Info
	if err := json.Unmarshal([]byte(out), &in); err != nil {
		t.Fatal(err)
	}
	if in.Cells != 60 || in.Images != 2056 || in.CoverEntries != 10280 || len(in.Pieces) != 12 || in.Symmetries != 4 {
		t.Errorf("info: %+v", in)
	}
	for _, pc := range in.Pieces {
		if pc.Name == "X" && (pc.Images != 32 || pc.Orientations != 1) {
			t.Errorf("X: %+v", pc)
		}
	}
}

func TestInfoStdinAndKnuth(t *testing.T) {
	data, err := os.ReadFile(example("pentomino-10x6.knuth"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, string(data), "info", "-", "--from", "knuth", "--json")
	if code != 0 || !strings.Contains(out, `"images": 2056`) {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
}

// The 35 hexominoes cannot fill 15x14: info says so and gives the
// colouring proof (the signed checkerboard bound of model.CoverageBound).
func TestInfoHexominoColouringProof(t *testing.T) {
	code, out, errs := run(t, "", "info", example("hexomino-15x14.yaml"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"pieces          35, 210 cells (no exact tiling: the coverage bound is below the area; use --max-coverage)",
		"coverage bound  204 of 210 cells (checkerboard bound 204: the region has 105 black and 105 white cells",
		"24 pieces cover as many black cells as white in every placement, 11 pieces cover 2 more of one colour than of the other",
		"add up to 105 - 105 = 0, which no choice of signs does",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("info does not say %q:\n%s", want, out)
		}
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
	var in model.Info
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

// TestInfoNamesAndCopies: the pieces line counts names and copies when a
// name has more than one copy or an unlimited supply (issue 34 item 9:
// "pieces 2" for two names, one of count 2), and stays "pieces 12" when
// every name is one copy.
func TestInfoNamesAndCopies(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ yaml, want string }{
		{"name: t\nboard: 4x3\npieces:\n  L: {shape: \"#./#./##\", count: 2}\n  I: \"####\"\n", "pieces          2 names, 3 copies, 12 cells (areas match)"},
		{"name: t\nboard: 4x3\npieces:\n  L: {shape: \"#./#./##\", count: 2}\n  I: {shape: \"####\", count: unlimited}\n  O: \"##/##\"\n", "pieces          3 names, 3 finite copies and 1 unlimited, 12 cells in finite pieces"},
		{"name: t\nboard: 4x3\ncount: unlimited\npieces:\n  L: \"#./#./##\"\n  I: \"####\"\n", "pieces          2 names, all unlimited,"},
	} {
		code, out, errs := run(t, "", "info", writeFile(t, dir, "p.yaml", c.yaml))
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("exit %d %s; want %q in:\n%s", code, errs, c.want, out)
		}
	}
	if _, out, _ := run(t, "", "info", example("pentomino-10x6.yaml")); !strings.Contains(out, "pieces          12, 60 cells (areas match)\n") {
		t.Errorf("one copy of each name: %s", out)
	}
}

// TestInfoJSONUnescaped: info --json writes the bound's reason as it
// reads, "<=" and not "\u003c=" (issue 34 item 9).
func TestInfoJSONUnescaped(t *testing.T) {
	code, out, errs := run(t, "", "info", example("pentomino-10x6.yaml"), "--json")
	if code != 0 || !strings.Contains(out, "60 <= 60") || strings.Contains(out, `\u003c`) {
		t.Errorf("exit %d %s: %s", code, errs, out)
	}
}
