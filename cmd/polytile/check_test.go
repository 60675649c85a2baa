package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// checkJSON runs 'polytile check --json' and decodes its report.
func checkJSON(t *testing.T, args ...string) (int, checkReport, string) {
	t.Helper()
	code, out, errs := run(t, "", append([]string{"check", "--json"}, args...)...)
	var rep checkReport
	if code != 2 {
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("check %v: exit %d, bad JSON %q: %v (%s)", args, code, out, err, errs)
		}
	}
	return code, rep, errs
}

// nativeOptimum is the coverage polytile's own native search proves
// optimal (solve --max-coverage), the truth of the round trips.
func nativeOptimum(t *testing.T, file string) int {
	t.Helper()
	code, o := solveCoverage(t, file)
	if code != 0 || !o.Optimal {
		t.Fatalf("%s: native maximum coverage not proven (exit %d)", file, code)
	}
	return o.Coverage
}

// solverRun is the command line of an external solver on an LP file that
// writes its solution to sol.
var solverRuns = []struct {
	bin  string
	args func(lp, sol string) []string
}{
	{"highs", func(lp, sol string) []string {
		return []string{"--model_file", lp, "--solution_file", sol, "--time_limit", "120"}
	}},
	{"cbc", func(lp, sol string) []string { return []string{lp, "sec", "120", "solve", "solu", sol} }},
	{"glpsol", func(lp, sol string) []string { return []string{"--lp", lp, "-o", sol, "--tmlim", "120"} }},
}

// TestCheckRoundTrip is the round trip of issue 13: export → external
// solver (highs, cbc, glpsol) → polytile check → a verified tiling whose
// coverage equals the optimum of polytile's own native search, on the
// Tetris 7x7 and 11x11 fill (maximum coverage, strengthened) and the
// 12 pentominoes in 10x6 (exact).
func TestCheckRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("runs external solvers")
	}
	cases := []struct {
		file  string
		flags []string
	}{
		{"tetris-7x7.yaml", []string{"--max-coverage", "--strengthen"}},
		{"fill-11x11.yaml", []string{"--max-coverage", "--strengthen"}},
		{"pentomino-10x6.yaml", nil},
	}
	dir := t.TempDir()
	ran := 0
	for _, c := range cases {
		file := example(c.file)
		want := 60
		if len(c.flags) > 0 {
			want = nativeOptimum(t, file)
		}
		lp := filepath.Join(dir, strings.TrimSuffix(c.file, ".yaml")+".lp")
		if code, _, errs := run(t, "", append([]string{"export", file, "--format", "lp", "-o", lp}, c.flags...)...); code != 0 {
			t.Fatalf("export %s: exit %d: %s", c.file, code, errs)
		}
		for _, s := range solverRuns {
			bin, err := exec.LookPath(s.bin)
			if err != nil {
				t.Logf("%s not on PATH: skipped (run make deps)", s.bin)
				continue
			}
			sol := filepath.Join(dir, c.file+"."+s.bin+".sol")
			start := time.Now()
			cmd := exec.Command(bin, s.args(lp, sol)...)
			cmd.Dir = dir // the highs binary writes Highs.log into its working directory
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s on %s: %v: %s", s.bin, c.file, err, out)
			}
			t.Logf("%s on %s: %.1f s", s.bin, c.file, time.Since(start).Seconds())
			ran++
			code, rep, errs := checkJSON(t, append([]string{file, sol}, c.flags...)...)
			if code != 0 || !rep.Valid || rep.Coverage != want || !rep.Optimal || !rep.Identified {
				t.Errorf("check %s via %s: exit %d, valid %v, coverage %d (native optimum %d), identified %v, verdict %q %v %s",
					c.file, s.bin, code, rep.Valid, rep.Coverage, want, rep.Identified, rep.Verdict, rep.Problems, errs)
			}
		}
	}
	if ran == 0 {
		t.Skip("no external solver found; run make deps")
	}
}

// TestCheckVerdicts covers the exit codes on hand-made solution files of
// the Tetris 7x7 (max coverage, seed) in every format: 0 for an optimal
// valid tiling, 1 for an overlap or a non-optimal tiling, 2 for files
// that are unreadable or belong to another program (the error names the
// line and column).
func TestCheckVerdicts(t *testing.T) {
	dir := t.TempDir()
	file := example("tetris-7x7.yaml")
	// A start file is a solution file: the native optimum, 48 cells.
	mst := filepath.Join(dir, "t.mst")
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "-o", filepath.Join(dir, "t.lp"), "--start", mst, "-q"); code != 0 {
		t.Fatalf("export --start: exit %d: %s", code, errs)
	}
	for _, f := range []string{"cbc", "highs", "cplex-mst"} {
		start := filepath.Join(dir, "t."+f)
		if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "-o", filepath.Join(dir, "t.lp"), "--start", start, "--start-format", f, "-q"); code != 0 {
			t.Fatalf("export --start-format %s: exit %d: %s", f, code, errs)
		}
	}
	for _, f := range []string{"t.mst", "t.cbc", "t.highs", "t.cplex-mst"} {
		code, rep, errs := checkJSON(t, file, filepath.Join(dir, f), "--max-coverage")
		if code != 0 || rep.Coverage != 48 || !rep.Optimal {
			t.Errorf("%s: exit %d, coverage %d, optimal %v: %s", f, code, rep.Coverage, rep.Optimal, errs)
		}
	}
	data, err := os.ReadFile(mst)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var on []string
	extra := "" // an image not in the tiling: it overlaps it (one hole only)
	for _, l := range lines {
		switch {
		case strings.HasSuffix(l, " 1") && strings.HasPrefix(l, "x_"):
			on = append(on, l)
		case extra == "" && strings.HasSuffix(l, " 0") && strings.HasPrefix(l, "x_"):
			extra = strings.TrimSuffix(l, "0") + "1"
		}
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// One placement fewer: valid, 44 cells, not optimal (exit 1).
	fewer := write("fewer.sol", "# Objective value = 44\n"+strings.Join(on[1:], "\n")+"\n")
	if code, rep, _ := checkJSON(t, file, fewer, "--max-coverage"); code != 1 || !rep.Valid || rep.Coverage != 44 || rep.Optimal {
		t.Errorf("fewer: exit %d, %+v", code, rep)
	}
	// The same 44 cells with a status that claims optimality only within a
	// gap: HiGHS's "Optimal" (its mip_rel_gap is not in the file) and CBC's
	// "Optimal (within gap tolerance)" are no proof (exit 1); they were
	// reported "optimal by the solver's proof", exit 0.
	var all []string // every column of the start file, the first placement off
	for _, l := range lines {
		if f := strings.Fields(l); len(f) == 2 && !strings.HasPrefix(l, "#") {
			if l == on[0] {
				l = f[0] + " 0"
			}
			all = append(all, l)
		}
	}
	for name, text := range map[string]string{
		"gap.highs": "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 44\n# Columns " + strconv.Itoa(len(all)) + "\n" + strings.Join(all, "\n") + "\n",
		"gap.cbc":   "Optimal (within gap tolerance) - objective value 44.00000000\n" + cbcColumns(on[1:]),
	} {
		if code, rep, errs := checkJSON(t, file, write(name, text), "--max-coverage"); code != 1 || !rep.Valid || rep.Coverage != 44 || rep.Optimal || !strings.Contains(rep.Verdict, "not proven optimal") {
			t.Errorf("%s: exit %d, %+v, %s", name, code, rep, errs)
		}
	}
	// One more image: it overlaps the tiling, not valid (exit 1).
	overlap := write("overlap.sol", strings.Join(on, "\n")+"\n"+extra+"\n")
	if code, rep, _ := checkJSON(t, file, overlap, "--max-coverage"); code != 1 || rep.Valid {
		t.Errorf("overlap: exit %d, valid %v", code, rep.Valid)
	}
	// Exact mode: a near-miss is not an exact tiling; and the y columns
	// of the max-coverage file are not columns of the exact program.
	xOnly := write("xonly.sol", strings.Join(on, "\n")+"\n")
	if code, rep, _ := checkJSON(t, file, xOnly); code != 1 || rep.Exact {
		t.Errorf("exact mode near-miss: exit %d, exact %v", code, rep.Exact)
	}
	bad := []struct{ name, text, want string }{
		{"other.sol", "x_Q_0_0_0 1\n", "its only name is not a column of this program"},
		{"value.sol", "x_I_0_0_0 1\nx_I_0_0_1 one\n", "value.sol:2:11: Gurobi solution: "},
		{"dup.sol", "x_I_0_0_0 1\nx_I_0_0_0 1\n", "duplicated"},
		{"xml.sol", "<CPLEXSolution>\n <variables>\n  <variable name=\"x_I_0_0_0\" value=\"x\"/>\n", "xml.sol:3:"},
		{"junk.sol", "\x00\x01binary\n", "not a solution file"},
		{"highs.sol", "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 4\n# Columns 1\nx_I_0_0_0 1\n", "lists 1 column, the program has"},
	}
	for _, b := range bad {
		code, _, errs := run(t, "", "check", file, write(b.name, b.text), "--max-coverage")
		if code != 2 || !strings.Contains(errs, b.want) {
			t.Errorf("%s: exit %d, stderr %q, want exit 2 with %q", b.name, code, errs, b.want)
		}
	}
	// y columns read as the packing program: another program.
	seed := filepath.Join(dir, "seed.mst")
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "--formulation", "seed", "-o", filepath.Join(dir, "seed.lp"), "--start", seed, "-q"); code != 0 {
		t.Fatalf("export seed: exit %d: %s", code, errs)
	}
	if code, _, errs := run(t, "", "check", file, seed, "--max-coverage", "--formulation", "packing"); code != 2 || !strings.Contains(errs, "y_") {
		t.Errorf("seed solution as packing: exit %d: %s", code, errs)
	}
	// Usage errors.
	for _, args := range [][]string{
		{"check", file, mst, "--solver", "xpress"},
		{"check", file, mst, "--formulation", "packing"},
		{"check", file, mst, "--symmetry", "hole"},
		{"check", file},
		{"check", file, dir},         // a directory
		{"check", file, "/dev/zero"}, // a device: never read to the end
		{"check", file, filepath.Join(dir, "missing.sol")},
		{"check", file, mst, "--solver", "glpk-raw"}, // numbered columns need --names
	} {
		if code, _, _ := run(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	// The picture goes through -o.
	png := filepath.Join(dir, "t.png")
	if code, _, errs := run(t, "", "check", file, mst, "--max-coverage", "-o", png); code != 0 {
		t.Errorf("check -o png: exit %d: %s", code, errs)
	} else if b, err := os.ReadFile(png); err != nil || len(b) < 8 || string(b[1:4]) != "PNG" {
		t.Errorf("check -o png wrote no PNG (%v)", err)
	}
}

// TestCheckNegatedMPSObjective: a maximum-coverage MPS export minimises the
// negated objective, so CBC or glpsol on it report -(covered cells); check
// said "the file's objective -48 is not the 48 cells" and exit 1 on every
// such optimal solution. The file here is CBC's format with the objective
// of the MPS run (-48); a wrong magnitude (-44) is still a problem.
func TestCheckNegatedMPSObjective(t *testing.T) {
	dir := t.TempDir()
	file := example("tetris-7x7.yaml")
	start := filepath.Join(dir, "t.cbc")
	if code, _, errs := run(t, "", "export", file, "--format", "mps", "--max-coverage", "-o", filepath.Join(dir, "t.mps"), "--start", start, "--start-format", "cbc", "-q"); code != 0 {
		t.Fatalf("export --start: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(start)
	if err != nil {
		t.Fatal(err)
	}
	first, rest, _ := strings.Cut(string(data), "\n")
	if !strings.HasSuffix(first, "objective value 48") {
		t.Fatalf("unexpected CBC header %q", first)
	}
	for _, c := range []struct {
		obj  string
		code int
	}{{"-48", 0}, {"-44", 1}} {
		sol := filepath.Join(dir, "neg"+c.obj+".sol")
		head := "Optimal - objective value " + c.obj
		if err := os.WriteFile(sol, []byte(head+"\n"+rest), 0o644); err != nil {
			t.Fatal(err)
		}
		code, rep, errs := checkJSON(t, file, sol, "--max-coverage")
		if code != c.code || rep.Coverage != 48 {
			t.Errorf("objective %s: exit %d (want %d), coverage %d, problems %v %s", c.obj, code, c.code, rep.Coverage, rep.Problems, errs)
		}
	}
}

// TestCheckNamesFileIsAnInput: --names is read like the puzzle and the
// solution, so -o may not name it (the picture replaced the MPS file).
func TestCheckNamesFileIsAnInput(t *testing.T) {
	dir := t.TempDir()
	file := example("tetris-7x7.yaml")
	mps, start := filepath.Join(dir, "t.mps"), filepath.Join(dir, "t.cbc")
	if code, _, errs := run(t, "", "export", file, "--format", "mps", "--max-coverage", "-o", mps, "--start", start, "--start-format", "cbc", "-q"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	before, _ := os.ReadFile(mps)
	code, _, errs := run(t, "", "check", file, start, "--max-coverage", "--names", mps, "--render", "ascii", "-o", mps)
	if after, _ := os.ReadFile(mps); code != 2 || string(after) != string(before) {
		t.Errorf("-o naming the --names file: exit %d (want 2), file changed %v: %s", code, string(after) != string(before), errs)
	}
}

// TestCheckSVGOnStdoutIsAlone: check --render svg with the picture on
// stdout put the text report after </svg> (not a valid SVG); the report
// now goes to stderr, as solve's summary does.
func TestCheckSVGOnStdoutIsAlone(t *testing.T) {
	dir := t.TempDir()
	file := example("tetris-7x7.yaml")
	start := filepath.Join(dir, "t.mst")
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "-o", filepath.Join(dir, "t.lp"), "--start", start, "-q"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	code, out, errs := run(t, "", "check", file, start, "--max-coverage", "--render", "svg")
	if code != 0 || !strings.HasSuffix(strings.TrimSpace(out), "</svg>") || !strings.Contains(errs, "verdict") {
		t.Errorf("exit %d; stdout must end with </svg> and stderr hold the report:\nstdout tail %q\nstderr %q", code, tailOf(out), errs)
	}
}

// cbcColumns writes "name 1" lines as CBC's solution columns (index, name,
// value, reduced cost).
func cbcColumns(on []string) string {
	var b strings.Builder
	for i, l := range on {
		name, _, _ := strings.Cut(l, " ")
		fmt.Fprintf(&b, "%7d %s %15g %15g\n", i, name, 1.0, 0.0)
	}
	return b.String()
}

// TestCheckNamesByContent: --names reads an MPS file by its content, not
// its extension: a fixed-MPS export saved as .fmps was read as an LP file
// (1,098 "names" for 488 columns), so glpsol's raw (-w) and printed (-o)
// solutions of it could not be checked.
func TestCheckNamesByContent(t *testing.T) {
	if _, err := exec.LookPath("glpsol"); err != nil {
		t.Skip("glpsol not on PATH")
	}
	dir := t.TempDir()
	file := example("tetrahexes-7x4.yaml")
	mps := filepath.Join(dir, "th.fmps")
	if code, _, errs := run(t, "", "export", file, "--format", "fixed-mps", "-o", mps, "-q"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	for _, flag := range []string{"-w", "-o"} {
		sol := filepath.Join(dir, "th"+flag)
		if out, err := exec.Command("glpsol", "--mps", mps, flag, sol).CombinedOutput(); err != nil {
			t.Fatalf("glpsol %s: %v\n%s", flag, err, out)
		}
		code, rep, errs := checkJSON(t, file, sol, "--names", mps)
		if code != 0 || !rep.Exact {
			t.Errorf("glpsol %s solution with --names %s: exit %d, %+v, %s", flag, mps, code, rep, errs)
		}
	}
}
