package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPieceThatFitsNowhere: a piece that fits nowhere on the board is
// legal input with a known answer, not a usage error (it was exit 2 in
// every command). Exact: no tiling, exit 1, naming the piece; an
// unlimited one is left out and the count is the count without it (the
// 12 pentominoes in 10x6 plus an unlimited 11-cell bar: 9,356 / 2,339).
// Maximum coverage: the piece is left out with a note (two O tetrominoes
// fill 4x2 beside an I pentomino: 8 of 8, native and HiGHS).
func TestPieceThatFitsNowhere(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte("name: big\nboard: 4x2\norientations: free\npieces:\n  I: \"#####\"\n  O: {shape: \"##/##\", count: 2}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", big}, {"solve", big, "--count"}, {"export", big, "--format", "lp", "-o", filepath.Join(dir, "x.lp")},
		{"compare", big, "--backends", "native", "--task", "count"},
	} {
		code, _, errs := run(t, "", args...)
		if code != 1 || !strings.Contains(errs, `piece "I" fits nowhere in the board`) {
			t.Errorf("%v: exit %d, want 1 naming the piece: %s", args, code, errs)
		}
	}
	for _, backend := range []string{"fila", "dlx", "highs"} {
		code, out, errs := run(t, "", "solve", big, "--max-coverage", "--json", "--backend", backend)
		var o coverageJSON
		if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 || o.Coverage != 8 || !o.Optimal {
			t.Errorf("max-coverage (%s): exit %d, %+v, %v: %s", backend, code, o, err, errs)
		}
		if !strings.Contains(errs, `note: piece "I" fits nowhere in the board: left out`) {
			t.Errorf("max-coverage (%s): no note on stderr: %q", backend, errs)
		}
	}
	// compare --task auto: no exact tiling (the I must be placed), so the
	// maximum-coverage comparison, as for a puzzle whose areas differ (it
	// was exit 1 "no tiling").
	if code, out, errs := run(t, "", "compare", big, "--backends", "native", "--format", "csv"); code != 0 || !strings.Contains(out, "big,max-coverage,native,ok,,,,8,8,true,") ||
		!strings.Contains(errs, `note: piece "I" fits nowhere in the board: left out`) {
		t.Errorf("compare (auto): exit %d: %s%s", code, out, errs)
	}
	if code, out, errs := run(t, "", "info", big); code != 0 || !strings.Contains(out, "fits nowhere    I") {
		t.Errorf("info: exit %d: %s%s", code, out, errs)
	}
	// No piece fits at all: exit 1 in the exact commands, the first piece
	// named where it is defined (YAML and Knuth). Maximum coverage and info
	// answer 0 cells (TestMaxCoverageWhenNoPieceFits).
	for _, c := range []struct{ file, text, want string }{
		{"a.yaml", "board: 3x3\npieces:\n  I: \"####\"\n", "a.yaml:3:3: piece \"I\" fits nowhere in the board"},
		{"b.yaml", "board: 3x3\npieces:\n  I: \"####\"\n  J: \"##/##/##/##\"\n", "b.yaml:3:3: piece \"I\" fits nowhere in the board, nor does the other piece, \"J\""},
		{"c.yaml", "board: 3x3\npieces:\n  I: \"####\"\n  J: \"##/##/##/##\"\n  K: \"#####\"\n", "c.yaml:3:3: piece \"I\" fits nowhere in the board, nor do the 2 other pieces"},
		{"a.knuth", "[0-9][0-5]\nX 1g 11 21 12 10\n", "a.knuth:2:1: piece \"X\" fits nowhere in the board"},
	} {
		path := filepath.Join(dir, c.file)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range [][]string{{"solve", path}, {"solve", path, "--count"}, {"export", path, "--format", "lp"}} {
			code, out, errs := run(t, "", cmd...)
			want := "polytile: no tiling: " + filepath.Join(dir, c.want)
			// exact: the first finite piece that fits nowhere ends it
			want, _, _ = strings.Cut(want, ", nor do")
			if code != 1 || !strings.HasPrefix(errs, want) || strings.Count(errs, "\n") != 1 || out != "" {
				t.Errorf("%v: exit %d, stdout %q, stderr %q, want exit 1 and %q", cmd, code, out, errs, c.want)
			}
		}
		if code, out, errs := run(t, "", "info", path); code != 0 || !strings.Contains(out, "coverage bound  0 of ") || !strings.Contains(out, "fits nowhere    ") {
			t.Errorf("info %s: exit %d: %s%s", c.file, code, out, errs)
		}
		if code, out, errs := run(t, "", "info", path, "--json"); code != 0 || !strings.Contains(out, `"pieces": [],`) || !strings.Contains(out, `"coverage_bound": 0,`) {
			t.Errorf("info --json %s: exit %d: %s%s", c.file, code, out, errs)
		}
	}

	src, err := os.ReadFile(example("pentomino-10x6.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	bar := filepath.Join(dir, "bar.yaml")
	if err := os.WriteFile(bar, append(src, "  B: {shape: \"###########\", count: unlimited}\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "solve", bar, "--count", "--json")
	var res struct {
		Solutions, Unique int64
		Complete          bool
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || res.Solutions != 9356 || res.Unique != 2339 || !res.Complete {
		t.Errorf("10x6 with an unlimited bar that fits nowhere: exit %d, %+v, %v: %s", code, res, err, errs)
	}
}
