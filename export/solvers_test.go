package export

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// bruteForce returns the maximum coverage of p and whether an exact tiling
// exists, by a depth-first search over the first undecided cell that
// knows nothing of Program: each cell is left uncovered or covered by an
// image whose smallest cell it is. Without partial, cells must be
// covered and the search ends at the first exact tiling.
func bruteForce(p *puzzle.Puzzle, partial bool) (best int, exact bool) {
	byFirst := make([][]int, p.Area())
	for n := range p.Images.Len() {
		c := p.Images.Cells(n)[0]
		byFirst[c] = append(byFirst[c], n)
	}
	used := make([]int, len(p.Pieces))
	free := make([]bool, p.Area())
	for n := range free {
		free[n] = true
	}
	var rec func(c, covered int) bool
	rec = func(c, covered int) bool {
		for c < len(free) && !free[c] {
			c++
		}
		if c == len(free) {
			best = max(best, covered)
			if covered == p.Area() {
				all := true
				for k := range p.Pieces {
					all = all && (p.Pieces[k].Unlimited || used[k] == p.Pieces[k].Count)
				}
				if all {
					exact = true
					return !partial
				}
			}
			return false
		}
		for _, n := range byFirst[c] {
			k := p.Images.Place[n].Piece
			if !p.Pieces[k].Unlimited && used[k] == p.Pieces[k].Count {
				continue
			}
			cells := p.Images.Cells(n)
			fits := true
			for _, m := range cells {
				fits = fits && free[m]
			}
			if !fits {
				continue
			}
			for _, m := range cells {
				free[m] = false
			}
			used[k]++
			stop := rec(c+1, covered+len(cells))
			used[k]--
			for _, m := range cells {
				free[m] = true
			}
			if stop {
				return true
			}
		}
		if partial {
			free[c] = false
			defer func() { free[c] = true }()
			return rec(c+1, covered)
		}
		return false
	}
	rec(0, 0)
	return best, exact
}

// findBinary looks for a solver binary on PATH, then in the project's
// .deps/bin (where `make deps` puts the highs wrapper).
func findBinary(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p, err := filepath.Abs(filepath.Join("..", ".deps", "bin", name)); err == nil {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// format is one file format under test.
type format struct {
	name   string // lp, mps, fixed-mps
	ext    string
	write  func(f *os.File, pr *model.Program) error
	negate bool // the file minimises -objective
}

// writeFormat writes pr to file in format f.
func writeFormat(t *testing.T, file string, f format, pr *model.Program) {
	t.Helper()
	out, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.write(out, pr); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

var formats = []format{
	{"lp", ".lp", func(f *os.File, pr *model.Program) error { return WriteLP(f, pr) }, false},
	{"mps", ".mps", func(f *os.File, pr *model.Program) error { return WriteMPS(f, pr, MPSOptions{}) }, true},
	{"fixed-mps", ".mps", func(f *os.File, pr *model.Program) error { return WriteMPS(f, pr, MPSOptions{Fixed: true}) }, true},
}

// external is an external solver: run solves file and returns what its
// solution file(s) say, one Solution per solution file kind.
type external struct {
	name string
	run  func(t *testing.T, bin, file string, f format, pr *model.Program) []*Solution
}

// runCmd runs a solver in dir (the highs binary writes Highs.log into its
// working directory).
func runCmd(t *testing.T, dir, bin string, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		// glpsol exits 0 on infeasible problems; any failure is a test failure.
		t.Fatalf("%s %v: %v\n%s", bin, args, err, out)
	}
}

func readFile(t *testing.T, path string, read func(f *os.File) (*Solution, error)) *Solution {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := read(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}

var externals = []external{
	{"highs", func(t *testing.T, bin, file string, f format, pr *model.Program) []*Solution {
		sol := file + ".highs.sol"
		runCmd(t, filepath.Dir(file), bin, "--model_file", file, "--solution_file", sol, "--time_limit", "60")
		return []*Solution{readFile(t, sol, func(f *os.File) (*Solution, error) { return ReadHiGHSSolution(f) })}
	}},
	{"cbc", func(t *testing.T, bin, file string, f format, pr *model.Program) []*Solution {
		sol := file + ".cbc.sol"
		runCmd(t, filepath.Dir(file), bin, file, "sec", "60", "solve", "solu", sol)
		return []*Solution{readFile(t, sol, func(f *os.File) (*Solution, error) { return ReadCBCSolution(f) })}
	}},
	{"glpsol", func(t *testing.T, bin, file string, f format, pr *model.Program) []*Solution {
		out, raw, glp := file+".glpk.out", file+".glpk.raw", file+".glpk.glp"
		flag := map[string]string{"lp": "--lp", "mps": "--freemps", "fixed-mps": "--mps"}[f.name]
		runCmd(t, filepath.Dir(file), bin, flag, file, "-o", out, "-w", raw, "--wglp", glp, "--tmlim", "60")
		printed := readFile(t, out, func(f *os.File) (*Solution, error) { return ReadGLPKSolution(f) })
		// The raw file numbers columns: name them from the input file
		// (first appearance for LP, COLUMNS order for MPS) and, again,
		// from GLPK's own problem file.
		var names []string
		if f.name == "lp" {
			lp, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			names, err = LPColumnOrder(lp)
			lp.Close()
			if err != nil {
				t.Fatal(err)
			}
		} else {
			for j := range pr.NumCols() {
				if f.name == "fixed-mps" {
					names = append(names, ShortColName(j))
				} else {
					names = append(names, pr.ColName(j))
				}
			}
			// The fingerprint column follows (after INTEND).
			if f.name == "fixed-mps" {
				names = append(names, ShortColName(pr.NumCols()))
			} else {
				fp, _ := pr.Fingerprint(context.Background())
				names = append(names, fp)
			}
		}
		g, err := os.Open(glp)
		if err != nil {
			t.Fatal(err)
		}
		glpNames, err := ReadGLPKNames(g)
		g.Close()
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(glpNames) != fmt.Sprint(names) {
			t.Errorf("glpsol column order differs from the predicted one")
		}
		rawSol := readFile(t, raw, func(f *os.File) (*Solution, error) { return ReadGLPKRaw(f, names) })
		return []*Solution{printed, rawSol}
	}},
}

// TestExternalSolvers writes every variant of small programs as LP, free
// MPS and fixed MPS, solves each file with the highs binary, cbc and
// glpsol (those installed), and checks the solutions against brute force:
// the same feasibility and optimum, and decoded tilings that pass Verify.
func TestExternalSolvers(t *testing.T) {
	var bins []string
	var solvers []external
	for _, s := range externals {
		if b := findBinary(s.name); b != "" {
			bins = append(bins, b)
			solvers = append(solvers, s)
		} else {
			t.Logf("%s not found on PATH: skipping its round trips (run `make deps`)", s.name)
		}
	}
	if len(solvers) == 0 {
		t.Skip("no external solver (highs, cbc, glpsol) found; run `make deps`")
	}
	type tcase struct {
		p       *puzzle.Puzzle
		modes   []model.ProgramOptions
		formats []format
	}
	// The small cases go through every format; the 4x5 tetrominoes (whose
	// infeasibility is a parity argument that branch and bound finds hard)
	// and the 11x11 fill only through LP.
	cases := []tcase{{holes(t), variants, formats}, {cube(t), variants, formats}}
	if !testing.Short() {
		cases = append(cases, tcase{tetro45(t), variants, formats[:1]}, tcase{example(t, "fill-11x11.yaml"), variants[:1], formats[:1]})
	}
	dir := t.TempDir()
	for ci, c := range cases {
		var best int
		var exact bool
		if len(c.modes) == 1 { // exact only: stop at the first tiling
			_, exact = bruteForce(c.p, false)
		} else {
			best, exact = bruteForce(c.p, true)
		}
		for _, opt := range c.modes {
			pr := program(t, c.p, opt)
			for _, f := range c.formats {
				file := filepath.Join(dir, fmt.Sprintf("case%d-%s-%s-%v%s", ci, opt.Mode, opt.Formulation, opt.Strengthen, f.ext))
				writeFormat(t, file, f, pr)
				var short map[string]string
				if f.name == "fixed-mps" {
					in, _ := os.Open(file)
					var err error
					short, err = ReadMPSNames(in)
					in.Close()
					if err != nil {
						t.Fatal(err)
					}
				}
				for n, s := range solvers {
					start := time.Now()
					sols := s.run(t, bins[n], file, f, pr)
					if d := time.Since(start); d > time.Second {
						t.Logf("slow: %s %s %v via %s: %v", c.p.Name, f.name, opt, s.name, d)
					}
					for _, sol := range sols {
						where := fmt.Sprintf("%s %s %v via %s (%s)", c.p.Name, f.name, opt, s.name, sol.Status)
						if short != nil {
							sol.Rename(short)
						}
						check(t, where, c.p, pr, sol, f.negate, best, exact)
					}
				}
			}
		}
	}
}

// check compares a solver's solution with the brute-force truth.
func check(t *testing.T, where string, p *puzzle.Puzzle, pr *model.Program, sol *Solution, negate bool, best int, exact bool) {
	t.Helper()
	if pr.Options.Mode == model.Exact {
		if sol.Feasible != exact {
			t.Errorf("%s: feasible %v, brute force says an exact tiling exists: %v", where, sol.Feasible, exact)
			return
		}
		if !exact {
			return
		}
	} else if !sol.Optimal || !sol.Feasible {
		t.Errorf("%s: not solved to optimality", where)
		return
	}
	tl, err := pr.DecodeNames(sol.Values)
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return
	}
	rep, err := p.Verify(tl, pr.Options.Mode == model.Exact)
	if err != nil {
		t.Errorf("%s: decoded tiling: %v", where, err)
		return
	}
	if pr.Options.Mode == model.Exact {
		return
	}
	obj := sol.Objective
	if negate {
		obj = -obj
	}
	if !sol.HasObjective || math.Abs(obj-float64(best)) > 1e-6 || rep.Covered != best {
		t.Errorf("%s: objective %v (has %v), decoded coverage %d; brute-force optimum %d", where, obj, sol.HasObjective, rep.Covered, best)
	}
}
