package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInfoJSON(t *testing.T) {
	code, out, errs := run(t, "", "info", example("pentomino-10x6.yaml"), "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var in puzzleInfo
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

func TestBadInputExitsTwo(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("board: 5x1\npieces:\n  I: \"##x##\"\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"info", bad}, "bad.yaml:3:"},
		{[]string{"info", filepath.Join(dir, "missing.yaml")}, "missing.yaml"},
		{[]string{"info"}, "needs PUZZLE"},
		{[]string{"info", bad, "--nope"}, "unknown flag"},
		{[]string{"render", example("pentomino-10x6.yaml"), "--format", "gif"}, "gif"},
		{[]string{"frobnicate"}, "unknown command"},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
	code, _, errs := run(t, "", "info", "-")
	if code != 2 || !strings.Contains(errs, "empty") {
		t.Errorf("empty stdin: exit %d, %q", code, errs)
	}
}

func TestRenderToFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.svg")
	code, _, errs := run(t, "", "render", example("tetris-cube.yaml"), "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(bytes.TrimSpace(b), []byte("<")) || !bytes.Contains(b, []byte("<svg")) {
		t.Fatalf("not an SVG: %v %q", err, b[:min(len(b), 80)])
	}
}

func TestExportFormats(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"lp", "mps", "fixed-mps", "dlx", "pyomo", "cnf", "opb"} {
		out := filepath.Join(dir, "t."+f)
		// A max-coverage DLX file needs finite pieces (the tetrominoes are
		// unlimited: refused below); the pentominoes have them.
		file := example("tetris-7x7.yaml")
		if f == "dlx" {
			file = example("pentomino-10x6.yaml")
		}
		code, _, errs := run(t, "", "export", file, "--format", f, "--mode", "max-coverage", "-o", out)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", f, code, errs)
		}
		b, err := os.ReadFile(out)
		if err != nil || len(b) < 100 {
			t.Fatalf("%s: %v, %d bytes", f, err, len(b))
		}
	}
	// --max-coverage is --mode max-coverage: the same bytes.
	_, viaMode, _ := run(t, "", "export", example("tetris-7x7.yaml"), "--format", "lp", "--mode", "max-coverage")
	_, viaFlag, _ := run(t, "", "export", example("tetris-7x7.yaml"), "--format", "lp", "--max-coverage")
	if viaMode != viaFlag || !strings.Contains(viaFlag, "maximize") && !strings.Contains(viaFlag, "Maximize") {
		t.Errorf("--max-coverage export differs from --mode max-coverage or does not maximise:\n%.300s", viaFlag)
	}
	code, out, _ := run(t, "", "export", example("pentomino-10x6.yaml"), "--format", "dlx")
	if code != 0 || strings.Count(strings.TrimSpace(out), "\n") < 2056 {
		t.Fatalf("dlx export to stdout: exit %d, %d lines", code, strings.Count(out, "\n"))
	}
	for _, bad := range [][]string{
		{"export", example("tetris-7x7.yaml")},
		{"export", example("tetris-7x7.yaml"), "--format", "xls"},
		{"export", example("tetris-7x7.yaml"), "--format", "lp", "--mode", "best"},
		{"export", example("tetris-7x7.yaml"), "--format", "lp", "--strengthen"},
		{"export", example("tetris-7x7.yaml"), "--format", "lp", "--max-coverage", "--mode", "exact"},
		{"export", example("tetris-7x7.yaml"), "--format", "dlx", "--max-coverage"},
		{"export", example("tetris-7x7.yaml"), "--format", "dlx", "--strengthen", "--max-coverage"},
		{"export", example("tetris-7x7.yaml"), "--format", "lp", "--dialect", "dlx1"},
		{"export", example("tetris-7x7.yaml"), "--format", "lp", "--min-covered", "3"},
		{"export", example("tetris-7x7.yaml"), "--format", "cnf", "--max-coverage", "--min-covered", "50"},
		{"export", example("tetris-7x7.yaml"), "--format", "cnf", "--max-coverage", "--strengthen"},
		{"export", example("tetris-7x7.yaml"), "--format", "pyomo", "--symmetry", "pin"},
		{"export", example("tetris-7x7.yaml"), "--format", "lp", "--symmetry", "hole"},
		{"export", example("tetris-7x7.yaml"), "--format", "lp", "--symmetry", "all"},
		{"export", example("tetris-7x7.yaml"), "--format", "lp", "--start-format", "cbc"},
		{"export", example("tetris-7x7.yaml"), "--format", "lp", "--max-coverage", "--start", "x.sol"},
		{"export", example("tetris-7x7.yaml"), "--format", "lp", "--max-coverage", "--start", "x.sol", "--start-format", "glpk"},
		{"export", example("tetris-7x7.yaml"), "--format", "dlx", "--start", "x.mst"},
		{"export", example("tetris-7x7.yaml"), "--format", "lp", "--max-coverage", "--start", "x.mst", "--start-time", "0s"},
		{"export", example("tetris-7x7.yaml"), "--format", "dlx", "--dialect", "dlx9"},
	} {
		if code, _, _ := run(t, "", bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}
