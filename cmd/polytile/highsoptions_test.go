package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHiGHSOptionsFile: export --highs-options-file writes options the
// installed highs binary accepts (an unknown name or value would be an
// "ERROR" line in its log), with the gap 0 always and the IPM root only
// when the start reaches the area bound of a strengthened program; the
// highs run with the file, the start and the rows proves 440 on Tetris
// 21x21, which polytile check confirms.
func TestHiGHSOptionsFile(t *testing.T) {
	dir := t.TempDir()
	file := example("tetris-21x21.yaml")
	lp := filepath.Join(dir, "t.lp")
	start := filepath.Join(dir, "t.start")
	opt := filepath.Join(dir, "t.opt")
	plainOpt := filepath.Join(dir, "plain.opt")
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "--strengthen", "-o", lp,
		"--start", start, "--start-format", "highs", "--highs-options-file", opt, "-q"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "-o", filepath.Join(dir, "plain.lp"),
		"--highs-options-file", plainOpt, "-q"); code != 0 {
		t.Fatalf("export without start: exit %d: %s", code, errs)
	}
	read := func(f string) string {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	withStart, plain := read(opt), read(plainOpt)
	if !strings.Contains(withStart, "\nmip_rel_gap = 0\n") || !strings.Contains(withStart, "\nmip_lp_solver = ipm\n") {
		t.Errorf("options with a start at the bound:\n%s", withStart)
	}
	if !strings.Contains(plain, "\nmip_rel_gap = 0\n") || strings.Contains(plain, "mip_lp_solver") {
		t.Errorf("options without a start:\n%s", plain)
	}
	bin, err := exec.LookPath("highs")
	if err != nil {
		t.Skip("highs not on PATH: run make deps")
	}
	sol := filepath.Join(dir, "t.sol")
	cmd := exec.Command(bin, "--model_file", lp, "--read_solution_file", start, "--options_file", opt,
		"--time_limit", "120", "--solution_file", sol)
	cmd.Dir = dir // HiGHS writes Highs.log into its working directory
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "ERROR") || !strings.Contains(string(out), "Optimal") {
		t.Fatalf("highs with the options file: %v\n%s", err, tailOf(string(out)))
	}
	code, rep, errs := checkJSON(t, file, sol, "--max-coverage", "--strengthen")
	if code != 0 || rep.Coverage != 440 || !rep.Optimal {
		t.Errorf("check: exit %d, coverage %d, optimal %v: %s", code, rep.Coverage, rep.Optimal, errs)
	}
}

// TestHiGHSOptionsFileRefused: the options file needs a file name and a
// format HiGHS reads; it is never the puzzle or the program.
func TestHiGHSOptionsFileRefused(t *testing.T) {
	dir := t.TempDir()
	file := example("tetris-7x7.yaml")
	lp := filepath.Join(dir, "t.lp")
	for _, args := range [][]string{
		{"export", file, "--format", "lp", "-o", lp, "--highs-options-file", "-"},
		{"export", file, "--format", "dlx", "-o", lp, "--highs-options-file", filepath.Join(dir, "o")},
		{"export", file, "--format", "lp", "-o", lp, "--highs-options-file", lp},
		{"export", file, "--format", "lp", "-o", lp, "--highs-options-file", file},
	} {
		if code, _, errs := run(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2: %s", args, code, errs)
		}
	}
}
