package export

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// permutations calls f with every order of lines (at most 5 lines).
func permutations(lines []string, f func([]string)) {
	var rec func(k int)
	rec = func(k int) {
		if k == len(lines) {
			f(append([]string(nil), lines...))
			return
		}
		for i := k; i < len(lines); i++ {
			lines[k], lines[i] = lines[i], lines[k]
			rec(k + 1)
			lines[k], lines[i] = lines[i], lines[k]
		}
	}
	rec(0)
}

// verdict is what a reader made of a file: its refusal or its judgement.
func verdict(s *Solution, err error) string {
	if err != nil {
		return "error"
	}
	return fmt.Sprintf("status %q feasible %v optimal %v objective %v/%g values %v", s.Status, s.Feasible, s.Optimal, s.HasObjective, s.Objective, s.Values)
}

// A SCIP file's verdict does not depend on the order of its lines: every
// order of the same lines gives the same verdict, and a file that says it
// has no solution (an infeasible status, "no solution available") and gives
// one (an objective, values), or an optimal status and "no solution
// available", is refused in every order. "solution status: infeasible"
// then "objective value: 4" was read as feasible, the other order as
// infeasible.
func TestSCIPVerdictIndependentOfLineOrder(t *testing.T) {
	cases := []struct {
		lines   []string
		refused bool
	}{
		{[]string{"solution status: infeasible", "objective value: 4"}, true},
		{[]string{"solution status: infeasible", "x 1"}, true},
		{[]string{"no solution available", "objective value: 4"}, true},
		{[]string{"no solution available", "x 1", "solution status: time limit reached"}, true},
		{[]string{"solution status: optimal solution found", "no solution available"}, true},
		{[]string{"solution status: optimal solution found", "objective value: 4", "objective value: 5"}, true},
		{[]string{"solution status: infeasible", "solution status: optimal solution found", "objective value: 4"}, true},
		// Consistent files: the same verdict in every order.
		{[]string{"solution status: optimal solution found", "objective value: 1", "x 1 \t(obj:1)"}, false},
		{[]string{"solution status: time limit reached", "objective value: 1", "x 1"}, false},
		{[]string{"solution status: unknown", "objective value: 1", "x 1"}, false},
		{[]string{"solution status: infeasible", "no solution available"}, false},
		{[]string{"objective value: 1", "x 1"}, false},
	}
	for _, c := range cases {
		first := ""
		permutations(c.lines, func(order []string) {
			text := strings.Join(order, "\n") + "\n"
			s, err := ReadSCIPSolution(strings.NewReader(text))
			v := verdict(s, err)
			if c.refused {
				var le *LineError
				if !errors.As(err, &le) || le.Line < 1 {
					t.Errorf("%q: %s, %v; want refused at a line", text, v, err)
				}
				return
			}
			if err != nil {
				t.Errorf("%q: %v", text, err)
				return
			}
			if first == "" {
				first = v
			} else if v != first {
				t.Errorf("%q: %s; another order of the same lines: %s", text, v, first)
			}
		})
	}
}

// Every reader refuses a line that a solution file has once (its status,
// its objective) given twice, at the second one's line: the first or the
// last decided the verdict. glpsol -o kept Optimal from an "INTEGER
// OPTIMAL" above an "INTEGER EMPTY".
func TestReadersRefuseRepeatedHeader(t *testing.T) {
	names := []string{"x"}
	cases := []struct {
		format, text string
		line         int
	}{
		{"highs", "Model status\nInfeasible\nModel status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 1\n# Columns 1\nx 1\n", 3},
		{"highs", "Model status : Optimal\n# Primal solution values\nNone\n# Primal solution values\nFeasible\nObjective 1\n# Columns 1\nx 1\n", 4},
		{"highs", "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 1\nObjective 0\n# Columns 1\nx 1\n", 7},
		{"glpk", "Status:     INTEGER OPTIMAL\nStatus:     INTEGER EMPTY\nObjective:  obj = 1 (MAXimum)\n", 2},
		{"glpk", "Status:     INTEGER OPTIMAL\nObjective:  obj = 1 (MAXimum)\nObjective:  obj = 0 (MAXimum)\n", 3},
		{"glpk-raw", "s mip 1 1 n 0\ns mip 1 1 o 1\nj 1 1\n", 2},
		{"gurobi", "# Objective value = 1\n# Objective value = 0\nx 1\n", 2},
		{"scip", "solution status: infeasible\nsolution status: optimal solution found\nobjective value: 1\nx 1\n", 2},
		{"cplex", "<CPLEXSolution>\n<header solutionStatusString=\"integer infeasible\"/>\n<header objectiveValue=\"1\" solutionStatusString=\"integer optimal solution\"/>\n<variables>\n<variable name=\"x\" value=\"1\"/>\n</variables>\n</CPLEXSolution>\n", 3},
	}
	for _, c := range cases {
		s, err := ReadSolution(strings.NewReader(c.text), c.format, names)
		var le *LineError
		if !errors.As(err, &le) || le.Line != c.line {
			t.Errorf("%s %q: %s, %v; want refused at line %d", c.format, c.text, verdict(s, err), err, c.line)
		}
	}
}

// HiGHS writes no feasible primal solution for an infeasible model: a
// file with both is refused, whichever of the two is trusted.
func TestHiGHSInfeasibleWithSolution(t *testing.T) {
	text := "Model status\nInfeasible\n\n# Primal solution values\nFeasible\nObjective 1\n# Columns 1\nx 1\n"
	s, err := ReadHiGHSSolution(strings.NewReader(text))
	var le *LineError
	if !errors.As(err, &le) || le.Line != 5 {
		t.Errorf("%s, %v; want refused at line 5", verdict(s, err), err)
	}
}

// A reader's error about a place in the file names its line, and one about
// a file cut short says "at the end of the file" with the last line; InFile
// puts them in the product's style, "FILE:LINE[:COLUMN]: ...".
func TestSolutionErrorsNameTheLine(t *testing.T) {
	cases := []struct {
		format, text, want string
	}{
		{"highs", "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 4\n# Columns 3\nx 1\n", "f.sol:8: at the end of the file: HiGHS solution: the file ends after 1 of the 3 column values that line 7 announces"},
		{"highs", "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 4\n# Columns 3\nx 1\ny\n", "f.sol:9: HiGHS solution: want \"name value\""},
		{"cbc", "Optimal - objective value 1\n 0 x 1 0\n 1 x 1 0\n", "f.sol:3: CBC solution: column \"x\" is duplicated (listed before on line 2)"},
		{"glpk", "Status:     INTEGER OPTIMAL\n\n   No. Column name       Activity     Lower bound   Upper bound\n------ ------------    ------------- ------------- -------------\n     1 a_long_name_that_wraps\n", "f.sol:5: at the end of the file: GLPK solution: no values for column \"a_long_name_that_wraps\""},
		{"glpk-raw", "s mip 1 2 o 1\n", "f.sol:1: GLPK raw solution: 2 columns, 1 names given"},
		{"gurobi", "x 1\nx one\n", "f.sol:2:3: Gurobi solution: bad value for \"x\""},
		{"scip", "objective value: 1\n  x\n", "f.sol:2:3: SCIP solution: want"},
		{"cplex", "<CPLEXSolution>\n<variables>\n<variable name=\"x\"/>\n", "f.sol:3:"},
	}
	for _, c := range cases {
		_, err := ReadSolution(strings.NewReader(c.text), c.format, []string{"x"})
		if err == nil {
			t.Errorf("%s %q: read", c.format, c.text)
			continue
		}
		if got := InFile("f.sol", err); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s %q:\n got %s\nwant %s...", c.format, c.text, got, c.want)
		}
	}
}
