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
	sum := sha256Hex(mustRead(t, p))
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
