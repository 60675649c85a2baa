package export

import (
	"bytes"
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

// satModel runs a DIMACS SAT solver (clasp or picosat) on a CNF file and
// returns satisfiable and the true variables.
func satModel(t *testing.T, bin, file string) (bool, map[int]bool) {
	t.Helper()
	out, err := exec.Command(bin, file).CombinedOutput()
	// SAT solvers exit 10 (SAT) and 20 (UNSAT).
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 10 && ee.ExitCode() != 20) {
		t.Fatalf("%s %s: %v: %s", bin, file, err, out)
	}
	sat, seen := false, false
	vals := map[int]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "s":
			seen = true
			sat = len(f) > 1 && f[1] == "SATISFIABLE"
		case "v":
			for _, x := range f[1:] {
				v, err := strconv.Atoi(x)
				if err != nil {
					t.Fatalf("%s: bad value line %q", bin, line)
				}
				if v > 0 {
					vals[v] = true
				}
			}
		}
	}
	if !seen {
		t.Fatalf("%s: no status line: %s", bin, out)
	}
	return sat, vals
}

// satTiling turns the true image variables (1..NumX) into a tiling.
func satTiling(pr *model.Program, vals map[int]bool) puzzle.Tiling {
	var tl puzzle.Tiling
	for j := range pr.NumX() {
		if vals[j+1] {
			tl.Placements = append(tl.Placements, pr.Puzzle.Images.Place[j])
		}
	}
	return tl
}

func writeTo(t *testing.T, path string, write func(w *bytes.Buffer) error) {
	t.Helper()
	var b bytes.Buffer
	if err := write(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCNFAgainstBruteForce writes exact and max-coverage CNF formulas of
// small puzzles (with and without the symmetry rows) and solves them with
// every installed DIMACS solver (clasp, picosat: scripts/deps.sh installs
// them): the exact formula is satisfiable exactly when brute force finds
// an exact tiling, its model is an exact tiling (Verify); the max-coverage
// formula is satisfiable with --min-covered = the brute-force optimum,
// its model a valid tiling covering that many cells, and unsatisfiable
// with one cell more.
func TestCNFAgainstBruteForce(t *testing.T) {
	var bins []string
	for _, b := range []string{"clasp", "picosat"} {
		if p, err := exec.LookPath(b); err == nil {
			bins = append(bins, p)
		}
	}
	if len(bins) == 0 {
		t.Skip("no SAT solver (clasp, picosat) on PATH: run make deps")
	}
	dir := t.TempDir()
	// (tetro45 is left out: "at least 17 of 20" is a parity argument that
	// takes picosat seconds to refute.)
	cases := []*puzzle.Puzzle{holes(t), cube(t),
		build(t, "3x3 ring", "###/#.#/###", pc{"L", "##/#.", 1, puzzle.Free}, pc{"I", "###", 1, puzzle.Free}, pc{"D", "##", 1, puzzle.Free}),
		build(t, "plus", ".#./###/.#.", pc{"D", "##", 0, puzzle.Free})}
	for ci, p := range cases {
		best, exact := bruteForce(p, true)
		for _, opt := range []model.ProgramOptions{
			{Mode: model.Exact}, {Mode: model.Exact, Symmetry: model.PinPiece},
			{Mode: model.MaxCoverage}, {Mode: model.MaxCoverage, Symmetry: model.FixHole}, {Mode: model.MaxCoverage, Symmetry: model.PinPiece},
		} {
			pr := program(t, p, opt)
			for _, need := range []int{best, best + 1} {
				if opt.Mode == model.Exact && need != best {
					continue
				}
				if need > p.Area() {
					continue
				}
				file := filepath.Join(dir, fmt.Sprintf("c%d-%v-%v-%d.cnf", ci, opt.Mode, opt.Symmetry, need))
				writeTo(t, file, func(w *bytes.Buffer) error { return WriteCNF(w, pr, SATOptions{MinCovered: need}) })
				for _, bin := range bins {
					where := fmt.Sprintf("%s %v %v >= %d via %s", p.Name, opt.Mode, opt.Symmetry, need, filepath.Base(bin))
					sat, vals := satModel(t, bin, file)
					want := exact
					if opt.Mode == model.MaxCoverage {
						want = need <= best
					}
					if sat != want {
						t.Errorf("%s: satisfiable %v, brute force says %v", where, sat, want)
						continue
					}
					if !sat {
						continue
					}
					rep, err := p.Verify(satTiling(pr, vals), opt.Mode == model.Exact)
					if err != nil || rep.Covered < need {
						t.Errorf("%s: model is not a tiling covering %d cells: %v (covered %d)", where, need, err, rep.Covered)
					}
				}
			}
		}
	}
}

// TestOPBAgainstBruteForce solves the OPB files of every program variant
// (seed and packing, strengthened with the gcd column in binary, the
// checkerboard and symmetry rows) with clasp, a PB solver: the optimum is
// the brute-force maximum coverage, the exact program is satisfiable
// exactly when an exact tiling exists, and the model decodes (through the
// "* xN = name" comments) to a tiling that passes Verify.
func TestOPBAgainstBruteForce(t *testing.T) {
	bin, err := exec.LookPath("clasp")
	if err != nil {
		t.Skip("clasp (a PB solver) not on PATH: run make deps")
	}
	dir := t.TempDir()
	cases := []*puzzle.Puzzle{holes(t), cube(t), tetro45(t),
		build(t, "plus", ".#./###/.#.", pc{"D", "##", 0, puzzle.Free})}
	opts := []model.ProgramOptions{
		{Mode: model.Exact}, {Mode: model.Exact, Symmetry: model.PinPiece},
		{Mode: model.MaxCoverage, Formulation: model.Seed},
		{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true, Checkerboard: true, Symmetry: model.FixHole},
		{Mode: model.MaxCoverage, Formulation: model.Packing, Strengthen: true, Checkerboard: true, Symmetry: model.PinPiece},
	}
	for ci, p := range cases {
		best, exact := bruteForce(p, true)
		for _, opt := range opts {
			pr := program(t, p, opt)
			file := filepath.Join(dir, fmt.Sprintf("c%d-%v-%v-%v.opb", ci, opt.Mode, opt.Formulation, opt.Symmetry))
			writeTo(t, file, func(w *bytes.Buffer) error { return WriteOPB(w, pr) })
			where := fmt.Sprintf("%s %+v", p.Name, opt)
			out, err := exec.Command(bin, "--opt-mode=opt", file).CombinedOutput()
			if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode()&^(10|20|30) != 0) {
				t.Fatalf("%s: clasp: %v: %s", where, err, out)
			}
			text := string(out)
			sat := strings.Contains(text, "s OPTIMUM FOUND") || strings.Contains(text, "s SATISFIABLE")
			if opt.Mode == model.Exact && sat != exact {
				t.Errorf("%s: satisfiable %v, brute force %v", where, sat, exact)
				continue
			}
			if opt.Mode == model.MaxCoverage && !strings.Contains(text, "s OPTIMUM FOUND") {
				t.Errorf("%s: no optimum: %s", where, text)
				continue
			}
			if !sat {
				continue
			}
			// The last v lines are the optimal model; names from the comments.
			names := map[string]string{}
			values := map[string]float64{}
			var lastModel []string
			for _, line := range strings.Split(text, "\n") {
				if strings.HasPrefix(line, "v ") {
					lastModel = append(lastModel, strings.Fields(line)[1:]...)
				}
				if strings.HasPrefix(line, "c Answer") || strings.HasPrefix(line, "o ") {
					lastModel = lastModel[:0]
				}
			}
			data, _ := os.ReadFile(file)
			for _, line := range strings.Split(string(data), "\n") {
				if f := strings.Fields(line); len(f) == 4 && f[0] == "*" && f[2] == "=" {
					names[f[1]] = f[3]
				}
			}
			for _, lit := range lastModel {
				if name, ok := names[lit]; ok {
					values[name] = 1
				}
			}
			tl, err := pr.DecodeNames(values)
			if err != nil {
				t.Errorf("%s: %v", where, err)
				continue
			}
			rep, err := p.Verify(tl, opt.Mode == model.Exact)
			if err != nil {
				t.Errorf("%s: %v", where, err)
				continue
			}
			if opt.Mode == model.MaxCoverage {
				if rep.Covered != best || !strings.Contains(text, "\no "+strconv.Itoa(-best)+"\n") {
					t.Errorf("%s: covered %d, brute force %d (clasp: %s)", where, rep.Covered, best, lastLines(text))
				}
			}
		}
	}
}

func lastLines(s string) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(l[max(0, len(l)-6):], " / ")
}

// TestCNFSizeEstimate: the estimate that guards MaxCNFVariables matches
// the variables WriteCNF creates on small programs (exact when there is
// no symmetry row), and a formula past the limit is refused before
// anything is written (a 300x300 board of 45,000 monominoes and 22,500
// dominoes: about 6e9 counter variables; it used to run until killed).
func TestCNFSizeEstimate(t *testing.T) {
	cases := []*puzzle.Puzzle{holes(t), cube(t),
		build(t, "3x3 ring", "###/#.#/###", pc{"L", "##/#.", 1, puzzle.Free}, pc{"I", "###", 1, puzzle.Free}, pc{"D", "##", 1, puzzle.Free}),
		build(t, "plus", ".#./###/.#.", pc{"D", "##", 0, puzzle.Free}),
		build(t, "3x4 copies", "####/####/####", pc{"D", "##", 3, puzzle.Free}, pc{"L", "##/#.", 2, puzzle.Free})}
	for _, p := range cases {
		for _, opt := range []model.ProgramOptions{{Mode: model.Exact}, {Mode: model.MaxCoverage}} {
			pr := program(t, p, opt)
			for _, need := range []int{-1, 0, p.Area() / 2} {
				var b bytes.Buffer
				if err := WriteCNF(&b, pr, SATOptions{MinCovered: need}); err != nil {
					t.Fatal(err)
				}
				var vars, clauses int64
				for _, line := range strings.Split(b.String(), "\n") {
					if strings.HasPrefix(line, "p cnf ") {
						fmt.Sscanf(line, "p cnf %d %d", &vars, &clauses)
					}
				}
				mc := need
				if mc < 0 {
					mc = pr.Bound.Bound
				}
				if est := cnfVariables(pr, opt.Mode == model.MaxCoverage, mc); est != vars {
					t.Errorf("%s %v >= %d: estimate %d variables, the file has %d", p.Name, opt.Mode, need, est, vars)
				}
			}
		}
	}
	big := build(t, "300x300", strings.TrimSuffix(strings.Repeat(strings.Repeat("#", 300)+"/", 300), "/"),
		pc{"M", "#", 45000, puzzle.Free}, pc{"D", "##", 22500, puzzle.Free})
	var b bytes.Buffer
	err := WriteCNF(&b, program(t, big, model.ProgramOptions{Mode: model.Exact}), SATOptions{MinCovered: -1})
	if err == nil || !strings.Contains(err.Error(), "variables, more than") || b.Len() != 0 {
		t.Errorf("300x300 monominoes and dominoes: err %v, %d bytes written; want a refusal before writing", err, b.Len())
	}
}
