package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckNamesMustBeAProgram: check --names takes the LP or MPS file
// that was solved; any other file (the puzzle, a text file, an empty
// file) is exit 2 naming --names. Every text was read as an LP file, its
// words taken as column names: with a solver that names its columns the
// file was ignored (exit 0), with a glpk-raw solution the error blamed
// the solution ("GLPK raw solution has 573 columns, 88 names given").
func TestCheckNamesMustBeAProgram(t *testing.T) {
	dir := t.TempDir()
	file := example("tetris-7x7.yaml")
	lp, sol := filepath.Join(dir, "t.lp"), filepath.Join(dir, "t.sol")
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "--start", sol, "--start-format", "highs", "-o", lp, "-q"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	if code, _, errs := run(t, "", "check", file, sol, "--max-coverage", "--names", lp, "-q"); code != 0 {
		t.Fatalf("check --names of the LP file: exit %d: %s", code, errs)
	}
	text := filepath.Join(dir, "notes.txt")
	empty := filepath.Join(dir, "empty.lp")
	os.WriteFile(text, []byte("x_I_0_0_0 is the first column\n"), 0o644)
	os.WriteFile(empty, nil, 0o644)
	for _, names := range []string{file, text, empty} {
		code, _, errs := run(t, "", "check", file, sol, "--max-coverage", "--names", names, "-q")
		if code != exitUsage || !strings.Contains(errs, "--names") || !strings.Contains(errs, "neither an LP file") {
			t.Errorf("--names %s: exit %d: %s", filepath.Base(names), code, errs)
		}
	}
}
