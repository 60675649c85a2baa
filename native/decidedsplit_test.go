package native

import (
	"errors"
	"testing"
)

// TestDecidedSplit: a sharded search decided before the split (the
// pieces' area is not the board's) still goes through the split hooks:
// every shard reports the same split of one subproblem, which exactly one
// shard owns and solves (OnSubproblem), with no solution; Skip takes it
// as done; an OnSplit error stops Solve. Solve returned no split and
// called no hook: a shard's result could not be told from a result that
// is not a shard's.
func TestDecidedSplit(t *testing.T) {
	p := parseYAML(t, "decided", "board: 4x1\npieces:\n  A: '##'\n  B: '#'\n")
	for n := 1; n <= 3; n++ {
		var hash string
		var owned, solved int64
		for i := range n {
			var split *Split
			cfg := Config{Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1, Shard: Shard{Index: i, Count: n}}
			cfg.OnSplit = func(s Split) error { split = &s; return nil }
			cfg.OnSubproblem = func(s Subproblem) {
				solved++
				if s.Index != 0 || s.All != 0 || s.Nodes != 0 {
					t.Errorf("N=%d shard %d: subproblem %+v", n, i, s)
				}
			}
			r := solve(t, p, cfg)
			if split == nil || r.Split == nil || r.All != 0 || r.Interrupted {
				t.Fatalf("N=%d shard %d: split %v, result %+v", n, i, split, r)
			}
			if split.Subproblems != 1 || r.Split.Owned != split.Owned || r.Split.Solved != r.Split.Owned {
				t.Errorf("N=%d shard %d: split %+v, result's %+v", n, i, split, r.Split)
			}
			if i == 0 {
				hash = split.Hash
			} else if split.Hash != hash {
				t.Errorf("N=%d shard %d: hash %s, shard 0 %s", n, i, split.Hash, hash)
			}
			owned += split.Owned
		}
		if owned != 1 || solved != 1 {
			t.Errorf("N=%d: the one subproblem owned %d times, solved %d times", n, owned, solved)
		}
	}
	cfg := Config{Algorithm: "dlx", Skip: func(int64) bool { return true }}
	cfg.OnSubproblem = func(Subproblem) { t.Error("a skipped subproblem was solved") }
	if r := solve(t, p, cfg); r.Split == nil || r.Split.Skipped != 1 || r.Split.Solved != 0 {
		t.Errorf("skipped: %+v", r.Split)
	}
	// Decided: the same split for a count decided before Solve.
	for i := range 2 {
		r, err := Decided(Config{Algorithm: "fila", Shard: Shard{Index: i, Count: 2}})
		if err != nil || r.Split == nil || r.Split.Subproblems != 1 || r.Split.Owned != int64(1-i) || r.All != 0 {
			t.Errorf("Decided, shard %d/2: %v %+v", i, err, r)
		}
	}
	if r, err := Decided(Config{Algorithm: "fila"}); err != nil || r.Split != nil {
		t.Errorf("Decided, not sharded: %v %+v", err, r)
	}
	stop := errors.New("stop")
	cfg = Config{Algorithm: "dlx", Shard: Shard{Index: 1, Count: 2}, OnSplit: func(Split) error { return stop }}
	if _, err := Solve(t.Context(), p, cfg); !errors.Is(err, stop) {
		t.Errorf("OnSplit's error: %v", err)
	}
}
