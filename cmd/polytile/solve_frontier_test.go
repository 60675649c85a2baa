package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// dominoYAML is a board of the given size tiled by dominoes.
func dominoYAML(size string) string {
	return "name: dominoes " + size + "\nboard: " + size + "\norientations: free\ncount: unlimited\npieces:\n  D: \"##\"\n"
}

// TestSolveFrontierCount checks solve --backend frontier --count: the
// counts of FILA on a small board (all and unique), and a count beyond
// 2^64 written exactly, as a string in JSON.
func TestSolveFrontierCount(t *testing.T) {
	dir := t.TempDir()
	d6 := writeFile(t, dir, "d6.yaml", dominoYAML("6x6"))
	code, out, errs := run(t, "", "solve", d6, "--backend", "frontier", "--count", "--unique")
	if code != 0 || !strings.Contains(out, "solutions   6728 (") || !strings.Contains(out, "Fix(rotate180)") {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	_, fila, _ := run(t, "", "solve", d6, "--backend", "fila", "--count", "--unique")
	want := fila[strings.Index(fila, "solutions"):]
	want = want[:strings.Index(want, "\n")]
	if !strings.Contains(out, want) {
		t.Errorf("frontier:\n%s\nFILA's line: %s", out, want)
	}
	d16 := writeFile(t, dir, "d16.yaml", dominoYAML("16x16"))
	code, out, errs = run(t, "", "solve", d16, "--backend", "frontier", "--count", "--json")
	var o struct {
		Solutions any    `json:"solutions"`
		Backend   string `json:"backend"`
		Complete  bool   `json:"complete"`
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s%s", code, err, out, errs)
	}
	if o.Solutions != "2444888770250892795802079170816" || o.Backend != "frontier" || !o.Complete {
		t.Errorf("16x16 dominoes: %+v, want the count as a string (OEIS A004003)", o)
	}
}

// TestSolveFrontierChoice checks the automatic choice of solve --count
// without --backend: FILA for the 12 pentominoes on 10x6, the frontier for
// dominoes, each saying why on the backend line.
func TestSolveFrontierChoice(t *testing.T) {
	code, out, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--count")
	if code != 0 || !strings.Contains(out, "backend     fila (") || !strings.Contains(out, "chosen automatically: FILA") || !strings.Contains(out, "solutions   9356") {
		t.Errorf("10x6: exit %d: %s%s", code, out, errs)
	}
	d8 := writeFile(t, t.TempDir(), "d8.yaml", dominoYAML("8x8"))
	code, out, errs = run(t, "", "solve", d8, "--count")
	if code != 0 || !strings.Contains(out, "backend     frontier (") || !strings.Contains(out, "chosen automatically: frontier") || !strings.Contains(out, "solutions   12988816") {
		t.Errorf("8x8 dominoes: exit %d: %s%s", code, out, errs)
	}
}

// TestSolveFrontierMaxCoverage checks --max-coverage --backend frontier on
// tetris-7x7 (48 of 49, optimal), and the refusals: a puzzle out of reach
// and flags the frontier does not read (exit 2).
func TestSolveFrontierMaxCoverage(t *testing.T) {
	code, out, errs := run(t, "", "solve", example("tetris-7x7.yaml"), "--max-coverage", "--backend", "frontier")
	if code != 0 || !strings.Contains(out, "48 of 49 cells, optimal") || !strings.Contains(out, "backend     frontier") {
		t.Errorf("exit %d: %s%s", code, out, errs)
	}
	for _, args := range [][]string{
		{"solve", example("tetris-cube.yaml"), "--backend", "frontier", "--count"},
		{"solve", example("tetris-7x7.yaml"), "--backend", "frontier"},
		{"solve", example("tetris-7x7.yaml"), "--backend", "frontier", "--count", "--heuristic", "f"},
		{"solve", example("tetris-7x7.yaml"), "--backend", "frontier", "--count", "--limit", "3"},
		{"solve", example("tetris-7x7.yaml"), "--backend", "frontier", "--count", "-o", filepath.Join(t.TempDir(), "x.svg")},
	} {
		if code, out, errs := run(t, "", args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d: %s%s", args[2:], code, out, errs)
		}
	}
}
