package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/model"
)

func needHiGHS(t *testing.T) {
	t.Helper()
	if highs.Version() == "" {
		t.Skip("HiGHS is not compiled in")
	}
}

// tetrominoBoard writes an n x n board with the free tetrominoes in
// unlimited supply.
func tetrominoBoard(t *testing.T, n int) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), fmt.Sprintf("t%d.yaml", n))
	data := fmt.Sprintf("name: T%d\nboard: %dx%d\norientations: free\ncount: unlimited\npieces:\n  I: \"####\"\n  O: \"##/##\"\n  T: \"###/.#.\"\n  S: \".##/##.\"\n  L: \"#./#./##\"\n", n, n, n)
	if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// solve -v prints HiGHS's log one message per line. HiGHS hands each
// message to its callback without the newline, and the CLI printed them
// with Fprint: one run-on line (the old code fails here).
func TestSolveHiGHSVerboseLogLines(t *testing.T) {
	needHiGHS(t)
	code, _, errs := run(t, "", "solve", example("tetris-7x7.yaml"), "--backend", "highs", "--max-coverage", "--no-warm-start", "-v", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) < 10 {
		t.Errorf("%d lines of HiGHS log, want one per message:\n%s", len(lines), errs)
	}
	for _, l := range lines {
		if strings.Contains(l, "MIP has") && strings.Contains(l, "Coefficient ranges") {
			t.Errorf("messages glued into one line: %.200q", l)
		}
	}
}

// --mip-gap, --threads and --highs-option reach HiGHS; bad values and
// unknown options are usage errors (exit 2) with HiGHS's own message.
func TestSolveHiGHSOptions(t *testing.T) {
	needHiGHS(t)
	file := example("tetris-7x7.yaml")
	base := []string{"solve", file, "--backend", "highs", "--max-coverage", "-q"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--mip-gap", "-1"}, "--mip-gap"},
		{[]string{"--mip-gap", "NaN"}, "--mip-gap"},
		{[]string{"--threads", "100000"}, "--threads"},
		{[]string{"--threads", "-2"}, "--threads"},
		{[]string{"--highs-option", "no_such_option=1"}, `Option "no_such_option" is unknown`},
		{[]string{"--highs-option", "mip_heuristic_effort=lots"}, `not a valid number for option "mip_heuristic_effort"`},
		{[]string{"--highs-option", "mip_heuristic_effort=-1"}, "below lower bound"},
		{[]string{"--highs-option", "time_limit=5"}, "--time-limit"},
		{[]string{"--highs-option", "log_file=/tmp/x"}, "owns HiGHS's output"},
		{[]string{"--highs-option", "novalue"}, "key=value"},
	} {
		code, _, errs := run(t, "", append(base, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 naming %q", c.args, code, errs, c.want)
		}
	}
	code, o := solveCoverage(t, file, "--backend", "highs", "--mip-gap", "0", "--threads", "1",
		"--highs-option", "mip_heuristic_effort=0.2", "--highs-option", "mip_pscost_minreliable=4")
	if code != 0 || o.Coverage != 48 || !o.Optimal {
		t.Errorf("valid options: exit %d, %+v", code, o)
	}
}

// One gap and one status. With a huge --mip-gap HiGHS stops at its first
// tiling and calls it optimal; polytile reports it as optimal only when
// the coverage reaches a proven bound, keeps a valid bound (the optimum
// is 48), and its gap is model.CoverageGap, HiGHS's definition.
func TestSolveHiGHSGapAndStatus(t *testing.T) {
	needHiGHS(t)
	file := example("tetris-7x7.yaml")
	code, out, errs := run(t, "", "solve", file, "--max-coverage", "--json", "--backend", "highs", "--formulation", "seed", "--no-warm-start", "--mip-gap", "1e6")
	var o struct {
		Coverage, Bound int
		Optimal         bool
		Gap             *float64
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("exit %d: %v\n%s%s", code, err, out, errs)
	}
	if o.Bound < 48 || o.Bound > 48 || o.Optimal != (o.Coverage == o.Bound) {
		t.Errorf("coverage %d, bound %d, optimal %v: the bound must stay 48 and optimal mean coverage = bound", o.Coverage, o.Bound, o.Optimal)
	}
	if o.Coverage < o.Bound && (o.Gap == nil || *o.Gap != model.CoverageGap(o.Coverage, o.Bound)) {
		t.Errorf("gap %v, want %v", o.Gap, model.CoverageGap(o.Coverage, o.Bound))
	}
	// Text: the summary's gap is the same number.
	code, out, _ = run(t, "", "solve", file, "--max-coverage", "--backend", "highs", "--formulation", "seed", "--no-warm-start", "--mip-gap", "1e6", "-q", "-o", filepath.Join(t.TempDir(), "x.txt"))
	if o.Coverage < o.Bound && !strings.Contains(out, "(gap "+highs.FormatGap(model.CoverageGap(o.Coverage, o.Bound))+")") {
		t.Errorf("exit %d, summary gap is not CoverageGap(%d, %d):\n%s", code, o.Coverage, o.Bound, out)
	}
}

// A result proven optimal is never also "stopped: ... partial": a 101x101
// board whose warm start reaches the area bound, under a time limit that
// HiGHS's presolve can outlast. (The old code printed both.)
func TestSolveHiGHSOptimalIsNotPartial(t *testing.T) {
	needHiGHS(t)
	if testing.Short() {
		t.Skip("builds a 190k-column program")
	}
	file := tetrominoBoard(t, 101)
	code, out, errs := run(t, "", "solve", file, "--max-coverage", "--backend", "highs", "--time-limit", "1s", "-q", "-o", filepath.Join(t.TempDir(), "x.txt"))
	if code != 0 || !strings.Contains(out, "10200 of 10201 cells, optimal") || strings.Contains(out, "partial") {
		t.Errorf("exit %d:\n%s%s", code, out, errs)
	}
}

// A program above highs.MaxProgramEntries is refused at once (exit 2,
// naming the size and the limit) instead of taking the machine's memory.
func TestSolveHiGHSTooLarge(t *testing.T) {
	needHiGHS(t)
	file := tetrominoBoard(t, 240)
	code, _, errs := run(t, "", "solve", file, "--max-coverage", "--backend", "highs")
	if code != 2 || !strings.Contains(errs, "too large") || !strings.Contains(errs, fmt.Sprint(highs.MaxProgramEntries)) {
		t.Errorf("exit %d: %s", code, errs)
	}
}

func ptrTo[T any](v T) *T { return &v }

// compare's highs backends take gap=G, threads=N and HiGHS options by name;
// an unknown option or a bad value is a usage error with HiGHS's message.
func TestCompareHiGHSOptions(t *testing.T) {
	needHiGHS(t)
	t7 := example("tetris-7x7.yaml")
	for _, c := range []struct{ spec, want string }{
		{"highs:no_such_option=1", `Option "no_such_option" is unknown`},
		{"highs:mip_heuristic_effort=-1", "below lower bound"},
		{"highs:gap=-1", "gap=G"},
		{"highs:threads=100000", "threads=N"},
		{"highs:time_limit=3", "--time-limit"},
	} {
		code, _, errs := run(t, "", "compare", t7, "-b", c.spec, "--task", "max-coverage")
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, %q; want exit 2 naming %q", c.spec, code, errs, c.want)
		}
	}
	code, out, errs := run(t, "", "compare", t7, "-b", "highs:packing,strengthen,mip_heuristic_effort=0.1,threads=1", "--task", "max-coverage", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	row := compareJSON(t, out).Tables[0].Rows[0]
	if !strings.Contains(row.Config, "HiGHS options mip_heuristic_effort=0.1,threads=1") || row.Coverage == nil || *row.Coverage != 48 {
		t.Errorf("row %+v", row)
	}
}

// TestSkippedHiGHSNamesTheRightBound: when the warm start reaches
// polytile's coverage bound, the backend line gives that bound, not "the
// area bound" (on the 8x8 minus two opposite corners with dominoes the
// bound is the checkerboard's 60; the area bound is 62).
func TestSkippedHiGHSNamesTheRightBound(t *testing.T) {
	needHiGHS(t)
	file := filepath.Join(t.TempDir(), "mut.yaml")
	art := ".#######\n" + strings.Repeat("########\n", 6) + "#######.\n"
	src := "name: mutilated\nboard: |\n" + indent(art) + "pieces:\n  D: {shape: \"##\", count: unlimited}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "solve", file, "--max-coverage", "--backend", "highs", "--json")
	var o struct {
		Config   string
		Coverage int
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 || o.Coverage != 60 {
		t.Fatalf("exit %d, %v, %s %s", code, err, out, errs)
	}
	if strings.Contains(o.Config, "area bound") || !strings.Contains(o.Config, "coverage bound 60") {
		t.Errorf("config %q: want polytile's coverage bound 60, not the area bound", o.Config)
	}
}

func indent(s string) string {
	var b strings.Builder
	for line := range strings.Lines(s) {
		b.WriteString("  " + line)
	}
	return b.String()
}

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

// TestReservedHiGHSOptionNamesCLIWay: a HiGHS option polytile sets itself
// is refused with a message that names no Go field as the way to set it
// from the command line. Before the fix random_seed answered "set it with
// Options.Seed", which is no flag.
func TestReservedHiGHSOptionNamesCLIWay(t *testing.T) {
	for _, c := range []struct{ opt, want string }{
		{"random_seed=1", "fixes it"},
		{"presolve=off", "has no flag"},
		{"threads=2", "--threads"},
		{"time_limit=2", "--time-limit"},
	} {
		code, _, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--backend", "highs", "--highs-option", c.opt)
		if code != exitUsage || !strings.Contains(errs, c.want) || strings.Contains(errs, "set it with Options.") {
			t.Errorf("--highs-option %s: exit %d, %q; want exit 2 and %q", c.opt, code, errs, c.want)
		}
	}
}

// TestSolveHiGHSProofVoidingOptions: solve --backend highs says "no
// tiling" only for an infeasibility HiGHS confirms with presolve off and
// no option voids: under --highs-option objective_bound=-1 HiGHS calls
// a tileable puzzle infeasible, and the answer is not complete and says
// not proven; without options a puzzle with no tiling is answered,
// complete, 0 solutions; under objective_target a maximum coverage below
// the area bound is not proven optimal.
func TestSolveHiGHSProofVoidingOptions(t *testing.T) {
	if highs.Version() == "" {
		t.Skip("HiGHS is not compiled in")
	}
	dir := t.TempDir()
	tileable := writeFile(t, dir, "l.yaml", "name: L trominoes 3x4\nboard: 4x3\norientations: free\ncount: 4\npieces:\n  L: \"#./##\"\n")
	// No tiling, and no bound proves it (the S tetrominoes cover as many
	// black cells as white), so the answer is HiGHS's, confirmed.
	none := writeFile(t, dir, "s4.yaml", "name: S tetrominoes 4x4\nboard: 4x4\norientations: free\ncount: 4\npieces:\n  S: \".##/##.\"\n")
	corner := writeFile(t, dir, "c.yaml", "name: L trominoes 3x3\nboard: 3x3\norientations: free\ncount: unlimited\npieces:\n  L: \"#./##\"\n")
	type outcome struct {
		Config    string `json:"config"`
		Complete  bool   `json:"complete"`
		Solutions *int64 `json:"solutions"`
		Optimal   *bool  `json:"optimal"`
		Coverage  *int   `json:"coverage"`
	}
	solve := func(args ...string) (int, outcome) {
		t.Helper()
		code, out, errs := run(t, "", append([]string{"solve", "--backend", "highs", "--json"}, args...)...)
		var o outcome
		if err := json.Unmarshal([]byte(out), &o); err != nil {
			t.Fatalf("%v: %v: %s %s", args, err, out, errs)
		}
		return code, o
	}
	if code, o := solve(tileable, "--highs-option", "objective_bound=-1"); o.Complete && (o.Solutions == nil || *o.Solutions == 0) || code == 0 && o.Solutions == nil {
		t.Errorf("objective_bound=-1 on a tileable puzzle: exit %d, %+v", code, o)
	} else if o.Solutions == nil && !strings.Contains(o.Config, "not proven") {
		t.Errorf("objective_bound=-1: no answer, and the configuration does not say not proven: %q", o.Config)
	}
	if code, o := solve(none); code != 1 || !o.Complete || o.Solutions == nil || *o.Solutions != 0 || !strings.Contains(o.Config, "confirmed by") {
		t.Errorf("no tiling: exit %d, %+v", code, o)
	}
	for _, opt := range []string{"objective_target=3", "objective_bound=1", "mip_max_improving_sols=1"} {
		_, o := solve(corner, "--max-coverage", "--no-warm-start", "--highs-option", opt)
		if o.Optimal != nil && *o.Optimal && (o.Coverage == nil || *o.Coverage != 6) {
			t.Errorf("%s: %+v proven optimal", opt, o)
		}
		if o.Coverage != nil && *o.Coverage < 6 && (o.Complete || o.Optimal != nil && *o.Optimal) {
			t.Errorf("%s: coverage %d of optimum 6 is complete", opt, *o.Coverage)
		}
	}
}
