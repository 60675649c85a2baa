package main

import (
	"os"
	"strings"
	"testing"
)

// A BurrTools file is read by its extension or by --from, from a file or
// stdin; a bad problem choice is a usage error (exit 2) naming the file.
func TestBurrToolsInput(t *testing.T) {
	code, out, errs := run(t, "", "solve", example("soma.xmpuzzle"), "--count", "--unique")
	if code != 0 || !strings.Contains(out, "solutions   11520 (240 unique under a symmetry group of order 48)") {
		t.Errorf("solve soma.xmpuzzle: exit %d\n%s%s", code, out, errs)
	}
	data, err := os.ReadFile(example("soma.xmpuzzle"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs = run(t, string(data), "info", "-", "--from", "burrtools:1")
	if code != 0 || !strings.Contains(out, "pieces          7, 27 cells (areas match)") {
		t.Errorf("info - --from burrtools:1: exit %d\n%s%s", code, out, errs)
	}
	code, _, errs = run(t, "", "info", example("soma.xmpuzzle"), "--from", "burrtools:2")
	if code != 2 || !strings.Contains(errs, "soma.xmpuzzle:1:1: problem 2 asked for, but the file has 1") {
		t.Errorf("--from burrtools:2: exit %d, %s", code, errs)
	}
	code, _, errs = run(t, "", "info", example("soma.yaml"), "--from", "burrtools")
	if code != 2 || !strings.Contains(errs, "soma.yaml:1:1: no <puzzle> element") && !strings.Contains(errs, "invalid XML") {
		t.Errorf("a YAML file read as BurrTools: exit %d, %s", code, errs)
	}
}
