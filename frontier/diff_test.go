package frontier

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// randomSpec makes a small random puzzle: a box on the square (2D or 3D),
// hex or triangle grid, a third of them with a few holes, and one to three random pieces
// grown cell by cell, each with a finite count or an unlimited supply and
// a random orientation policy.
func randomSpec(rng *rand.Rand, grid puzzle.Grid, dim int) puzzle.Spec {
	d := puzzle.Dims{Width: 2 + rng.IntN(4), Height: 2 + rng.IntN(3)}
	if dim == 3 {
		d = puzzle.Dims{Width: 2 + rng.IntN(2), Height: 2 + rng.IntN(2), Depth: 2 + rng.IntN(2)}
	}
	if grid == puzzle.Triangle {
		d.Width = 1 + rng.IntN(3)
	}
	box := puzzle.GridBox(grid, d)
	var region, empty []puzzle.Cell
	holes := rng.IntN(3) == 0 // a third of the boards have holes
	for _, c := range box {
		if holes && rng.IntN(6) == 0 && len(empty) < 3 {
			empty = append(empty, c)
			continue
		}
		region = append(region, c)
	}
	if len(region) == 0 {
		region, empty = box, nil
	}
	spec := puzzle.Spec{Name: "random", Dim: dim, Grid: grid, Region: append(region, empty...), Empty: empty}
	nPieces := 1 + rng.IntN(3)
	for k := range nPieces {
		size := 1 + rng.IntN(4)
		cells := []puzzle.Cell{{}}
		in := map[puzzle.Cell]bool{{}: true}
		for len(cells) < size {
			c := cells[rng.IntN(len(cells))]
			nbs := grid.Neighbors(c, nil)
			n := nbs[rng.IntN(len(nbs))]
			if dim == 2 && n.L != 0 || in[n] {
				continue
			}
			in[n] = true
			cells = append(cells, n)
		}
		ps := puzzle.PieceSpec{Name: fmt.Sprintf("P%d", k), Cells: cells, Policy: puzzle.Policy(rng.IntN(3))}
		if rng.IntN(2) == 0 {
			ps.Unlimited = true
		} else {
			ps.Count = 1 + rng.IntN(3)
		}
		spec.Pieces = append(spec.Pieces, ps)
	}
	return spec
}

// TestAgainstNative compares the frontier counts (all and unique) with
// native DLX and FILA on hundreds of random small puzzles on every grid,
// with holes, finite and unlimited supplies.
func TestAgainstNative(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 1))
	kinds := []struct {
		grid puzzle.Grid
		dim  int
	}{{puzzle.Square, 2}, {puzzle.Square, 3}, {puzzle.Hex, 2}, {puzzle.Triangle, 2}}
	tested, nonzero, folded := 0, 0, 0
	for n := 0; tested < 400 && n < 4000; n++ {
		kind := kinds[n%len(kinds)]
		spec := randomSpec(rng, kind.grid, kind.dim)
		p, err := puzzle.New(spec)
		if err != nil {
			continue // a piece fits nowhere, or the like
		}
		tested++
		res, err := Count(context.Background(), p, Options{Unique: true})
		if err != nil {
			t.Fatalf("puzzle %d (%v, %dD): %v", n, kind.grid, kind.dim, err)
		}
		for _, alg := range []string{"dlx", "fila"} {
			nr, err := native.Solve(context.Background(), p, native.Config{Algorithm: alg})
			if err != nil {
				t.Fatalf("puzzle %d: native %s: %v", n, alg, err)
			}
			if res.All.Cmp(big.NewInt(nr.All)) != 0 || res.Unique.Cmp(big.NewInt(nr.Unique)) != 0 {
				t.Errorf("puzzle %d (%v, %dD, %d cells): frontier %v all / %v unique, native %s %d / %d; Fix %+v",
					n, kind.grid, kind.dim, p.Area(), res.All, res.Unique, alg, nr.All, nr.Unique, res.Fix)
			}
		}
		if res.All.Sign() > 0 {
			nonzero++
		}
		if res.Unique.Cmp(res.All) != 0 {
			folded++
		}
	}
	t.Logf("%d puzzles, %d with tilings, %d with fewer unique than all", tested, nonzero, folded)
	if tested < 400 || nonzero < 100 || folded < 50 {
		t.Fatalf("only %d puzzles built, %d with tilings, %d folded by symmetries", tested, nonzero, folded)
	}
}

// TestUniqueAgainstNative compares unique counts (Burnside over the
// frontier's fixed-point counts) with native DLX on boards whose
// symmetries fix many tilings: placements that straddle a mirror or the
// centre, orbits of two and four.
func TestUniqueAgainstNative(t *testing.T) {
	hexBox := func(w, h int, pieces ...puzzle.PieceSpec) *puzzle.Puzzle {
		return mustPuzzle(t, puzzle.Spec{Name: "hex", Dim: 2, Grid: puzzle.Hex, Region: puzzle.GridBox(puzzle.Hex, puzzle.Dims{Width: w, Height: h}), Pieces: pieces})
	}
	triBox := func(w, h int, pieces ...puzzle.PieceSpec) *puzzle.Puzzle {
		return mustPuzzle(t, puzzle.Spec{Name: "tri", Dim: 2, Grid: puzzle.Triangle, Region: puzzle.GridBox(puzzle.Triangle, puzzle.Dims{Width: w, Height: h}), Pieces: pieces})
	}
	cells := func(cs ...[2]int) []puzzle.Cell {
		var out []puzzle.Cell
		for _, c := range cs {
			out = append(out, puzzle.Cell{I: c[0], J: c[1]})
		}
		return out
	}
	cases := []struct {
		name string
		p    *puzzle.Puzzle
	}{
		{"dominoes 6x6", dominoes(t, 6, 6)},
		{"dominoes 5x6", dominoes(t, 5, 6)},
		{"L-trominoes 6x6", boxPuzzle(t, 6, 6, unlimited(t, "L3", "##/#."))},
		{"trominoes 5x6", boxPuzzle(t, 5, 6, unlimited(t, "L3", "##/#."), unlimited(t, "I3", "###"))},
		{"tetrominoes 4x6", tetrominoes(t, 4, 6)},
		{"L and X 5x5", boxPuzzle(t, 5, 5, unlimited(t, "X", ".#./###/.#."), unlimited(t, "L3", "##/#."), unlimited(t, "M", "#"))},
		{"hex pairs 4x3", hexBox(4, 3, puzzle.PieceSpec{Name: "H2", Cells: cells([2]int{0, 0}, [2]int{0, 1}), Unlimited: true, Policy: puzzle.Free})},
		{"hex triples 3x3", hexBox(3, 3, puzzle.PieceSpec{Name: "H3", Cells: cells([2]int{0, 0}, [2]int{0, 1}, [2]int{1, 1}), Unlimited: true, Policy: puzzle.Free},
			puzzle.PieceSpec{Name: "H1", Cells: cells([2]int{0, 0}), Count: 3, Policy: puzzle.Free})},
		{"one-sided twins 4x6", boxPuzzle(t, 4, 6,
			puzzle.PieceSpec{Name: "S", Cells: art(t, ".##/##."), Unlimited: true, Policy: puzzle.Rotate},
			puzzle.PieceSpec{Name: "Z", Cells: art(t, "##./.##"), Unlimited: true, Policy: puzzle.Rotate},
			puzzle.PieceSpec{Name: "L", Cells: art(t, "#./#./##"), Count: 2, Policy: puzzle.Rotate},
			puzzle.PieceSpec{Name: "J", Cells: art(t, ".#/.#/##"), Count: 2, Policy: puzzle.Rotate},
			unlimited(t, "O", "##/##"))},
		{"diamonds 3x2", triBox(3, 2, puzzle.PieceSpec{Name: "D", Cells: cells([2]int{0, 0}, [2]int{0, 1}), Unlimited: true, Policy: puzzle.Free})},
	}
	for _, tc := range cases {
		res, err := Count(context.Background(), tc.p, Options{Unique: true})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		nr, err := native.Solve(context.Background(), tc.p, native.Config{Algorithm: "dlx"})
		if err != nil {
			t.Fatal(err)
		}
		if res.All.Cmp(big.NewInt(nr.All)) != 0 || res.Unique.Cmp(big.NewInt(nr.Unique)) != 0 {
			t.Errorf("%s: frontier %v / %v unique, native %d / %d; fixed points %+v", tc.name, res.All, res.Unique, nr.All, nr.Unique, res.Fix)
		}
		if res.Symmetries != nr.Symmetries {
			t.Errorf("%s: group of order %d, native's %d", tc.name, res.Symmetries, nr.Symmetries)
		}
	}
}
