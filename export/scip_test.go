package export

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/extproc"
	"github.com/polytile/polytile/model"
)

// scipDriver reads each problem file named after it with SCIP (pyscipopt:
// readProblem, optimize), writes the best solution with writeBestSol to
// FILE.scip.sol ("no solution available" when there is none), and prints
// "=== FILE STATUS OBJECTIVE" (OBJECTIVE "none" without a solution).
// When FILE.mst exists (our start file), it is read first (readSolFile)
// and given to SCIP as a start (addSol), after "start FILE FEASIBLE
// OBJECTIVE" (checkSol, getSolObjVal).
const scipDriver = `
import os, sys
import pyscipopt
for path in sys.argv[1:]:
    m = pyscipopt.Model()
    m.hideOutput()
    m.setParam("limits/time", 60)
    m.readProblem(path)
    if os.path.exists(path + ".mst"):
        s = m.readSolFile(path + ".mst")
        print("start", path, m.checkSol(s), repr(m.getSolObjVal(s)))
        m.addSol(s)
    m.optimize()
    obj = repr(m.getObjVal()) if m.getNSols() > 0 else "none"
    m.writeBestSol(path + ".scip.sol")
    print("===", path, m.getStatus(), obj)
    sys.stdout.flush()
`

// TestSCIPReadsExports solves our LP, free MPS and fixed MPS files with
// SCIP (the pyscipopt wheel, which bundles it) and checks SCIP's status
// and optimum against the native solvers and the highs binary (LP), then
// reads SCIP's solution file back through DetectSolution and
// ReadSolution (what 'polytile check' does): the tiling decodes and
// verifies, covers the optimum, and the file lists the fingerprint
// column at its value; for the infeasible program the file says so.
// For the maximum-coverage programs (LP, free MPS) SCIP also reads our
// start file (WriteStart, format mst) of the native optimal tiling: SCIP
// finds it feasible, with the native optimum as its objective.
func TestSCIPReadsExports(t *testing.T) {
	py := os.Getenv("POLYTILE_PYTHON")
	if py == "" {
		py = "python3"
	}
	if err := exec.Command(py, "-c", "import pyscipopt").Run(); err != nil {
		t.Skipf("pyscipopt (SCIP) is not importable by %s: run `make deps` (it installs pyscipopt into .deps/pyomo), or pip install pyscipopt: %v", py, err)
	}
	cases := []*pyomoCase{
		{p: example(t, "tetrahexes-7x4.yaml"), opt: model.ProgramOptions{Mode: model.Exact}},
		{p: example(t, "tetrominoes-5x4.yaml"), opt: model.ProgramOptions{Mode: model.Exact}},
		{p: example(t, "tetrominoes-5x4.yaml"), opt: model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing}},
		{p: example(t, "tetris-7x7.yaml"), opt: model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true}},
	}
	highs := findBinary("highs")
	if highs == "" {
		t.Log("highs not found on PATH: SCIP is compared with the native solvers only (run `make deps`)")
	}
	type job struct {
		c     *pyomoCase
		pr    *model.Program
		f     format
		short map[string]string // fixed MPS: short name -> column name
	}
	dir := t.TempDir()
	jobs := map[string]job{}
	var files []string
	starts := 0
	for i, c := range cases {
		nativeTruth(t, c)
		pr := program(t, c.p, c.opt)
		for _, f := range formats {
			file := filepath.Join(dir, fmt.Sprintf("case%d-%s%s", i, f.name, f.ext))
			writeFormat(t, file, f, pr)
			j := job{c: c, pr: pr, f: f}
			if f.name == "fixed-mps" {
				in, err := os.Open(file)
				if err != nil {
					t.Fatal(err)
				}
				j.short, err = ReadMPSNames(in)
				in.Close()
				if err != nil {
					t.Fatal(err)
				}
			}
			if c.opt.Mode == model.MaxCoverage && f.name != "fixed-mps" {
				writeSCIPStart(t, file+".mst", pr, c)
				starts++
			}
			jobs[file] = j
			files = append(files, file)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), pyomoTimeout)
	defer cancel()
	cmd := extproc.Command(ctx, py, append([]string{"-c", scipDriver}, files...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := extproc.Run(cmd); err != nil {
		t.Fatalf("SCIP: %v\n%s\n%s", err, stdout.Bytes(), stderr.Bytes())
	}
	done := map[string]bool{}
	for _, line := range strings.Split(stdout.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, "start "); ok {
			f := strings.Fields(rest)
			j, known := jobs[f[0]]
			if len(f) != 3 || !known {
				t.Fatalf("bad driver line %q", line)
			}
			want := float64(j.c.optimum)
			if j.f.negate {
				want = -want
			}
			if v, err := strconv.ParseFloat(f[2], 64); f[1] != "True" || err != nil || math.Abs(v-want) > 1e-6 {
				t.Errorf("%s %v %s: SCIP reads our start as feasible %s, objective %s; want True, %v", j.c.p.Name, j.c.opt, j.f.name, f[1], f[2], want)
			}
			starts--
			continue
		}
		rest, ok := strings.CutPrefix(line, "=== ")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		j, known := jobs[f[0]]
		if len(f) != 3 || !known {
			t.Fatalf("bad driver line %q", line)
		}
		done[f[0]] = true
		where := fmt.Sprintf("%s %v %s via SCIP", j.c.p.Name, j.c.opt, j.f.name)
		checkSCIP(t, where, j.c, j.pr, j.f, j.short, f[1], f[2], f[0]+".scip.sol")
		if highs != "" && j.f.name == "lp" && !(j.c.opt.Mode == model.Exact && !j.c.feasible) {
			// The highs binary on the same file: the same optimum.
			sol := externals[0].run(t, highs, f[0], j.f, j.pr)[0]
			if !sol.HasObjective || f[2] == "none" {
				t.Errorf("%s: HiGHS objective %v (has %v), SCIP %s", where, sol.Objective, sol.HasObjective, f[2])
			} else if v, _ := strconv.ParseFloat(f[2], 64); math.Abs(v-sol.Objective) > 1e-6 {
				t.Errorf("%s: SCIP objective %v, HiGHS %v", where, v, sol.Objective)
			}
		}
	}
	for _, file := range files {
		if !done[file] {
			t.Errorf("%s: SCIP printed nothing\n%s", file, stdout.Bytes())
		}
	}
	if starts != 0 {
		t.Errorf("%d start files were not read by SCIP\n%s", starts, stdout.Bytes())
	}
}

// writeSCIPStart writes the native optimal tiling of c as a start file
// (format mst).
func writeSCIPStart(t *testing.T, file string, pr *model.Program, c *pyomoCase) {
	t.Helper()
	vec, err := pr.Vector(c.best)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteStart(&b, pr, vec, "mst"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkSCIP checks SCIP's status and objective for one file, then its
// solution file as 'polytile check' reads it.
func checkSCIP(t *testing.T, where string, c *pyomoCase, pr *model.Program, f format, short map[string]string, status, objective, solFile string) {
	t.Helper()
	data, err := os.ReadFile(solFile)
	if err != nil {
		t.Fatal(err)
	}
	format := DetectSolution(data)
	if format != "scip" {
		t.Errorf("%s: the solution file is detected as %q\n%s", where, format, data)
		return
	}
	sol, err := ReadSolution(bytes.NewReader(data), format, nil)
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return
	}
	if short != nil {
		if err := sol.Rename(short); err != nil {
			t.Errorf("%s: %v", where, err)
			return
		}
	}
	if c.opt.Mode == model.Exact && !c.feasible {
		if status != "infeasible" || objective != "none" || sol.Feasible {
			t.Errorf("%s: status %s, objective %s, file feasible %v; native: no tiling exists", where, status, objective, sol.Feasible)
		}
		return
	}
	want := float64(c.optimum)
	if f.negate {
		want = -want
	}
	obj, err := strconv.ParseFloat(objective, 64)
	if status != "optimal" || err != nil || math.Abs(obj-want) > 1e-6 {
		t.Errorf("%s: status %s, objective %s; native optimum %d", where, status, objective, c.optimum)
		return
	}
	// pyscipopt writes no status line: the file is a feasible solution
	// with SCIP's objective (the status comes from getStatus above).
	if !sol.Feasible || !sol.HasObjective || math.Abs(sol.Objective-want) > 1e-6 {
		t.Errorf("%s: file feasible %v, objective %v (has %v); want %v", where, sol.Feasible, sol.Objective, sol.HasObjective, want)
	}
	fp, err := pr.Fingerprint(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if v := sol.Values[fp]; v != model.FingerprintValue(fp) {
		t.Errorf("%s: fingerprint column %s = %v in the file, want %v", where, fp, v, model.FingerprintValue(fp))
	}
	tl, err := pr.DecodeNames(sol.Values)
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return
	}
	rep, err := c.p.Verify(tl, c.opt.Mode == model.Exact)
	if err != nil {
		t.Errorf("%s: the decoded tiling: %v", where, err)
		return
	}
	if c.opt.Mode == model.MaxCoverage && rep.Covered != c.optimum {
		t.Errorf("%s: the decoded tiling covers %d cells; native optimum %d", where, rep.Covered, c.optimum)
	}
}
