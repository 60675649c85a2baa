package main

import (
	"strings"
	"testing"
)

// TestBadFlagValueNamesTheFlag: a bad value of a flag was reported as the
// puzzle file's fault or without the flag: "--from /nonexist" said
// "FILE: unknown puzzle format "/nonexist"", --heuristic and --redundancy
// said "native: ..." (--heuristic after reading the puzzle, so a missing
// file hid it), --mode and --formulation "mode must be ...". Each now
// names its flag (exit 2); --from and --heuristic before any file is read.
func TestBadFlagValueNamesTheFlag(t *testing.T) {
	pz := example("pentomino-10x6.yaml")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"info", pz, "--from", "/nonexist"}, `invalid argument "/nonexist" for "--from" flag: unknown puzzle format`},
		{[]string{"info", "missing.yaml", "--from", "burrtools:0"}, `for "--from" flag: format "burrtools:0": the problem number must be 1 to 1000`},
		{[]string{"render", pz, "--from", "yamll"}, `for "--from" flag`},
		{[]string{"solve", pz, "--from", "/nonexist"}, `for "--from" flag`},
		{[]string{"export", pz, "--format", "lp", "--from", "x"}, `for "--from" flag`},
		{[]string{"check", pz, "t.sol", "--from", "x"}, `for "--from" flag`},
		{[]string{"compare", pz, "--from", "x"}, `for "--from" flag`},
		{[]string{"merge", ".", "--puzzle", pz, "--from", "x"}, `for "--from" flag`},
		{[]string{"solve", "missing.yaml", "--heuristic", "zz"}, `--heuristic: schedule "zz": unknown heuristic`},
		{[]string{"solve", pz, "--redundancy", "zz"}, `--redundancy: no piece named "zz"`},
		{[]string{"export", pz, "--format", "lp", "--mode", "zz"}, `--mode: mode must be exact or max-coverage`},
		{[]string{"export", pz, "--format", "lp", "--max-coverage", "--formulation", "zz"}, `--formulation: formulation must be seed or packing`},
	}
	for _, c := range cases {
		code, _, errs := run(t, "", c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, want 2 and %q: %s", strings.Join(c.args, " "), code, c.want, errs)
		}
	}
}
