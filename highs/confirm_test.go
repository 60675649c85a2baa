//go:build cgo && !nohighs

package highs

import (
	"context"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/proof"
	"github.com/polytile/polytile/puzzle"
)

func yamlPuzzle(t *testing.T, src string) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.Parse("test.yaml", []byte(src), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestConfirmInfeasible: the second solve with presolve off confirms a
// true infeasibility, refutes a false one with a feasible point, and is
// undecided when it stops without a verdict.
func TestConfirmInfeasible(t *testing.T) {
	tDomino := yamlPuzzle(t, "name: T and domino\nboard: 3x2\norientations: free\npieces:\n  T: \"###/.#.\"\n  D: \"##\"\n")
	lTrominoes := yamlPuzzle(t, "name: L trominoes 3x4\nboard: 4x3\norientations: free\ncount: 4\npieces:\n  L: \"#./##\"\n")
	m := ProgramModel(mustProg(t, tDomino, model.ProgramOptions{Mode: model.Exact}), false)
	if c, _, err := ConfirmInfeasible(context.Background(), m, Options{Presolve: "on", Extra: []Option{{"presolve", "on"}}}); err != nil || c != proof.Confirmed {
		t.Errorf("T and domino: %v, %v; want confirmed", c, err)
	}
	m = ProgramModel(mustProg(t, lTrominoes, model.ProgramOptions{Mode: model.Exact}), false)
	c, res, err := ConfirmInfeasible(context.Background(), m, Options{})
	if err != nil || c != proof.Refuted || !res.HasSolution {
		t.Errorf("L trominoes: %v, %v; want refuted with a solution", c, err)
	}
	var seen Options
	c, _, err = confirmWith(context.Background(), m, Options{Extra: []Option{{"presolve", "on"}, {"threads", "1"}}}, func(_ context.Context, _ *Model, o Options) (*Result, error) {
		seen = o
		return &Result{Status: StatusTimeLimit}, nil
	})
	if err != nil || c != proof.Undecided {
		t.Errorf("a solve stopped at its time limit: %v, %v; want undecided", c, err)
	}
	if seen.Presolve != "off" || len(seen.Extra) != 1 || seen.Extra[0].Name != "threads" {
		t.Errorf("the second solve's options: presolve %q, extra %v", seen.Presolve, seen.Extra)
	}
}

// TestSolveProgramVoidingOptions: under an option that voids HiGHS's
// proof (objective bound and target, a limit on improving solutions) an
// exact program HiGHS calls infeasible is not proven infeasible, and a
// maximum coverage below the area bound is not proven optimal; a
// tiling found stays an answer.
func TestSolveProgramVoidingOptions(t *testing.T) {
	lTrominoes := yamlPuzzle(t, "name: L trominoes 3x4\nboard: 4x3\norientations: free\ncount: 4\npieces:\n  L: \"#./##\"\n")
	lCorner := yamlPuzzle(t, "name: L trominoes 3x3\nboard: 3x3\norientations: free\ncount: unlimited\npieces:\n  L: \"#./##\"\n")
	exact := mustProg(t, lTrominoes, model.ProgramOptions{Mode: model.Exact})
	maxCov := mustProg(t, lCorner, model.ProgramOptions{Mode: model.MaxCoverage})
	for _, o := range []Option{{"objective_bound", "-1"}, {"objective_bound", "1"}, {"objective_target", "3"}, {"mip_max_improving_sols", "1"}} {
		opt := Options{Extra: []Option{o}}
		res, err := SolveProgram(context.Background(), exact, opt)
		if err != nil {
			t.Fatalf("%v exact: %v", o, err)
		}
		if res.Infeasible || !res.HasSolution && res.NotProven == "" {
			t.Errorf("%v exact: status %v, infeasible %v, not proven %q", o, res.Status, res.Infeasible, res.NotProven)
		}
		res, err = SolveProgram(context.Background(), maxCov, opt)
		if err != nil {
			t.Fatalf("%v max-coverage: %v", o, err)
		}
		if res.Optimal || res.Status == StatusOptimal && !strings.Contains(res.NotProven, "not proven") {
			t.Errorf("%v max-coverage: status %v, optimal %v, coverage %d, bound %d, not proven %q", o, res.Status, res.Optimal, res.Coverage, res.Bound, res.NotProven)
		}
	}
	// Without them the same solves are proofs.
	res, err := SolveProgram(context.Background(), maxCov, Options{})
	if err != nil || !res.Optimal || res.Coverage != 6 || res.NotProven != "" {
		t.Errorf("max-coverage without options: %+v, %v", res, err)
	}
	tDomino := yamlPuzzle(t, "name: T and domino\nboard: 3x2\norientations: free\npieces:\n  T: \"###/.#.\"\n  D: \"##\"\n")
	res, err = SolveProgram(context.Background(), mustProg(t, tDomino, model.ProgramOptions{Mode: model.Exact}), Options{})
	if err != nil || !res.Infeasible || res.NotProven != "" {
		t.Errorf("T and domino: infeasible %v, not proven %q, %v", res.Infeasible, res.NotProven, err)
	}
}
