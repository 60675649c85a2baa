package native

import "testing"

// TestCountSummaryRules: which figures are lower bounds, which come from
// a stopped search, and the sentences every output gives them.
func TestCountSummaryRules(t *testing.T) {
	u := func(n int64) *int64 { return &n }
	cases := []struct {
		name               string
		c                  CountSummary
		lower, stopped     bool
		partial, solutions string
	}{
		{"complete count", CountSummary{Solutions: 2339, Unique: u(2339), Symmetries: 4, Complete: true, Counting: true},
			false, false, "", "2339 (2339 unique under a symmetry group of order 4)"},
		{"complete shard", CountSummary{Solutions: 7, Complete: true, Counting: true, ShardIndex: 1, ShardCount: 3},
			false, false, "", "7 in shard 1/3's part (polytile merge adds up the shards)"},
		{"count stopped by its time limit", CountSummary{Solutions: 9356, Unique: u(0), Counting: true, TimedOut: true},
			true, true,
			"at least 9356 solutions found before the stop (time limit reached); unique so far 0: lower bounds from the part searched, not the puzzle's counts",
			"at least 9356 found before the stop (time limit reached); unique so far 0: lower bounds from the part searched, not the puzzle's counts"},
		{"shard interrupted", CountSummary{Solutions: 1, Counting: true, Interrupted: true, ShardIndex: 0, ShardCount: 2},
			true, true,
			"at least 1 solution found before the stop (interrupted): lower bounds from the part of shard 0/2 searched, not the puzzle's counts",
			"at least 1 found before the stop (interrupted): lower bounds from the part of shard 0/2 searched, not the puzzle's counts"},
		{"listing at its limit", CountSummary{Solutions: 5, Unique: u(3)},
			true, false, "at least 5 solutions: the search stopped at the limit; 3 unique among them",
			"5 (3 unique) (search stopped at the limit)"},
		{"first solution", CountSummary{Solutions: 1, First: true},
			true, false, "at least 1 solution: the search stopped at the limit",
			"1 (the first found: --limit N lists more, --count counts them all)"},
		{"listing stopped by a signal", CountSummary{Solutions: 2, Interrupted: true},
			true, true,
			"at least 2 solutions found before the stop (interrupted): lower bounds from the part searched, not the puzzle's counts",
			"at least 2 found before the stop (interrupted): lower bounds from the part searched, not the puzzle's counts"},
	}
	for _, tc := range cases {
		c := tc.c
		if c.LowerBound() != tc.lower || c.Stopped() != tc.stopped {
			t.Errorf("%s: lower bound %v stopped %v, want %v %v", tc.name, c.LowerBound(), c.Stopped(), tc.lower, tc.stopped)
		}
		if got := c.Partial(true); got != tc.partial {
			t.Errorf("%s: Partial\n%q, want\n%q", tc.name, got, tc.partial)
		}
		if got := c.SolutionsText(); got != tc.solutions {
			t.Errorf("%s: SolutionsText\n%q, want\n%q", tc.name, got, tc.solutions)
		}
	}
}

// TestCountSummaryStopCause: the time limit is named before a signal,
// and a search without either is merely incomplete.
func TestCountSummaryStopCause(t *testing.T) {
	for c, want := range map[CountSummary]string{
		{TimedOut: true, Interrupted: true}: "time limit reached",
		{Interrupted: true}:                 "interrupted",
		{}:                                  "incomplete",
	} {
		if got := c.StopCause(); got != want {
			t.Errorf("%+v: %q, want %q", c, got, want)
		}
	}
}
