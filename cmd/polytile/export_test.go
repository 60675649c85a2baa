package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

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

// TestExportHelpDLXDialect: the help's format list said "dlx  Knuth's
// exact-cover format (dlx1): ... (m|name for m copies)", but the default
// dialect is dlx3 (m|name is its syntax; dlx1 writes name.1 ... name.m).
func TestExportHelpDLXDialect(t *testing.T) {
	_, out, _ := run(t, "", "export", "--help")
	i := strings.Index(out, "  dlx ")
	if i < 0 {
		t.Fatalf("no dlx line in the help: %s", out)
	}
	entry := out[i : i+strings.Index(out[i:], "  pyomo")]
	if strings.Contains(entry, "(dlx1)") || !strings.Contains(entry, "dlx3 by default") || !strings.Contains(entry, "name.1") {
		t.Errorf("dlx entry of the help: %q", entry)
	}
}

// TestExportCompanionsOnlyWithTheProgram: --start and --highs-options-file
// were renamed into place before the program was written, so an export
// that failed or was interrupted while writing the program left them
// behind, or replaced an older program's companions with ones that do not
// match it. The program goes to /dev/full here (the write fails): on the
// old code the start and options files exist afterwards; now neither
// does, and the older files of those names are kept. A complete export
// still writes all three.
func TestExportCompanionsOnlyWithTheProgram(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	dir := t.TempDir()
	st, opt := filepath.Join(dir, "p.start"), filepath.Join(dir, "p.opt")
	if err := os.WriteFile(opt, []byte("old options\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"export", example("tetrahexes-7x4.yaml"), "--format", "lp", "--max-coverage", "--strengthen",
		"--start", st, "--start-format", "highs", "--highs-options-file", opt, "--start-time", "5s"}
	code, _, errs := run(t, "", append(args, "-o", "/dev/full")...)
	if code == 0 {
		t.Fatalf("writing the program to /dev/full succeeded: %s", errs)
	}
	if _, err := os.Stat(st); err == nil {
		t.Errorf("the start file was written although the program was not: %s", errs)
	}
	if b, _ := os.ReadFile(opt); string(b) != "old options\n" {
		t.Errorf("the options file was replaced although the program was not written: %q", b)
	}
	if strings.Contains(errs, "written to "+st) {
		t.Errorf("stderr says the start was written: %s", errs)
	}
	lp := filepath.Join(dir, "p.lp")
	if code, _, errs := run(t, "", append(args, "-o", lp)...); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	for _, f := range []string{lp, st, opt} {
		if b, err := os.ReadFile(f); err != nil || len(b) == 0 || string(b) == "old options\n" {
			t.Errorf("%s: %v, %d bytes", f, err, len(b))
		}
	}
}

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

// TestExportDLXTooLargeRefused: a 4-line puzzle whose dlx1 export would
// be 1.4 GB (1,048,576 monomino copies, each of the 100 images written
// once per copy) is refused with exit 2 before -o is created (it wrote
// 1.4 GB in 8 s; a 1000x1000 board would have been about 10^13 bytes).
func TestExportDLXTooLargeRefused(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "big2.yaml")
	os.WriteFile(in, []byte("board: 100x1\ncount: 1048576\npieces:\n  I: \"#\"\n"), 0o644)
	out := filepath.Join(dir, "out.dlx")
	start := time.Now()
	code, _, errs := run(t, "", "export", in, "--format", "dlx", "--dialect", "dlx1", "-o", out)
	if code != exitUsage || !strings.Contains(errs, "more than the limit") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the refusal took %v", d)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("-o exists after the refusal: %v", err)
	}
	// The dlx3 file of the same puzzle is small and written.
	if code, _, errs := run(t, "", "export", in, "--format", "dlx", "-o", out); code != 0 {
		t.Errorf("dlx3: exit %d: %s", code, errs)
	}
}

// TestExportProgramTooLargeRefused: an LP, MPS or Pyomo export past 1 GiB
// (18 fixed 1x6 bars with 32-character names on a 400x400 board: 2.8
// million images, an MPS file of about 1.2 GB) is refused with exit 2
// naming the size and the limit, before -o is opened: -o is a FIFO that
// no one reads, which an open would wait on. They had no estimate: the
// file was written to the end.
func TestExportProgramTooLargeRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("2.8 million images")
	}
	dir, fifo := fifoIn(t, "out.fifo")
	var b strings.Builder
	b.WriteString("board: 400x400\norientations: fixed\npieces:\n")
	for k := range 18 {
		fmt.Fprintf(&b, "  '%032d': '######'\n", k)
	}
	in := filepath.Join(dir, "bars.yaml")
	os.WriteFile(in, []byte(b.String()), 0o644)
	for _, f := range []string{"mps", "pyomo"} {
		type res struct {
			code int
			errs string
		}
		done := make(chan res, 1)
		go func() {
			code, _, errs := run(t, "", "export", in, "--format", f, "--max-coverage", "-o", fifo)
			done <- res{code, errs}
		}()
		var r res
		select {
		case r = <-done:
		case <-time.After(20 * time.Second):
			// Opened -o first: a reader that goes at once makes its
			// writes fail (EPIPE), so that the run ends.
			if rd, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
				time.Sleep(100 * time.Millisecond)
				rd.Close()
			}
			r = <-done
			t.Fatalf("%s: still running after 20 s, waiting on -o (exit %d once a reader came and went: %s)", f, r.code, r.errs)
		}
		code, errs := r.code, r.errs
		if code != exitUsage || !strings.Contains(errs, "file would take up to") || !strings.Contains(errs, "more than the limit of 1073741824 (1 GiB)") {
			t.Errorf("%s: exit %d: %s", f, code, errs)
		}
	}
}

// TestExportOneLinersNameEveryFormat: the command list of `polytile
// --help` and export's own usage line name CNF and OPB with the other
// formats (issue 34 item 9: the one-liner said LP, MPS, Pyomo and DLX).
func TestExportOneLinersNameEveryFormat(t *testing.T) {
	_, root, _ := run(t, "", "--help")
	_, help, _ := run(t, "", "export", "--help")
	var line string
	for _, l := range strings.Split(root, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "export ") && strings.Contains(l, "Write") {
			line = l
		}
	}
	for _, f := range []string{"LP", "MPS", "CNF", "OPB", "Pyomo", "DLX"} {
		if !strings.Contains(line, f) {
			t.Errorf("polytile --help: export's line %q does not name %s", line, f)
		}
	}
	if !strings.Contains(help, "--format lp|mps|fixed-mps|dlx|cnf|opb|pyomo") {
		t.Errorf("export --help: the usage line does not name every format:\n%s", help)
	}
}

// TestExportNotesAnInfeasibleExactProgram: export of an exact program
// that a bound proves infeasible still writes it (exit 0: a user may want
// to test a solver on it) and says on stderr that it has no solution,
// with the proof and the --max-coverage export to use instead; a
// max-coverage export of the puzzle and an exact export of a tileable
// one say nothing. A newcomer's audit exported tetris-7x7 exactly and ran
// CBC on it for a minute with no hint.
func TestExportNotesAnInfeasibleExactProgram(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		puzzle string
		args   []string
		note   bool
	}{
		{"tetrominoes-5x4.yaml", nil, true},
		{"tetrominoes-5x4.yaml", []string{"--max-coverage"}, false},
		{"pentomino-10x6.yaml", nil, false},
	} {
		out := filepath.Join(dir, "p.lp")
		args := append([]string{"export", example(c.puzzle), "--format", "lp", "-o", out}, c.args...)
		code, _, errs := run(t, "", args...)
		st, err := os.Stat(out)
		if code != 0 || err != nil || st.Size() == 0 {
			t.Fatalf("%v: exit %d, %v: %s", args, code, err, errs)
		}
		has := strings.Contains(errs, "note: the exact program has no solution: the coverage bound is 16 of 20 cells") &&
			strings.Contains(errs, "--max-coverage exports the near miss")
		if has != c.note || !c.note && errs != "" {
			t.Errorf("%v: stderr %q, want the note: %v", args, errs, c.note)
		}
		os.Remove(out)
	}
}
