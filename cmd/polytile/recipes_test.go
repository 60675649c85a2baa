package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/polytile/polytile/shard"
)

// TestRecipesCheckNBeforeTheKey: a Slurm task or a Job pod given a shard
// count out of 1..100,000 exits 2 naming it and writes nothing into
// OUTDIR. The Slurm script wrote the bad N into count.key before polytile
// refused it (and the Job's script did for 0 and 100001, which its
// digits-only check let through), so every later task with the right N
// was refused ("N (0 then, 64 now)") and merge refused the key: OUTDIR
// had to be removed by hand; so did a Slurm task that knew no count
// (SLURM_ARRAY_TASK_COUNT unset), whose key said "shards ". Fails on the
// old scripts.
func TestRecipesCheckNBeforeTheKey(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	slurm, _ := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm", "polytile-array.sh"))
	data, err := os.ReadFile(filepath.Join("..", "..", "deploy", "kubernetes", "job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var job k8sJob
	if err := yaml.Unmarshal(data, &job); err != nil || len(job.Spec.Template.Spec.Containers) != 1 ||
		len(job.Spec.Template.Spec.Containers[0].Args) < 2 {
		t.Fatalf("job.yaml: %v %+v", err, job)
	}
	args := job.Spec.Template.Spec.Containers[0].Args
	path := "PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
	for n, bad := range []string{"0", "100001", "000000", "6x4", "-3"} {
		out := filepath.Join(dir, "slurm", strings.Repeat("x", n+1))
		cmd := exec.Command("bash", slurm, p, out)
		cmd.Env = append(os.Environ(), "POLYTILE="+bin, "SLURM_ARRAY_TASK_ID=0", "SLURM_ARRAY_TASK_MIN=0",
			"SLURM_ARRAY_TASK_MAX=0", "SLURM_ARRAY_TASK_COUNT=1", "POLYTILE_SHARD_COUNT="+bad)
		b, err := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != 2 || err == nil || !strings.Contains(string(b), "1 to 100000") {
			t.Errorf("Slurm task, POLYTILE_SHARD_COUNT=%q: exit %d\n%s", bad, code, b)
		}
		if _, err := os.Stat(filepath.Join(out, "count.key")); err == nil {
			t.Errorf("Slurm task, POLYTILE_SHARD_COUNT=%q wrote a count.key", bad)
		}
		out = filepath.Join(dir, "job", strings.Repeat("x", n+1))
		cmd = exec.Command("bash", "-c", args[0], args[1])
		cmd.Env = append(os.Environ(), path, "JOB_COMPLETION_INDEX=0", "POLYTILE_SHARD_COUNT="+bad, "PUZZLE="+p, "OUT="+out)
		b, err = cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != 2 || err == nil || !strings.Contains(string(b), "1 to 100000") {
			t.Errorf("Job pod, POLYTILE_SHARD_COUNT=%q: exit %d\n%s", bad, code, b)
		}
		if _, err := os.Stat(filepath.Join(out, "count.key")); err == nil {
			t.Errorf("Job pod, POLYTILE_SHARD_COUNT=%q wrote a count.key", bad)
		}
	}
	// No count at all (SLURM_ARRAY_TASK_COUNT unset, no
	// POLYTILE_SHARD_COUNT, no --shard among the flags): refused before
	// the key, whose empty N refused every later task.
	out0 := filepath.Join(dir, "slurm", "none")
	cmd := exec.Command("bash", slurm, p, out0)
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "SLURM_") && !strings.HasPrefix(e, "POLYTILE_SHARD_COUNT=") {
			cmd.Env = append(cmd.Env, e)
		}
	}
	cmd.Env = append(cmd.Env, "POLYTILE="+bin, "SLURM_ARRAY_TASK_ID=0", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=1")
	b, _ := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(string(b), "POLYTILE_SHARD_COUNT") {
		t.Errorf("Slurm task without a count: exit %d\n%s", code, b)
	}
	if _, err := os.Stat(filepath.Join(out0, "count.key")); err == nil {
		t.Errorf("Slurm task without a count wrote a count.key")
	}
	// A count with a leading zero is the count: the key records 4, and a
	// task given 4 joins it.
	out := filepath.Join(dir, "slurm", "ok")
	for i, n := range []string{"04", "4"} {
		cmd := exec.Command("bash", slurm, p, out)
		cmd.Env = append(os.Environ(), "POLYTILE="+bin, "SLURM_ARRAY_TASK_ID="+string(rune('0'+i)), "SLURM_ARRAY_TASK_MIN=0",
			"SLURM_ARRAY_TASK_MAX=1", "SLURM_ARRAY_TASK_COUNT=2", "POLYTILE_SHARD_COUNT="+n)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("Slurm task %d, POLYTILE_SHARD_COUNT=%q: %v\n%s", i, n, err, b)
		}
	}
	if k := string(mustRead(t, filepath.Join(out, "count.key"))); !strings.Contains(k, "\nshards 4\n") {
		t.Errorf("key of POLYTILE_SHARD_COUNT=04:\n%s", k)
	}
}

// TestRecipesRefuseNonRegularFiles: a FIFO, a link to a device or to
// nothing, or a directory at a name a count writes in OUTDIR (a shard's
// result or checkpoint, the joblog) stops every recipe at once, exit 2,
// naming the file and saying it is not a regular file; nothing is
// waited on, written through or replaced (the FIFO stays a FIFO), no
// count.key is written, and merge of the directory does not wait either.
// A FIFO at OUTDIR/shard-0.json made count.sh's pre-check (and the Slurm
// task and the Job pod of shard 0) wait for a reader forever, a FIFO
// joblog made GNU parallel wait, and a link to /dev/null took shard 0's
// result (exit 0, the shard missing). Fails on the old code (a hang is
// reported after 20 s and released by opening the FIFO).
func TestRecipesRefuseNonRegularFiles(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	keyed := func(out string) {
		if code, _, errs := run(t, "", "--quiet", "solve", p, "--count", "--shard", "0/2", "--json", "-o", filepath.Join(out, "shard-0.json"),
			"--checkpoint", filepath.Join(out, "shard-0.ckpt"), "--count-key", filepath.Join(out, "count.key"), "--count-key-only"); code != 0 {
			t.Fatalf("the key: exit %d %s", code, errs)
		}
	}
	cases := map[string]func(out string) (string, error){
		"fifo-result": func(out string) (string, error) {
			f := filepath.Join(out, "shard-0.json")
			return f, syscall.Mkfifo(f, 0o644)
		},
		"fifo-second-result": func(out string) (string, error) {
			f := filepath.Join(out, "shard-1.json")
			return f, syscall.Mkfifo(f, 0o644)
		},
		"fifo-checkpoint": func(out string) (string, error) {
			f := filepath.Join(out, "shard-0.ckpt")
			return f, syscall.Mkfifo(f, 0o644)
		},
		"fifo-joblog": func(out string) (string, error) {
			f := filepath.Join(out, "joblog")
			return f, syscall.Mkfifo(f, 0o644)
		},
		"fifo-joblog-keyed": func(out string) (string, error) {
			// A count started (its key in place), the joblog then a FIFO.
			keyed(out)
			f := filepath.Join(out, "joblog")
			return f, syscall.Mkfifo(f, 0o644)
		},
		"dev-null-result": func(out string) (string, error) {
			f := filepath.Join(out, "shard-0.json")
			return f, os.Symlink(os.DevNull, f)
		},
		"dangling-result": func(out string) (string, error) {
			f := filepath.Join(out, "shard-1.json")
			return f, os.Symlink(filepath.Join(out, "elsewhere.txt"), f)
		},
		"link-to-another-result-keyed": func(out string) (string, error) {
			// shard-0.json a link to shard-1.json (a result there): the
			// shard wrote its result through it, over shard 1's.
			keyed(out)
			os.WriteFile(filepath.Join(out, "shard-1.json"), []byte("{}"), 0o644)
			f := filepath.Join(out, "shard-0.json")
			return f, os.Symlink("shard-1.json", f)
		},
		"dir-result": func(out string) (string, error) {
			f := filepath.Join(out, "shard-1.json")
			return f, os.Mkdir(f, 0o755)
		},
	}
	for name, recipe := range recipeRuns(t) {
		for cname, mk := range cases {
			out := filepath.Join(dir, name+"-"+cname)
			if err := os.Mkdir(out, 0o755); err != nil {
				t.Fatal(err)
			}
			odd, err := mk(out)
			if err != nil {
				t.Skipf("%s: %v", cname, err)
			}
			before, _ := os.Lstat(odd)
			done := make(chan recipeResult, 1)
			go func() { c, b := recipe(p, out); done <- recipeResult{c, b} }()
			var r recipeResult
			select {
			case r = <-done:
			case <-time.After(20 * time.Second):
				t.Errorf("%s %s: still running after 20 s (waiting on %s)", name, cname, odd)
				r = release(odd, done)
			}
			if r.code != 2 || !strings.Contains(r.out, filepath.Base(odd)) || !strings.Contains(r.out, "not a regular file") {
				t.Errorf("%s %s: exit %d\n%s", name, cname, r.code, r.out)
			}
			if _, err := os.Lstat(filepath.Join(out, "count.key")); err == nil && !strings.HasSuffix(cname, "-keyed") {
				t.Errorf("%s %s: a count.key was written", name, cname)
			}
			if after, err := os.Lstat(odd); err != nil || after.Mode() != before.Mode() {
				t.Errorf("%s %s: %s was replaced (%v, %v)", name, cname, odd, before.Mode(), err)
			}
			// merge of the directory does not wait on it either.
			go func() { c, b, e := run(t, "", "merge", out); done <- recipeResult{c, b + e} }()
			select {
			case r = <-done:
				if r.code == 0 {
					t.Errorf("%s %s: merge exit 0\n%s", name, cname, r.out)
				}
			case <-time.After(20 * time.Second):
				t.Errorf("%s %s: merge still running after 20 s", name, cname)
				release(odd, done)
			}
		}
	}
}

// release opens a FIFO for reading and writing (which ends an open
// waiting for a reader, or for a writer) and drains it, then waits for
// done; the FIFO is closed after 20 s more, for a reader waiting on data.
func release(fifo string, done <-chan recipeResult) recipeResult {
	f, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		return <-done
	}
	go io.Copy(io.Discard, f)
	select {
	case r := <-done:
		f.Close()
		return r
	case <-time.After(20 * time.Second):
		f.Close()
		return <-done
	}
}

// recipeResult is a recipe run's exit code and output.
type recipeResult struct {
	code int
	out  string
}

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
	// (shard-0..2.json for the shards in them, not the task ids).
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

// TestRecipeTaskDoesNotRemakeARemovedOutdir: a Slurm task or Job pod
// that found OUTDIR there, and then found it removed (the task that made
// it could not start and took it away, as it should), fails naming the
// missing directory and leaves nothing: the scripts ran a second
// "mkdir -p OUTDIR" after their atomic mkdir, which made the directory
// again, and the task that could not start either left it behind. The
// removal is placed by a shim of mkdir and of polytile on PATH that
// takes OUTDIR away at the first of them the script runs after its
// check of OUTDIR. Fails on the old scripts.
func TestRecipeTaskDoesNotRemakeARemovedOutdir(t *testing.T) {
	bin := binary(t)
	realMkdir, err := exec.LookPath("mkdir")
	if err != nil {
		t.Skip("no mkdir:", err)
	}
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	data, err := os.ReadFile(filepath.Join("..", "..", "deploy", "kubernetes", "job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var job k8sJob
	if err := yaml.Unmarshal(data, &job); err != nil || len(job.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("job.yaml: %v", err)
	}
	script := job.Spec.Template.Spec.Containers[0].Args[0]
	slurm, _ := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm", "polytile-array.sh"))
	for _, name := range []string{"polytile-array.sh", "job.yaml"} {
		out := filepath.Join(dir, name, "out")
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		shims := filepath.Join(dir, name, "shims")
		os.MkdirAll(shims, 0o755)
		mark := filepath.Join(dir, name, "removed")
		shim := func(real string) string {
			return "#!/bin/bash\n[[ -e " + shellQuoteTest(mark) + " ]] || { : >" + shellQuoteTest(mark) + "; rmdir -- " + shellQuoteTest(out) + "; }\nexec " + shellQuoteTest(real) + " \"$@\"\n"
		}
		os.WriteFile(filepath.Join(shims, "mkdir"), []byte(shim(realMkdir)), 0o755)
		os.WriteFile(filepath.Join(shims, "polytile"), []byte(shim(bin)), 0o755)
		path := "PATH=" + shims + string(os.PathListSeparator) + os.Getenv("PATH")
		var cmd *exec.Cmd
		if name == "job.yaml" {
			cmd = exec.Command("bash", "-c", script, "polytile-job", "--bogus")
			cmd.Env = append(os.Environ(), path, "JOB_COMPLETION_INDEX=1", "POLYTILE_SHARD_COUNT=2", "PUZZLE="+p, "OUT="+out)
		} else {
			cmd = exec.Command("bash", slurm, p, out, "--bogus")
			cmd.Env = append(os.Environ(), path, "POLYTILE="+filepath.Join(shims, "polytile"), "SLURM_ARRAY_TASK_ID=1",
				"SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=1", "SLURM_ARRAY_TASK_COUNT=2")
		}
		code, b := exitAndOutput(t, cmd)
		if _, err := os.Stat(mark); err != nil {
			t.Fatalf("%s: the shims never ran (exit %d)\n%s", name, code, b)
		}
		if code == 0 {
			t.Errorf("%s: exit 0\n%s", name, b)
		}
		if _, err := os.Lstat(out); err == nil {
			t.Errorf("%s: the OUTDIR another task removed was made again and left behind (exit %d)\n%s", name, code, b)
		}
	}
}

// shellQuoteTest quotes s for bash.
func shellQuoteTest(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// TestRecipesRefuseACountStartedAlongside: an OUTDIR whose count.key is
// another count's (here an older recipe's key of N = 99, the same puzzle)
// is refused by each recipe (exit 2), its key left as it was and no shard
// run. The race of two counts started together (both find no key) is
// TestCountKeyLinkRace's: the key is linked into place by solve, the
// first link wins.
func TestRecipesRefuseACountStartedAlongside(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	sum := shard.SHA256Hex(mustRead(t, p))
	path := filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
	exitOf := func(cmd *exec.Cmd) (int, string) {
		return exitAndOutput(t, cmd)
	}
	check := func(name, out string, cmd *exec.Cmd) {
		t.Helper()
		os.MkdirAll(out, 0o755)
		if err := os.WriteFile(filepath.Join(out, "count.key"), []byte("polytile count.sh 1\npuzzle-sha256 "+sum+"\nshards 99\nflags \n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd.Env = append(cmd.Env, "PATH="+path)
		code, b := exitOf(cmd)
		if code != 2 || !strings.Contains(b, "holds another count") || !strings.Contains(b, "N (99 then, 3 now)") {
			t.Errorf("%s, another count's key written alongside: exit %d\n%s", name, code, b)
		}
		if k := string(mustRead(t, filepath.Join(out, "count.key"))); !strings.Contains(k, "shards 99\n") {
			t.Errorf("%s replaced the other count's key:\n%s", name, k)
		}
		if m, _ := filepath.Glob(filepath.Join(out, "shard-*")); len(m) > 0 {
			t.Errorf("%s ran shards beside another count: %v", name, m)
		}
	}

	if _, err := exec.LookPath("parallel"); err == nil {
		cmd := parallelRecipe(t, p, 3, filepath.Join(dir, "par"))
		cmd.Env = append(os.Environ(), "POLYTILE="+bin, "JOBS=2")
		check("count.sh", filepath.Join(dir, "par"), cmd)
	}

	slurm, _ := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm", "polytile-array.sh"))
	cmd := exec.Command("bash", slurm, p, filepath.Join(dir, "slurm"))
	cmd.Env = append(os.Environ(), "POLYTILE="+bin, "SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_MIN=0",
		"SLURM_ARRAY_TASK_MAX=2", "SLURM_ARRAY_TASK_COUNT=3")
	check("polytile-array.sh", filepath.Join(dir, "slurm"), cmd)

	data, err := os.ReadFile(filepath.Join("..", "..", "deploy", "kubernetes", "job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var job k8sJob
	if err := yaml.Unmarshal(data, &job); err != nil || len(job.Spec.Template.Spec.Containers) != 1 ||
		len(job.Spec.Template.Spec.Containers[0].Args) < 2 {
		t.Fatalf("job.yaml: %v %+v", err, job)
	}
	c := job.Spec.Template.Spec.Containers[0]
	out := filepath.Join(dir, "k8s")
	cmd = exec.Command("bash", "-c", c.Args[0], c.Args[1])
	cmd.Env = append(os.Environ(), "JOB_COMPLETION_INDEX=1", "POLYTILE_SHARD_COUNT="+strconv.Itoa(3), "PUZZLE="+p, "OUT="+out)
	check("job.yaml", out, cmd)
}

// TestGNUParallelRecipe runs deploy/parallel/count.sh, unchanged, with
// GNU parallel (make deps installs it): 6 shards of the 12x5 pentominoes,
// merged, equal to the single-process count. Run again, the recipe's
// --resume-failed skips every shard the joblog has as done.
func TestGNUParallelRecipe(t *testing.T) {
	dir := t.TempDir()
	p, _ := filepath.Abs(example("pentomino-12x5.yaml"))
	cmd := parallelRecipe(t, p, 6, filepath.Join(dir, "out"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("count.sh: %v\n%s", err, out)
	}
	code, rep, errs := mergeJSON(t, filepath.Join(dir, "out"))
	_, whole, _ := run(t, "", "solve", p, "--count", "--json")
	var w struct{ Solutions, Unique int64 }
	json.Unmarshal([]byte(whole), &w)
	if code != 0 || rep.Count != 6 || rep.All != w.Solutions || rep.Unique != w.Unique || w.Solutions != 4040 {
		t.Fatalf("merge exit %d %s: %+v, single process %+v", code, errs, rep, w)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "out", "joblog"))
	if n := strings.Count(string(log), "--shard "); n != 6 {
		t.Errorf("joblog has %d shard jobs, want 6:\n%s", n, log)
	}
	out, err = parallelRecipe(t, p, 6, filepath.Join(dir, "out")).CombinedOutput()
	log2, _ := os.ReadFile(filepath.Join(dir, "out", "joblog"))
	if err != nil || string(log2) != string(log) || !strings.Contains(string(out), "6 of 6 complete") {
		t.Errorf("second run: %v, joblog changed: %v\n%s", err, string(log2) != string(log), out)
	}
}

// TestGNUParallelEmptyShards: the recipe on a count whose shards are mostly
// empty (the 20x3 pentominoes, 8 shards): every job exits 0, so parallel
// neither retries them nor, run again, reruns them. Empty shards exited 1:
// retried 3 times, and rerun by every later run (--resume-failed).
func TestGNUParallelEmptyShards(t *testing.T) {
	dir := t.TempDir()
	p, _ := filepath.Abs(example("pentomino-20x3.yaml"))
	if out, err := parallelRecipe(t, p, 8, filepath.Join(dir, "out")).CombinedOutput(); err != nil {
		t.Fatalf("count.sh: %v\n%s", err, out)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "out", "joblog"))
	lines := strings.Split(strings.TrimSpace(string(log)), "\n")
	if len(lines) != 9 { // a header and one line a shard, none retried
		t.Fatalf("joblog has %d lines, want 9:\n%s", len(lines), log)
	}
	for _, l := range lines[1:] {
		if f := strings.Fields(l); len(f) < 7 || f[6] != "0" {
			t.Errorf("a shard job did not exit 0: %s", l)
		}
	}
	code, rep, errs := mergeJSON(t, filepath.Join(dir, "out"))
	if code != 0 || rep.Count != 8 || rep.All != 8 {
		t.Errorf("merge exit %d %s: %+v; want 8 shards, 8 solutions", code, errs, rep)
	}
}

// parallelRecipe is deploy/parallel/count.sh, unchanged, counting puzzle
// (an absolute path) in n shards into out with this build's binary and 2
// jobs; the test is skipped without GNU parallel.
func parallelRecipe(t *testing.T, puzzle string, n int, out string) *exec.Cmd {
	t.Helper()
	bin := binary(t)
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed (make deps installs the Debian package parallel)")
	}
	script, _ := filepath.Abs(filepath.Join("..", "..", "deploy", "parallel", "count.sh"))
	cmd := exec.Command("bash", script, puzzle, strconv.Itoa(n), out)
	cmd.Env = append(os.Environ(), "POLYTILE="+bin, "JOBS=2")
	return cmd
}

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

// k8sJob is the part of deploy/kubernetes/job.yaml the tests read.
type k8sJob struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Spec       struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Template       struct {
			Spec struct {
				Containers []struct {
					Env []struct {
						Name  string `yaml:"name"`
						Value string `yaml:"value"`
					} `yaml:"env"`
					Command []string `yaml:"command"`
					Args    []string `yaml:"args"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// TestKubernetesJobRefusesAnotherCount: the Indexed Job's pod script
// (deploy/kubernetes/job.yaml, parsed as YAML and run by bash as the
// container runs it, with PUZZLE and OUT pointed at a temporary copy)
// writes OUT/count.key like the other recipes, and a pod whose puzzle was
// edited (another image), whose N or extra flags differ, or that finds
// shard files and no key refuses to run (exit 2, saying what differs),
// leaving the results; plain merge of OUT verifies N, puzzle and flags
// against the key. The Job had no key: a rerun into the same volume
// after an edit left the old results, which merge without --puzzle
// added up (and the manifest named its puzzle only inside the command,
// so no test could run it).
func TestKubernetesJobRefusesAnotherCount(t *testing.T) {
	root := filepath.Join("..", "..")
	data, err := os.ReadFile(filepath.Join(root, "deploy", "kubernetes", "job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var job k8sJob
	if err := yaml.Unmarshal(data, &job); err != nil {
		t.Fatalf("job.yaml does not parse: %v", err)
	}
	cs := job.Spec.Template.Spec.Containers
	if job.APIVersion != "batch/v1" || job.Kind != "Job" || job.Spec.CompletionMode != "Indexed" || len(cs) != 1 {
		t.Fatalf("job.yaml: %+v", job)
	}
	c := cs[0]
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if env["POLYTILE_SHARD_COUNT"] != strconv.Itoa(job.Spec.Completions) {
		t.Errorf("POLYTILE_SHARD_COUNT %q is not completions %d", env["POLYTILE_SHARD_COUNT"], job.Spec.Completions)
	}
	// The puzzle is one the Dockerfile copies into the image.
	docker, _ := os.ReadFile(filepath.Join(root, "deploy", "kubernetes", "Dockerfile"))
	inRepo, ok := strings.CutPrefix(env["PUZZLE"], "/opt/polytile/")
	if !ok || !strings.Contains(string(docker), "COPY examples /opt/polytile/examples") {
		t.Fatalf("PUZZLE %q is not under /opt/polytile/examples, where the Dockerfile copies examples/", env["PUZZLE"])
	}
	if _, err := os.Stat(filepath.Join(root, inRepo)); err != nil {
		t.Errorf("PUZZLE %q: %v", env["PUZZLE"], err)
	}
	if len(c.Command) != 2 || c.Command[0] != "/bin/bash" || c.Command[1] != "-c" || len(c.Args) < 2 {
		t.Fatalf("command %q args %d: want /bin/bash -c SCRIPT NAME [flags]", c.Command, len(c.Args))
	}
	script := c.Args[0]

	bin := binary(t)
	dir := t.TempDir()
	p, edit := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "results", "count")
	pod := func(i, n int, flags ...string) (int, string) {
		cmd := exec.Command("bash", append([]string{"-c", script, c.Args[1]}, flags...)...)
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
			"JOB_COMPLETION_INDEX="+strconv.Itoa(i), "POLYTILE_SHARD_COUNT="+strconv.Itoa(n), "PUZZLE="+p, "OUT="+out)
		return exitAndOutput(t, cmd)
	}
	for i := range 3 {
		if code, b := pod(i, 3); code != 0 {
			t.Fatalf("pod %d: exit %d %s", i, code, b)
		}
	}
	if v := mergeWith(t, out); v.code != 0 || v.all != 4040 || len(v.verified) != 3 {
		t.Errorf("merge of the Job's results: %+v", v)
	}
	for _, c := range []struct {
		n     int
		flags []string
		want  string
	}{
		{4, nil, "N (3 then, 4 now)"},
		{3, []string{"--heuristic", "s"}, "the solve flags"},
	} {
		if code, b := pod(1, c.n, c.flags...); code != 2 || !strings.Contains(b, c.want) {
			t.Errorf("N=%d %v: exit %d %s", c.n, c.flags, code, b)
		}
	}
	orig := mustRead(t, p)
	edit()
	if code, b := pod(1, 3); code != 2 || !strings.Contains(b, "the puzzle file") {
		t.Errorf("an edited puzzle: exit %d %s", code, b)
	}
	os.WriteFile(p, orig, 0o644)
	os.Remove(filepath.Join(out, "count.key"))
	if code, b := pod(1, 3); code != 2 || !strings.Contains(b, "no count.key") {
		t.Errorf("results without a key: exit %d %s", code, b)
	}
	if _, err := os.Stat(filepath.Join(out, "count.key")); err == nil {
		t.Errorf("a refused pod wrote a key")
	}
}
