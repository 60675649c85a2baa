package shard

import (
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/balance"
)

// TestShortTime: the units of the time line.
func TestShortTime(t *testing.T) {
	for sec, want := range map[float64]string{0.000129082: "129 µs", 0.001221602: "1.22 ms", 0.0456: "45.6 ms", 0.624028643: "624 ms", 2.88: "2.88 s", 0: "0 µs"} {
		if got := ShortTime(sec); got != want {
			t.Errorf("ShortTime(%g) = %q, want %q", sec, got, want)
		}
	}
}

// TestSplitStatsWriteText: the head line says what the split holds, and
// the per-subproblem lines appear only once a subproblem was solved.
func TestSplitStatsWriteText(t *testing.T) {
	s := &SplitStats{Subproblems: 12, Owned: 4, Skipped: 4, Depth: 2, Shard: "1/3"}
	var b strings.Builder
	s.WriteText(&b)
	want := "\nsplit     12 subproblems at depth 2 (shard 1/3: 4), 0 solved in this run (4 taken from the checkpoint)\n"
	if b.String() != want {
		t.Errorf("all resumed:\n%q\nwant\n%q", b.String(), want)
	}
	s = &SplitStats{Subproblems: 3, Owned: 3, Solved: 3, Depth: 1, SplitNodes: 7,
		Nodes:   balance.Of([]float64{10, 20, 30}),
		Seconds: balance.Of([]float64{0.01, 0.02, 0.03})}
	b.Reset()
	s.WriteText(&b)
	for _, line := range []string{
		"3 subproblems at depth 1, 3 solved in this run; 7 nodes above them\n",
		"nodes per subproblem min / median / max = 10 / 20 / 30 (max/median 1.50; the largest 50.0% of the sum)\n",
		"time per subproblem  min / median / max = 10.0 ms / 20.0 ms / 30.0 ms (max/median 1.50; the largest 50.0% of the sum)\n",
	} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("lacks %q:\n%s", line, b.String())
		}
	}
}

// TestOverMedian: the ratio needs a median above 0 and the share a sum
// above 0; with neither the suffix is empty.
func TestOverMedian(t *testing.T) {
	if got := overMedian(balance.Summary{}); got != "" {
		t.Errorf("zero summary: %q", got)
	}
	if got := overMedian(balance.Of([]float64{0, 0, 4})); got != " (the largest 100.0% of the sum)" {
		t.Errorf("median 0: %q", got)
	}
}

// TestReportNodesText: merge's per-shard balance of nodes, with the
// ratio n/a for a median of 0 and nothing when no shard is complete.
func TestReportNodesText(t *testing.T) {
	r := &Report{NodesMin: 1, NodesMedian: 2, NodesMax: 5}
	if got, want := r.NodesText(), "; per shard min 1, median 2, max 5 (max/median 2.50)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	r = &Report{NodesMax: 5}
	if got := r.NodesText(); !strings.HasSuffix(got, "(max/median n/a)") {
		t.Errorf("median 0: %q", got)
	}
	if got := (&Report{}).NodesText(); got != "" {
		t.Errorf("no complete shard: %q", got)
	}
}

// TestResultText: solve's shard row counts the subproblems finished,
// those resumed from a checkpoint, and marks an incomplete shard; the one
// shard of an unsharded count with a checkpoint has no "0/1" (issue 34).
func TestResultText(t *testing.T) {
	for _, c := range []struct {
		r    Result
		want string
	}{
		{Result{Index: 1, Count: 3, Owned: 4, Finished: 4, Complete: true}, "1/3: 4 of 4 subproblems finished"},
		{Result{Index: 0, Count: 2, Owned: 5, Finished: 3, Resumed: 2}, "0/2: 3 of 5 subproblems finished (2 taken from the checkpoint, 1 solved now), incomplete"},
		{Result{Index: 0, Count: 1, Owned: 5, Finished: 5, Resumed: 2, Complete: true}, "5 of 5 subproblems finished (2 taken from the checkpoint, 3 solved now)"},
	} {
		if got := c.r.Text(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}
