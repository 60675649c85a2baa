package native

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// filterConfigs adds to configs the filters that reason about the shapes
// of the pieces: the volume filter once, after every placement and by
// level, with DLX and FILA, in parallel and sharded.
func filterConfigs(total int) map[string]Config {
	out := configs(total)
	out["dlx-vol"] = Config{Volume: -1}
	out["dlx-vol1"] = Config{Volume: 1}
	out["fila-f-nof-vol"] = Config{Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1} // solve's default
	out["fila-e-vol1"] = Config{Algorithm: "fila", Schedule: "e", Volume: 1}
	out["fila-s-vol1-red"] = Config{Algorithm: "fila", Schedule: "s", Volume: 1, Redundancy: "auto"}
	out["fila-radial-nof-vol1"] = Config{Algorithm: "fila", Schedule: "radial", NOF: true, Volume: 1}
	out["hybrid-vol"] = Config{Algorithm: "fila", FilaAt: max(total-1, 1), Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"}
	out["fila-vol-j2"] = Config{Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto", Workers: 2}
	out["dlx-vol1-j2"] = Config{Volume: 1, Workers: 2}
	out["fila-unique"] = Config{Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto", Unique: true}
	return out
}

// checkAgainstBrute compares every filter configuration (and a two-way
// shard) with the brute force on p.
func checkAgainstBrute(t *testing.T, name string, p *puzzle.Puzzle) (solutions int) {
	t.Helper()
	all, unique := bruteSolve(t, p)
	total := 0
	for _, pc := range p.Pieces {
		total += pc.Count
	}
	for cname, cfg := range filterConfigs(total) {
		streamed := 0
		cfg.OnSolution = func(tl puzzle.Tiling) {
			if _, err := p.Verify(tl, true); err != nil {
				t.Fatalf("%s %s: streamed an invalid tiling: %v", name, cname, err)
			}
			if _, ok := all[p.Canonical(tl)]; !ok {
				t.Fatalf("%s %s: streamed a tiling the brute force does not have", name, cname)
			}
			streamed++
		}
		res := solve(t, p, cfg)
		if res.All != int64(len(all)) || res.Unique != int64(len(unique)) {
			t.Errorf("%s %s: all %d unique %d, brute force %d and %d", name, cname, res.All, res.Unique, len(all), len(unique))
		}
		want := len(all)
		if cfg.Unique {
			want = len(unique)
		}
		if streamed != want {
			t.Errorf("%s %s: streamed %d solutions, want %d", name, cname, streamed, want)
		}
	}
	var sa, su int64
	for i := range 2 {
		res := solve(t, p, Config{Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto", Shard: Shard{Index: i, Count: 2}})
		sa, su = sa+res.All, su+res.Unique
	}
	if sa != int64(len(all)) || su != int64(len(unique)) {
		t.Errorf("%s shards: all %d unique %d, brute force %d and %d", name, sa, su, len(all), len(unique))
	}
	return len(all)
}

// TestDisconnectedPieces is the example of issue 11: two pieces of two
// diagonal cells tile a 2x2 square in one way. The volume filter (once and
// after each placement) found no solution: it split the open cells into
// components and required each to be a sum of piece sizes, which holds
// only for face-connected pieces.
func TestDisconnectedPieces(t *testing.T) {
	diag := art(t, "#./.#")
	p := mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 2, Height: 2}), Pieces: []puzzle.PieceSpec{
		{Name: "A", Cells: diag, Count: 1, Policy: puzzle.Free},
		{Name: "B", Cells: diag, Count: 1, Policy: puzzle.Free},
	}})
	if n := checkAgainstBrute(t, "2x2-diagonals", p); n != 1 {
		t.Fatalf("brute force: %d solutions, want 1", n)
	}
	if got := Disconnected(p); len(got) != 1 || got[0] != "A" {
		t.Errorf("Disconnected = %v, want [A]", got)
	}
	// 3D: a 2x2x2 cube from two space diagonals' halves (two cells that
	// touch only at an edge) and connected pieces.
	edge := cubePiece("E", puzzle.Rotate, [3]int{0, 0, 0}, [3]int{1, 1, 0})
	edge.Count = 2
	dom := cubePiece("D", puzzle.Rotate, [3]int{0, 0, 0}, [3]int{1, 0, 0})
	dom.Count = 2
	p3 := mustPuzzle(t, puzzle.Spec{Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: 2, Height: 2, Depth: 2}), Pieces: []puzzle.PieceSpec{edge, dom}})
	if n := checkAgainstBrute(t, "2x2x2-edges", p3); n == 0 {
		t.Fatal("brute force: no solution on 2x2x2")
	}
	// A piece with a hole (face-connected: the filter applies; the hole
	// is a component of one cell that the monomino fills).
	ring := mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 4, Height: 3}), Pieces: []puzzle.PieceSpec{
		{Name: "R", Cells: art(t, "###/#.#/###"), Count: 1, Policy: puzzle.Free},
		{Name: "M", Cells: art(t, "#"), Count: 1, Policy: puzzle.Free},
		{Name: "I", Cells: art(t, "###"), Count: 1, Policy: puzzle.Free},
	}})
	if n := checkAgainstBrute(t, "3x4-ring", ring); n == 0 {
		t.Fatal("brute force: no solution with the ring")
	}
}

// TestRandomPuzzlesDifferential compares every native configuration with
// the brute force on random tiny puzzles (fixed seed): boards with holes in
// 2D and 3D, pieces that are arbitrary sets of cells (often not
// face-connected), one-cell pieces, copies and unlimited supplies.
func TestRandomPuzzlesDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 2026))
	n := 60
	if testing.Short() {
		n = 40
	}
	solved, disconnected := 0, 0
	for i := 0; i < n; {
		p := randomPuzzle(rng)
		if p == nil {
			continue
		}
		i++
		if checkAgainstBrute(t, fmt.Sprintf("random %d", i), p) > 0 {
			solved++
			if len(Disconnected(p)) > 0 {
				disconnected++
			}
		}
		if t.Failed() {
			t.Fatalf("random %d: %s", i, describePuzzle(p))
		}
	}
	t.Logf("%d puzzles, %d with solutions, %d of them with a piece that is not face-connected", n, solved, disconnected)
	if disconnected < n/10 {
		t.Errorf("only %d solvable puzzles with disconnected pieces: the generator does not test what it should", disconnected)
	}
}

// randomPuzzle returns a random tiny puzzle whose pieces' area matches the
// board (or with an unlimited piece), or nil when the draw is not a valid
// puzzle (a piece that fits nowhere).
func randomPuzzle(rng *rand.Rand) *puzzle.Puzzle {
	dim := 2
	if rng.IntN(3) == 0 {
		dim = 3
	}
	var region []puzzle.Cell
	if dim == 2 {
		region = puzzle.Box(puzzle.Dims{Width: 2 + rng.IntN(3), Height: 2 + rng.IntN(3)})
	} else {
		region = puzzle.Box(puzzle.Dims{Width: 2 + rng.IntN(2), Height: 2, Depth: 2})
	}
	for range rng.IntN(3) {
		if len(region) > 4 {
			k := rng.IntN(len(region))
			region = append(region[:k:k], region[k+1:]...)
		}
	}
	left := len(region)
	var pieces []puzzle.PieceSpec
	pols := []puzzle.Policy{puzzle.Fixed, puzzle.Rotate, puzzle.Free}
	for left > 0 && len(pieces) < 6 {
		size := 1 + rng.IntN(min(4, left))
		// Cells drawn from a small box: often not face-connected.
		var box []puzzle.Cell
		if dim == 2 {
			box = puzzle.Box(puzzle.Dims{Width: 3, Height: 3})
		} else {
			box = puzzle.Box(puzzle.Dims{Width: 2, Height: 2, Depth: 2})
		}
		rng.Shuffle(len(box), func(a, b int) { box[a], box[b] = box[b], box[a] })
		pc := puzzle.PieceSpec{Name: fmt.Sprintf("P%d", len(pieces)), Cells: append([]puzzle.Cell(nil), box[:size]...),
			Count: 1, Policy: pols[rng.IntN(3)]}
		switch r := rng.IntN(6); {
		case r == 0 && left >= 2*size:
			pc.Count = 2
		case r == 1:
			pc.Count, pc.Unlimited = 0, true
		}
		pieces = append(pieces, pc)
		if pc.Unlimited {
			left = 0
		} else {
			left -= pc.Count * size
		}
	}
	p, err := puzzle.New(puzzle.Spec{Dim: dim, Region: region, Pieces: pieces})
	if err != nil {
		return nil
	}
	return p
}

func describePuzzle(p *puzzle.Puzzle) string {
	s := fmt.Sprintf("region %v;", p.Region.Cells)
	for _, pc := range p.Pieces {
		s += fmt.Sprintf(" %s %v x%d unl=%v pol=%v;", pc.Name, pc.Shape, pc.Count, pc.Unlimited, pc.Policy)
	}
	return s
}
