package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
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
