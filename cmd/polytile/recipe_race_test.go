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

// TestRecipesRefuseACountStartedAlongside: two counts started at once into
// one OUTDIR both find no count.key; the one whose key is written second
// must compare and refuse (exit 2), not replace the other's key and run
// beside it (its shards overwriting the other's files, one joblog for
// both). The race is made deterministic: mktemp, which each recipe calls
// between finding no key and writing its own, is a wrapper that first
// writes another count's key (N = 99) into OUTDIR, as the other run would
// at that moment. deploy/parallel/count.sh renamed its key into place
// (mv -f), so it replaced the other key and ran its shards: this fails on
// it; the Slurm and Kubernetes scripts linked theirs (the first wins) and
// pass.
func TestRecipesRefuseACountStartedAlongside(t *testing.T) {
	bin := binary(t)
	realMktemp, err := exec.LookPath("mktemp")
	if err != nil {
		t.Skip("no mktemp")
	}
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	wrap := filepath.Join(dir, "wrap")
	os.Mkdir(wrap, 0o755)
	// The other count's key: the same puzzle, N = 99.
	script := "#!/bin/sh\nif [ ! -e \"$RIVAL_OUT/count.key\" ]; then\n" +
		"  printf 'polytile count.sh 1\\npuzzle-sha256 %s\\nshards 99\\nflags \\n' \"$(sha256sum <\"$RIVAL_PUZZLE\" | cut -d' ' -f1)\" >\"$RIVAL_OUT/count.key\"\nfi\n" +
		"exec " + realMktemp + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(wrap, "mktemp"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	path := wrap + string(os.PathListSeparator) + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
	exitOf := func(cmd *exec.Cmd) (int, string) {
		return exitAndOutput(t, cmd)
	}
	check := func(name, out string, cmd *exec.Cmd) {
		t.Helper()
		os.MkdirAll(out, 0o755)
		cmd.Env = append(cmd.Env, "PATH="+path, "RIVAL_OUT="+out, "RIVAL_PUZZLE="+p)
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
