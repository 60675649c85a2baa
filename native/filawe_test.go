package native

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// scanCandidates is the reference E candidate list: every open cell with
// the fewest open neighbours, in increasing cell order (the one-pass scan
// selectSet runs with Config.eScan).
func scanCandidates(nb [][6]int32, open []bool) []int32 {
	var cand []int32
	nmin := 7
	for l, o := range open {
		if !o {
			continue
		}
		k := 0
		for _, m := range nb[l] {
			if m >= 0 && open[m] {
				k++
			}
		}
		if k > nmin {
			continue
		}
		if k < nmin {
			nmin, cand = k, cand[:0]
		}
		cand = append(cand, int32(l))
	}
	return cand
}

// TestEBucketsMatchScan places and removes random groups of open cells (in
// stack order, as the search does) on random 2D and 3D regions of up to
// 3,000 cells and requires, after every step, that the buckets' smallest
// count walked in cell order is the reference scan's candidate list, that
// next finds the first bucket cell at or after random starting cells, and
// that every cell's count is its open neighbours.
func TestEBucketsMatchScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 11))
	for round := range 40 {
		dim := 2 + rng.IntN(2)
		var region []puzzle.Cell
		if dim == 2 {
			region = puzzle.Box(puzzle.Dims{Width: 1 + rng.IntN(60), Height: 1 + rng.IntN(50)})
		} else {
			region = puzzle.Box(puzzle.Dims{Width: 1 + rng.IntN(14), Height: 1 + rng.IntN(14), Depth: 1 + rng.IntN(14)})
		}
		// Holes: a random share of the cells left out.
		drop := rng.Float64() * 0.3
		region = slices.DeleteFunc(region, func(puzzle.Cell) bool { return rng.Float64() < drop })
		if len(region) == 0 {
			continue
		}
		index := map[puzzle.Cell]int32{}
		for l, c := range region {
			index[c] = int32(l)
		}
		fs := &filaShape{n: len(region)}
		for _, c := range region {
			var nb [6]int32
			for d, dc := range []puzzle.Cell{{I: -1}, {I: 1}, {J: -1}, {J: 1}, {L: -1}, {L: 1}} {
				nb[d] = -1
				if m, ok := index[c.Add(dc)]; ok {
					nb[d] = m
				}
			}
			fs.nbLocal = append(fs.nbLocal, nb)
		}
		var e eBuckets
		if !e.init(fs) {
			t.Fatal("init stopped without a stop flag")
		}
		words := (fs.n + 63) / 64
		occ := make([]uint64, words)
		open := make([]bool, fs.n)
		for l := range open {
			open[l] = true
		}
		check := func(step string) {
			t.Helper()
			want := scanCandidates(fs.nbLocal, open)
			k := e.min()
			var got []int32
			if k >= 0 {
				for l := e.next(k, 0); l >= 0; l = e.next(k, l+1) {
					got = append(got, l)
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("round %d (%d cells), %s: bucket %d walks %v, the scan finds %v", round, fs.n, step, k, got, want)
			}
			for l := range fs.n {
				k := int8(0)
				for _, m := range fs.nbLocal[l] {
					if m >= 0 && open[m] {
						k++
					}
				}
				if e.nopen[l] != k {
					t.Fatalf("round %d, %s: cell %d counts %d open neighbours, has %d", round, step, l, e.nopen[l], k)
				}
			}
			for range 5 {
				b := rng.IntN(7)
				from := int32(rng.IntN(fs.n + 1))
				want := int32(-1)
				for l := from; l < int32(fs.n); l++ {
					if open[l] && int(e.nopen[l]) == b {
						want = l
						break
					}
				}
				if got := e.next(b, from); got != want {
					t.Fatalf("round %d, %s: next(%d, %d) = %d, want %d", round, step, b, from, got, want)
				}
			}
		}
		check("start")
		type group []int32
		var stack []group
		for step := range 400 {
			if len(stack) > 0 && (rng.IntN(3) == 0 || step > 300) {
				g := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				e.unplace(g, fs.nbLocal, occ)
				for _, c := range g {
					occ[c/64] ^= 1 << (c % 64)
					open[c] = true
				}
				check(fmt.Sprintf("step %d: freeing %v", step, g))
				continue
			}
			// A random connected group of 1 to 5 open cells.
			var free []int32
			for l, o := range open {
				if o {
					free = append(free, int32(l))
				}
			}
			if len(free) == 0 {
				continue
			}
			g := group{free[rng.IntN(len(free))]}
			for range rng.IntN(5) {
				c := g[rng.IntN(len(g))]
				m := fs.nbLocal[c][rng.IntN(6)]
				if m >= 0 && open[m] && !slices.Contains(g, m) {
					g = append(g, m)
				}
			}
			for _, c := range g {
				occ[c/64] ^= 1 << (c % 64)
				open[c] = false
			}
			e.place(g, fs.nbLocal, occ)
			stack = append(stack, g)
			check(fmt.Sprintf("step %d: placing %v", step, g))
		}
	}
}

// randomWidePuzzle is a random puzzle on more than 64 cells (2D up to
// 14x10 or a 3D box, some cells taken out) with an unlimited monomino
// (so that tilings are found fast) and 1 to 3 unlimited small pieces of 2
// to 5 cells (a finite piece could leave the search a huge tree to
// exhaust before its first tiling): boards where the
// multi-word FILA's E heuristic makes many choices with ties.
func randomWidePuzzle(rng *rand.Rand) *puzzle.Puzzle {
	dim := 2
	if rng.IntN(4) == 0 {
		dim = 3
	}
	var region []puzzle.Cell
	if dim == 2 {
		region = puzzle.Box(puzzle.Dims{Width: 8 + rng.IntN(7), Height: 8 + rng.IntN(3)})
	} else {
		region = puzzle.Box(puzzle.Dims{Width: 4 + rng.IntN(2), Height: 4 + rng.IntN(2), Depth: 4 + rng.IntN(2)})
	}
	for range rng.IntN(6) {
		k := rng.IntN(len(region))
		region = append(region[:k:k], region[k+1:]...)
	}
	pieces := []puzzle.PieceSpec{{Name: "M", Cells: []puzzle.Cell{{}}, Unlimited: true}}
	pols := []puzzle.Policy{puzzle.Fixed, puzzle.Rotate, puzzle.Free}
	for range 1 + rng.IntN(3) {
		size := 2 + rng.IntN(4)
		cells := []puzzle.Cell{{}}
		for len(cells) < size {
			c := cells[rng.IntN(len(cells))]
			d := []puzzle.Cell{{I: 1}, {I: -1}, {J: 1}, {J: -1}, {L: 1}, {L: -1}}[rng.IntN(2*dim)]
			if n := c.Add(d); !slices.Contains(cells, n) {
				cells = append(cells, n)
			}
		}
		pieces = append(pieces, puzzle.PieceSpec{Name: fmt.Sprintf("P%d", len(pieces)), Cells: cells, Policy: pols[rng.IntN(3)], Unlimited: true})
	}
	p, err := puzzle.New(puzzle.Spec{Dim: dim, Region: region, Pieces: pieces})
	if err != nil || p.Area() <= 64 {
		return nil
	}
	return p
}

// TestEBucketsSameSearch runs the E heuristic on random puzzles of more
// than 64 cells with the buckets and with the reference scan (Config.eScan)
// and requires the same search: the tilings streamed, in order, the node
// count and every per-level statistic, under a limit of solutions (the
// boards have too many to count) and in full counts of 3 x n strips of
// bars; on the multi-word FILA alone (wideOnly) and with
// the hand-over to the 64-bit one, with and without NOF, the volume filter
// re-applied, and E followed by F.
func TestEBucketsSameSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	var ps []*puzzle.Puzzle
	for len(ps) < 12 {
		if p := randomWidePuzzle(rng); p != nil {
			ps = append(ps, p)
		}
	}
	bar := puzzle.PieceSpec{Name: "I3", Cells: art(t, "###"), Unlimited: true, Policy: puzzle.Free}
	strips := []*puzzle.Puzzle{
		mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 24, Height: 3}), Pieces: []puzzle.PieceSpec{bar}}),
		mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 22, Height: 3}), Pieces: []puzzle.PieceSpec{bar}}),
	}
	run := func(name string, p *puzzle.Puzzle, cfg Config) {
		t.Helper()
		cfg.Stats = true
		ref := cfg
		ref.eScan = true
		var got, want []string
		cfg.OnSolution = func(tl puzzle.Tiling) { got = append(got, p.Canonical(tl)) }
		ref.OnSolution = func(tl puzzle.Tiling) { want = append(want, p.Canonical(tl)) }
		a, b := solve(t, p, cfg), solve(t, p, ref)
		if !slices.Equal(got, want) {
			t.Errorf("%s: the buckets streamed %d tilings, the scan %d, or in another order", name, len(got), len(want))
		}
		if a.All != b.All || a.Unique != b.Unique || a.Nodes != b.Nodes {
			t.Errorf("%s: buckets all %d unique %d nodes %d, scan %d, %d, %d", name, a.All, a.Unique, a.Nodes, b.All, b.Unique, b.Nodes)
		}
		sa, sb := a.Stats, b.Stats
		if !slices.Equal(sa.Attempts, sb.Attempts) || !slices.Equal(sa.Fits, sb.Fits) || sa.FilaModels != sb.FilaModels {
			t.Errorf("%s: statistics differ: buckets attempts %v fits %v models %d, scan %v %v %d",
				name, sa.Attempts, sa.Fits, sa.FilaModels, sb.Attempts, sb.Fits, sb.FilaModels)
		}
	}
	choices := 0
	for i, p := range ps {
		for _, c := range []struct {
			name string
			cfg  Config
		}{
			{"e", Config{Algorithm: "fila", Schedule: "e", NOF: true, Volume: -1, Limit: 40}},
			{"e-wide", Config{Algorithm: "fila", Schedule: "e", NOF: true, Volume: -1, Limit: 40, wideOnly: true}},
			{"e-nonof-wide", Config{Algorithm: "fila", Schedule: "e", Limit: 25, wideOnly: true}},
			{"e-vol-wide", Config{Algorithm: "fila", Schedule: "e", NOF: true, Volume: 1, Limit: 25, wideOnly: true}},
			{"e-f-wide", Config{Algorithm: "fila", Schedule: "e=8:f=2", NOF: true, Limit: 25, wideOnly: true}},
		} {
			run(fmt.Sprintf("random %d %s", i, c.name), p, c.cfg)
			choices++
		}
		if t.Failed() {
			t.Fatalf("random %d: %s", i, describePuzzle(p))
		}
	}
	for i, p := range strips {
		run(fmt.Sprintf("strip %d count", i), p, Config{Algorithm: "fila", Schedule: "e", NOF: true, wideOnly: true})
		run(fmt.Sprintf("strip %d count, hand-over", i), p, Config{Algorithm: "fila", Schedule: "e", NOF: true})
	}
}
