package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
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
