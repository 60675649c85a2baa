package proof

import (
	"errors"
	"fmt"
	"testing"
)

// TestProvenOptimalPerFormat lists, per solution format, the statuses that
// prove an integer optimum and those that do not (a gap tolerance, a
// relaxation, unscaled infeasibilities, a stop on a limit).
func TestProvenOptimalPerFormat(t *testing.T) {
	cases := []struct {
		format, status string
		proven         bool
	}{
		{"highs", "Optimal", true},
		{"highs", "Time limit reached", false},
		{"highs", "Solution limit reached", false},
		{"highs", "Objective bound", false},
		{"highs", "Infeasible", false},
		{"cbc", "Optimal", true},
		{"cbc", "Optimal (within gap tolerance)", false},
		{"cbc", "Stopped on iterations", false},
		{"cbc", "Stopped on solutions", false},
		{"cbc", "Stopped on time", false},
		{"glpk", "INTEGER OPTIMAL", true},
		{"glpk", "OPTIMAL", true},
		{"glpk", "INTEGER NON-OPTIMAL", false},
		{"glpk", "INTEGER EMPTY", false},
		{"glpk-raw", "optimal", true},
		{"glpk-raw", "feasible", false},
		{"cplex", "integer optimal solution", true},
		{"cplex", "optimal", true},
		{"cplex", "integer optimal, tolerance", false},
		{"cplex", "optimal relaxed infeasibility", false},
		{"cplex", "optimal relaxed sum", false},
		{"cplex", "integer optimal with unscaled infeasibilities", false},
		{"cplex", "optimal with unscaled infeasibilities", false},
		{"cplex", "optimal populated", false},
		{"cplex", "solution limit exceeded", false},
		{"cplex", "time limit exceeded", false},
		{"gurobi", "2", true},
		{"gurobi", "solution", false},
		{"gurobi", "9", false},
		{"scip", "optimal solution found", true},
		{"scip", "gap limit reached", false},
		{"scip", "solution limit reached", false},
		{"scip", "optimal", false},
		{"nonesuch", "optimal", false},
	}
	for _, c := range cases {
		if got := ProvenOptimal(c.format, c.status); got != c.proven {
			t.Errorf("ProvenOptimal(%q, %q) = %v, want %v", c.format, c.status, got, c.proven)
		}
		err := Status(c.format, c.status)
		if (err == nil) != c.proven {
			t.Errorf("Status(%q, %q) = %v", c.format, c.status, err)
		}
		var npe *NotProvenError
		if err != nil && (!errors.Is(err, ErrNotProven) || !errors.As(err, &npe)) {
			t.Errorf("Status(%q, %q): %v is not a *NotProvenError", c.format, c.status, err)
		}
	}
}

// TestStopReason: a stopped status is named for what stopped it, not as
// a gap tolerance.
func TestStopReason(t *testing.T) {
	cases := map[[2]string]string{
		{"cbc", "Optimal (within gap tolerance)"}:          "stopped at a gap tolerance",
		{"cbc", "Stopped on iterations"}:                   "stopped at an iteration limit",
		{"cbc", "Stopped on solutions"}:                    "stopped at a solution limit",
		{"cbc", "Stopped on nodes"}:                        "stopped at a node limit",
		{"highs", "Solution limit reached"}:                "stopped at a solution limit",
		{"scip", "solution limit reached"}:                 "stopped at a solution limit",
		{"cplex", "optimal relaxed infeasibility"}:         "the solution is of a relaxation of the program",
		{"cplex", "integer optimal, tolerance"}:            "stopped at a gap tolerance",
		{"cplex", "optimal with unscaled infeasibilities"}: "the solution has unscaled infeasibilities",
		{"glpk", "INTEGER NON-OPTIMAL"}:                    "stopped before proving optimality (a time limit, --mipgap, or a search that does not optimise)",
	}
	for in, want := range cases {
		if got := StopReason(in[0], in[1]); got != want {
			t.Errorf("StopReason(%q, %q) = %q, want %q", in[0], in[1], got, want)
		}
	}
}

// TestInfeasibleStatus: the statuses that claim infeasibility.
func TestInfeasibleStatus(t *testing.T) {
	yes := [][2]string{{"highs", "Infeasible"}, {"cbc", "Integer infeasible"}, {"glpk", "INTEGER EMPTY"}, {"scip", "infeasible"}, {"cplex", "integer infeasible"}, {"gurobi", "3"}}
	no := [][2]string{{"highs", "Optimal"}, {"highs", "Unbounded or infeasible"}, {"cplex", "optimal relaxed infeasibility"}, {"cplex", "integer optimal with unscaled infeasibilities"}, {"gurobi", "2"}, {"highs", "Empty"}}
	for _, c := range yes {
		if !InfeasibleStatus(c[0], c[1]) {
			t.Errorf("InfeasibleStatus(%q, %q) = false", c[0], c[1])
		}
	}
	for _, c := range no {
		if InfeasibleStatus(c[0], c[1]) {
			t.Errorf("InfeasibleStatus(%q, %q) = true", c[0], c[1])
		}
	}
}

// TestVoidingOption: one test per option family per solver (cut-off,
// increment, objective bound, gap, solution limit), and options that
// leave the proof alone.
func TestVoidingOption(t *testing.T) {
	void := [][3]string{
		{"cbc", "cutoff", "-1"}, {"cbc", "cuto", "-1"}, {"cbc", "increment", "1000"}, {"cbc", "inc", "1000"},
		{"cbc", "allowableGap", "5"}, {"cbc", "allow", "1"}, {"cbc", "ratioGap", "0.1"}, {"cbc", "ratio", "0.5"},
		{"cbc", "maxSolutions", "1"}, {"cbc", "maxSo", "1"},
		{"glpsol", "objbnd", "-1"}, {"glpsol", "mipgap", "0.1"},
		{"highs-cli", "objective_bound", "-1"}, {"highs-cli", "objective_target", "3"}, {"highs-cli", "mip_rel_gap", "0.5"},
		{"highs-cli", "mip_abs_gap", "2"}, {"highs-cli", "mip_max_improving_sols", "1"},
		{"highs", "objective_bound", "-1"}, {"highs", "mip_rel_gap", "0.5"}, {"highs", "mip_max_nodes", "10"},
	}
	keep := [][3]string{
		{"cbc", "cuts", "off"}, {"cbc", "maxSavedSolutions", "3"}, {"cbc", "allowableGap", "0"}, {"cbc", "presolve", "off"},
		{"glpsol", "mipgap", "0"}, {"glpsol", "cuts", ""}, {"glpsol", "memlim", "100"},
		{"highs-cli", "mip_rel_gap", "0"}, {"highs-cli", "presolve", "off"}, {"highs", "threads", "2"},
	}
	for _, c := range void {
		if VoidingOption(c[0], c[1], c[2]) == "" {
			t.Errorf("%s:%s=%s does not void the proof", c[0], c[1], c[2])
		}
	}
	for _, c := range keep {
		if why := VoidingOption(c[0], c[1], c[2]); why != "" {
			t.Errorf("%s:%s=%s voids the proof: %s", c[0], c[1], c[2], why)
		}
	}
}

// TestConfirmInfeasible: only a confirmed infeasibility is a verdict.
func TestConfirmInfeasible(t *testing.T) {
	if err := ConfirmInfeasible("HiGHS", Confirmed, "HiGHS with presolve off"); err != nil {
		t.Errorf("confirmed: %v", err)
	}
	for _, c := range []Confirmation{Undecided, Refuted} {
		if err := ConfirmInfeasible("HiGHS", c, "HiGHS with presolve off"); !errors.Is(err, ErrNotProven) {
			t.Errorf("%v: %v is not ErrNotProven", c, err)
		}
	}
}

func ExampleStatus() {
	fmt.Println(Status("cplex", "integer optimal solution"))
	fmt.Println(Status("cplex", "optimal relaxed infeasibility"))
	fmt.Println(Status("cbc", "Stopped on iterations"))
	fmt.Println(VoidingOption("cbc", "inc", "1000"))
	// Output:
	// <nil>
	// not proven: status "optimal relaxed infeasibility": the solution is of a relaxation of the program
	// not proven: status "Stopped on iterations": stopped at an iteration limit
	// an increment skips solutions that improve by less
}

func ExampleConfirmInfeasible() {
	fmt.Println(ConfirmInfeasible("HiGHS", Confirmed, "a second HiGHS solve with presolve off"))
	fmt.Println(ConfirmInfeasible("HiGHS", Undecided, "a second HiGHS solve with presolve off"))
	// Output:
	// <nil>
	// not proven: HiGHS infeasible: not confirmed: a second HiGHS solve with presolve off did not decide
}
