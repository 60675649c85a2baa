package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

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
