package export

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// pyomoPython returns a Python interpreter that can import Pyomo:
// $POLYTILE_PYTHON if set, else python3.
func pyomoPython(t *testing.T) string {
	t.Helper()
	py := os.Getenv("POLYTILE_PYTHON")
	if py == "" {
		py = "python3"
	}
	if err := exec.Command(py, "-c", "import pyomo.environ").Run(); err != nil {
		t.Skipf("Pyomo is not installed for %s (pip install pyomo, or set POLYTILE_PYTHON to an interpreter that has it): %v", py, err)
	}
	return py
}

// TestPyomoScript runs the generated scripts with Pyomo and checks their
// objective and placements against brute force.
func TestPyomoScript(t *testing.T) {
	py := pyomoPython(t)
	dir := t.TempDir()
	for ci, p := range []*puzzle.Puzzle{holes(t), cube(t)} {
		best, exact := bruteForce(p, true)
		for vi, opt := range variants {
			if testing.Short() && (ci > 0 || vi%2 == 1) {
				continue
			}
			pr := program(t, p, opt)
			file := filepath.Join(dir, fmt.Sprintf("case%d-%s-%s-%v.py", ci, opt.Mode, opt.Formulation, opt.Strengthen))
			var b bytes.Buffer
			if err := WritePyomo(&b, pr); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(py, file)
			out, err := cmd.Output()
			var ee *exec.ExitError
			if errors.As(err, &ee) && ee.ExitCode() == 2 {
				t.Skipf("the Pyomo script found no solver: %s", ee.Stderr)
			}
			where := fmt.Sprintf("%s %v", p.Name, opt)
			infeasible := errors.As(err, &ee) && ee.ExitCode() == 1
			if err != nil && !infeasible {
				t.Fatalf("%s: %v\n%s", where, err, out)
			}
			obj, tl := parsePyomoOutput(t, pr, out)
			if opt.Mode == model.Exact {
				if infeasible == exact {
					t.Errorf("%s: script says infeasible %v, brute force says a tiling exists %v", where, infeasible, exact)
				}
				if exact {
					if _, err := p.Verify(tl, true); err != nil {
						t.Errorf("%s: %v", where, err)
					}
				}
				continue
			}
			rep, err := p.Verify(tl, false)
			if err != nil || obj != float64(best) || rep.Covered != best {
				t.Errorf("%s: objective %v, coverage %d (%v); brute force %d\n%s", where, obj, rep.Covered, err, best, out)
			}
		}
	}
}

// parsePyomoOutput reads "objective V" and the "x k r i j" lines.
func parsePyomoOutput(t *testing.T, pr *model.Program, out []byte) (float64, puzzle.Tiling) {
	t.Helper()
	obj := -1.0
	values := map[string]float64{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 2 && f[0] == "objective" && f[1] != "none":
			v, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				t.Fatalf("bad objective line %q", sc.Text())
			}
			obj = v
		case len(f) > 1 && f[0] == "x":
			values[strings.Join(f, "_")] = 1
		}
	}
	tl, err := pr.DecodeNames(values)
	if err != nil {
		t.Fatal(err)
	}
	return obj, tl
}
