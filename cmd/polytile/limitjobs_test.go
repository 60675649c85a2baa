package main

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestLimitWithJobsIsSerial: solve --limit K with -j 2 prints the serial
// search's K solutions in every run, and its summary (--json and text)
// counts exactly those printed. Before, 7 of 12 runs of
// `--limit 7 --unique -j 2` said 8 unique (32 solutions) with 7 tilings,
// and the tilings differed from run to run.
func TestLimitWithJobsIsSerial(t *testing.T) {
	type out struct {
		Solutions int64             `json:"solutions"`
		Unique    *int64            `json:"unique"`
		Config    string            `json:"config"`
		Tilings   []json.RawMessage `json:"tilings"`
	}
	solve := func(args ...string) out {
		t.Helper()
		code, stdout, errs := run(t, "", append([]string{"solve", example("pentomino-10x6.yaml"), "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var o out
		if err := json.Unmarshal([]byte(stdout), &o); err != nil {
			t.Fatal(err)
		}
		return o
	}
	uniq := func(o out) string {
		if o.Unique == nil {
			return "none"
		}
		return strconv.FormatInt(*o.Unique, 10)
	}
	for _, args := range [][]string{
		{"--limit", "7", "--unique"},
		{"--limit", "7", "--backend", "dlx"},
		{"--limit", "3", "--redundancy", "auto"},
	} {
		want := solve(args...)
		if len(want.Tilings) != int(want.Solutions) && want.Unique == nil || want.Unique != nil && len(want.Tilings) != int(*want.Unique) {
			t.Errorf("%v serially: %d tilings printed, summary %d (unique %s)", args, len(want.Tilings), want.Solutions, uniq(want))
		}
		for range 5 {
			got := solve(append(args, "-j", "2")...)
			if !reflect.DeepEqual(got.Tilings, want.Tilings) || got.Solutions != want.Solutions || !reflect.DeepEqual(got.Unique, want.Unique) {
				t.Fatalf("%v -j 2: %d solutions (unique %s), %d tilings, other than serially: %d (unique %s)",
					args, got.Solutions, uniq(got), len(got.Tilings), want.Solutions, uniq(want))
			}
			if !strings.Contains(got.Config, "serial") {
				t.Errorf("%v -j 2: the config %q does not say the listing ran serially", args, got.Config)
			}
		}
	}
}

// TestCountJobsStreamsSerialOrder: solve --count --jsonl -j N streams the
// solutions in the serial order, and --json keeps the serial first tiling
// (both changed from run to run with -j 2 before).
func TestCountJobsStreamsSerialOrder(t *testing.T) {
	lines := func(args ...string) []string {
		t.Helper()
		code, stdout, errs := run(t, "", append([]string{"solve", example("soma.yaml"), "--count"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var out []string
		for _, l := range strings.Split(stdout, "\n") {
			if strings.HasPrefix(l, `{"solution"`) {
				out = append(out, l)
			}
		}
		return out
	}
	first := func(args ...string) string {
		t.Helper()
		_, stdout, _ := run(t, "", append([]string{"solve", example("soma.yaml"), "--count", "--json"}, args...)...)
		var o struct{ Tilings json.RawMessage }
		json.Unmarshal([]byte(stdout), &o)
		return string(o.Tilings)
	}
	want, wantFirst := lines("--jsonl"), first()
	if len(want) != 11520 || wantFirst == "" {
		t.Fatalf("serial: %d solutions streamed, first %q", len(want), wantFirst)
	}
	for _, j := range []string{"2", "3", "2"} {
		if got := lines("--jsonl", "-j", j); !reflect.DeepEqual(got, want) {
			t.Fatalf("-j %s: %d solutions, not in the serial order", j, len(got))
		}
		if got := first("-j", j); got != wantFirst {
			t.Fatalf("-j %s: the tiling of --json is not the serial one", j)
		}
	}
}
