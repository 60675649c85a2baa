package native

import (
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// TestCountDefaultUsesSymmetry checks issue 11 item 13: counting all
// solutions uses the redundancy filter and the orbit sizes by default (the
// search of Unique), and gives the counts of the plain search
// (Redundancy "none") exactly, serial, with two workers and in shards;
// listing up to a limit keeps the plain search.
func TestCountDefaultUsesSymmetry(t *testing.T) {
	hybrid := Config{Algorithm: "fila", FilaAt: 11, Schedule: "f", NOF: true, Volume: -1}
	cases := []struct {
		name        string
		p           *puzzle.Puzzle
		cfg         Config
		all, unique int64
	}{
		{"20x3", pentominoBox(t, 3, 20), hybrid, 8, 2},
		{"8x8-hole", pentomino8x8(t), hybrid, 520, 65},
		{"soma", soma(t), Config{Algorithm: "fila", Schedule: "e", NOF: true}, 11520, 240},
		{"5x5-X+4L", tinyPuzzles(t)["5x5-X+4L"], Config{Algorithm: "fila", Schedule: "radial"}, -1, -1},
		{"3x3-X+1s", tinyPuzzles(t)["3x3-X+1s"], Config{}, -1, -1},
		{"5x5-XFLPU", tinyPuzzles(t)["5x5-XFLPU"], Config{Algorithm: "fila", Schedule: "e", NOF: true}, -1, -1},
	}
	if raceEnabled {
		cases = cases[3:]
	}
	for _, c := range cases {
		start := time.Now()
		if c.all < 0 {
			all, unique := bruteSolve(t, c.p)
			c.all, c.unique = int64(len(all)), int64(len(unique))
		}
		def := solve(t, c.p, c.cfg)
		if def.RedundancyPiece == "" {
			t.Errorf("%s: counting without a Redundancy setting did not use the redundancy filter", c.name)
		}
		plain := c.cfg
		plain.Redundancy = "none"
		pl := solve(t, c.p, plain)
		if pl.RedundancyPiece != "" {
			t.Errorf("%s: Redundancy none pinned %s", c.name, pl.RedundancyPiece)
		}
		for _, r := range []*Result{def, pl} {
			if r.All != c.all || r.Unique != c.unique {
				t.Errorf("%s (pinned %q): all %d unique %d, want %d and %d", c.name, r.RedundancyPiece, r.All, r.Unique, c.all, c.unique)
			}
		}
		if c.unique > 1 && def.Nodes >= pl.Nodes {
			t.Errorf("%s: the default count placed %d pieces, the plain search %d", c.name, def.Nodes, pl.Nodes)
		}
		if c.name == "8x8-hole" {
			continue // seconds; the rest is checked on the others
		}
		par := c.cfg
		par.Workers = 2
		if r := solve(t, c.p, par); r.All != c.all || r.Unique != c.unique {
			t.Errorf("%s with 2 workers: all %d unique %d, want %d and %d", c.name, r.All, r.Unique, c.all, c.unique)
		}
		var all, unique int64
		for i := range 3 {
			sh := c.cfg
			sh.Shard = Shard{Index: i, Count: 3}
			r := solve(t, c.p, sh)
			all, unique = all+r.All, unique+r.Unique
		}
		if all != c.all || unique != c.unique {
			t.Errorf("%s: shards add up to all %d unique %d, want %d and %d", c.name, all, unique, c.all, c.unique)
		}
		// Listing: the plain search, every solution streamed once.
		lim := c.cfg
		lim.Limit = c.all
		seen := map[string]bool{}
		lim.OnSolution = func(tl puzzle.Tiling) { seen[c.p.Canonical(tl)] = true }
		if r := solve(t, c.p, lim); r.RedundancyPiece != "" || int64(len(seen)) != c.all {
			t.Errorf("%s: listing %d solutions pinned %q and streamed %d distinct ones", c.name, c.all, r.RedundancyPiece, len(seen))
		}
		t.Logf("%s: %v", c.name, time.Since(start).Round(time.Millisecond))
	}
}
