package native

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// memoVariants are the memo settings compared with the search without the
// table: the default size, and a table of two entries (one bucket) that
// replaces entries all the time. memoLevel 1 looks up every level, so
// that the tiny puzzles exercise the table.
func memoVariants(base Config) map[string]Config {
	out := map[string]Config{}
	for _, bits := range []int{0, MinMemoBits} {
		for _, workers := range []int{1, 2} {
			c := base
			c.Memo, c.memoLevel, c.Workers = bits, 1, workers
			out[fmt.Sprintf("memo %d, %d workers", bits, workers)] = c
		}
	}
	return out
}

// checkMemo counts p without the table and with every memo variant of
// cfg, and requires equal counts, and that the fits made plus the fits the
// table saved are the fits of the plain search (serial runs: a parallel
// search counts the levels above its split once, in the split). It
// returns the table hits of the serial default-size run.
func checkMemo(t *testing.T, name string, p *puzzle.Puzzle, cfg Config, all, unique int64) int64 {
	t.Helper()
	cfg.Stats = true
	off := cfg
	off.Memo = -1
	plain := solve(t, p, off)
	if plain.All != all || plain.Unique != unique {
		t.Fatalf("%s without the table: all %d unique %d, want %d and %d", name, plain.All, plain.Unique, all, unique)
	}
	if plain.Stats.MemoHits != 0 || plain.Stats.MemoSaved != 0 {
		t.Errorf("%s: Memo -1 reported %d hits", name, plain.Stats.MemoHits)
	}
	var hits int64
	for vname, c := range memoVariants(cfg) {
		res := solve(t, p, c)
		if res.All != all || res.Unique != unique {
			t.Errorf("%s %s: all %d unique %d, want %d and %d", name, vname, res.All, res.Unique, all, unique)
		}
		if c.Workers > 1 {
			continue
		}
		if got, want := res.Stats.TotalFits()+res.Stats.MemoSaved, plain.Stats.TotalFits(); got != want {
			t.Errorf("%s %s: %d fits + %d saved = %d, the plain search made %d", name, vname, res.Stats.TotalFits(), res.Stats.MemoSaved, got, want)
		}
		if c.Memo == 0 {
			hits = res.Stats.MemoHits
		}
	}
	return hits
}

// TestMemoCountsRandom compares the memoised counts with brute force on
// random tiny puzzles and on the tiny puzzles with symmetric images (the X
// on the centre of a square: a pinned image with a non-trivial stabiliser,
// whose solutions the table must not serve), with F and with E then F.
func TestMemoCountsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2026))
	type named struct {
		name string
		p    *puzzle.Puzzle
	}
	var ps []named
	for name, p := range tinyPuzzles(t) {
		ps = append(ps, named{name, p})
	}
	for i := 0; len(ps) < 60; {
		if p := randomPuzzle(rng); p != nil {
			i++
			ps = append(ps, named{fmt.Sprintf("random %d", i), p})
		}
	}
	cfgs := map[string]Config{
		"f":       {Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1},
		"e=6:f=3": {Algorithm: "fila", Schedule: "e=6:f=3", NOF: true, Volume: 2},
	}
	var hits int64
	for _, np := range ps {
		all, unique := bruteSolve(t, np.p)
		for cname, cfg := range cfgs {
			hits += checkMemo(t, np.name+" "+cname, np.p, cfg, int64(len(all)), int64(len(unique)))
		}
		if t.Failed() {
			t.Fatalf("%s: %s", np.name, describePuzzle(np.p))
		}
	}
	if hits == 0 {
		t.Error("the table never answered: the test does not test it")
	}
}

// TestMemoPentomino10x6 checks the memoised count of the 10x6 pentominoes
// (the known 2,339 unique, 9,356 in all) at the default level and size,
// and with a table of two entries.
func TestMemoPentomino10x6(t *testing.T) {
	if raceEnabled {
		t.Skip("seconds under the race detector")
	}
	p := pentominoBox(t, 6, 10)
	cfg := Config{Algorithm: "fila", FilaAt: 11, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto", Stats: true}
	res := solve(t, p, cfg)
	if res.All != 9356 || res.Unique != 2339 {
		t.Fatalf("all %d unique %d", res.All, res.Unique)
	}
	if res.Stats.MemoHits == 0 || res.Stats.TotalFits()+res.Stats.MemoSaved != 2091215 {
		t.Errorf("%d hits; %d fits + %d saved, want 2,091,215 (the plain search)", res.Stats.MemoHits, res.Stats.TotalFits(), res.Stats.MemoSaved)
	}
	cfg.Memo = MinMemoBits
	if res := solve(t, p, cfg); res.All != 9356 || res.Unique != 2339 {
		t.Errorf("two entries: all %d unique %d", res.All, res.Unique)
	}
}

// TestMemoConfigRange checks that Memo outside -1, 0 and
// MinMemoBits..MaxMemoBits is refused.
func TestMemoConfigRange(t *testing.T) {
	p := pentominoBox(t, 3, 20)
	for _, m := range []int{-2, MaxMemoBits + 1, 1 << 40} {
		if _, err := Solve(t.Context(), p, Config{Memo: m}); err == nil {
			t.Errorf("Memo %d accepted", m)
		}
	}
}
