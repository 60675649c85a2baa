package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGNUParallelRecipeRefusesAnotherCount: deploy/parallel/count.sh run
// again on an OUTDIR after the puzzle was edited, with another N or other
// flags refuses (exit 2, saying what changed) instead of letting its
// joblog skip every shard and merging the old results: it printed the
// old count (4040 here) with exit 0. An OUTDIR with a joblog and no key
// is refused too; the same count run again resumes as before.
func TestGNUParallelRecipeRefusesAnotherCount(t *testing.T) {
	dir := t.TempDir()
	p, edit := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	recipe := func(n int, extra ...string) (int, string) {
		cmd := parallelRecipe(t, p, n, out)
		cmd.Args = append(cmd.Args, extra...)
		return exitAndOutput(t, cmd)
	}
	if code, b := recipe(3); code != 0 || !strings.Contains(b, "4040") {
		t.Fatalf("first run: exit %d\n%s", code, b)
	}
	orig, _ := os.ReadFile(p)
	edit()
	if code, b := recipe(3); code != 2 || !strings.Contains(b, "the puzzle file") || strings.Contains(b, "4040") {
		t.Errorf("an edited puzzle: exit %d\n%s", code, b)
	}
	os.WriteFile(p, orig, 0o644)
	for _, c := range []struct {
		n     int
		extra []string
		want  string
	}{
		{4, nil, "N (3 then, 4 now)"},
		{3, []string{"--heuristic", "s"}, "the solve flags"},
	} {
		if code, b := recipe(c.n, c.extra...); code != 2 || !strings.Contains(b, c.want) || strings.Contains(b, "4040") {
			t.Errorf("N=%d %v: exit %d\n%s", c.n, c.extra, code, b)
		}
	}
	// An OUTDIR of an older count.sh: a joblog, no key.
	os.Remove(filepath.Join(out, "count.key"))
	if code, b := recipe(3); code != 2 || !strings.Contains(b, "no count.key") || strings.Contains(b, "4040") {
		t.Errorf("a joblog without a key: exit %d\n%s", code, b)
	}
	// A fresh OUTDIR counts the edited puzzle (80 solutions).
	edit()
	out = filepath.Join(dir, "out2")
	if code, b := recipe(2); code != 0 || !strings.Contains(b, "solutions   80 ") {
		t.Errorf("a new OUTDIR: exit %d\n%s", code, b)
	}
}

// TestSlurmRecipeRefusesAnotherCount: a task of deploy/slurm/polytile-array.sh
// writing into an OUTDIR made for the puzzle before it was edited, or for
// another N or flags, refuses to run (exit 2, saying what changed), and
// merge --puzzle refuses the old results. The task failed only on its
// checkpoint ("checkpoint ... another puzzle"), leaving the old results,
// which merge added up.
func TestSlurmRecipeRefusesAnotherCount(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	p, edit := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	script, _ := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm", "polytile-array.sh"))
	task := func(i, n int, extra ...string) (int, string) {
		cmd := exec.Command("bash", append([]string{script, p, out}, extra...)...)
		cmd.Env = append(os.Environ(), "POLYTILE="+bin, "SLURM_ARRAY_TASK_ID="+strconv.Itoa(i),
			"SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX="+strconv.Itoa(n-1), "SLURM_ARRAY_TASK_COUNT="+strconv.Itoa(n))
		return exitAndOutput(t, cmd)
	}
	for i := range 3 {
		if code, b := task(i, 3); code != 0 {
			t.Fatalf("task %d: exit %d %s", i, code, b)
		}
	}
	if code, b := task(1, 4); code != 2 || !strings.Contains(b, "N (3 then, 4 now)") {
		t.Errorf("another N: exit %d %s", code, b)
	}
	if code, b := task(1, 3, "--heuristic", "s"); code != 2 || !strings.Contains(b, "the solve flags") {
		t.Errorf("other flags: exit %d %s", code, b)
	}
	edit()
	if code, b := task(1, 3); code != 2 || !strings.Contains(b, "the puzzle file") {
		t.Errorf("an edited puzzle: exit %d %s", code, b)
	}
	if code, _, errs := mergeJSON(t, "--puzzle", p, out); code != 2 || !strings.Contains(errs, "not computed for --puzzle") {
		t.Errorf("merge --puzzle of the old results: exit %d %s", code, errs)
	}
}
