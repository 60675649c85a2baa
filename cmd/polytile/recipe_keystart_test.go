package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// recipeRuns are the three recipes, each as a function that runs one
// count (count.sh: all of it; the Slurm and Kubernetes scripts: every
// task in turn, stopping at the first that fails) of puzzle into out
// with N = 2 and the extra solve flags, and returns the last exit code
// and output.
func recipeRuns(t *testing.T) map[string]func(puzzle, out string, extra ...string) (int, string) {
	t.Helper()
	bin := binary(t)
	runs := map[string]func(puzzle, out string, extra ...string) (int, string){}
	if _, err := exec.LookPath("parallel"); err == nil {
		runs["count.sh"] = func(puzzle, out string, extra ...string) (int, string) {
			cmd := parallelRecipe(t, puzzle, 2, out)
			cmd.Args = append(cmd.Args, extra...)
			return exitAndOutput(t, cmd)
		}
	}
	slurm, _ := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm", "polytile-array.sh"))
	runs["polytile-array.sh"] = func(puzzle, out string, extra ...string) (int, string) {
		var code int
		var b string
		for i := range 2 {
			cmd := exec.Command("bash", append([]string{slurm, puzzle, out}, extra...)...)
			cmd.Env = append(os.Environ(), "POLYTILE="+bin, "SLURM_ARRAY_TASK_ID="+strconv.Itoa(i),
				"SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=1", "SLURM_ARRAY_TASK_COUNT=2")
			if code, b = exitAndOutput(t, cmd); code != 0 {
				break
			}
		}
		return code, b
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "deploy", "kubernetes", "job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var job k8sJob
	if err := yaml.Unmarshal(data, &job); err != nil || len(job.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("job.yaml: %v", err)
	}
	script := job.Spec.Template.Spec.Containers[0].Args[0]
	path := filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
	runs["job.yaml"] = func(puzzle, out string, extra ...string) (int, string) {
		var code int
		var b string
		for i := range 2 {
			cmd := exec.Command("bash", append([]string{"-c", script, "polytile-job"}, extra...)...)
			cmd.Env = append(os.Environ(), "PATH="+path, "JOB_COMPLETION_INDEX="+strconv.Itoa(i), "POLYTILE_SHARD_COUNT=2",
				"PUZZLE="+puzzle, "OUT="+out)
			if code, b = exitAndOutput(t, cmd); code != 0 {
				break
			}
		}
		return code, b
	}
	return runs
}

// TestRecipesWriteNoKeyUnlessTheRunCanStart: a recipe run that cannot
// start (an unknown flag, a bad value, a backend that does not count, a
// missing or broken puzzle, flags the recipe gives itself) writes no
// count.key, so the correct run into the same OUTDIR then counts. The recipes wrote the key in bash before
// polytile read the flags or the puzzle: the key of the failed run stayed
// and refused the correct one (exit 2, "holds another count"). Fails on
// the old recipes.
func TestRecipesWriteNoKeyUnlessTheRunCanStart(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	broken := filepath.Join(dir, "broken.yaml")
	os.WriteFile(broken, []byte("board: [\n"), 0o644)
	for name, recipe := range recipeRuns(t) {
		out := filepath.Join(dir, name)
		for _, c := range []struct {
			puzzle string
			extra  []string
		}{
			{p, []string{"--bogus"}},
			{p, []string{"--heuristic", "zz"}},
			{p, []string{"--backend", "highs"}},
			{p, []string{"--volume=999999999"}},
			{p, []string{"--redundancy", "ZZ"}},
			{p, []string{"--shard", "auto/2"}},
			{p, []string{"--count-key-only"}},
			{filepath.Join(dir, "missing.yaml"), nil},
			{broken, nil},
		} {
			if code, b := recipe(c.puzzle, out, c.extra...); code == 0 {
				t.Errorf("%s %s %v: exit 0\n%s", name, filepath.Base(c.puzzle), c.extra, b)
			}
			if _, err := os.Lstat(filepath.Join(out, "count.key")); err == nil {
				t.Errorf("%s %s %v: a run that cannot start wrote %s/count.key", name, filepath.Base(c.puzzle), c.extra, out)
				break
			}
		}
		// The correct run into the OUTDIR every failed run used.
		if code, b := recipe(p, out); code != 0 || name == "count.sh" && !strings.Contains(b, "4040") {
			t.Errorf("%s: the correct run after the failed ones: exit %d\n%s", name, code, b)
		}
		if v := mergeWith(t, out); v.code != 0 || v.all != 4040 || len(v.unchecked) != 0 {
			t.Errorf("%s: merge %+v", name, v)
		}
	}
}

// TestRecipeKeysAreCanonical: one configuration spelled differently
// (--redundancy X and --redundancy=X, -j 2 and --jobs=2, --nof and
// nothing, solve's default heuristic named or not, flags in another
// order) is one count: a run resumed with another spelling is accepted
// and the merge is verified; another configuration is still refused.
// The key held the flags as typed, so every respelling was refused as
// another count (exit 2). Fails on the old recipes.
func TestRecipeKeysAreCanonical(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	for name, recipe := range recipeRuns(t) {
		out := filepath.Join(dir, name)
		for _, extra := range [][]string{
			{"--redundancy", "X", "-j", "2"},
			{"--redundancy=X", "--jobs=2"},
			{"-j=2", "--nof", "--redundancy", "X"},
			{"--heuristic", "f", "--redundancy=X", "--nof=true", "--fila-at=0"},
			{"--redundancy=X", "--time-limit=1h"},
		} {
			if code, b := recipe(p, out, extra...); code != 0 {
				t.Errorf("%s %v after --redundancy X -j 2: exit %d\n%s", name, extra, code, b)
			}
		}
		if code, b := recipe(p, out, "--redundancy=X", "--nof=false"); code != 2 || !strings.Contains(b, "holds another count") {
			t.Errorf("%s --nof=false after --nof: exit %d\n%s", name, code, b)
		}
		v := mergeWith(t, out)
		if v.code != 0 || v.all != 4040 || len(v.unchecked) != 0 {
			t.Errorf("%s: merge %+v", name, v)
		}
	}
}
