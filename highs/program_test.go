//go:build cgo && !nohighs

package highs

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// progVariants are the program variants under test.
var progVariants = []model.ProgramOptions{
	{Mode: model.Exact},
	{Mode: model.MaxCoverage, Formulation: model.Seed},
	{Mode: model.MaxCoverage, Formulation: model.Packing},
	{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true},
	{Mode: model.MaxCoverage, Formulation: model.Packing, Strengthen: true},
}

func progExample(t testing.TB, file string) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.ParseFile(filepath.Join("..", "examples", file), "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func progPuzzle(t testing.TB, name, board string, pieces map[string]int, arts map[string]string, pol puzzle.Policy) *puzzle.Puzzle {
	t.Helper()
	region, err := puzzle.ArtCells(board, 0)
	if err != nil {
		t.Fatal(err)
	}
	var specs []puzzle.PieceSpec
	for _, n := range []string{"D", "I", "L", "O", "S", "T", "V"} {
		count, ok := pieces[n]
		if !ok {
			continue
		}
		cells, err := puzzle.ArtCells(arts[n], 0)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, puzzle.PieceSpec{Name: n, Cells: cells, Count: count, Unlimited: count == 0, Policy: pol})
	}
	p, err := puzzle.New(puzzle.Spec{Name: name, Dim: 2, Region: region, Pieces: specs})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

var progArts = map[string]string{"D": "##", "I": "####", "L": "#../#../##", "O": "##/##", "S": ".##/##.", "T": "###/.#.", "V": "##/#."}

// progBrute returns the maximum coverage and whether an exact tiling
// exists, by depth-first search over the first undecided cell,
// independently of the program and of HiGHS.
func progBrute(p *puzzle.Puzzle) (best int, exact bool) {
	byFirst := make([][]int, p.Area())
	for n := range p.Images.Len() {
		byFirst[p.Images.Cells(n)[0]] = append(byFirst[p.Images.Cells(n)[0]], n)
	}
	used := make([]int, len(p.Pieces))
	free := make([]bool, p.Area())
	for n := range free {
		free[n] = true
	}
	var rec func(c, covered int)
	rec = func(c, covered int) {
		for c < len(free) && !free[c] {
			c++
		}
		if c == len(free) {
			best = max(best, covered)
			all := covered == p.Area()
			for k := range p.Pieces {
				all = all && (p.Pieces[k].Unlimited || used[k] == p.Pieces[k].Count)
			}
			exact = exact || all
			return
		}
		for _, n := range byFirst[c] {
			k := p.Images.Place[n].Piece
			cells := p.Images.Cells(n)
			fits := p.Pieces[k].Unlimited || used[k] < p.Pieces[k].Count
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
			rec(c+1, covered+len(cells))
			used[k]--
			for _, m := range cells {
				free[m] = true
			}
		}
		free[c] = false
		rec(c+1, covered)
		free[c] = true
	}
	rec(0, 0)
	return best, exact
}

// progLabel names a variant: exact, seed, packing, seed+area, packing+area.
func progLabel(opt model.ProgramOptions) string {
	if opt.Mode == model.Exact {
		return "exact"
	}
	s := opt.Formulation.String()
	if opt.Strengthen {
		s += "+area"
	}
	return s
}

func mustProg(t testing.TB, p *puzzle.Puzzle, opt model.ProgramOptions) *model.Program {
	t.Helper()
	pr, err := model.NewProgram(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

// TestSolveProgramBruteForce solves every variant of small puzzles and
// compares with brute force: feasibility of the exact program, the
// maximum coverage, and valid decoded tilings.
func TestSolveProgramBruteForce(t *testing.T) {
	cases := []*puzzle.Puzzle{
		// The five tetrominoes cannot tile 4x5 (T parity).
		progPuzzle(t, "tetrominoes 4x5", "#####/#####/#####/#####", map[string]int{"I": 1, "O": 1, "T": 1, "S": 1, "L": 1}, progArts, puzzle.Free),
		progPuzzle(t, "holes", "#####/#.#.#/#####/##.##", map[string]int{"T": 2, "V": 0, "L": 1}, progArts, puzzle.Rotate),
		progPuzzle(t, "dominoes 3x3", "###/###/###", map[string]int{"D": 0}, progArts, puzzle.Free),
		progPuzzle(t, "fixed", "####/####/####", map[string]int{"L": 2, "S": 1, "D": 0}, progArts, puzzle.Fixed),
		// Area arithmetic alone forbids these exact tilings.
		progPuzzle(t, "too much area", "####/####", map[string]int{"O": 1, "T": 1, "D": 1}, progArts, puzzle.Free),
		progPuzzle(t, "odd area", "###/###/#..", map[string]int{"O": 0, "D": 0}, progArts, puzzle.Free),
	}
	for _, p := range cases {
		best, exact := progBrute(p)
		if exact && !p.AreaFeasible() {
			t.Fatalf("%s: brute force tiles it although area arithmetic forbids it", p.Name)
		}
		for _, opt := range progVariants {
			pr := mustProg(t, p, opt)
			res, err := SolveProgram(context.Background(), pr, Options{MIPRelGap: 0})
			if err != nil {
				t.Fatalf("%s %v: %v", p.Name, opt, err)
			}
			if opt.Mode == model.Exact {
				if res.HasSolution != exact || (exact && res.Status != StatusOptimal) || (!exact && res.Status != StatusInfeasible) {
					t.Errorf("%s exact: status %v, solution %v; brute force: tiling exists %v", p.Name, res.Status, res.HasSolution, exact)
				}
				if exact && res.Coverage != p.Area() {
					t.Errorf("%s exact: coverage %d of %d", p.Name, res.Coverage, p.Area())
				}
				continue
			}
			if !res.Optimal || res.Coverage != best || res.Bound != best || res.Gap != 0 || math.Abs(res.Objective-float64(best)) > 1e-6 {
				t.Errorf("%s %v: %+v; brute-force maximum coverage %d", p.Name, opt, res, best)
			}
			if res.AreaBoundReached != (best == pr.Bound.Bound) || res.Status != StatusOptimal {
				t.Errorf("%s %v: status %v, area bound reached %v; optimum %d, area bound %d", p.Name, opt, res.Status, res.AreaBoundReached, best, pr.Bound.Bound)
			}
		}
	}
}

// TestTetris7x7 is the MIP article's Tetris instance: 48 of 49 cells, in
// every formulation (the strengthened ones prove it at the root).
func TestTetris7x7(t *testing.T) {
	if testing.Short() {
		t.Skip("7x7 Tetris takes seconds; skipped with -short")
	}
	p := progExample(t, "tetris-7x7.yaml")
	for _, opt := range progVariants[1:] {
		res, err := SolveProgram(context.Background(), mustProg(t, p, opt), Options{MIPRelGap: 0})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Optimal || res.Coverage != 48 || res.Bound != 48 || !res.AreaBoundReached || res.Status != StatusOptimal {
			t.Errorf("%v: status %v coverage %d bound %d, want optimal 48", opt, res.Status, res.Coverage, res.Bound)
		}
		t.Logf("%-28s %6.2fs %6d nodes", progLabel(opt), res.Seconds, res.Nodes)
	}
}

// solveFile solves an exported file with HiGHS's own reader and returns
// the result and the values by column name.
func solveFile(t *testing.T, path string) (*Result, map[string]float64) {
	t.Helper()
	m, err := ReadModel(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(context.Background(), m, Options{MIPRelGap: 0})
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]float64{}
	for j, v := range res.X {
		values[m.ColNames[j]] = v
	}
	return res, values
}

// TestExportRoundTrip writes every variant as LP, free MPS and fixed MPS
// with the export package, reads each file back with HiGHS's reader,
// solves it and checks that it has the optimum of the in-process solve and
// decodes (by name) into a valid tiling.
func TestExportRoundTrip(t *testing.T) {
	cases := []*puzzle.Puzzle{
		progPuzzle(t, "holes", "#####/#.#.#/#####/##.##", map[string]int{"T": 2, "V": 0, "L": 1}, progArts, puzzle.Rotate),
		progExample(t, "fill-11x11.yaml"),
	}
	dir := t.TempDir()
	for ci, p := range cases {
		for vi, opt := range progVariants {
			if ci == 1 && vi > 0 && testing.Short() {
				continue
			}
			pr := mustProg(t, p, opt)
			want, err := SolveProgram(context.Background(), pr, Options{MIPRelGap: 0})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []struct {
				name   string
				write  func(b *bytes.Buffer) error
				negate bool
				fixed  bool
			}{
				{"p.lp", func(b *bytes.Buffer) error { return export.WriteLP(b, pr) }, false, false},
				{"p.mps", func(b *bytes.Buffer) error { return export.WriteMPS(b, pr, export.MPSOptions{}) }, true, false},
				{"objsense.mps", func(b *bytes.Buffer) error { return export.WriteMPS(b, pr, export.MPSOptions{ObjSense: true}) }, false, false},
				{"fixed.mps", func(b *bytes.Buffer) error { return export.WriteMPS(b, pr, export.MPSOptions{Fixed: true}) }, true, true},
			} {
				var b bytes.Buffer
				if err := f.write(&b); err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(dir, f.name)
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				res, values := solveFile(t, path)
				where := p.Name + " " + f.name + " " + opt.Mode.String() + " " + opt.Formulation.String()
				if res.Status != want.Status {
					t.Errorf("%s: status %v, in-process %v", where, res.Status, want.Status)
					continue
				}
				if !res.HasSolution {
					continue
				}
				obj := res.Objective
				if f.negate && pr.Maximize() {
					obj = -obj
				}
				if math.Abs(obj-want.Objective) > 1e-6 {
					t.Errorf("%s: objective %v, in-process %v", where, obj, want.Objective)
				}
				if f.fixed {
					short, err := export.ReadMPSNames(bytes.NewReader(b.Bytes()))
					if err != nil {
						t.Fatal(err)
					}
					sol := &export.Solution{Values: values}
					sol.Rename(short)
					values = sol.Values
				}
				tl, err := pr.DecodeNames(values)
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				rep, err := p.Verify(tl, opt.Mode == model.Exact)
				if err != nil || (opt.Mode == model.MaxCoverage && rep.Covered != want.Coverage) {
					t.Errorf("%s: decoded tiling covers %d (%v), in-process %d", where, rep.Covered, err, want.Coverage)
				}
			}
		}
	}
}

// TestProgramModelWriteModel writes the in-memory model with HiGHS's own
// writer, with names, and reads it back: the names are the program's.
func TestProgramModelWriteModel(t *testing.T) {
	p := progPuzzle(t, "dominoes 3x3", "###/###/###", map[string]int{"D": 0}, progArts, puzzle.Free)
	pr := mustProg(t, p, model.ProgramOptions{Mode: model.MaxCoverage, Strengthen: true})
	m := ProgramModel(pr, true)
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.lp")
	if err := WriteModel(m, path); err != nil {
		t.Fatal(err)
	}
	back, err := ReadModel(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(context.Background(), back, Options{})
	if err != nil || res.Status != StatusOptimal || math.Abs(res.Objective-8) > 1e-6 {
		t.Fatalf("re-read model: %+v, %v; want 8 of 9 cells", res, err)
	}
	names := map[string]float64{}
	for j, v := range res.X {
		names[back.ColNames[j]] = v
	}
	tl, err := pr.DecodeNames(names)
	if err != nil {
		t.Fatal(err)
	}
	if rep, err := p.Verify(tl, false); err != nil || rep.Covered != 8 {
		t.Errorf("decoded tiling: %v covered %d", err, rep.Covered)
	}
}

// TestWarmStart starts the solve from an optimal tiling: HiGHS keeps (at
// least) its coverage and reports it as its first improving solution.
func TestWarmStart(t *testing.T) {
	p := progPuzzle(t, "holes", "#####/#.#.#/#####/##.##", map[string]int{"T": 2, "V": 0, "L": 1}, progArts, puzzle.Rotate)
	for _, opt := range progVariants[1:] {
		pr := mustProg(t, p, opt)
		first, err := SolveProgram(context.Background(), pr, Options{})
		if err != nil {
			t.Fatal(err)
		}
		start, err := ProgramStart(pr, first.Tiling)
		if err != nil {
			t.Fatal(err)
		}
		var improved []float64
		res, err := SolveProgram(context.Background(), pr, Options{Start: start, OnImprove: func(pg Progress) {
			improved = append(improved, pg.Objective)
		}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Coverage != first.Coverage || !res.Optimal {
			t.Errorf("%v: warm-started coverage %d, cold %d", opt, res.Coverage, first.Coverage)
		}
		if len(improved) == 0 || improved[0] < float64(first.Coverage)-1e-6 {
			t.Errorf("%v: improving solutions %v; the start (%d) should come first", opt, improved, first.Coverage)
		}
	}
	pr := mustProg(t, p, progVariants[1])
	if _, err := ProgramStart(pr, puzzle.Tiling{Placements: []puzzle.Placement{{Piece: 9}}}); err == nil {
		t.Error("ProgramStart accepted a placement of a missing piece")
	}
}

// TestSolveProgramCancelAndLimit: a cancelled context and a tiny time
// limit are results (Interrupted, TimeLimit), not errors, and the bound
// stays valid.
func TestSolveProgramCancelAndLimit(t *testing.T) {
	p := progExample(t, "tetris-13x13.yaml")
	pr := mustProg(t, p, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := SolveProgram(ctx, pr, Options{})
	if err != nil || res.Status != StatusInterrupted || res.HasSolution || res.Bound != pr.Bound.Bound {
		t.Errorf("cancelled: %+v, %v", res, err)
	}
	res, err = SolveProgram(context.Background(), pr, Options{TimeLimit: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusTimeLimit && res.Status != StatusOptimal {
		t.Errorf("time limit: status %v", res.Status)
	}
	if res.Bound < res.Coverage || res.Bound > pr.Bound.Bound || res.Bound%pr.Bound.GCD != 0 {
		t.Errorf("time limit: bound %d, coverage %d, area bound %d", res.Bound, res.Coverage, pr.Bound.Bound)
	}
}

// TestSolveProgramLog: HiGHS's log reaches Log when asked.
func TestSolveProgramLog(t *testing.T) {
	p := progPuzzle(t, "dominoes 3x3", "###/###/###", map[string]int{"D": 0}, progArts, puzzle.Free)
	var log []string
	if _, err := SolveProgram(context.Background(), mustProg(t, p, progVariants[2]), Options{Log: func(s string) { log = append(log, s) }}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(log, "\n"), "HiGHS") {
		t.Errorf("no HiGHS log lines: %q", log)
	}
}

// TestSolveProgramErrors: invalid options come back as errors.
func TestSolveProgramErrors(t *testing.T) {
	p := progPuzzle(t, "dominoes 3x3", "###/###/###", map[string]int{"D": 0}, progArts, puzzle.Free)
	pr := mustProg(t, p, progVariants[1])
	if _, err := SolveProgram(context.Background(), pr, Options{Presolve: "sometimes"}); err == nil {
		t.Error("bad Presolve accepted")
	}
	if _, err := SolveProgram(context.Background(), pr, Options{Start: []float64{1}}); err == nil || errors.Is(err, ErrUnavailable) {
		t.Errorf("short Start: %v", err)
	}
}
