package main

import (
	"os"
	"strings"
	"testing"
)

// TestShardEnvContradictionsAndRanges: POLYTILE_SHARD_COUNT that disagrees
// with the count of --shard auto/N or I/N is refused (auto/3 with
// POLYTILE_SHARD_COUNT=5 used 3 without a word); an out-of-range number in
// an environment variable names the variable and the range (it said "is
// not a non-negative integer"), and a bad count names POLYTILE_SHARD_COUNT,
// not the index's variable (POLYTILE_SHARD_COUNT=0 was reported as
// "(JOB_COMPLETION_INDEX)").
func TestShardEnvContradictionsAndRanges(t *testing.T) {
	vars := []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX", "POLYTILE_SHARD_COUNT"}
	set := func(kv ...string) {
		for _, k := range vars {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
		for n := 0; n+1 < len(kv); n += 2 {
			t.Setenv(kv[n], kv[n+1])
		}
	}
	pz := example("pentomino-20x3.yaml")
	for _, c := range []struct {
		shard string
		env   []string
		want  []string // in stderr
	}{
		{"auto/3", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "5"}, []string{"POLYTILE_SHARD_COUNT=5", "auto/3"}},
		{"auto/3", []string{"SLURM_ARRAY_TASK_ID", "1", "POLYTILE_SHARD_COUNT", "5"}, []string{"POLYTILE_SHARD_COUNT=5", "auto/3"}},
		{"1/3", []string{"POLYTILE_SHARD_COUNT", "5"}, []string{"POLYTILE_SHARD_COUNT=5", "1/3"}},
		{"auto", []string{"SLURM_ARRAY_TASK_ID", "9223372036854775807"}, []string{"SLURM_ARRAY_TASK_ID", "0 to 9999999"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "99999999999", "POLYTILE_SHARD_COUNT", "4"}, []string{"JOB_COMPLETION_INDEX", "0 to 9999999"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "99999999999"}, []string{"POLYTILE_SHARD_COUNT", "1 to 100000"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "0"}, []string{"POLYTILE_SHARD_COUNT", "1 to 100000"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "100001"}, []string{"POLYTILE_SHARD_COUNT", "1 to 100000"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "4", "POLYTILE_SHARD_COUNT", "4"}, []string{"JOB_COMPLETION_INDEX", "(POLYTILE_SHARD_COUNT)"}},
		{"auto", []string{"SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_MAX", "4", "SLURM_ARRAY_TASK_COUNT", "4"}, []string{"below SLURM_ARRAY_TASK_MIN"}},
	} {
		set(c.env...)
		code, stdout, errs := run(t, "", "solve", pz, "--count", "--shard", c.shard)
		ok := code == 2 && stdout == ""
		for _, w := range c.want {
			ok = ok && strings.Contains(errs, w)
		}
		if !ok || strings.Contains(errs, "non-negative integer") {
			t.Errorf("--shard %s with %v: exit %d, stderr %q", c.shard, c.env, code, errs)
		}
	}
	// Agreement runs.
	for _, c := range []struct {
		shard string
		env   []string
	}{
		{"auto/5", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "5"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "5"}},
		{"1/5", []string{"POLYTILE_SHARD_COUNT", "5"}},
		{"1/5", nil},
	} {
		set(c.env...)
		if code, _, errs := run(t, "", "solve", pz, "--count", "--shard", c.shard); code != 0 && code != 1 {
			t.Errorf("--shard %s with %v: exit %d, stderr %q", c.shard, c.env, code, errs)
		}
	}
}
