package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckErrorsNameTheLine: check's errors about a place in a solution
// file are "FILE:LINE[:COLUMN]: ..." for every reader, and a file cut short
// says "at the end of the file" with its last line. A truncated HiGHS file
// said "f.sol: HiGHS solution: 1 of 3 column values", the others "f.sol:
// HiGHS solution line 8: ...", while check's own errors said "f.sol:8: ...";
// a SCIP file saying infeasible above its objective was judged a feasible
// (empty) tiling, exit 1.
func TestCheckErrorsNameTheLine(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ name, text, want string }{
		{"cut.highs", "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 4\n# Columns 3\nx_I_0_0_0 1\n", ":8: at the end of the file: HiGHS solution: "},
		{"bad.highs", "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 4\n# Columns 2\nx_I_0_0_0 1\nx_I_0_0_1\n", ":9: HiGHS solution: "},
		{"dup.cbc", "Optimal - objective value 4\n      0 x_I_0_0_0 1 0\n      1 x_I_0_0_0 1 0\n", ":3: CBC solution: "},
		{"infeasible.scip", "solution status: infeasible\nobjective value: 4\n", ":2: SCIP solution: "},
		{"twice.glpk", "Status:     INTEGER OPTIMAL\nStatus:     INTEGER EMPTY\n", ":2: GLPK solution: "},
		{"bad.gurobi", "# Objective value = 4\nx_I_0_0_0 one\n", ":2:11: Gurobi solution: "},
	}
	for _, c := range cases {
		sol := filepath.Join(dir, c.name)
		if err := os.WriteFile(sol, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "", "check", example("tetrominoes-5x4.yaml"), sol)
		if want := "polytile: " + sol + c.want; code != 2 || !strings.HasPrefix(errs, want) {
			t.Errorf("%s: exit %d, %s%s; want exit 2, %s...", c.name, code, out, errs, want)
		}
	}
}

// TestCheckStdinNamedAsPuzzles: a solution read from stdin is named in
// messages as a puzzle read from it is, "<stdin>:8: ...", not "-:8: ...".
func TestCheckStdinNamedAsPuzzles(t *testing.T) {
	cut := "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 4\n# Columns 3\nx_I_0_0_0 1\n"
	code, out, errs := run(t, cut, "check", example("tetrominoes-5x4.yaml"), "-")
	if want := "polytile: <stdin>:8: at the end of the file: HiGHS solution: "; code != 2 || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d, %s%s; want exit 2, %s...", code, out, errs, want)
	}
}
