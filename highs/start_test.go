//go:build cgo && !nohighs

package highs

import (
	"context"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
)

// TestStartKeptWhenHiGHSStops: the best tiling known at the end is the
// answer, from whatever source. A solve stopped before HiGHS has read its
// start (here a cancelled context; in the field a time limit that runs
// out in presolve on a large board) returns the start, not "no solution".
// The old SolveProgram returned HasSolution false and coverage 0.
func TestStartKeptWhenHiGHSStops(t *testing.T) {
	p := progExample(t, "tetris-13x13.yaml")
	for _, opt := range []model.ProgramOptions{
		{Mode: model.MaxCoverage, Formulation: model.Packing},
		{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true},
	} {
		pr := mustProg(t, p, opt)
		cold, err := native.MaxCoverage(context.Background(), p, native.Config{})
		if err != nil || cold.Covered == 0 {
			t.Fatalf("%v: %+v, %v", opt, cold, err)
		}
		start, err := ProgramStart(pr, cold.Tiling)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res, err := SolveProgram(ctx, pr, Options{Start: start})
		if err != nil {
			t.Fatal(err)
		}
		if !res.HasSolution || !res.FromStart || res.Coverage != cold.Covered || res.Bound < res.Coverage {
			t.Errorf("%v: stopped at once with a start covering %d: %+v", opt, cold.Covered, res)
		}
		if rep, err := p.Verify(res.Tiling, false); err != nil || rep.Covered != res.Coverage {
			t.Errorf("%v: tiling covers %d (%v), result says %d", opt, rep.Covered, err, res.Coverage)
		}
		if res.Optimal != (res.Coverage == res.Bound) || res.Gap != model.CoverageGap(res.Coverage, res.Bound) {
			t.Errorf("%v: optimal %v, gap %v for coverage %d of bound %d", opt, res.Optimal, res.Gap, res.Coverage, res.Bound)
		}
	}
	// The exact program: a start that is a tiling is an answer too.
	p = progExample(t, "pentomino-10x6.yaml")
	pr := mustProg(t, p, model.ProgramOptions{})
	first, err := native.Solve(context.Background(), p, native.Config{Algorithm: "dlx", Limit: 1})
	if err != nil || len(first.First) != 1 {
		t.Fatalf("pentominoes: %+v, %v", first, err)
	}
	start, _ := ProgramStart(pr, first.First[0])
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := SolveProgram(ctx, pr, Options{Start: start})
	if err != nil || !res.HasSolution || !res.Optimal || res.Status != StatusOptimal {
		t.Errorf("exact program stopped at once with a tiling as start: %+v, %v", res, err)
	}
}

// TestOptimalMeansProven: HiGHS's "optimal" within a relative gap is not a
// proof. With a huge mip_rel_gap HiGHS stops at its first tiling and
// calls it optimal; the result must keep a valid bound (7x7's optimum is
// 48, so no bound below 48 is valid) and say optimal only when the
// coverage reaches it. The old SolveProgram set Bound to the
// coverage whenever HiGHS said optimal.
func TestOptimalMeansProven(t *testing.T) {
	p := progExample(t, "tetris-7x7.yaml")
	pr := mustProg(t, p, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed})
	res, err := SolveProgram(context.Background(), pr, Options{MIPRelGap: 1e9, TimeLimit: 5e9})
	if err != nil {
		t.Fatal(err)
	}
	if res.Bound < 48 || res.Bound > pr.Bound.Bound {
		t.Errorf("bound %d: not a valid bound (the optimum is 48, the area bound %d)", res.Bound, pr.Bound.Bound)
	}
	if res.Optimal != (res.Coverage == res.Bound) {
		t.Errorf("optimal %v with coverage %d and bound %d", res.Optimal, res.Coverage, res.Bound)
	}
	if want := model.CoverageGap(res.Coverage, res.Bound); res.Gap != want {
		t.Errorf("gap %v, want %v", res.Gap, want)
	}
	t.Logf("status %v, coverage %d, bound %d, gap %.4f, HiGHS dual bound %.2f", res.Status, res.Coverage, res.Bound, res.Gap, res.DualBound)
}

// TestProgramTooLarge: a program above MaxProgramEntries is refused
// before anything is built.
func TestProgramTooLarge(t *testing.T) {
	p := progExample(t, "tetris-61x61.yaml")
	pr := mustProg(t, p, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing})
	if err := CheckProgramSize(pr); err != nil {
		t.Fatalf("61x61 refused: %v", err)
	}
	if n := pr.NumCols() + pr.NumNonzeros(); n > MaxProgramEntries/10 {
		t.Fatalf("61x61 has %d entries; the limit %d leaves too little room", n, MaxProgramEntries)
	}
}
