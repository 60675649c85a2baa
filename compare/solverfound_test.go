package compare

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestExternalSolverFoundInDepsBin runs highs-cli with an empty PATH at
// the checkout's root (where go run runs): the highs wrapper that `make
// deps` puts in the checkout's .deps/bin is found there, and the backend
// answers the count.
func TestExternalSolverFoundInDepsBin(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Dir(wd)
	if _, err := os.Stat(filepath.Join(root, ".deps", "bin", "highs")); err != nil {
		t.Skip("no .deps/bin/highs in this checkout (run `make deps`)")
	}
	t.Setenv("PATH", "")
	t.Chdir(root)
	p := parse(t, lTrominoes)
	tabs, err := Compare(context.Background(), p, mustParseList(t, NewRegistry(), "fila highs-cli"), Options{TimeLimit: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	r := rowOf(t, tabs[0], "highs-cli")
	if r.Status != OK || r.Feasible == nil || !*r.Feasible || r.Mark != "=" {
		t.Errorf("highs-cli from .deps/bin: %+v\n%s", r.Outcome, dump(tabs))
	}
}

// TestExternalSolverNotFoundSaysWhere: a solver on neither PATH nor the
// checkout's .deps/bin is skipped with the places looked in.
func TestExternalSolverNotFoundSaysWhere(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Dir(wd)
	t.Chdir(root)
	deps := filepath.Join(root, ".deps", "bin")
	if _, err := os.Stat(filepath.Join(deps, "glpsol")); err == nil {
		t.Skip("glpsol is in .deps/bin")
	}
	p := parse(t, lTrominoes)
	tabs, err := Compare(context.Background(), p, mustParseList(t, NewRegistry(), "fila glpsol"), Options{TimeLimit: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	r := rowOf(t, tabs[0], "glpsol")
	if want := "glpsol not found on PATH or in " + deps; r.Status != Skipped || !strings.Contains(r.Reason, want) {
		t.Errorf("glpsol row %+v, want skipped with %q", r.Outcome, want)
	}
}
