package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestStartTakenByCBCAndHiGHS: the start files of export --start are
// accepted by the solvers, as their logs say (CBC: "MIPStart provided
// solution with cost 48"; HiGHS: "MIP start solution is feasible"), for a
// near-miss (Tetris 7x7, strengthened) and for an exact tiling mapped to
// satisfy the sym_pin row (pentominoes 10x6 --symmetry pin).
func TestStartTakenByCBCAndHiGHS(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		file  string
		flags []string
		cbc   string
		highs string
	}{
		{"tetris-7x7.yaml", []string{"--max-coverage", "--strengthen"}, "MIPStart provided solution with cost 48", "MIP start solution is feasible, objective value is 48"},
		{"pentomino-10x6.yaml", []string{"--symmetry", "pin"}, "MIPStart provided solution with cost 0", "MIP start solution is feasible, objective value is 0"},
	}
	ran := 0
	for _, c := range cases {
		lp := filepath.Join(dir, c.file+".lp")
		for _, s := range []struct{ bin, format, want string }{{"cbc", "cbc", c.cbc}, {"highs", "highs", c.highs}} {
			bin, err := exec.LookPath(s.bin)
			if err != nil {
				t.Logf("%s not on PATH: skipped", s.bin)
				continue
			}
			start := filepath.Join(dir, c.file+"."+s.format)
			args := append([]string{"export", example(c.file), "--format", "lp", "-o", lp, "--start", start, "--start-format", s.format, "-q"}, c.flags...)
			if code, _, errs := run(t, "", args...); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			var cmd *exec.Cmd
			if s.bin == "cbc" {
				// Stop at once: the log line comes before the search.
				cmd = exec.Command(bin, lp, "mips", start, "maxN", "0", "solve")
			} else {
				cmd = exec.Command(bin, "--model_file", lp, "--read_solution_file", start, "--time_limit", "30")
			}
			cmd.Dir = filepath.Dir(lp) // HiGHS writes Highs.log into its working directory
			// The exit status follows the solve (HiGHS exits 1 at its time
			// limit); what matters here is the log.
			out, err := cmd.CombinedOutput()
			if _, ok := err.(*exec.ExitError); err != nil && !ok {
				t.Fatalf("%s: %v", s.bin, err)
			}
			if !strings.Contains(string(out), s.want) {
				t.Errorf("%s %s: the log does not say %q:\n%s", s.bin, c.file, s.want, tailOf(string(out)))
			}
			ran++
		}
	}
	if ran == 0 {
		t.Skip("neither cbc nor highs on PATH")
	}
}

func tailOf(s string) string {
	if len(s) > 1500 {
		return "..." + s[len(s)-1500:]
	}
	return s
}

// TestStartFileNeverAnInputOrTheProgram: --start names a file like -o does,
// so it may not be the puzzle (it was overwritten by the MIP start) nor the
// -o file (the start replaced the program): both exit 2 before any work,
// and the puzzle is untouched.
func TestStartFileNeverAnInputOrTheProgram(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "t.yaml")
	src, err := os.ReadFile(example("tetris-7x7.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	lp := filepath.Join(dir, "t.lp")
	for _, c := range [][]string{
		{"--start", in, "-o", lp},
		{"--start", lp, "-o", lp},
	} {
		args := append([]string{"export", in, "--format", "lp", "--max-coverage", "--start-format", "mst", "-q"}, c...)
		code, _, errs := run(t, "", args...)
		if code != 2 || !strings.Contains(errs, "--start") {
			t.Errorf("%v: exit %d, want 2 naming --start: %s", c, code, errs)
		}
	}
	if got, _ := os.ReadFile(in); string(got) != string(src) {
		t.Errorf("the puzzle was overwritten")
	}
}
