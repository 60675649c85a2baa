package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/model"
)

// fakeDLX writes a stand-in for Knuth's dlx1: it checks that its standard
// input is our DLX export, optionally sleeps, and prints "Altogether N
// solutions" as dlx1 does.
func fakeDLX(t *testing.T, count int, sleep string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fakedlx")
	body := "#!/bin/sh\ngrep -q '^| polytile exact cover' || { echo 'not a DLX export' >&2; exit 3; }\n"
	if sleep != "" {
		body += "exec sleep " + sleep + "\n"
	}
	body += fmt.Sprintf("echo 'Altogether %d solutions, 1+2 mems, 3 updates, 4 bytes, 5 nodes.' >&2\n", count)
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func compareJSON(t *testing.T, out string) compare.Report {
	t.Helper()
	var rep compare.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return rep
}

func findRow(t *testing.T, tab *compare.Table, backend string) *compare.Row {
	t.Helper()
	for _, r := range tab.Rows {
		if r.Backend == backend {
			return r
		}
	}
	t.Fatalf("no row %s", backend)
	return nil
}

func TestCompareNativeAgree(t *testing.T) {
	// 20x3 pentominoes: 8 solutions, 2 unique (examples/README.md).
	code, out, errs := run(t, "", "compare", example("pentomino-20x3.yaml"), "--backends", "dlx,fila:f,nof,fila:e=11:f=3,nof", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	rep := compareJSON(t, out)
	if len(rep.Tables) != 1 || rep.Machine == nil || rep.Machine.Go == "" {
		t.Fatalf("report: %+v", rep)
	}
	tab := rep.Tables[0]
	if len(tab.Rows) != 3 || tab.Answer != "8 solutions (2 unique)" || tab.Reference != "dlx" || !tab.Agree {
		t.Errorf("table: %+v", tab)
	}
	for _, r := range tab.Rows {
		if *r.Solutions != 8 || *r.Unique != 2 || r.Status != compare.OK {
			t.Errorf("%s: %+v", r.Backend, r.Outcome)
		}
	}
}

func TestCompareInjectedDisagreementExitsOne(t *testing.T) {
	wrong := fakeDLX(t, 9, "")
	right := fakeDLX(t, 8, "")
	code, out, errs := run(t, "", "compare", example("pentomino-20x3.yaml"), "-b", "fila:f,nof", "--dlx-solver", right, "--dlx-solver", wrong)
	if code != exitNoSolution {
		t.Fatalf("exit %d, want 1: %s\n%s", code, errs, out)
	}
	if !strings.Contains(out, "disagree") || !strings.Contains(out, "DISAGREEMENT") {
		t.Errorf("the disagreement is not shown:\n%s", out)
	}
	code, out, _ = run(t, "", "compare", example("pentomino-20x3.yaml"), "-b", "fila:f,nof", "--dlx-solver", right, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d with a right DLX solver:\n%s", code, out)
	}
	if r := findRow(t, compareJSON(t, out).Tables[0], right); r.Mark != "=" || r.Work != 5 {
		t.Errorf("fake dlx1: %+v", r)
	}
}

func TestCompareSkippedAndTimedOut(t *testing.T) {
	slow := fakeDLX(t, 8, "30")
	code, out, errs := run(t, "", "compare", example("pentomino-20x3.yaml"), "-b", "dlx", "--dlx-solver", "/no/such/dlx1 m1",
		"--dlx-solver", slow, "--time-limit", "300ms", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	tab := compareJSON(t, out).Tables[0]
	if r := findRow(t, tab, "/no/such/dlx1 m1"); r.Status != compare.Skipped || !strings.Contains(r.Reason, "not found") {
		t.Errorf("missing solver: %+v", r)
	}
	if r := findRow(t, tab, slow); r.Status != compare.Timeout || r.Mark == "!=" {
		t.Errorf("slow solver: %+v", r)
	}
}

func TestCompareMaxCoverage(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "l3.yaml")
	// Unlimited L trominoes cannot tile 3x3; two of them fit: 6 cells.
	os.WriteFile(file, []byte("name: L3\nboard: 3x3\ncount: unlimited\norientations: free\npieces:\n  L: \"#./##\"\n"), 0o644)
	code, out, errs := run(t, "", "compare", file, "-b", "highs:seed highs:packing,strengthen", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	tab := compareJSON(t, out).Tables[0]
	if tab.Kind != "max-coverage" {
		t.Fatalf("task %s", tab.Kind)
	}
	for _, r := range tab.Rows {
		if r.Status == compare.Skipped {
			t.Skipf("HiGHS not compiled in: %s", r.Reason)
		}
	}
	if tab.Answer != "6 of 9 cells" || !tab.Agree {
		t.Errorf("answer %q: %+v", tab.Answer, tab)
	}
}

func TestCompareDirectoryUpdateAndChart(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"pentomino-20x3.yaml", "pentomino-15x4.yaml"} {
		data, err := os.ReadFile(example(name))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a puzzle"), 0o644)
	doc := filepath.Join(dir, "comparison.md")
	os.WriteFile(doc, []byte("# Comparison\n\nprose to keep\n\n<!-- compare:begin -->\nold\n<!-- compare:end -->\n\nmore prose\n"), 0o644)
	chart := filepath.Join(dir, "times.svg")
	code, out, errs := run(t, "", "compare", dir, "-b", "fila:f,nof fila:e,nof", "--format", "markdown", "--update", doc, "--chart", chart)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	for _, want := range []string{"## Summary", "Pentominoes 15x4", "1,472 solutions (368 unique)", "8 solutions (2 unique)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	data, _ := os.ReadFile(doc)
	s := string(data)
	if !strings.HasPrefix(s, "# Comparison\n\nprose to keep\n\n<!-- compare:begin -->\n") || !strings.HasSuffix(s, "<!-- compare:end -->\n\nmore prose\n") ||
		strings.Contains(s, "\nold\n") || !strings.Contains(s, "368 unique") {
		t.Errorf("updated document:\n%s", s)
	}
	svg, err := os.ReadFile(chart)
	if err != nil || !strings.Contains(string(svg), "<svg") || !strings.Contains(string(svg), "fila:e,nof") {
		t.Errorf("chart: %v %.200s", err, svg)
	}
}

func TestCompareUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"compare"},
		{"compare", example("pentomino-20x3.yaml"), "-b", "nosuch"},
		{"compare", example("pentomino-20x3.yaml"), "-b", "fila:bogus"},
		{"compare", example("pentomino-20x3.yaml"), "--format", "xml"},
		{"compare", example("pentomino-20x3.yaml"), "--task", "guess"},
		{"compare", example("pentomino-20x3.yaml"), "--chart", "x.gif"},
		{"compare", example("pentomino-20x3.yaml"), "--dlx-count", "(", "-b", "dlx"},
		{"compare", example("pentomino-20x3.yaml"), "--dlx-count", "no group", "--dlx-solver", "x", "-b", "dlx"},
		{"compare", example("pentomino-20x3.yaml"), "--enum-limit", "0"},
		{"compare", example("pentomino-20x3.yaml"), "--section", "two words"},
		{"compare", t.TempDir()},
		{"compare", "/no/such/puzzle.yaml"},
	} {
		if code, _, errs := run(t, "", args...); code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// TestCompareSolverOptions: options reach the external solver (its
// configuration shows them), and every unknown, malformed, reserved or
// inapplicable option is an error (exit 2) with the solver's own message.
func TestCompareSolverOptions(t *testing.T) {
	file := example("tetris-7x7.yaml")
	base := []string{"compare", file, "--task", "max-coverage", "--time-limit", "30s", "-q"}
	// Errors decided by polytile alone (no solver needed).
	for _, c := range []struct{ opt, backends, want string }{
		{"xpress:presolve=1", "native cbc", "unknown solver"},
		{"cbc", "native cbc", "SOLVER:KEY=VALUE"},
		{"cbc:sec=3", "native cbc", "compare sets sec"},
		{"glpsol:tmlim=3", "native glpsol", "compare sets tmlim"},
		{"highs-cli:time_limit=3", "native highs-cli", "compare sets time_limit"},
		{"cbc:ratio=a b", "native cbc", "one word"},
		{"glpsol:mipgap=0.1", "native cbc", "does not apply"},
		{"cbc:ratio=0.1", "native", "does not apply"},
		{"cbc:fooo=1", "native cbc", "not among the CBC parameters"},
		{"glpsol:no-such-option", "native glpsol", "not among the glpsol options"},
	} {
		code, _, errs := run(t, "", append(base, "-b", c.backends, "--solver-option", c.opt)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s with %s: exit %d, stderr %q, want exit 2 and %q", c.opt, c.backends, code, errs, c.want)
		}
	}
	// The solvers' own verdicts on unknown options and bad values.
	for _, c := range []struct{ bin, opt, backends, want string }{
		{"cbc", "cbc:ratio=abc", "native cbc", "illegal"},
		{"highs", "highs-cli:no_such_option=1", "native highs-cli", `Option "no_such_option" is unknown`},
		{"highs", "highs-cli:mip_rel_gap=x", "native highs-cli", `Cannot read value "x"`},
	} {
		if _, err := exec.LookPath(c.bin); err != nil {
			t.Logf("%s not on PATH: skipped", c.bin)
			continue
		}
		code, _, errs := run(t, "", append(base, "-b", c.backends, "--solver-option", c.opt)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stderr %q, want exit 2 and %q", c.opt, code, errs, c.want)
		}
	}
	if _, err := exec.LookPath("cbc"); err != nil {
		t.Skip("cbc not on PATH")
	}
	code, out, errs := run(t, "", append(base, "-b", "native cbc", "--solver-option", "cbc:ratio=0", "--format", "json")...)
	if code != 0 || !strings.Contains(out, "solver options ratio=0") {
		t.Errorf("a valid option: exit %d (%s), configuration does not show it:\n%s", code, errs, out)
	}
}

// TestCompareGapIsNoProof: a solver stopped at a gap tolerance found a
// tiling but proved nothing. compare showed CBC's "Optimal (within gap
// tolerance)" and HiGHS's "Optimal" under mip_rel_gap = 0.2 as "optimal
// yes" with the coverage as a made-up bound (92 on the T-tetromino 10x10,
// whose optimum is 96). highs-cli now runs with mip_rel_gap = 0 unless a
// gap is given, and a gap given is no proof.
func TestCompareGapIsNoProof(t *testing.T) {
	file := example("t-tetromino-10x10.yaml")
	for _, c := range []struct{ bin, backend, opt string }{
		{"cbc", "cbc:seed", "cbc:ratio=0.2"},
		{"highs", "highs-cli:seed", "highs-cli:mip_rel_gap=0.2"},
	} {
		if _, err := exec.LookPath(c.bin); err != nil {
			t.Logf("%s not on PATH: skipped", c.bin)
			continue
		}
		_, out, errs := run(t, "", "compare", file, "--task", "max-coverage", "--time-limit", "60s", "-q", "-b", "native "+c.backend, "--solver-option", c.opt, "--format", "json")
		var rep struct {
			Tables []struct {
				Rows []struct {
					Backend  string `json:"backend"`
					Status   string `json:"status"`
					Bound    *int   `json:"bound"`
					Complete bool   `json:"complete"`
				} `json:"rows"`
			} `json:"tables"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Tables) != 1 || len(rep.Tables[0].Rows) != 2 {
			t.Fatalf("%s: %v: %s %s", c.opt, err, out, errs)
		}
		for _, r := range rep.Tables[0].Rows {
			if r.Backend == c.backend && (r.Complete || r.Bound != nil && *r.Bound < 96) {
				t.Errorf("%s: %+v: a gap tolerance reported as a proof", c.opt, r)
			}
		}
	}
}

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

// TestCompareKillsSolverChildren: a --dlx-solver wrapper script whose
// busy child would outlive the time limit (it was reparented to PID 1
// and kept burning CPU: only the wrapper was killed) dies with it.
func TestCompareKillsSolverChildren(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child.pid")
	wrapper := filepath.Join(dir, "wrapper")
	body := "#!/bin/sh\nsh -c 'while :; do :; done' &\necho $! > " + pidFile + "\nwait\n"
	if err := os.WriteFile(wrapper, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "compare", example("pentomino-20x3.yaml"), "-b", "dlx", "--dlx-solver", wrapper,
		"--time-limit", "500ms", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if r := findRow(t, compareJSON(t, out).Tables[0], wrapper); r.Status != compare.Timeout {
		t.Errorf("wrapper: %+v", r)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	for range 50 {
		st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if syscall.Kill(pid, 0) != nil || err == nil && strings.Contains(string(st), ") Z ") {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	syscall.Kill(pid, syscall.SIGKILL)
	t.Fatalf("the wrapper's busy child %d outlived compare", pid)
}

// TestCompareSolverOutputBounded: an external solver's output is kept
// up to a bound, and the message says so (64 MB of output were held
// whole in a bytes.Buffer: /usr/bin/yes took 4.2 GB in 4 s).
func TestCompareSolverOutputBounded(t *testing.T) {
	dir := t.TempDir()
	noisy := filepath.Join(dir, "noisy")
	if err := os.WriteFile(noisy, []byte("#!/bin/sh\ncat >/dev/null\nhead -c 67108864 /dev/zero | tr '\\0' y\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	code, out, errs := run(t, "", "compare", example("pentomino-20x3.yaml"), "-b", "dlx", "--dlx-solver", noisy, "--format", "json")
	runtime.ReadMemStats(&after)
	if code == 2 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	r := findRow(t, compareJSON(t, out).Tables[0], noisy)
	if r.Status != compare.Error || !strings.Contains(r.Reason, "only its first 1 MiB and last 3 MiB were kept") {
		t.Errorf("noisy solver: %+v", r.Status)
	}
	if len(r.Reason) > 10000 {
		t.Errorf("reason of %d bytes", len(r.Reason))
	}
	if a := after.TotalAlloc - before.TotalAlloc; a >= 64<<20 {
		t.Errorf("compare allocated %d MB for 64 MB of solver output", a>>20)
	}
}

// One default per concept across commands. The formulation: solve,
// export and compare's MIP backends all default to model.DefaultFormulation
// (export used to default to seed, solve and compare to packing).
func TestDefaultFormulationAgrees(t *testing.T) {
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	root := a.rootCmd()
	want := model.DefaultFormulation.String()
	for _, name := range []string{"solve", "export"} {
		cmd, _, err := root.Find([]string{name})
		if err != nil {
			t.Fatal(err)
		}
		if got := cmd.Flags().Lookup("formulation").DefValue; got != want {
			t.Errorf("%s --formulation defaults to %s, want %s", name, got, want)
		}
		if _, help, _ := run(t, "", name, "--help"); !strings.Contains(help, `(default "`+want+`")`) || !strings.Contains(help, "default "+want) {
			t.Errorf("%s --help does not state the default formulation %s in the flag and the text", name, want)
		}
	}
	// export without --formulation writes the same program as with the default.
	t7 := example("tetris-7x7.yaml")
	_, plain, _ := run(t, "", "export", t7, "--format", "lp", "--max-coverage")
	_, explicit, _ := run(t, "", "export", t7, "--format", "lp", "--max-coverage", "--formulation", want)
	if plain != explicit || plain == "" {
		t.Error("export's default formulation is not model.DefaultFormulation")
	}
	// compare's MIP backends without an option.
	code, out, errs := run(t, "", "compare", t7, "-b", "highs", "--task", "max-coverage", "--format", "json", "--time-limit", "20s")
	if code != 0 {
		t.Fatalf("compare: exit %d: %s", code, errs)
	}
	row := compareJSON(t, out).Tables[0].Rows[0]
	if row.Status != "skipped" && !strings.Contains(row.Config, want+" formulation") {
		t.Errorf("compare's highs row: %q, want the %s formulation", row.Config, want)
	}
}

// compare's "native" row is solve's default configuration: the same
// search, node for node. (It was FILA without NOF, volume filter or the
// default heuristic: 924k nodes and 2.69 s against solve's 0.15 s on
// 10x6.)
func TestCompareNativeIsSolveDefault(t *testing.T) {
	for _, file := range []string{"pentomino-10x6.yaml", "soma.yaml"} {
		code, out, errs := run(t, "", "solve", example(file), "--count", "--unique", "--json")
		if code != 0 {
			t.Fatalf("solve: exit %d: %s", code, errs)
		}
		var s struct {
			Nodes  int64
			Config string
		}
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatal(err)
		}
		code, out, errs = run(t, "", "compare", example(file), "-b", "native", "--task", "count", "--format", "json")
		if code != 0 {
			t.Fatalf("compare: exit %d: %s", code, errs)
		}
		row := compareJSON(t, out).Tables[0].Rows[0]
		if row.Work != s.Nodes || s.Nodes == 0 {
			t.Errorf("%s: compare's native row searched %d nodes, solve's default (%s) %d", file, row.Work, s.Config, s.Nodes)
		}
	}
}

// tinyConstrained is X F L P U in 5x5 (8 solutions, 1 unique without
// constraints) plus a constraint: with P's corner at (0,0), 2 solutions
// remain, mirror images under the diagonal: 1 unique (brute force in
// native/constraints_test.go).
const tinyConstrained = "board: 5x5\npieces:\n  X: \".#./###/.#.\"\n  F: \".##/##./.#.\"\n  L: \"####/#...\"\n" +
	"  P: \"##/##/#.\"\n  U: \"#.#/###\"\n"

// TestCompareConstraints runs every backend on puzzles with a placement
// constraint (a piece at a position; cells to leave empty) and checks that
// they all agree: the native solvers and HiGHS count, the external MIP
// solvers find a tiling from the LP export that Verify (which checks the
// constraint) accepts, and maximum coverage on a puzzle the constraint
// makes infeasible.
func TestCompareConstraints(t *testing.T) {
	dir := t.TempDir()
	at := filepath.Join(dir, "at.yaml")
	os.WriteFile(at, []byte(tinyConstrained+"constraints:\n  P: {at: [0, 0]}\n"), 0o644)
	code, out, errs := run(t, "", "compare", at, "-b", "dlx fila:f,nof fila:e,nof highs glpsol cbc", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	tab := compareJSON(t, out).Tables[0]
	if tab.Answer != "2 solutions (1 unique)" || !tab.Agree {
		t.Errorf("answer %q: %+v", tab.Answer, tab)
	}
	for _, r := range tab.Rows {
		if r.Status != compare.OK && r.Status != compare.Skipped {
			t.Errorf("%s: %s %s", r.Backend, r.Status, r.Reason)
		}
	}
	// X in the corner leaves the corner cell isolated: no exact tiling.
	// Cell (0,0) is also to stay empty, so it is not a cell to cover: the
	// remaining 24 cells take at most 4 pentominoes (20 cells).
	mc := filepath.Join(dir, "mc.yaml")
	os.WriteFile(mc, []byte(tinyConstrained+"empty: [[0, 0]]\nconstraints:\n  X: {at: [0, 0]}\n"), 0o644)
	code, out, errs = run(t, "", "compare", mc, "-b", "native highs:seed highs:packing", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	tab = compareJSON(t, out).Tables[0]
	// 24 cells and pentominoes: at most 4 pieces, 20 cells (the area
	// bound), reached by the tiling Verify accepted.
	if tab.Kind != "max-coverage" || !tab.Agree || tab.Answer != "20 of 24 cells" {
		t.Fatalf("%s %q: %+v", tab.Kind, tab.Answer, tab)
	}
}

// TestCompareUnlimitedPieceLevelsRefused: compare took fila:at=N and a
// schedule with levels on a puzzle with an unlimited piece and ran them
// as if they were not there (FILA from the start, the first heuristic
// throughout), where solve refuses --fila-at N and --heuristic e=5:f=2.
// compare now refuses such a --backends spec before anything runs (exit
// 2, naming the spec, the puzzle and what runs instead), whatever the
// task; the same specs on a puzzle of finite pieces still run.
func TestCompareUnlimitedPieceLevelsRefused(t *testing.T) {
	dir := t.TempDir()
	xl := writeFile(t, dir, "xl.yaml", "board: 7x5\npieces:\n  X: \".#./###/.#.\"\n  L: {shape: \"#./##\", count: unlimited}\n")
	finite := writeFile(t, dir, "finite.yaml", "board: 4x3\npieces:\n  L: {shape: \"#./#./##\", count: 3}\n")
	for _, c := range []struct {
		spec, want string
	}{
		{"fila:f,at=3", "at=3: with an unlimited piece (the number of pieces left is unknown) FILA starts at once; leave at=3 out"},
		{"native:at=2", "leave at=2 out"},
		{"fila:e=5:f=2,nof", "e=5:f=2: with an unlimited piece the number of pieces left is unknown, so levels have no meaning and e would run throughout; give e"},
		{"dlx:s=4:f=2", "give s"},
		{"native:e=3:f=1", "give e"},
	} {
		// count: the unlimited piece's reason, on xl; maximum coverage
		// (the task given, or auto's choice for xl's unlimited piece):
		// only the heuristic applies there, refused on the first puzzle
		// it is the task of.
		for _, v := range []struct{ task, file, want string }{
			{"count", xl, c.want},
			{"max-coverage", finite, "maximum coverage runs"},
			{"auto", xl, "maximum coverage runs"},
		} {
			code, out, errs := run(t, "", "compare", finite, xl, "--task", v.task, "--backends", "dlx "+c.spec, "-q")
			if code != 2 || out != "" || !strings.Contains(errs, "--backends "+c.spec+" on "+v.file+": ") || !strings.Contains(errs, v.want) {
				t.Errorf("%s, task %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.spec, v.task, code, out, errs, v.want)
			}
		}
		if code, out, errs := run(t, "", "compare", finite, "--task", "count", "--backends", "dlx "+c.spec, "-q"); code != 0 {
			t.Errorf("%s on finite pieces: exit %d: %s%s", c.spec, code, out, errs)
		}
	}
	if code, out, errs := run(t, "", "compare", xl, "--task", "count", "--backends", "dlx fila:e,nof native:vol=3", "-q"); code != 0 {
		t.Errorf("options that apply: exit %d: %s%s", code, out, errs)
	}
}

// TestCompareRedundancyPieceNamed: compare refuses an r=PIECE that names
// no piece of the puzzle before anything runs (exit 2), as solve refuses
// --redundancy with it; it was an error row, "native: redundancy filter:
// no piece named ...", and exit 1. A piece of the puzzle runs.
func TestCompareRedundancyPieceNamed(t *testing.T) {
	ex := example("pentomino-10x6.yaml")
	code, _, errs := run(t, "", "compare", ex, "--task", "count", "-b", "dlx:r=NOPE", "--time-limit", "30s")
	if code != 2 || !strings.Contains(errs, `--backends dlx:r=NOPE on `) || !strings.Contains(errs, `r=NOPE: no piece named "NOPE"`) {
		t.Errorf("r=NOPE: exit %d, stderr %q; want exit 2", code, errs)
	}
	code, _, errs = run(t, "", "solve", ex, "--count", "--redundancy", "NOPE")
	if code != 2 || !strings.Contains(errs, `no piece named "NOPE"`) {
		t.Errorf("solve --redundancy NOPE: exit %d, stderr %q; want exit 2", code, errs)
	}
}

// TestCompareAutoReadsPuzzleOnce: compare --task auto reads a puzzle
// holding a piece of finite supply that fits nowhere a second time as
// maximum coverage reads it, from the bytes it read: with the puzzle on
// stdin it read stdin again and stopped (exit 2, "<stdin>:1:1: empty
// input"). Fails on the old code.
func TestCompareAutoReadsPuzzleOnce(t *testing.T) {
	text := "board: 2x1\npieces:\n  A: \"##\"\n  B: \"###\"\n"
	code, out, errs := run(t, text, "compare", "-", "-b", "fila")
	if code != 0 || !strings.Contains(out, "max-coverage") || !strings.Contains(out, "2 of 2 cells") {
		t.Errorf("compare - of a puzzle with a piece that fits nowhere: exit %d\n%s%s", code, out, errs)
	}
}

// TestCompareDirectoryEntryReadRegularOnly: a directory's puzzle files
// are read regular-only as they are opened: a FIFO put at an entry after
// compare listed it (its check of the entry) is refused, not waited on.
// The listing's check is passed by calling the loader with the entry
// marked, as puzzleFiles marks it, after the FIFO replaced the file.
func TestCompareDirectoryEntryReadRegularOnly(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "p.yaml")
	os.WriteFile(p, []byte("board: 2x1\npieces:\n  A: \"##\"\n"), 0o644)
	var stderr strings.Builder
	a := &app{ctx: context.Background(), stdin: strings.NewReader(""), stdout: &strings.Builder{}, stderr: &stderr}
	files, fromDir, err := a.puzzleFiles([]string{dir})
	if err != nil || len(files) != 1 || !fromDir[p] {
		t.Fatalf("puzzleFiles: %v %v %v", files, fromDir, err)
	}
	os.Remove(p)
	if err := exec.Command("mkfifo", p).Run(); err != nil {
		t.Skip("no mkfifo:", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _, err = a.loadComparedAuto(ctx, p, fromDir[p], &compareFlags{task: "auto"})
	if ctx.Err() != nil {
		t.Fatalf("a FIFO swapped in for a directory's entry: still waiting after 10 s")
	}
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a FIFO swapped in for a directory's entry: %v", err)
	}
}

// TestCompareDirectorySkipsFIFO: compare DIR skips a FIFO in the
// directory with a note and compares the rest (the FIFO's read reached
// the time limit and ended the run: exit 1, no table).
func TestCompareDirectorySkipsFIFO(t *testing.T) {
	dir, fifo := fifoIn(t, "waiting.yaml")
	code, out, errs := runUnblocking(t, 20*time.Second, fifo, "compare", dir, "-b", "dlx", "--time-limit", "1s", "--format", "json")
	if code != 0 || !strings.Contains(errs, "waiting.yaml: not a regular file (a FIFO): skipped") {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if rep := compareJSON(t, out); len(rep.Tables) != 1 || !rep.Tables[0].Agree {
		t.Errorf("report: %+v", rep)
	}
}

// TestCompareUnreadPuzzleIsANote: a puzzle named on the command line
// whose reading reaches the per-puzzle --time-limit is left out with a
// note saying the limit is per puzzle; the others are compared and the
// exit code is 1 (the whole run ended with exit 1 and no table, saying
// "--time-limit counts from the start of the command").
func TestCompareUnreadPuzzleIsANote(t *testing.T) {
	dir, fifo := fifoIn(t, "waiting.yaml")
	code, out, errs := runUnblocking(t, 20*time.Second, fifo, "compare", fifo, filepath.Join(dir, "pentomino-12x5.yaml"),
		"-b", "dlx", "--time-limit", "1s", "--format", "json")
	if code != exitNoSolution || !strings.Contains(errs, "applies to each puzzle") || strings.Contains(errs, "start of the command") {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if rep := compareJSON(t, out); len(rep.Tables) != 1 || !rep.Tables[0].Agree {
		t.Errorf("report: %+v", rep)
	}
}

// TestCompareProofVoidingOptions: every option family that changes what
// a solver's "optimal" or "infeasible" means (a cut-off or objective
// bound, an increment or objective target, a gap, a solution limit), for
// cbc, glpsol, highs-cli and the in-process HiGHS, leaves no row "ok"
// and complete: the verdict is "found, not proven" or no answer. Before,
// cbc:increment=1000 made CBC's "optimal" a 20 of 49 on tetris-7x7,
// reported ok, and cbc:cutoff=-1, glpsol:objbnd=-1 and
// highs-cli:objective_bound=-1 turned a puzzle with tilings into "ok 0
// (infeasible)".
func TestCompareProofVoidingOptions(t *testing.T) {
	for _, bin := range []string{"cbc", "glpsol", "highs"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Skipf("%s not on PATH", bin)
		}
	}
	dir := t.TempDir()
	tileable := writeFile(t, dir, "l.yaml", "name: L trominoes 3x4\nboard: 4x3\norientations: free\ncount: 4\npieces:\n  L: \"#./##\"\n")
	families := []struct {
		name     string
		opts     []string
		inHiGHS  string // the in-process backend with its option
		coverage bool   // max-coverage only (a gap does not change a feasibility answer)
	}{
		{"cut-off and objective bound", []string{"cbc:cutoff=-1", "glpsol:objbnd=-1", "highs-cli:objective_bound=-1"}, "highs:objective_bound=-1", false},
		{"increment and objective target", []string{"cbc:increment=1000", "highs-cli:objective_target=3"}, "highs:objective_target=3", false},
		{"gap", []string{"cbc:allowableGap=20", "cbc:ratioGap=0.5", "glpsol:mipgap=0.5", "highs-cli:mip_rel_gap=0.5", "highs-cli:mip_abs_gap=20"}, "highs:gap=0.5", true},
		{"solution limit", []string{"cbc:maxSolutions=1", "highs-cli:mip_max_improving_sols=1"}, "highs:mip_max_improving_sols=1", false},
	}
	for _, fam := range families {
		tasks := []struct{ file, task string }{{example("tetris-7x7.yaml"), "max-coverage"}, {tileable, "count"}}
		if fam.coverage {
			tasks = tasks[:1]
		}
		for _, task := range tasks {
			args := []string{"compare", task.file, "--task", task.task, "--time-limit", "60s", "-q", "--format", "json", "-b", "native cbc glpsol highs-cli " + fam.inHiGHS}
			for _, o := range fam.opts {
				args = append(args, "--solver-option", o)
			}
			_, out, errs := run(t, "", args...)
			rep := compareJSON(t, out)
			if len(rep.Tables) != 1 {
				t.Fatalf("%s %s: %s %s", fam.name, task.task, out, errs)
			}
			for _, r := range rep.Tables[0].Rows {
				if r.Backend == "native" || r.Backend == "glpsol" && !strings.Contains(strings.Join(fam.opts, " "), "glpsol:") {
					continue
				}
				// A verified tiling is an answer whatever the options: a
				// tiling of the exact program, or a coverage reaching
				// polytile's own area bound.
				answered := task.task == "count" && r.Feasible != nil && *r.Feasible ||
					r.Coverage != nil && *r.Coverage == 48 && strings.Contains(r.Note, "area bound")
				if r.Status == compare.OK && r.Complete && !answered {
					t.Errorf("%s, %s: %s is ok and complete (coverage %v, feasible %v, note %q)", fam.name, task.task, r.Backend, r.Coverage, r.Feasible, r.Note)
				}
				if r.Status == compare.OK && r.Coverage != nil && !r.Complete && !strings.Contains(r.Note, "not proven") {
					t.Errorf("%s, %s: %s found %d, not complete, and the note does not say not proven: %q", fam.name, task.task, r.Backend, *r.Coverage, r.Note)
				}
			}
		}
	}
}
