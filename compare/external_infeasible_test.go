package compare

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExternalInfeasibleConfirmed: an external solver's "infeasible" on
// the exact program is an answer only once the in-process HiGHS with
// presolve off confirms it. A stand-in cbc that says "Integer
// infeasible" for a tileable puzzle is refuted (the row disagrees); for a
// puzzle with no tiling it is confirmed (0, complete); under a cut-off,
// which voids the proof, the row has no answer and its note says why.
func TestExternalInfeasibleConfirmed(t *testing.T) {
	if !haveHiGHS() {
		t.Skip("HiGHS is not compiled in")
	}
	dir := t.TempDir()
	// cbc FILE [-KEY VALUE ...] sec N solve solu SOL
	script := "#!/bin/sh\nwhile [ $# -gt 0 ]; do if [ \"$1\" = solu ]; then echo 'Integer infeasible - objective value 0.00000000' > \"$2\"; fi; shift; done\n"
	if err := os.WriteFile(filepath.Join(dir, "cbc"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	b, err := NewRegistry().Parse("cbc")
	if err != nil {
		t.Fatal(err)
	}
	run := func(b Backend, src string) *Outcome {
		t.Helper()
		o, err := b.Run(context.Background(), Task{Puzzle: parse(t, src), Kind: Count})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	if o := run(b, lTrominoes); o.Status != Disagree || !strings.Contains(o.Reason, "found a tiling") {
		t.Errorf("a false infeasible: %s %q complete %v", o.Status, o.Reason, o.Complete)
	}
	if o := run(b, tDomino); o.Status != OK || !o.Complete || o.Feasible == nil || *o.Feasible || !strings.Contains(o.Note, "confirmed") {
		t.Errorf("a true infeasible: %s complete %v note %q", o.Status, o.Complete, o.Note)
	}
	cut, err := ParseSolverOption("cbc:cutoff=-1")
	if err != nil {
		t.Fatal(err)
	}
	voided, _ := WithSolverOptions(b, []SolverOption{cut})
	if o := run(voided, tDomino); o.Complete || o.Feasible != nil || !strings.Contains(o.Note, "not proven") || !strings.Contains(o.Note, "cutoff") {
		t.Errorf("an infeasible under cutoff: %s complete %v feasible %v note %q", o.Status, o.Complete, o.Feasible, o.Note)
	}
}
