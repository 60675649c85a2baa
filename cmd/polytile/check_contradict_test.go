package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckContradictionNotOptimal: a SCIP file claiming optimality with
// objective 16 and no column has a problem (the objective is not the 0
// cells its tiling covers); check exited 1 but its JSON said "valid":
// true, "optimal": true and the verdict "optimal by the solver's proof".
// Now neither is true and the verdict says the file is contradicted.
func TestCheckContradictionNotOptimal(t *testing.T) {
	dir := t.TempDir()
	sol := filepath.Join(dir, "x.scip")
	if err := os.WriteFile(sol, []byte("solution status: optimal solution found\nobjective value: 16\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, rep, errs := checkJSON(t, example("tetrominoes-5x4.yaml"), sol, "--max-coverage")
	if code != 1 || rep.Valid || rep.Optimal || rep.Exact || len(rep.Problems) == 0 ||
		!strings.HasPrefix(rep.Verdict, "contradicted") || strings.Contains(rep.Verdict, "optimal by") {
		t.Errorf("exit %d, valid %v, optimal %v, verdict %q, problems %v %s", code, rep.Valid, rep.Optimal, rep.Verdict, rep.Problems, errs)
	}
	// The text report says it too.
	_, out, _ := run(t, "", "check", example("tetrominoes-5x4.yaml"), sol, "--max-coverage")
	if !strings.Contains(out, "verdict     contradicted") {
		t.Errorf("text verdict: %s", out)
	}
}
