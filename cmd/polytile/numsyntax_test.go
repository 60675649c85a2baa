package main

import (
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestNumberSyntaxOneRule: every number typed to polytile is read by one
// rule (limits.ParseInt): decimal digits, a minus sign only in front of a
// negative number, no plus sign, spaces or digit separators, leading
// zeros decimal. The table is every numeric flag of every command
// (walked: integers, durations, floats), --shard I/N and auto/N, the
// environment --shard auto reads, and compare's backend options. -j +5
// and --time-limit +5s were accepted while --shard +1/2 was refused.
// Fails on the old code (every flag's "+1", compare's fila:j=+2).
func TestNumberSyntaxOneRule(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	seen := map[string]int{}
	visitFlags(a.rootCmd(), func(c *cobra.Command, f *pflag.Flag) {
		name := c.CommandPath() + " --" + f.Name
		var bad []string
		switch f.Value.(type) {
		case *intValue, *int64Value:
			bad = []string{"+1", "+0", "-0", " 1", "1 ", "\t1", "1_0", "0x1", "１", "1\n", ""}
		case *durationValue:
			bad = []string{"+1s", " 1s", "1s ", "1_0s"}
		case *floatValue:
			bad = []string{"+1", " 1", "1 ", "1_0", "0x1p0"}
		default:
			return
		}
		seen[f.Value.Type()]++
		for _, s := range bad {
			if err := f.Value.Set(s); err == nil {
				t.Errorf("%s accepts %q", name, s)
			}
		}
	})
	if seen["int"] < 6 || seen["duration"] < 3 || seen["float64"] < 1 {
		t.Fatalf("numeric flags found: %v; the walk is broken", seen)
	}
	ex := example("pentomino-12x5.yaml")
	for _, s := range []string{"+1/2", "1/+2", " 1/2", "1/2 ", "1_0/20", "-0/2", "auto/+2", "auto/ 2"} {
		if code, _, errs := run(t, "", "solve", ex, "--count", "--shard", s); code != exitUsage || !strings.Contains(errs, "--shard") {
			t.Errorf("--shard %q: exit %d %s", s, code, errs)
		}
	}
	for _, env := range []string{"POLYTILE_SHARD_COUNT=+2", "JOB_COMPLETION_INDEX=+1", "JOB_COMPLETION_INDEX=-0"} {
		k, v, _ := strings.Cut(env, "=")
		t.Setenv("POLYTILE_SHARD_COUNT", "2")
		t.Setenv(k, v)
		if code, _, errs := run(t, "", "solve", ex, "--count", "--shard", "auto"); code != exitUsage || !strings.Contains(errs, k) {
			t.Errorf("%s: exit %d %s", env, code, errs)
		}
		os.Unsetenv("JOB_COMPLETION_INDEX")
	}
	for _, b := range []string{"fila:j=+2", "fila:at=+1", "fila:j=1_0", "fila:j=-0"} {
		if code, _, errs := run(t, "", "compare", ex, "--backends", b); code != exitUsage || !strings.Contains(errs, b[len("fila:"):]) {
			t.Errorf("compare --backends %s: exit %d %s", b, code, errs)
		}
	}
	// The problem number of --from burrtools:N too.
	for _, f := range []string{"burrtools:+1", "burrtools: 1", "burrtools:1_0"} {
		if code, _, errs := run(t, "", "info", example("soma.xmpuzzle"), "--from", f); code != exitUsage || !strings.Contains(errs, "problem number") {
			t.Errorf("--from %s: exit %d %s", f, code, errs)
		}
	}
	// Leading zeros are decimal, in --shard as in every flag.
	code, out, errs := run(t, "", "solve", ex, "--count", "--shard", "01/02", "--json")
	if code != 0 || !strings.Contains(out, `"index": 1,`) || !strings.Contains(out, `"count": 2,`) {
		t.Errorf("--shard 01/02: exit %d %s", code, errs)
	}
}
