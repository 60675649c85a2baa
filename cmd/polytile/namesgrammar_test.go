package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnknownNamesGrammar: check's refusal of a file whose names are not
// the program's said "3 of its 3 names are not columns" and, for a CBC
// file out of order, "1 of its 2 names is neither rows nor columns" and
// "2 of its 2 names are neither rows nor columns". Every count now reads
// right: 1 of 1, 1 of n, k of n, n of n, in both messages.
func TestUnknownNamesGrammar(t *testing.T) {
	dir := t.TempDir()
	head, cols, _, _ := cbcNonzero(t, dir)
	first := strings.Fields(cols[0])
	cases := []struct {
		name, body, want string
	}{
		{"one of one", "0 bogus 1 0", "its only name is not a column of this program (bogus)"},
		{"one of three", cols[0] + "\n" + cols[1] + "\n9999 bogus 1 0", "1 of its 3 names is not a column of this program (bogus)"},
		{"three of three", "0 bogus 1 0\n1 bogus2 1 0\n2 bogus3 1 0", "none of its 3 names is a column of this program (bogus, bogus2, bogus3)"},
		{"cbc one of two", "9999 " + first[1] + " 1 0\n2 bogus 1 0", `1 of its 2 names is neither a row nor a column of this program ("bogus" (line 3))`},
		{"cbc two of two", "5 bogus 1 0\n2 bogus2 1 0", `none of its 2 names is a row or a column of this program ("bogus" (line 2), "bogus2" (line 3))`},
		{"cbc two of three", "9999 " + first[1] + " 1 0\n2 bogus 1 0\n3 bogus2 1 0", `2 of its 3 names are neither rows nor columns of this program`},
	}
	for _, c := range cases {
		sol := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".sol")
		if err := os.WriteFile(sol, []byte(head+"\n"+c.body+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errs := run(t, "", "check", example("tetris-7x7.yaml"), sol, "--max-coverage")
		if code != exitUsage || !strings.Contains(errs, sol+": "+c.want) {
			t.Errorf("%s: exit %d, want 2 and %q: %s", c.name, code, c.want, errs)
		}
	}
	for _, c := range []struct {
		n, total int
		want     string
	}{
		{1, 1, "its only name is not a column"},
		{1, 2, "1 of its 2 names is not a column"},
		{2, 2, "none of its 2 names is a column"},
		{2, 5, "2 of its 5 names are not columns"},
	} {
		if got := namesNotOf(c.n, c.total, "a column", "not a column", "not columns"); got != c.want {
			t.Errorf("namesNotOf(%d, %d) = %q, want %q", c.n, c.total, got, c.want)
		}
	}
}

// TestUnknownNamesClipped: the names a refusal quotes of a file whose
// names are not the program's are shortened, as every other message's
// are: a SCIP, Gurobi or HiGHS file with a name of 70,000 bytes gave a
// message of 70,000 bytes. Fails on the old code.
func TestUnknownNamesClipped(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("a", 70000)
	for name, body := range map[string]string{
		"scip.sol":   "objective value: 1\n" + long + " 1\n",
		"gurobi.sol": "# Objective value = 1\n" + long + " 1\n" + long + "b 1\n",
	} {
		sol := filepath.Join(dir, name)
		if err := os.WriteFile(sol, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errs := run(t, "", "check", example("pentomino-10x6.yaml"), sol)
		if code != exitUsage || !strings.Contains(errs, "a column of this program (aaa") || len(errs) > 1000 {
			t.Errorf("%s: exit %d, want 2 and a short message naming the name: %d bytes: %.300s", name, code, len(errs), errs)
		}
	}
}

// TestCheckStdinOnce: check --names - reads the names from stdin, as the
// solution file - does (it read them from a nil reader: a panic), and
// gives what --names FILE gives; two of the puzzle, the solution and
// --names given as - are refused (exit 2) instead of the second reading
// an empty stdin. Fails on the old code.
func TestCheckStdinOnce(t *testing.T) {
	dir := t.TempDir()
	pz := example("tetris-7x7.yaml")
	mps, sol := filepath.Join(dir, "t.mps"), filepath.Join(dir, "t.sol")
	if code, _, errs := run(t, "", "export", pz, "--format", "fixed-mps", "--max-coverage", "-o", mps); code != 0 {
		t.Fatalf("export: exit %d %s", code, errs)
	}
	if err := os.WriteFile(sol, []byte("# Objective value = 4\nX0000001 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantCode, want, wantErr := run(t, "", "check", pz, sol, "--max-coverage", "--names", mps)
	if wantCode != exitNoSolution || !strings.Contains(want, "pieces      1 placed") {
		t.Fatalf("--names FILE: exit %d %s%s", wantCode, want, wantErr)
	}
	code, out, errs := run(t, string(mustRead(t, mps)), "check", pz, sol, "--max-coverage", "--names", "-")
	if code != wantCode || out != want {
		t.Errorf("--names -: exit %d, want %d and the report of --names FILE:\n%s%s", code, wantCode, out, errs)
	}
	for _, args := range [][]string{{"-", "-"}, {pz, "-", "--names", "-"}, {"-", sol, "--names", "-"}} {
		code, _, errs := run(t, "", append([]string{"check"}, args...)...)
		if code != exitUsage || !strings.Contains(errs, "read - (stdin), which can be read only once") {
			t.Errorf("check %v: exit %d, want 2: %s", args, code, errs)
		}
	}
}
