package shard

import (
	"errors"
	"fmt"
	"testing"
)

// envOf is a LookupEnv of the pairs kv (key, value, key, value, ...).
func envOf(kv ...string) LookupEnv {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestResolveSpec(t *testing.T) {
	slurm := func(id, lo, hi, n string) []string {
		return []string{"SLURM_ARRAY_TASK_ID", id, "SLURM_ARRAY_TASK_MIN", lo, "SLURM_ARRAY_TASK_MAX", hi, "SLURM_ARRAY_TASK_COUNT", n}
	}
	for _, c := range []struct {
		spec   string
		env    []string
		i, n   int
		kind   error
		reason string
	}{
		{spec: "", i: 0, n: 0},
		{spec: "0/4", i: 0, n: 4},
		{spec: "3/4", i: 3, n: 4},
		{spec: "007/10", i: 7, n: 10, reason: "leading zeros are decimal"},
		{spec: "4/4", kind: ErrSpec},
		{spec: "0/0", kind: ErrSpec},
		{spec: fmt.Sprintf("0/%d", MaxShards+1), kind: ErrSpec},
		{spec: "-1/4", kind: ErrSpec},
		{spec: "1", kind: ErrSpec},
		{spec: "a/b", kind: ErrSpec},
		{spec: "1/3", env: []string{"POLYTILE_SHARD_COUNT", "3"}, i: 1, n: 3},
		{spec: "1/3", env: []string{"POLYTILE_SHARD_COUNT", "5"}, kind: ErrCountMismatch},
		{spec: "1/3", env: []string{"POLYTILE_SHARD_COUNT", "0"}, kind: ErrEnvValue},
		// Slurm: the count from the array's bounds, the index from the id.
		{spec: "auto", env: slurm("5", "0", "9", "10"), i: 5, n: 10},
		{spec: "auto", env: slurm("12", "10", "19", "10"), i: 2, n: 10, reason: "an array 10-19: index = id - min"},
		{spec: "auto", env: slurm("5", "0", "9", "5"), kind: ErrNoCount, reason: "a stepped array"},
		{spec: "auto", env: []string{"SLURM_ARRAY_TASK_ID", "5"}, kind: ErrNoCount},
		{spec: "auto/8", env: []string{"SLURM_ARRAY_TASK_ID", "5"}, i: 5, n: 8},
		{spec: "auto/4", env: []string{"SLURM_ARRAY_TASK_ID", "5"}, kind: ErrIndexRange},
		{spec: "auto", env: []string{"SLURM_ARRAY_TASK_ID", "x"}, kind: ErrEnvValue},
		{spec: "auto", env: []string{"SLURM_ARRAY_TASK_ID", "10000000"}, kind: ErrEnvValue},
		// Kubernetes: the count from auto/N or POLYTILE_SHARD_COUNT.
		{spec: "auto/3", env: []string{"JOB_COMPLETION_INDEX", "2"}, i: 2, n: 3},
		{spec: "auto", env: []string{"JOB_COMPLETION_INDEX", "2", "POLYTILE_SHARD_COUNT", "3"}, i: 2, n: 3},
		{spec: "auto", env: []string{"JOB_COMPLETION_INDEX", "2"}, kind: ErrNoCount},
		{spec: "auto/3", env: []string{"JOB_COMPLETION_INDEX", "2", "POLYTILE_SHARD_COUNT", "5"}, kind: ErrCountMismatch},
		{spec: "auto/3", env: []string{"JOB_COMPLETION_INDEX", "3"}, kind: ErrIndexRange},
		{spec: "auto/0", kind: ErrSpec},
		{spec: "auto", kind: ErrNoEngine},
		{spec: "auto/3", env: []string{"JOB_COMPLETION_INDEX", "1", "SLURM_ARRAY_TASK_ID", "1"}, kind: ErrBothEngines},
	} {
		i, n, err := ResolveSpec(c.spec, envOf(c.env...))
		if c.kind != nil {
			var se *SpecError
			if !errors.Is(err, c.kind) || !errors.As(err, &se) {
				t.Errorf("%q %v: %v, want a *SpecError of %v", c.spec, c.env, err, c.kind)
			}
			continue
		}
		if err != nil || i != c.i || n != c.n {
			t.Errorf("%q %v (%s): %d/%d, %v; want %d/%d", c.spec, c.env, c.reason, i, n, err, c.i, c.n)
		}
	}
}

// ExampleResolveSpec: the shard of a Slurm array task.
func ExampleResolveSpec() {
	env := envOf("SLURM_ARRAY_TASK_ID", "12", "SLURM_ARRAY_TASK_MIN", "10", "SLURM_ARRAY_TASK_MAX", "19", "SLURM_ARRAY_TASK_COUNT", "10")
	i, n, err := ResolveSpec("auto", env)
	fmt.Println(i, n, err)
	// Output: 2 10 <nil>
}
