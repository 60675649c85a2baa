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
