package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// hostileName is a directory name that a recipe passing it through a
// shell, or through GNU parallel's command template, would run code from
// ($(...) and parallel's {= perl =}), split (spaces), substitute ({}) or
// read as an option (the leading dash).
const hostileName = `-sp ace $(touch PWN1) {=system("touch PWN2")=} '"{} ;touch PWN3`

// hostileSetup copies the 12x5 pentominoes into dir under hostile names
// and returns the puzzle and output directory relative to dir.
func hostileSetup(t *testing.T, dir string) (puzzle, out string) {
	t.Helper()
	data, err := os.ReadFile(example("pentomino-12x5.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, hostileName), 0o755); err != nil {
		t.Fatal(err)
	}
	puzzle = filepath.Join(hostileName, `-p $(touch PWN4) {}.yaml`)
	if err := os.WriteFile(filepath.Join(dir, puzzle), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return puzzle, "-out $(touch PWN5) {} {=system(\"touch PWN6\")=}"
}

func noPwn(t *testing.T, dir string) {
	t.Helper()
	for _, d := range []string{dir, filepath.Join(dir, hostileName), "."} {
		if m, _ := filepath.Glob(filepath.Join(d, "PWN*")); len(m) > 0 {
			t.Errorf("the recipe ran code from a path: %v", m)
		}
	}
}

// TestGNUParallelRecipeHostilePaths: deploy/parallel/count.sh with a
// puzzle and OUTDIR whose names hold spaces, quotes, $(...), {}, {= =}
// and a leading dash (relative paths), and an extra flag: every shard runs
// on the right files and nothing from the names is run. The recipe passed
// them unquoted through parallel's shell: every shard failed ("needs
// PUZZLE (got 5 arguments)") and the $(touch ...) ran. A shard count that
// is not a number is refused before bash arithmetic could run it.
func TestGNUParallelRecipeHostilePaths(t *testing.T) {
	dir := t.TempDir()
	puzzle, out := hostileSetup(t, dir)
	cmd := parallelRecipe(t, puzzle, 3, out)
	cmd.Args = append(cmd.Args, "--unique")
	cmd.Dir = dir
	b, err := cmd.CombinedOutput()
	noPwn(t, dir)
	if err != nil {
		t.Fatalf("count.sh: %v\n%s", err, b)
	}
	code, rep, errs := mergeJSON(t, filepath.Join(dir, out))
	if code != 0 || rep.Count != 3 || rep.All != 4040 || rep.Unique != 1010 {
		t.Fatalf("merge exit %d %s: %+v", code, errs, rep)
	}
	for _, n := range []string{"a[$(touch PWN7)]", "0", "100001", "-3", "2 3"} {
		cmd := parallelRecipe(t, puzzle, 1, out)
		cmd.Args[3] = n
		cmd.Dir = dir
		b, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(b), "from 1 to 100000") {
			t.Errorf("N=%q: %v\n%s", n, err, b)
		}
	}
	noPwn(t, dir)
}

// TestSlurmRecipeHostilePaths runs deploy/slurm/polytile-array.sh,
// unchanged, as the tasks of a 3-task array would (the SLURM_ARRAY_*
// variables set, no Slurm needed) on the hostile names: the results merge
// to the whole count and nothing is run from the names. The script gave a
// relative puzzle starting with - to solve as it was: read as an option,
// every task failed.
func TestSlurmRecipeHostilePaths(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	puzzle, out := hostileSetup(t, dir)
	script, _ := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm", "polytile-array.sh"))
	for i := range 3 {
		cmd := exec.Command("bash", script, puzzle, out)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "POLYTILE="+bin, "SLURM_ARRAY_TASK_ID="+strconv.Itoa(i),
			"SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=2", "SLURM_ARRAY_TASK_COUNT=3")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("task %d: %v\n%s", i, err, b)
		}
	}
	noPwn(t, dir)
	code, rep, errs := mergeJSON(t, filepath.Join(dir, out))
	if code != 0 || rep.Count != 3 || rep.All != 4040 {
		t.Fatalf("merge exit %d %s: %+v", code, errs, rep)
	}
	// An array that starts at 1: the files are named by the shard index
	// (they were shard-1..3.json, off by one from the shards in them).
	out1 := out + "-from1"
	for i := 1; i <= 3; i++ {
		cmd := exec.Command("bash", script, puzzle, out1)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "POLYTILE="+bin, "SLURM_ARRAY_TASK_ID="+strconv.Itoa(i),
			"SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=3", "SLURM_ARRAY_TASK_COUNT=3")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("task %d of 1-3: %v\n%s", i, err, b)
		}
	}
	for i := range 3 {
		if _, err := os.Stat(filepath.Join(dir, out1, "shard-"+strconv.Itoa(i)+".json")); err != nil {
			t.Errorf("array 1-3: shard %d's file: %v", i, err)
		}
	}
	cmd := exec.Command("bash", script, puzzle, out)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "POLYTILE="+bin, "SLURM_ARRAY_TASK_ID=$(touch PWN8)")
	if b, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(b), "is not a task id") {
		t.Errorf("a task id that is not a number: %v\n%s", err, b)
	}
	noPwn(t, dir)
}
