package main

import (
	"strings"
	"testing"
)

// TestCompareRedundancyPieceNamed: compare refuses an r=PIECE that names
// no piece of the puzzle before anything runs (exit 2), as solve refuses
// --redundancy with it; it was an error row, "native: redundancy filter:
// no piece named ...", and exit 1. A piece of the puzzle runs.
func TestCompareRedundancyPieceNamed(t *testing.T) {
	ex := example("pentomino-10x6.yaml")
	code, _, errs := run(t, "", "compare", ex, "--task", "count", "-b", "dlx:r=NOPE", "--time-limit", "30s")
	if code != 2 || !strings.Contains(errs, `--backends dlx:r=NOPE on `) || !strings.Contains(errs, `r=NOPE: no piece named "NOPE"`) {
		t.Errorf("r=NOPE: exit %d, stderr %q; want exit 2", code, errs)
	}
	code, _, errs = run(t, "", "solve", ex, "--count", "--redundancy", "NOPE")
	if code != 2 || !strings.Contains(errs, `no piece named "NOPE"`) {
		t.Errorf("solve --redundancy NOPE: exit %d, stderr %q; want exit 2", code, errs)
	}
}
