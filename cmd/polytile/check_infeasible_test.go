package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckGLPKInfeasibleIsThisProgram: glpsol's printed solution (-o) of
// a program with no integer solution (the 5 tetrominoes in 5x4: status
// INTEGER EMPTY, every activity printed 0, the fingerprint column's too)
// is this program's answer "no solution": check reports it (exit 1,
// identified by the fingerprint's name), as it does for glpsol's raw file
// (-w; its names come from --names, so it is not identified); the same
// file checked against another program (--symmetry pin) is still refused
// as another program's (exit 2). check refused the -o file with exit 2,
// "the fingerprint column ... has the value 0, this program fixes it at
// 121617: it is the solution of another program".
func TestCheckGLPKInfeasibleIsThisProgram(t *testing.T) {
	if _, err := exec.LookPath("glpsol"); err != nil {
		t.Skip("glpsol not on PATH")
	}
	dir := t.TempDir()
	file := example("tetrominoes-5x4.yaml")
	lp := filepath.Join(dir, "t.lp")
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "-o", lp, "-q"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	sol, raw := filepath.Join(dir, "t.sol"), filepath.Join(dir, "t.raw")
	if out, err := exec.Command("glpsol", "--lp", lp, "-o", sol, "-w", raw).CombinedOutput(); err != nil {
		t.Fatalf("glpsol: %v\n%s", err, out)
	}
	code, rep, errs := checkJSON(t, file, sol)
	if code != 1 || rep.Status != "INTEGER EMPTY" || !rep.Identified || rep.Valid || !strings.Contains(rep.Verdict, "no feasible solution") {
		t.Errorf("glpsol -o: exit %d, %+v, %s", code, rep, errs)
	}
	code, rep, errs = checkJSON(t, file, raw, "--solver", "glpk-raw", "--names", lp)
	if code != 1 || rep.Identified || !strings.Contains(rep.Verdict, "not confirmed") {
		t.Errorf("glpsol -w with --names: exit %d, %+v, %s", code, rep, errs)
	}
	code, _, errs = run(t, "", "check", file, sol, "--symmetry", "pin")
	if code != 2 || !strings.Contains(errs, "another program") {
		t.Errorf("against another program: exit %d, %s", code, errs)
	}
}
