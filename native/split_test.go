package native

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// TestShardSplitSums checks, for shard counts from 1 to far more than the
// tree has leaves, that the shards' subproblems partition one split (same
// size and hash in every shard, each index owned once) and that their
// counts, and the counts of their subproblems, add up to the serial count.
func TestShardSplitSums(t *testing.T) {
	big := pentominoBox(t, 6, 10)
	tiny := tinyPuzzles(t)["5x5-X+4L"]
	for _, c := range []struct {
		p *puzzle.Puzzle
		n int
	}{{big, 1}, {big, 7}, {big, 40}, {tiny, 300}}[raceSkip():] {
		p, n := c.p, c.n
		base := Config{Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"}
		serial := solve(t, p, base)
		var all, unique, subAll, owned int64
		var hash string
		var total int64
		seen := map[int64]bool{}
		for i := range n {
			cfg := base
			cfg.Shard = Shard{Index: i, Count: n}
			cfg.OnSubproblem = func(sp Subproblem) {
				if seen[sp.Index] || sp.Index%int64(n) != int64(i) {
					t.Errorf("N=%d: subproblem %d solved by shard %d", n, sp.Index, i)
				}
				seen[sp.Index] = true
				subAll += sp.All
			}
			r := solve(t, p, cfg)
			all += r.All
			unique += r.Unique
			if r.Split == nil {
				t.Fatalf("N=%d: no split info", n)
			}
			if i == 0 {
				hash, total = r.Split.Hash, r.Split.Subproblems
			} else if r.Split.Hash != hash || r.Split.Subproblems != total {
				t.Fatalf("N=%d: shard %d saw split %s/%d, shard 0 %s/%d", n, i, r.Split.Hash, r.Split.Subproblems, hash, total)
			}
			owned += r.Split.Owned
			if r.Split.Solved != r.Split.Owned {
				t.Errorf("N=%d shard %d: solved %d of %d", n, i, r.Split.Solved, r.Split.Owned)
			}
		}
		if all != serial.All || unique != serial.Unique || subAll != serial.All {
			t.Errorf("N=%d: shards %d/%d (subproblems %d), serial %d/%d", n, unique, all, subAll, serial.Unique, serial.All)
		}
		if owned != total || int64(len(seen)) != total {
			t.Errorf("N=%d: %d subproblems, %d owned, %d solved", n, total, owned, len(seen))
		}
		if want := splitTargetFor(n); total < want && p == big {
			t.Errorf("N=%d: %d subproblems, want at least %d", n, total, want)
		}
	}
}

// TestSplitBounded checks that 20,000 shards split the one-sided 18x5
// pentominoes (2.7 million solutions) into about splitTargetFor(20000)
// subproblems, a shard keeping only its own, and that a count above
// MaxShards is refused. (The old split aimed at 64 subproblems per shard,
// took a whole level of the tree past that and held all of it: a count of
// 10^12 grew by 100 MB/s until killed. MaxShards itself took 13 s of a
// loaded machine, too long for every test run.)
func TestSplitBounded(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a few seconds (minutes with -race)")
	}
	p := loadExample(t, "onesided-18x5.yaml")
	const n = 20_000
	stop := errors.New("split only")
	var info Split
	start := time.Now()
	_, err := Solve(context.Background(), p, Config{Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1,
		Shard:   Shard{Index: n - 1, Count: n},
		OnSplit: func(s Split) error { info = s; return stop }})
	if !errors.Is(err, stop) {
		t.Fatalf("got %v", err)
	}
	want := splitTargetFor(n)
	if info.Subproblems < want || info.Subproblems > want+1000 || info.Owned > info.Subproblems/n+1 {
		t.Errorf("split %+v, want about %d subproblems", info, want)
	}
	t.Logf("N=%d: %+v in %.1f s", n, info, time.Since(start).Seconds())
	if _, err := Solve(context.Background(), p, Config{Shard: Shard{Index: 0, Count: MaxShards + 1}}); err == nil {
		t.Errorf("shard count %d accepted", MaxShards+1)
	}
}

// TestSkipResumes checks that skipping subproblems recorded as solved and
// adding their recorded counts gives the uninterrupted count, and that a
// cancelled run reports only the subproblems it finished.
func TestSkipResumes(t *testing.T) {
	p := pentominoBox(t, 5, 12)
	base := Config{Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1, Shard: Shard{Index: 1, Count: 3}}
	full := solve(t, p, base)
	done := map[int64]Subproblem{}
	cfg := base
	cfg.OnSubproblem = func(sp Subproblem) {
		if sp.Index%2 == 0 {
			done[sp.Index] = sp
		}
	}
	solve(t, p, cfg)
	cfg = base
	cfg.Skip = func(i int64) bool { _, ok := done[i]; return ok }
	r := solve(t, p, cfg)
	all, unique := r.All, r.Unique
	for _, sp := range done {
		all += sp.All
		unique += sp.Unique
	}
	if all != full.All || unique != full.Unique || r.Split.Skipped != int64(len(done)) || len(done) == 0 {
		t.Errorf("resumed %d/%d (skipped %d of %d), uninterrupted %d/%d", unique, all, r.Split.Skipped, len(done), full.Unique, full.All)
	}
}

func loadExample(t testing.TB, name string) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.ParseFile("../examples/"+name, "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// testRun makes the run of a Solve of p with cfg (no filters), for tests
// that drive a worker or a model build directly.
func testRun(t testing.TB, p *puzzle.Puzzle, cfg Config) *run {
	t.Helper()
	sched, err := checkConfig(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	pr := newProblem(p)
	return newRun(pr, pr, newCanon(pr, p.Symmetries()), cfg, sched, time.Now())
}

// raceSkip leaves out the 10x6 cases under the race detector (minutes).
func raceSkip() int {
	if raceEnabled {
		return 3
	}
	return 0
}

// TestSubproblemWorkAndTime checks what OnSubproblem reports for the
// balance of a split: the Nodes of the subproblems, with the split's own
// Split.Nodes in shard 0, add up to Result.Nodes; each subproblem's Nodes
// is the same with 1 and 2 workers and in a shard (work, not timing); and
// every subproblem has a wall time, their sum bounded by the workers'
// time. (Before Split.Nodes and Subproblem.Time there was neither.)
func TestSubproblemWorkAndTime(t *testing.T) {
	p := pentominoBox(t, 5, 12)
	base := Config{Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"}
	type rec struct {
		nodes int64
		took  time.Duration
	}
	runWith := func(cfg Config) (*Result, map[int64]rec) {
		got := map[int64]rec{}
		cfg.OnSubproblem = func(sp Subproblem) { got[sp.Index] = rec{sp.Nodes, sp.Time} }
		return solve(t, p, cfg), got
	}
	var ref map[int64]rec
	for _, c := range []struct {
		workers    int
		shard, cnt int
	}{{1, 0, 1}, {2, 0, 1}, {2, 1, 3}, {1, 0, 3}} {
		cfg := base
		cfg.Workers = c.workers
		cfg.Shard = Shard{Index: c.shard, Count: c.cnt}
		start := time.Now()
		r, got := runWith(cfg)
		wall := time.Since(start)
		var sum int64
		var took time.Duration
		for i, g := range got {
			sum += g.nodes
			took += g.took
			if g.took <= 0 {
				t.Errorf("%+v: subproblem %d has time %v", c, i, g.took)
			}
			if ref != nil {
				if want, ok := ref[i]; !ok || want.nodes != g.nodes {
					t.Errorf("%+v: subproblem %d has %d nodes, %d with one worker", c, i, g.nodes, want.nodes)
				}
			}
		}
		if int64(len(got)) != r.Split.Owned || len(got) == 0 {
			t.Fatalf("%+v: %d subproblems reported, %d owned", c, len(got), r.Split.Owned)
		}
		want := r.Nodes
		if c.shard == 0 {
			want -= r.Split.Nodes
			if r.Split.Nodes <= 0 {
				t.Errorf("%+v: the split placed %d pieces", c, r.Split.Nodes)
			}
		}
		if sum != want {
			t.Errorf("%+v: subproblem nodes %d + split %d, result %d", c, sum, r.Split.Nodes, r.Nodes)
		}
		if took > time.Duration(c.workers)*wall {
			t.Errorf("%+v: subproblem times add up to %v in %v on %d workers", c, took, wall, c.workers)
		}
		if ref == nil {
			ref = got
		}
	}
}
