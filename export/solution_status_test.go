package export

import (
	"strings"
	"testing"
)

// TestSolutionStatusProof: each reader marks Optimal only the statuses
// that prove an integer optimum in its format (package proof), and keeps
// a stopped or relaxed solution feasible but not optimal.
func TestSolutionStatusProof(t *testing.T) {
	cplex := func(st string) string {
		return `<?xml version="1.0"?><CPLEXSolution version="1.2"><header objectiveValue="1" solutionStatusString="` + st + `"/><variables><variable name="x" index="0" value="1"/></variables></CPLEXSolution>`
	}
	cases := []struct {
		format, text      string
		optimal, feasible bool
	}{
		{"cplex", cplex("integer optimal solution"), true, true},
		{"cplex", cplex("optimal"), true, true},
		{"cplex", cplex("integer optimal, tolerance"), false, true},
		{"cplex", cplex("optimal relaxed infeasibility"), false, true},
		{"cplex", cplex("optimal relaxed sum"), false, true},
		{"cplex", cplex("integer optimal with unscaled infeasibilities"), false, true},
		{"cplex", cplex("optimal with unscaled infeasibilities"), false, true},
		{"cplex", cplex("optimal populated"), false, true},
		{"cplex", cplex("solution limit exceeded"), false, true},
		{"cplex", cplex("integer infeasible"), false, false},
		{"cbc", "Optimal - objective value 1\n      0 x 1 0\n", true, true},
		{"cbc", "Optimal (within gap tolerance) - objective value 1\n      0 x 1 0\n", false, true},
		{"cbc", "Stopped on iterations - objective value 1\n      0 x 1 0\n", false, true},
		{"cbc", "Stopped on solutions - objective value 1\n      0 x 1 0\n", false, true},
		{"glpk", "Status:     INTEGER OPTIMAL\nObjective:  obj = 1 (MAXimum)\n", true, true},
		{"glpk", "Status:     INTEGER NON-OPTIMAL\nObjective:  obj = 1 (MAXimum)\n", false, true},
		{"scip", "solution status: optimal solution found\nobjective value: 1\nx 1 \t(obj:1)\n", true, true},
		{"scip", "solution status: gap limit reached\nobjective value: 1\nx 1 \t(obj:1)\n", false, true},
		{"scip", "solution status: solution limit reached\nobjective value: 1\nx 1 \t(obj:1)\n", false, true},
		{"scip", "solution status: optimal\nobjective value: 1\nx 1 \t(obj:1)\n", false, true},
		{"highs", "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 1\n# Columns 1\nx 1\n", true, true},
		{"highs", "Model status\nSolution limit reached\n\n# Primal solution values\nFeasible\nObjective 1\n# Columns 1\nx 1\n", false, true},
		{"gurobi", "# Solution for model obj\n# Objective value = 1\nx 1\n", false, true},
	}
	for _, c := range cases {
		s, err := ReadSolution(strings.NewReader(c.text), c.format, nil)
		if err != nil {
			t.Errorf("%s %q: %v", c.format, c.text, err)
			continue
		}
		if s.Optimal != c.optimal || s.Feasible != c.feasible {
			t.Errorf("%s status %q: optimal %v feasible %v, want %v %v", c.format, s.Status, s.Optimal, s.Feasible, c.optimal, c.feasible)
		}
	}
}
