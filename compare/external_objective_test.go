package compare

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
)

// An external solver's objective of NaN, inf or -inf is no coverage: the
// row disagrees, and its JSON is written (a NaN compared false with the
// decoded coverage and passed as a proven optimum, "ok" and "=").
func TestExternalNonFiniteObjective(t *testing.T) {
	p := parse(t, lTrominoes)
	for _, solver := range externalSolvers {
		b := &externalBackend{spec: solver.name, solver: solver}
		task := Task{Puzzle: p, Kind: MaxCoverage}
		prog, err := model.NewProgram(p, b.prog.options(MaxCoverage))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
			// An empty tiling (every column 0), claimed optimal.
			s := &export.Solution{Solver: solver.name, Status: "Optimal", Optimal: true, Feasible: true,
				Objective: v, HasObjective: true, Values: map[string]float64{}}
			o, err := b.outcome(context.Background(), task, prog, s, &Outcome{Status: OK}, false)
			if err != nil {
				t.Fatalf("%s, objective %g: %v", solver.name, v, err)
			}
			if o.Status != Disagree || !strings.Contains(o.Reason, "not a finite number") {
				t.Errorf("%s, objective %g: status %s, reason %q; want disagree, not a finite number", solver.name, v, o.Status, o.Reason)
			}
			if _, err := json.Marshal(o); err != nil {
				t.Errorf("%s, objective %g: %v", solver.name, v, err)
			}
		}
	}
}
