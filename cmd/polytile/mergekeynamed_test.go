package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeSaysWhichKeyItDidNotRead: merge FILES of a recipe's results
// directory does not read its count.key (naming the files is how a key
// merge refuses is set aside), and its account says so, naming the
// directory, where it said "no count.key in the directory"; merge DIR of
// a count with no extra flags names the configuration the key records
// (solve's defaults, resolved), not ("").
func TestMergeSaysWhichKeyItDidNotRead(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	slurmCount(t, p, out, 2)
	files, _ := filepath.Glob(filepath.Join(out, "shard-*.json"))
	v := mergeWith(t, files...)
	if v.code != 0 || len(v.unchecked) != 2 {
		t.Fatalf("merge FILES: %+v", v)
	}
	for _, u := range v.unchecked {
		if strings.Contains(u, "no count.key") || !strings.Contains(u, "count.key of "+out+" not read") {
			t.Errorf("merge FILES of a keyed directory: unchecked %q", u)
		}
	}
	v = mergeWith(t, out)
	if v.code != 0 || len(v.verified) != 3 || !strings.Contains(v.verified[2], "(--backend=fila --fila-at=0 --heuristic=f --nof=true --volume=-1 --redundancy=X --from=yaml)") || strings.Contains(v.text, `("")`) {
		t.Errorf("merge DIR, no flags: %+v", v)
	}
}

// TestMergeNamesTheKeyOfFlagsSolveRefuses: a count.key whose flags solve
// --count refuses (an unknown heuristic, a backend that does not count)
// is refused (exit 2) naming the key; the message blamed merge's own
// flags ("merge --heuristic: ...", "merge --backend ...") though none
// was given. Fails on the old code.
func TestMergeNamesTheKeyOfFlagsSolveRefuses(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	slurmCount(t, p, out, 2)
	for _, flags := range []string{"--heuristic zz ", "--backend highs "} {
		setKeyLine(t, out, 4, "flags "+flags)
		code, _, errs := run(t, "", "merge", out)
		if code != 2 || strings.Contains(errs, "merge --") || !strings.Contains(errs, "count.key records solve flags a count refuses") {
			t.Errorf("key flags %q: exit %d %s", flags, code, errs)
		}
	}
}
