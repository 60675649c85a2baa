package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckSCIPFiles runs 'polytile check' on the solution files SCIP
// writes (pyscipopt's writeBestSol) for our exports: Tetris 7x7 maximum
// coverage from an LP file (exit 0, identified by the fingerprint column,
// the native optimum), the exact 7x4 tetrahexes from a fixed MPS file
// (its short names through --names; an exact tiling, exit 0) and the
// infeasible exact 5x4 tetrominoes from a free MPS file, for which SCIP
// writes only "no solution available" (exit 1, no feasible solution;
// exit 2 "not a solution file polytile knows" before 2026-11-23).
func TestCheckSCIPFiles(t *testing.T) {
	py := os.Getenv("POLYTILE_PYTHON")
	if py == "" {
		py = "python3"
	}
	if err := exec.Command(py, "-c", "import pyscipopt").Run(); err != nil {
		t.Skipf("pyscipopt (SCIP) is not importable by %s: run `make deps` (it installs pyscipopt into .deps/pyomo), or pip install pyscipopt: %v", py, err)
	}
	dir := t.TempDir()
	cases := []struct {
		puzzle, format string
		flags          []string // export and check
	}{
		{"tetris-7x7.yaml", "lp", []string{"--max-coverage", "--strengthen"}},
		{"tetrahexes-7x4.yaml", "fixed-mps", nil},
		{"tetrominoes-5x4.yaml", "mps", nil},
	}
	var files []string
	for i, c := range cases {
		// SCIP picks its reader by the last extension: .lp or .mps.
		file := filepath.Join(dir, c.puzzle+"."+strings.Replace(c.format, "fixed-mps", "fixed.mps", 1))
		args := append([]string{"export", example(c.puzzle), "--format", c.format, "-o", file, "-q"}, c.flags...)
		if code, _, errs := run(t, "", args...); code != 0 {
			t.Fatalf("case %d: export: exit %d: %s", i, code, errs)
		}
		files = append(files, file)
	}
	script := `
import sys, pyscipopt
for path in sys.argv[1:]:
    m = pyscipopt.Model()
    m.hideOutput()
    m.setParam("limits/time", 60)
    m.readProblem(path)
    m.optimize()
    m.writeBestSol(path + ".sol")
`
	if out, err := exec.Command(py, append([]string{"-c", script}, files...)...).CombinedOutput(); err != nil {
		t.Fatalf("SCIP: %v\n%s", err, out)
	}

	// Tetris 7x7: the native optimum, identified, exit 0.
	want := nativeOptimum(t, example("tetris-7x7.yaml"))
	code, rep, errs := checkJSON(t, example("tetris-7x7.yaml"), files[0]+".sol", "--max-coverage", "--strengthen")
	if code != 0 || rep.Solver != "scip" || !rep.Identified || !rep.Valid || !rep.Optimal || rep.Coverage != want {
		t.Errorf("tetris 7x7: exit %d, %+v; native optimum %d %s", code, rep, want, errs)
	}
	// The tetrahexes: an exact tiling, named through the fixed MPS file.
	code, rep, errs = checkJSON(t, example("tetrahexes-7x4.yaml"), files[1]+".sol", "--names", files[1])
	if code != 0 || rep.Solver != "scip" || !rep.Exact || !rep.Valid {
		t.Errorf("tetrahexes: exit %d, %+v %s", code, rep, errs)
	}
	// The 5x4 tetrominoes: SCIP found no solution.
	code, rep, errs = checkJSON(t, example("tetrominoes-5x4.yaml"), files[2]+".sol")
	if code != 1 || rep.Solver != "scip" || rep.Valid || rep.Pieces != 0 || !strings.Contains(rep.Verdict, "no feasible solution") {
		t.Errorf("tetrominoes 5x4: exit %d, %+v %s", code, rep, errs)
	}
}

// TestCheckNonFiniteObjective: a solution file whose objective is inf or
// nan (every reader takes them, as SCIP, CBC and Gurobi may print them)
// is reported with that as a problem, exit 1, in text and in --json; the
// --json report failed ("json: unsupported value: +Inf", exit 2, no
// report). Fails on the old code.
func TestCheckNonFiniteObjective(t *testing.T) {
	dir := t.TempDir()
	col := "x_F_0_0_0"
	for name, body := range map[string]string{
		"scip-inf.sol":    "solution status: optimal solution found\nobjective value: inf\n" + col + " 1\n",
		"scip-nan.sol":    "objective value: nan\n" + col + " 1\n",
		"gurobi-ninf.sol": "# Objective value = -inf\n" + col + " 1\n",
		"cbc-inf.sol":     "Infeasible - objective value inf\n",
	} {
		sol := filepath.Join(dir, name)
		if err := os.WriteFile(sol, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "", "check", example("pentomino-10x6.yaml"), sol, "--json")
		var rep struct {
			Objective *float64 `json:"objective"`
			Problems  []string `json:"problems"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitNoSolution {
			t.Errorf("%s: exit %d (want 1), report %v: %s%s", name, code, err, out, errs)
			continue
		}
		if rep.Objective != nil || !strings.Contains(strings.Join(rep.Problems, "; "), "not a finite number") {
			t.Errorf("%s: objective %v, problems %q", name, rep.Objective, rep.Problems)
		}
	}
}
