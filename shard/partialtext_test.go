package shard

import "testing"

// TestPartialTextWording: the JSON sentence and the text row of an
// incomplete merge say the same thing (one sentence, two endings), with
// the noun in the singular for one solution ("at least 1 solutions" before).
func TestPartialTextWording(t *testing.T) {
	r := &Report{All: 1, Unique: 1, Missing: []int{3}}
	for _, c := range []struct{ got, want string }{
		{r.PartialText(), "at least 1 solution found in the parts the shards searched; unique so far 1: lower bounds, not the puzzle's counts (incomplete: 1 missing, 0 incomplete)"},
		{r.PartialRow(), "at least 1 found in the parts the shards searched; unique so far 1: lower bounds, not the puzzle's counts (incomplete: see below)"},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
	r.All = 12
	if got, want := r.PartialText(), "at least 12 solutions found"; got[:len(want)] != want {
		t.Errorf("got %q, want it to start %q", got, want)
	}
}
