package export

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/internal/extproc"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// pyomoSolver is a Pyomo SolverFactory name and what it needs: a binary
// on PATH (cbc, glpsol) or a Python module in the venv (highspy).
type pyomoSolver struct {
	name, binary, module string
}

var pyomoSolvers = []pyomoSolver{
	{name: "cbc", binary: "cbc"},
	{name: "glpk", binary: "glpsol"},
	{name: "highs", module: "highspy"},
	{name: "appsi_highs", module: "highspy"},
}

// pyomoDriver runs the scripts given after the solver name in one Python
// process, each through its own main(argv) with argv as on the command
// line (python3 FILE SOLVER), so that Pyomo is imported once: it prints
// "=== FILE EXIT" after each script's output.
const pyomoDriver = `
import contextlib, io, runpy, sys
solver = sys.argv[1]
for path in sys.argv[2:]:
    g = runpy.run_path(path, run_name="polytile_script")
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = g["main"]([path, solver])
    sys.stdout.write(buf.getvalue())
    print("===", path, rc)
    sys.stdout.flush()
`

// pyomoTimeout bounds one solver's run of all the scripts (a few seconds
// when they pass).
const pyomoTimeout = 2 * time.Minute

// pyomoCase is a puzzle and program whose answer polytile's native
// solver gives: feasible (exact) or the optimum (max-coverage).
type pyomoCase struct {
	p        *puzzle.Puzzle
	opt      model.ProgramOptions
	feasible bool          // exact: a tiling exists (native.Solve)
	optimum  int           // max-coverage: native.MaxCoverage's proven optimum
	best     puzzle.Tiling // max-coverage: its optimal tiling
}

// nativeTruth fills in the answer of c from the native solvers.
func nativeTruth(t *testing.T, c *pyomoCase) {
	t.Helper()
	ctx := context.Background()
	if c.opt.Mode == model.Exact {
		res, err := native.Solve(ctx, c.p, native.Config{Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		c.feasible = res.All > 0
		return
	}
	res, err := native.MaxCoverage(ctx, c.p, native.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Optimal {
		t.Fatalf("%s: the native maximum coverage is not proven optimal (%d, bound %d)", c.p.Name, res.Covered, res.Bound)
	}
	c.optimum, c.best = res.Covered, res.Tiling
}

// TestPyomoExternalSolvers runs the Pyomo export with the solvers Pyomo
// calls out to (cbc and glpk from PATH; highs and appsi_highs when
// highspy is in the venv) and checks the status, objective and placements
// the script prints against the native solvers: an exact puzzle with
// tilings (on the hexagonal grid), one without (the 5x4 tetrominoes,
// checkerboard parity) and the maximum coverage of that one (16, below the
// LP bound 20: the solver must branch) and of Tetris 7x7 (seed formulation
// with the area and gcd rows: y and z).
func TestPyomoExternalSolvers(t *testing.T) {
	py := pyomoPython(t)
	cases := []*pyomoCase{
		{p: example(t, "tetrahexes-7x4.yaml"), opt: model.ProgramOptions{Mode: model.Exact}},
		{p: example(t, "tetrominoes-5x4.yaml"), opt: model.ProgramOptions{Mode: model.Exact}},
		{p: example(t, "tetrominoes-5x4.yaml"), opt: model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing}},
		// With the area row: without it neither cbc nor glpk proves 48
		// (the LP bound is 49) in 30 s.
		{p: example(t, "tetris-7x7.yaml"), opt: model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true}},
	}
	dir := t.TempDir()
	var files []string
	programs := map[string]*model.Program{}
	byFile := map[string]*pyomoCase{}
	feasible, infeasible := 0, 0
	for i, c := range cases {
		nativeTruth(t, c)
		if c.opt.Mode == model.Exact {
			if c.feasible {
				feasible++
			} else {
				infeasible++
			}
		}
		pr := program(t, c.p, c.opt)
		file := filepath.Join(dir, fmt.Sprintf("case%d.py", i))
		var b bytes.Buffer
		if err := WritePyomo(&b, pr); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
		programs[file], byFile[file] = pr, c
	}
	if feasible == 0 || infeasible == 0 {
		t.Fatalf("the cases need an exact puzzle with a tiling and one without (native: %d, %d)", feasible, infeasible)
	}
	for _, s := range pyomoSolvers {
		t.Run(s.name, func(t *testing.T) {
			if s.binary != "" && findBinary(s.binary) == "" {
				t.Skipf("%s is not on PATH (make deps installs it; or source the env with PATH)", s.binary)
			}
			if s.module != "" {
				if err := exec.Command(py, "-c", "import "+s.module).Run(); err != nil {
					t.Skipf("%s is not importable by %s: run `make deps` (it installs %s into .deps/pyomo), or pip install %s", s.module, py, s.module, s.module)
				}
			}
			// A solver that does not finish is a failure, not a hung test:
			// the process group (python and the solver it started) is
			// killed after pyomoTimeout.
			ctx, cancel := context.WithTimeout(context.Background(), pyomoTimeout)
			defer cancel()
			cmd := extproc.Command(ctx, py, append([]string{"-c", pyomoDriver, s.name}, files...)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := extproc.Run(cmd)
			out := stdout.Bytes()
			if err != nil {
				t.Fatalf("%s with %s: %v\n%s\n%s", py, s.name, err, out, stderr.Bytes())
			}
			runs := splitDriverOutput(t, out)
			for _, file := range files {
				r, ok := runs[file]
				c := byFile[file]
				where := fmt.Sprintf("%s %v via Pyomo %s", c.p.Name, c.opt, s.name)
				if !ok {
					t.Errorf("%s: no output\n%s", where, out)
					continue
				}
				checkPyomoRun(t, where, s.name, c, programs[file], r)
			}
		})
	}
}

// driverRun is one script's output and exit status from pyomoDriver.
type driverRun struct {
	out  []byte
	exit int
}

func splitDriverOutput(t *testing.T, out []byte) map[string]driverRun {
	t.Helper()
	runs := map[string]driverRun{}
	var cur bytes.Buffer
	for _, line := range strings.SplitAfter(string(out), "\n") {
		if rest, ok := strings.CutPrefix(line, "=== "); ok {
			f := strings.Fields(rest)
			if len(f) != 2 {
				t.Fatalf("bad driver line %q", line)
			}
			rc, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatalf("bad driver line %q", line)
			}
			runs[f[0]] = driverRun{append([]byte(nil), cur.Bytes()...), rc}
			cur.Reset()
			continue
		}
		cur.WriteString(line)
	}
	return runs
}

// checkPyomoRun compares one script's printed answer with the native one.
func checkPyomoRun(t *testing.T, where, solver string, c *pyomoCase, pr *model.Program, r driverRun) {
	t.Helper()
	var name, status string
	for _, line := range strings.Split(string(r.out), "\n") {
		if v, ok := strings.CutPrefix(line, "solver "); ok {
			name = v
		}
		if v, ok := strings.CutPrefix(line, "status "); ok {
			status = v
		}
	}
	if name != solver {
		t.Errorf("%s: the script ran solver %q (exit %d)\n%s", where, name, r.exit, r.out)
		return
	}
	obj, tl := parsePyomoOutput(t, pr, r.out)
	if c.opt.Mode == model.Exact && !c.feasible {
		if r.exit != 1 || status != "infeasible" || len(tl.Placements) != 0 {
			t.Errorf("%s: exit %d, status %q, %d pieces; native: no tiling exists (want exit 1, infeasible)\n%s", where, r.exit, status, len(tl.Placements), r.out)
		}
		return
	}
	if r.exit != 0 || status != "optimal" {
		t.Errorf("%s: exit %d, status %q; want 0, optimal\n%s", where, r.exit, status, r.out)
		return
	}
	rep, err := c.p.Verify(tl, c.opt.Mode == model.Exact)
	if err != nil {
		t.Errorf("%s: the printed placements: %v\n%s", where, err, r.out)
		return
	}
	want := c.optimum
	if c.opt.Mode == model.Exact {
		want = 0 // the exact program's objective is 0
	}
	if obj != float64(want) || (c.opt.Mode == model.MaxCoverage && rep.Covered != want) {
		t.Errorf("%s: objective %v, coverage %d; native optimum %d\n%s", where, obj, rep.Covered, c.optimum, r.out)
	}
}
