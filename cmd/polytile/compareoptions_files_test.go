package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareSolverOptionFilesRefused: a --solver-option that would make
// an external solver write a file is exit 2, names the option, and
// leaves the file as it was. On the old code glpsol:wglp=PUZZLE and
// glpsol:wlp=FILE exited 0 and glpsol overwrote the file in place (the
// puzzle became a GLPK model); cbc:export=FILE and
// highs-cli:write_model_file=FILE did the same with CBC and HiGHS.
func TestCompareSolverOptionFilesRefused(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(example("tetrominoes-5x4.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	puzzleFile := filepath.Join(dir, "t77.yaml")
	other := filepath.Join(dir, "other.txt")
	const otherText = "keep me\n"
	for _, c := range []struct{ bin, backend, opt string }{
		{"glpsol", "glpsol", "glpsol:wglp=" + puzzleFile},
		{"glpsol", "glpsol", "glpsol:wlp=" + other},
		{"glpsol", "glpsol", "glpsol:log=" + other},
		{"glpsol", "glpsol", "glpsol:ranges=" + other},
		{"glpsol", "glpsol", "glpsol:wfreemps=" + puzzleFile},
		{"cbc", "cbc", "cbc:export=" + puzzleFile},
		{"cbc", "cbc", "cbc:saveS=" + other},
		{"highs", "highs-cli", "highs-cli:write_model_file=" + puzzleFile},
		{"highs", "highs-cli", "highs-cli:log_file=" + other},
	} {
		if err := os.WriteFile(puzzleFile, src, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(other, []byte(otherText), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := exec.LookPath(c.bin); err != nil {
			t.Logf("%s not on PATH: the refusal is still checked, the overwrite could not happen", c.bin)
		}
		code, _, errs := run(t, "", "compare", puzzleFile, "-b", c.backend, "--time-limit", "20s", "-q", "--solver-option", c.opt)
		key := strings.TrimPrefix(strings.SplitN(c.opt, "=", 2)[0], c.backend+":")
		if code != 2 || !strings.Contains(errs, key) || !strings.Contains(errs, "files itself") {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 naming %s and why", c.opt, code, errs, key)
		}
		if got, _ := os.ReadFile(puzzleFile); string(got) != string(src) {
			t.Errorf("%s: the puzzle file was changed:\n%.200s", c.opt, got)
		}
		if got, _ := os.ReadFile(other); string(got) != otherText {
			t.Errorf("%s: %s was changed:\n%.200s", c.opt, other, got)
		}
	}
	// An option nobody reviewed is refused by default.
	code, _, errs := run(t, "", "compare", puzzleFile, "-b", "glpsol", "-q", "--solver-option", "glpsol:frobnicate=1")
	if code != 2 || !strings.Contains(errs, "frobnicate") {
		t.Errorf("unknown glpsol option: exit %d, stderr %q", code, errs)
	}
}
