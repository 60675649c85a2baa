package shard

import (
	"errors"
	"fmt"
	"strings"

	"github.com/polytile/polytile/internal/limits"
)

// A shard is named by its index I and the shard count N, given as "I/N"
// (GNU parallel: --shard {}/N ::: $(seq 0 N-1)) or taken from the job
// engine that runs it: "auto" reads a Slurm job array's task id
// (SLURM_ARRAY_TASK_ID, with the count from the array's bounds) or a
// Kubernetes Indexed Job's completion index (JOB_COMPLETION_INDEX, with
// the count from auto/N or POLYTILE_SHARD_COUNT).

// The kinds of SpecError, for errors.Is.
var (
	// ErrSpec: the spec is not I/N or auto[/N], or a number in it is out
	// of range.
	ErrSpec = errors.New("invalid shard spec")
	// ErrEnvValue: an environment variable holds no number in its range.
	ErrEnvValue = errors.New("invalid shard environment variable")
	// ErrCountMismatch: POLYTILE_SHARD_COUNT and the spec give two counts.
	ErrCountMismatch = errors.New("two different shard counts")
	// ErrNoEngine: auto outside a Slurm array and a Kubernetes Indexed Job.
	ErrNoEngine = errors.New("no job engine gives the shard index")
	// ErrBothEngines: auto with both engines' variables set.
	ErrBothEngines = errors.New("both Slurm and Kubernetes give a shard index")
	// ErrNoCount: the engine gives the index but not the count.
	ErrNoCount = errors.New("the shard count is not known")
	// ErrIndexRange: the index the engine gives is not below the count.
	ErrIndexRange = errors.New("shard index out of range")
)

// SpecError is a --shard value or environment that names no shard. Its
// message is the whole explanation (what to give instead); Kind is one of
// the Err* values above.
type SpecError struct {
	Kind error
	Msg  string
}

// Error is the explanation, naming the flag or variable.
func (e *SpecError) Error() string { return e.Msg }

// Unwrap returns the kind, for errors.Is.
func (e *SpecError) Unwrap() error { return e.Kind }

func specErr(kind error, format string, args ...any) error {
	return &SpecError{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// MaxEnvIndex is the largest shard index or Slurm task id read from the
// environment (7 digits; Slurm's task ids stay below 4,000,001).
const MaxEnvIndex = 9_999_999

// LookupEnv reads an environment variable (os.LookupEnv).
type LookupEnv func(key string) (string, bool)

// ResolveSpec reads a --shard value: "I/N" (0 <= I < N <= MaxShards), or
// "auto" / "auto/N", which take the index (and the count) from env: a
// Slurm job array or a Kubernetes Indexed Job. POLYTILE_SHARD_COUNT, when
// set, must agree with N. "" is no shard (0, 0). Errors are *SpecError.
func ResolveSpec(spec string, env LookupEnv) (index, count int, err error) {
	if spec == "" {
		return 0, 0, nil
	}
	idx, cnt, hasSlash := strings.Cut(spec, "/")
	if idx == "auto" {
		n := -1
		if hasSlash {
			v, err := number(cnt)
			if err != nil || v < 1 || v > MaxShards {
				return 0, 0, specErr(ErrSpec, "--shard auto/N: N must be an integer from 1 to %d, not %q", MaxShards, cnt)
			}
			n = v
		}
		return autoShard(n, env)
	}
	i, err1 := number(idx)
	n, err2 := number(cnt)
	if !hasSlash || err1 != nil || err2 != nil {
		return 0, 0, specErr(ErrSpec, "--shard wants I/N with 0 <= I < N <= %d (e.g. 0/4), or auto, not %q", MaxShards, spec)
	}
	if n < 1 || n > MaxShards {
		return 0, 0, specErr(ErrSpec, "--shard %s: the shard count N must be from 1 to %d", spec, MaxShards)
	}
	if i >= n {
		return 0, 0, specErr(ErrSpec, "--shard %s: the index I must be from 0 to N-1 = %d", spec, n-1)
	}
	if _, _, err := countEnv(n, "--shard "+spec, env); err != nil {
		return 0, 0, err
	}
	return i, n, nil
}

// number reads a shard index or count, or a Slurm task id: a decimal
// integer from 0 to MaxEnvIndex, by the rule of every integer
// (limits.ParseInt: no sign, space or separator; leading zeros decimal).
func number(s string) (int, error) {
	n, err := limits.ParseInt(s, 0, MaxEnvIndex)
	return int(n), err
}

// autoShard takes the shard from env. n >= 1 is a count given with
// auto/N; -1 means the count comes from the environment too.
func autoShard(n int, env LookupEnv) (int, int, error) {
	get := func(k string) (int, bool, error) {
		v, ok := env(k)
		if !ok || v == "" {
			return 0, false, nil
		}
		x, err := number(v)
		if err != nil {
			return 0, true, specErr(ErrEnvValue, "--shard auto: %s=%q must be a whole number from 0 to %d (decimal digits)", k, v, MaxEnvIndex)
		}
		return x, true, nil
	}
	slurmID, inSlurm, err := get("SLURM_ARRAY_TASK_ID")
	if err != nil {
		return 0, 0, err
	}
	k8sID, inK8s, err := get("JOB_COMPLETION_INDEX")
	if err != nil {
		return 0, 0, err
	}
	fromEnv, hasCount, err := countEnv(n, fmt.Sprintf("--shard auto/%d", n), env)
	if err != nil {
		return 0, 0, err
	}
	countSrc := fmt.Sprintf("--shard auto/%d", n)
	if n < 0 && hasCount {
		n, countSrc = fromEnv, "POLYTILE_SHARD_COUNT"
	}
	check := func(i, n int, idxSrc, cntSrc string) (int, int, error) {
		if n < 1 || n > MaxShards {
			return 0, 0, specErr(ErrSpec, "--shard auto: the shard count %d (%s) must be from 1 to %d", n, cntSrc, MaxShards)
		}
		if i >= n {
			return 0, 0, specErr(ErrIndexRange, "--shard auto: index %d (%s) is not below the shard count %d (%s)", i, idxSrc, n, cntSrc)
		}
		return i, n, nil
	}
	switch {
	case inSlurm && inK8s:
		return 0, 0, specErr(ErrBothEngines, "--shard auto: both SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX are set; give --shard I/N")
	case inSlurm:
		if n > 0 {
			return check(slurmID, n, "SLURM_ARRAY_TASK_ID", countSrc)
		}
		lo, okLo, err1 := get("SLURM_ARRAY_TASK_MIN")
		hi, okHi, err2 := get("SLURM_ARRAY_TASK_MAX")
		c, okC, err3 := get("SLURM_ARRAY_TASK_COUNT")
		if err := firstOf(err1, err2, err3); err != nil {
			return 0, 0, err
		}
		if !okLo || !okHi || !okC {
			return 0, 0, specErr(ErrNoCount, "--shard auto: SLURM_ARRAY_TASK_MIN, _MAX and _COUNT are not all set: give the count with --shard auto/N or POLYTILE_SHARD_COUNT")
		}
		if hi < lo || hi-lo+1 != c {
			return 0, 0, specErr(ErrNoCount, "--shard auto: the Slurm array %d-%d has %d tasks, not one per index: give the count with --shard auto/N or POLYTILE_SHARD_COUNT (the task ids are then the shard indices)", lo, hi, c)
		}
		if slurmID < lo {
			return 0, 0, specErr(ErrIndexRange, "--shard auto: SLURM_ARRAY_TASK_ID %d is below SLURM_ARRAY_TASK_MIN %d", slurmID, lo)
		}
		return check(slurmID-lo, c, "SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT")
	case inK8s:
		if n < 0 {
			return 0, 0, specErr(ErrNoCount, "--shard auto: JOB_COMPLETION_INDEX is set but not the count: give --shard auto/N or POLYTILE_SHARD_COUNT (the Job's completions)")
		}
		return check(k8sID, n, "JOB_COMPLETION_INDEX", countSrc)
	}
	return 0, 0, specErr(ErrNoEngine, "--shard auto: not in a Slurm job array (SLURM_ARRAY_TASK_ID) nor a Kubernetes Indexed Job (JOB_COMPLETION_INDEX); give --shard I/N (GNU parallel: --shard {}/N ::: $(seq 0 N-1))")
}

// countEnv reads POLYTILE_SHARD_COUNT (ok false when unset or empty): a
// count from 1 to MaxShards, which must equal n when a count n >= 1 was
// given on the command line (given names it).
func countEnv(n int, given string, env LookupEnv) (int, bool, error) {
	const k = "POLYTILE_SHARD_COUNT"
	v, ok := env(k)
	if !ok || v == "" {
		return 0, false, nil
	}
	c, err := number(v)
	if err != nil || c < 1 || c > MaxShards {
		return 0, true, specErr(ErrEnvValue, "--shard: %s=%q must be a shard count from 1 to %d (decimal digits)", k, v, MaxShards)
	}
	if n >= 1 && c != n {
		return 0, true, specErr(ErrCountMismatch, "--shard: %s=%d disagrees with %s: give the count once (unset %s, or make them equal)", k, c, given, k)
	}
	return c, true, nil
}

func firstOf(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
