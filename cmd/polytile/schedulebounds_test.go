package main

import (
	"strings"
	"testing"
)

// TestHeuristicLevelsBounded: solve --heuristic and a compare backend's
// schedule refuse a level out of 1..1048576 or written with spaces (exit
// 2, naming the range), and compare refuses an option given twice. All of
// these used to run (the last repeated option winning).
func TestHeuristicLevelsBounded(t *testing.T) {
	pz := example("pentomino-20x3.yaml")
	for _, h := range []string{"e=99999999999:f=3", "f=2147483648", "e=9223372036854775807:f=3", "e= 11", "e=11 ", "e=+11", "e=1048577"} {
		code, stdout, errs := run(t, "", "solve", pz, "--count", "--heuristic", h)
		if code != 2 || stdout != "" || !strings.Contains(errs, "1 to 1048576") {
			t.Errorf("--heuristic %q: exit %d, stderr %q", h, code, errs)
		}
	}
	if code, _, errs := run(t, "", "solve", pz, "--max-coverage", "--heuristic", "f=2147483648"); code != 2 || !strings.Contains(errs, "1 to 1048576") {
		t.Errorf("--max-coverage --heuristic f=2147483648: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := run(t, "", "solve", pz, "--count", "--heuristic", "e=1048576:f=3"); code != 0 {
		t.Errorf("--heuristic e=1048576:f=3 (the largest level): exit %d, stderr %q", code, errs)
	}
	for _, c := range []struct{ spec, want string }{
		{"fila:e=99999999999:f=3", "1 to 1048576"},
		{"fila:j=2,j=3", "given twice"},
		{"fila:r=none,r=auto", "given twice"},
	} {
		code, stdout, errs := run(t, "", "compare", pz, "-b", c.spec)
		if code != 2 || stdout != "" || !strings.Contains(errs, c.want) {
			t.Errorf("compare -b %s: exit %d, stderr %q", c.spec, code, errs)
		}
	}
}
