package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/shard"
)

func mergeJSON(t *testing.T, args ...string) (int, shard.Report, string) {
	t.Helper()
	code, out, errs := run(t, "", append([]string{"merge", "--json"}, args...)...)
	var rep shard.Report
	if code != 2 {
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("merge output: %v\n%s\n%s", err, out, errs)
		}
	}
	return code, rep, errs
}

// TestMergeEqualsWholeCount: 5 shards of the 10x6 pentominoes merge to
// the published counts, with the balance figures; a missing shard gives
// exit 1 and a command that, run, completes the set.
func TestMergeEqualsWholeCount(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-10x6.yaml"), 5, "--redundancy", "auto")
	code, rep, errs := mergeJSON(t, dir)
	if code != 0 || rep.All != 9356 || rep.Unique != 2339 || !rep.Complete || rep.Count != 5 {
		t.Fatalf("exit %d (%s): %+v", code, errs, rep)
	}
	if !(rep.Min > 0 && rep.Min <= rep.Median && rep.Median <= rep.Max) || rep.Config.Redundancy != "X" {
		t.Errorf("balance / config: %+v", rep)
	}
	os.Remove(filepath.Join(dir, "shard-3.json"))
	code, rep, _ = mergeJSON(t, dir)
	if code != 1 || rep.Complete || len(rep.Missing) != 1 || rep.Missing[0] != 3 || !strings.Contains(rep.Command, "for i in 3;") {
		t.Fatalf("missing shard: exit %d, %+v", code, rep)
	}
	// The command names the same configuration and the file to write.
	for _, want := range []string{"--shard \"$i\"/5", "--redundancy X", "shard-\"$i\".json", "--count"} {
		if !strings.Contains(rep.Command, want) {
			t.Errorf("command %q lacks %q", rep.Command, want)
		}
	}
	countShards(t, t.TempDir(), example("pentomino-10x6.yaml"), 0) // no-op
	args := []string{"solve", example("pentomino-10x6.yaml"), "--count", "--backend", "fila", "--heuristic", "f", "--fila-at=0",
		"--nof=true", "--volume=-1", "--redundancy", "X", "--shard", "3/5", "--json", "-o", filepath.Join(dir, "shard-3.json")}
	if code, _, errs := run(t, "", args...); code != 0 {
		t.Fatalf("rerun: %d %s", code, errs)
	}
	if code, rep, _ = mergeJSON(t, dir); code != 0 || rep.All != 9356 {
		t.Fatalf("after the rerun: exit %d, %+v", code, rep)
	}
}

// TestMergeRefusesMixedSets: another puzzle, another configuration,
// another N, and one index twice with different counts are refused with
// exit 2 naming the files; the same shard twice with equal counts is not.
func TestMergeRefusesMixedSets(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-12x5.yaml"), 3)
	shard0 := filepath.Join(dir, "shard-0.json")
	data, _ := os.ReadFile(shard0)

	other := t.TempDir()
	countShards(t, other, example("pentomino-15x4.yaml"), 3)
	cfgDir := t.TempDir()
	countShards(t, cfgDir, example("pentomino-12x5.yaml"), 3, "--heuristic", "s")
	nDir := t.TempDir()
	countShards(t, nDir, example("pentomino-12x5.yaml"), 2)

	dup := filepath.Join(t.TempDir(), "dup.json")
	os.WriteFile(dup, data, 0o644)
	if code, rep, errs := mergeJSON(t, dir, dup); code != 0 || len(rep.Duplicates) != 1 {
		t.Errorf("an identical duplicate: exit %d %s %+v", code, errs, rep)
	}
	forged := filepath.Join(t.TempDir(), "forged.json")
	os.WriteFile(forged, []byte(regexp.MustCompile(`"solutions": (\d+)`).ReplaceAllString(string(data), `"solutions": 1${1}`)), 0o644)
	resealFile(t, forged) // a result solve could have written: the duplicate check, not the digest's
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"another puzzle", []string{dir, filepath.Join(other, "shard-1.json")}, "different puzzles"},
		{"another configuration", []string{dir, filepath.Join(cfgDir, "shard-1.json")}, "different solver configurations"},
		{"another N", []string{dir, filepath.Join(nDir, "shard-1.json")}, "different shard counts"},
		{"a duplicated index with other counts", []string{dir, forged}, "shard 0 twice with different counts"},
	} {
		code, _, errs := mergeJSON(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || !strings.Contains(errs, "shard-1.json") && !strings.Contains(errs, "forged.json") {
			t.Errorf("%s: exit %d: %s", c.name, code, errs)
		}
	}
	// Not a shard result, a truncated one: skipped, named, and the set is
	// incomplete without them.
	trunc := t.TempDir()
	os.WriteFile(filepath.Join(trunc, "shard-0.json"), data[:len(data)/2], 0o644)
	code, rep, errs := mergeJSON(t, trunc, filepath.Join(dir, "shard-1.json"), filepath.Join(dir, "shard-2.json"))
	if code != 1 || len(rep.Missing) != 1 || !strings.Contains(errs, "not complete JSON") {
		t.Errorf("truncated shard: exit %d %s %+v", code, errs, rep)
	}
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
