package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecipesRemoveTheOutdirTheyMade: a recipe run that cannot start (an
// unknown flag, a schedule or a piece the split refuses, a missing or
// broken puzzle) leaves no OUTDIR it made, in all three recipes (the
// Slurm task and the Job pod that made it check first, with
// --count-key-only, as count.sh does); an OUTDIR that was there stays,
// and a run that starts keeps the OUTDIR it made. The Slurm script and
// the Job's pod made OUTDIR and exec'd polytile, so an empty OUTDIR was
// left behind by every run that never started. Fails on the old
// scripts.
func TestRecipesRemoveTheOutdirTheyMade(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	broken := filepath.Join(dir, "broken.yaml")
	os.WriteFile(broken, []byte("board: [\n"), 0o644)
	for name, recipe := range recipeRuns(t) {
		for n, c := range []struct {
			puzzle string
			extra  []string
		}{
			{p, []string{"--bogus"}},
			{p, []string{"--heuristic", "zz"}},
			{p, []string{"--redundancy", "ZZ"}},
			{filepath.Join(dir, "missing.yaml"), nil},
			{broken, nil},
		} {
			out := filepath.Join(dir, name, strings.Repeat("o", n+1))
			if code, b := recipe(c.puzzle, out, c.extra...); code == 0 {
				t.Errorf("%s %s %v: exit 0\n%s", name, filepath.Base(c.puzzle), c.extra, b)
			}
			if _, err := os.Lstat(out); err == nil {
				t.Errorf("%s %s %v: a run that cannot start left the OUTDIR it made", name, filepath.Base(c.puzzle), c.extra)
			}
		}
		// An OUTDIR that was there stays, empty.
		there := filepath.Join(dir, name, "there")
		os.MkdirAll(there, 0o755)
		if code, _ := recipe(p, there, "--bogus"); code == 0 {
			t.Errorf("%s --bogus: exit 0", name)
		}
		if ents, err := os.ReadDir(there); err != nil || len(ents) != 0 {
			t.Errorf("%s: the OUTDIR that was there: %v %v", name, ents, err)
		}
		// A run that starts keeps the OUTDIR it made, and counts.
		out := filepath.Join(dir, name, "new", "out")
		if code, b := recipe(p, out); code != 0 {
			t.Errorf("%s: the run into a new OUTDIR: exit %d\n%s", name, code, b)
		}
		if v := mergeWith(t, out); v.code != 0 || v.all != 4040 || len(v.unchecked) != 0 {
			t.Errorf("%s: merge %+v", name, v)
		}
	}
}
