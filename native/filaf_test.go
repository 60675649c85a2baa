package native

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// randomOnePuzzle is a random puzzle with one copy of every piece, pieces
// of 3 to 7 cells (some straight, some not face-connected) whose areas add
// up to the region's, on a 2D board up to 8 cells high or a small 3D box,
// with some cells taken out: the models solveF serves.
func randomOnePuzzle(rng *rand.Rand) *puzzle.Puzzle {
	dim := 2
	if rng.IntN(4) == 0 {
		dim = 3
	}
	var region []puzzle.Cell
	if dim == 2 {
		region = puzzle.Box(puzzle.Dims{Width: 3 + rng.IntN(5), Height: 2 + rng.IntN(7)})
	} else {
		region = puzzle.Box(puzzle.Dims{Width: 2 + rng.IntN(3), Height: 2 + rng.IntN(2), Depth: 2 + rng.IntN(2)})
	}
	for len(region) > 30 {
		region = region[:len(region)-1-rng.IntN(4)]
	}
	for range rng.IntN(3) {
		k := rng.IntN(len(region))
		region = append(region[:k:k], region[k+1:]...)
	}
	left := len(region)
	var pieces []puzzle.PieceSpec
	pols := []puzzle.Policy{puzzle.Fixed, puzzle.Rotate, puzzle.Free}
	for left > 0 {
		size := min(left, 3+rng.IntN(5))
		cells := []puzzle.Cell{{}}
		switch rng.IntN(5) {
		case 0: // straight: reaches far past its first cell
			for i := 1; i < size; i++ {
				cells = append(cells, puzzle.Cell{I: i})
			}
		case 1: // scattered in a small box
			box := puzzle.Box(puzzle.Dims{Width: 3, Height: 3})
			rng.Shuffle(len(box), func(a, b int) { box[a], box[b] = box[b], box[a] })
			cells = box[:min(size, len(box))]
		default: // grown from one cell
			for len(cells) < size {
				c := cells[rng.IntN(len(cells))]
				d := []puzzle.Cell{{I: 1}, {I: -1}, {J: 1}, {J: -1}, {L: 1}, {L: -1}}[rng.IntN(2*dim)]
				n := c.Add(d)
				if !slices.Contains(cells, n) {
					cells = append(cells, n)
				}
			}
		}
		pieces = append(pieces, puzzle.PieceSpec{Name: fmt.Sprintf("P%d", len(pieces)), Cells: cells, Count: 1, Policy: pols[rng.IntN(3)]})
		left -= len(cells)
	}
	if left < 0 || len(pieces) > 64 {
		return nil
	}
	p, err := puzzle.New(puzzle.Spec{Dim: dim, Region: region, Pieces: pieces})
	if err != nil {
		return nil
	}
	return p
}

// TestFastFMatchesSolveFast compares solveF (filaf.go) with solveFast on
// the same models, on random puzzles and the pentominoes in 5x12 boxes
// with four of their pieces placed: the counts, every statistic (attempts
// and fits by level, memo hits and savings), the solutions streamed and
// the counts under a limit must be equal. It also requires that solveF
// served models, some of them through its loop over more than six nibble
// tables.
func TestFastFMatchesSolveFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 15))
	type named struct {
		name string
		p    *puzzle.Puzzle
	}
	var ps []named
	for i := 0; len(ps) < 50; {
		if p := randomOnePuzzle(rng); p != nil {
			i++
			ps = append(ps, named{fmt.Sprintf("random %d", i), p})
		}
	}
	ps = append(ps, named{"pentominoes 6x5", mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 6, Height: 5}),
		Pieces: pieceSpecs(t, pentominoArt, []string{"L", "N", "P", "U", "V", "Y"}, puzzle.Free)})})
	ps = append(ps, named{"pentominoes 20x3", pentominoBox(t, 3, 20)})
	var served, wide atomic.Int64
	hook := func(from, nBlk int) {
		served.Add(1)
		if nBlk > fastFBlk6 {
			wide.Add(1)
		}
	}
	for _, np := range ps {
		total := len(np.p.Pieces)
		cfgs := map[string]Config{
			"f":          {Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1},
			"f-memo1":    {Algorithm: "fila", Schedule: "f", NOF: true, memoLevel: 1},
			"f-plain":    {Algorithm: "fila", Schedule: "f", Memo: -1},
			"f-red":      {Algorithm: "fila", Schedule: "f", NOF: true, Redundancy: "auto", memoLevel: 2},
			"hybrid":     {Algorithm: "fila", FilaAt: total - 1, Schedule: "f", NOF: true, Redundancy: "auto", Volume: -1, memoLevel: 2},
			"dynvol":     {Algorithm: "fila", Schedule: "f", NOF: true, Volume: 2, memoLevel: 1},
			"f-limit":    {Algorithm: "fila", Schedule: "f", NOF: true, Limit: 3},
			"f-2workers": {Algorithm: "fila", Schedule: "f", NOF: true, Workers: 2, memoLevel: 1},
		}
		if total > 3 {
			cfgs["e-f"] = Config{Algorithm: "fila", Schedule: fmt.Sprintf("e=%d:f=3", total), NOF: true, memoLevel: 1}
		}
		start := time.Now()
		for cname, cfg := range cfgs {
			name := np.name + " " + cname
			cfg.Stats = true
			// The random puzzles' pieces with few placements left to
			// FILA, so that its models keep every piece (the wide nibble
			// tables are reached only then).
			cfg.noForce = true
			slow := cfg
			slow.noFastF = true
			cfg.onFastF = hook
			var gotF, gotS []string
			if cfg.Limit == 0 && cfg.Workers < 2 {
				cfg.OnSolution = func(tl puzzle.Tiling) { gotF = append(gotF, np.p.Canonical(tl)) }
				slow.OnSolution = func(tl puzzle.Tiling) { gotS = append(gotS, np.p.Canonical(tl)) }
				// Streaming runs keep the leaf path; count runs too.
				a, b := solve(t, np.p, cfg), solve(t, np.p, slow)
				if !slices.Equal(gotF, gotS) {
					t.Errorf("%s: solveF streamed %d tilings, solveFast %d, or in another order", name, len(gotF), len(gotS))
				}
				compareRuns(t, name+" streaming", a, b)
				cfg.OnSolution, slow.OnSolution = nil, nil
			}
			compareRuns(t, name, solve(t, np.p, cfg), solve(t, np.p, slow))
		}
		if t.Failed() {
			t.Fatalf("%s: %s", np.name, describePuzzle(np.p))
		}
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Logf("%s: %v", np.name, d)
		}
	}
	t.Logf("solveF served %d models, %d with more than %d nibble tables", served.Load(), wide.Load(), fastFBlk6)
	if served.Load() < 100 || wide.Load() == 0 {
		t.Errorf("solveF served %d models, %d with more than %d nibble tables: the test does not test it", served.Load(), wide.Load(), fastFBlk6)
	}
}

// compareRuns requires equal counts and statistics of two runs.
func compareRuns(t *testing.T, name string, a, b *Result) {
	t.Helper()
	if a.All != b.All || a.Unique != b.Unique {
		t.Errorf("%s: solveF all %d unique %d, solveFast %d and %d", name, a.All, a.Unique, b.All, b.Unique)
	}
	sa, sb := a.Stats, b.Stats
	if !slices.Equal(sa.Attempts, sb.Attempts) || !slices.Equal(sa.Fits, sb.Fits) ||
		sa.MemoHits != sb.MemoHits || sa.MemoSaved != sb.MemoSaved {
		t.Errorf("%s: statistics differ:\nsolveF    attempts %v fits %v memo %d/%d\nsolveFast attempts %v fits %v memo %d/%d",
			name, sa.Attempts, sa.Fits, sa.MemoHits, sa.MemoSaved, sb.Attempts, sb.Fits, sb.MemoHits, sb.MemoSaved)
	}
}
