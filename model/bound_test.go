package model

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// searchTilings walks every set of non-overlapping images (within the
// counts) by the first undecided cell, independently of Program and
// Cover: each cell is either left uncovered (when partial) or covered by
// an image whose smallest cell it is. visit gets the covered area and
// whether every cell is covered and every finite count used up.
func searchTilings(p *puzzle.Puzzle, partial bool, visit func(covered int, exact bool)) {
	byFirst := make([][]int, p.Area())
	for n := range p.Images.Len() {
		c := p.Images.Cells(n)[0]
		byFirst[c] = append(byFirst[c], n)
	}
	used := make([]int, len(p.Pieces))
	free := make([]bool, p.Area())
	for n := range free {
		free[n] = true
	}
	var rec func(c, covered int)
	rec = func(c, covered int) {
		for c < len(free) && !free[c] {
			c++
		}
		if c == len(free) {
			exact := covered == p.Area()
			for k := range p.Pieces {
				if !p.Pieces[k].Unlimited && used[k] != p.Pieces[k].Count {
					exact = false
				}
			}
			visit(covered, exact)
			return
		}
		for _, n := range byFirst[c] {
			k := p.Images.Place[n].Piece
			if !p.Pieces[k].Unlimited && used[k] == p.Pieces[k].Count {
				continue
			}
			cells := p.Images.Cells(n)
			fits := true
			for _, m := range cells {
				fits = fits && free[m]
			}
			if !fits {
				continue
			}
			for _, m := range cells {
				free[m] = false
			}
			used[k]++
			rec(c+1, covered+len(cells))
			used[k]--
			for _, m := range cells {
				free[m] = true
			}
		}
		if partial {
			free[c] = false
			rec(c+1, covered)
			free[c] = true
		}
	}
	rec(0, 0)
}

func exactTilings(p *puzzle.Puzzle) int {
	n := 0
	searchTilings(p, false, func(_ int, exact bool) {
		if exact {
			n++
		}
	})
	return n
}

func maxCoverage(p *puzzle.Puzzle) int {
	best := 0
	searchTilings(p, true, func(covered int, _ bool) { best = max(best, covered) })
	return best
}

// bruteSubsetSum is the largest Σ s·n_s <= limit by enumerating counts.
func bruteSubsetSum(sizes, counts []int, limit int) int {
	best := 0
	var rec func(i, sum int)
	rec = func(i, sum int) {
		if sum > limit {
			return
		}
		if i == len(sizes) {
			best = max(best, sum)
			return
		}
		c := counts[i]
		if c < 0 {
			c = limit / sizes[i]
		}
		for n := 0; n <= c; n++ {
			rec(i+1, sum+n*sizes[i])
		}
	}
	rec(0, 0)
	return best
}

func TestMaxSubsetSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 400 {
		n := 1 + rng.IntN(4)
		var order, sizes, counts []int
		count := map[int]int{}
		for range n {
			s := 1 + rng.IntN(70)
			if _, dup := count[s]; dup {
				continue
			}
			c := rng.IntN(6) - 1 // -1 = unlimited
			order, sizes, counts = append(order, s), append(sizes, s), append(counts, c)
			count[s] = c
		}
		limit := rng.IntN(300)
		if trial%50 == 0 {
			limit = 64*rng.IntN(4) + 63 + rng.IntN(3) // word boundaries
		}
		got, want := maxSubsetSum(order, count, limit), bruteSubsetSum(sizes, counts, limit)
		if got != want {
			t.Fatalf("sizes %v counts %v limit %d: maxSubsetSum %d, brute force %d", sizes, counts, limit, got, want)
		}
	}
}

// TestCoverageBoundValid checks on random tiny puzzles that the bound is
// never below the brute-force maximum coverage, and that the gcd divides
// every covered area.
func TestCoverageBoundValid(t *testing.T) {
	shapes := []string{"#", "##", "###", "##/#.", "##/##", "###/.#.", "###/#..", ".##/##.", "####", "#.#/###"}
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 150 {
		rows, cols := 2+rng.IntN(3), 2+rng.IntN(3)
		var b strings.Builder
		for i := range rows {
			if i > 0 {
				b.WriteByte('/')
			}
			for range cols {
				if rng.IntN(6) == 0 {
					b.WriteByte('.')
				} else {
					b.WriteByte('#')
				}
			}
		}
		var pieces []puzzle.PieceSpec
		for k, n := 0, 1+rng.IntN(3); k < n; k++ {
			cells, _ := puzzle.ArtCells(shapes[1+rng.IntN(len(shapes)-1)], 0)
			c := rng.IntN(3)
			pieces = append(pieces, puzzle.PieceSpec{Name: fmt.Sprint("P", k), Cells: cells, Count: c, Unlimited: c == 0, Policy: puzzle.Free})
		}
		region, _ := puzzle.ArtCells(b.String(), 0)
		if len(region) == 0 {
			continue
		}
		p, err := puzzle.New(puzzle.Spec{Dim: 2, Region: region, Pieces: pieces})
		if err != nil {
			continue // a piece that fits nowhere
		}
		bd := CoverageBound(p)
		searchTilings(p, true, func(covered int, _ bool) {
			if covered > bd.Bound || covered%bd.GCD != 0 {
				t.Fatalf("trial %d (%s): coverage %d beats bound %+v", trial, b.String(), covered, bd)
			}
		})
	}
}

// TestCoverageBoundUnlimitedUnbalanced: the colouring arguments now count
// an unlimited piece that covers more of one colour than of the other as
// the copies that fit in the area (they counted nothing: the bound fell
// back to the area). On random tiny boards with unlimited pieces only,
// some of them unbalanced, no partial tiling (brute force) covers more
// than the bound, and the colouring lowers the bound below the area bound
// on some of them.
func TestCoverageBoundUnlimitedUnbalanced(t *testing.T) {
	shapes := []string{"###/.#.", "##/#.", "###", "#.#/###", "##", "####", "##/##"} // unbalanced first
	rng := rand.New(rand.NewPCG(5, 6))
	lowered := 0
	for trial := range 200 {
		rows, cols := 2+rng.IntN(3), 3+rng.IntN(4)
		var b strings.Builder
		for i := range rows {
			if i > 0 {
				b.WriteByte('/')
			}
			for range cols {
				if rng.IntN(7) == 0 {
					b.WriteByte('.')
				} else {
					b.WriteByte('#')
				}
			}
		}
		region, _ := puzzle.ArtCells(b.String(), 0)
		var pieces []puzzle.PieceSpec
		for k, n := 0, 1+rng.IntN(2); k < n; k++ {
			cells, _ := puzzle.ArtCells(shapes[rng.IntN(4+3*k)], 0) // the first piece unbalanced
			pieces = append(pieces, puzzle.PieceSpec{Name: fmt.Sprint("P", k), Cells: cells, Unlimited: true, Policy: puzzle.Free})
		}
		if len(region) == 0 {
			continue
		}
		p, err := puzzle.New(puzzle.Spec{Dim: 2, Region: region, Pieces: pieces})
		if err != nil {
			continue // a piece that fits nowhere
		}
		bd := CoverageBound(p)
		best := maxCoverage(p)
		if best > bd.Bound {
			t.Fatalf("trial %d (%s, %d pieces): coverage %d beats bound %+v", trial, b.String(), len(pieces), best, bd)
		}
		// The area bound alone, and whether an unbalanced piece is there.
		var order []int
		count, unbalanced := map[int]int{}, false
		for k := range p.Pieces {
			sz := p.Pieces[k].Size()
			if _, dup := count[sz]; !dup {
				order = append(order, sz)
			}
			count[sz] = -1
			pb, pw := checkerboard(p.Pieces[k].Shape)
			unbalanced = unbalanced || pb != pw
		}
		if unbalanced && bd.Bound < maxSubsetSum(order, count, p.Area()) {
			lowered++
		}
	}
	if lowered == 0 {
		t.Error("an unbalanced unlimited piece never lowered a bound below the area bound")
	}
	t.Logf("an unbalanced unlimited piece lowered %d bounds below the area bound", lowered)
}

func TestCoverageBoundCases(t *testing.T) {
	tetro := []pp{{"I", "####", 0, puzzle.Free}, {"O", "##/##", 0, puzzle.Free}, {"T", "###/.#.", 0, puzzle.Free}, {"S", ".##/##.", 0, puzzle.Free}, {"L", "#../#../##", 0, puzzle.Free}}
	seven := strings.Repeat("#######/", 7)
	var tetroOnce []pp
	for _, x := range tetro {
		x.count = 1
		tetroOnce = append(tetroOnce, x)
	}
	cases := []struct {
		name        string
		p           *puzzle.Puzzle
		bound, gcd  int
		reason      string
		brute       bool // compare with brute-force maximum coverage
		wantOptimal bool // the bound is attained
	}{
		{"7x7 tetrominoes", build(t, seven, tetro...), 48, 4, "area bound 48: largest multiple of 4 <= 49", false, false},
		// The mutilated chessboard: 4x4 without two opposite corners has
		// 6 black and 8 white cells; dominoes cover at most 12.
		{"mutilated 4x4", build(t, ".###/####/####/###.", pp{"D", "##", 0, puzzle.Free}), 12, 2, "checkerboard bound 12", true, true},
		// Finite pieces that do not fill the region.
		{"two bars", build(t, "####/####", pp{"I", "###", 2, puzzle.Free}), 6, 3, "area bound 6: total area of the pieces 6 <= 8", true, true},
		// T tetrominoes are unbalanced (3:1), but four of them, +2+2-2-2,
		// fit the colours of 4x4 (and tile it).
		{"T 4x4", build(t, "####/####/####/####", pp{"T", "###/.#.", 0, puzzle.Free}), 16, 4, "area bound 16", true, true},
		// Unlimited Ts in 4x5 (10 and 10): at most 5 fit, and covering all
		// 20 cells needs five imbalances of 2 to add up to 0, which an odd
		// number cannot: 16 (the area bound said 20).
		{"T 4x5", build(t, "#####/#####/#####/#####", pp{"T", "###/.#.", 0, puzzle.Free}), 16, 4, "checkerboard bound 16: the region has 10 black and 10 white cells; the unlimited piece T covers 2 more of one colour than of the other (at most 5 copies of its 4 cells fit in 20)", true, true},
		// The same with unlimited dominoes beside the Ts: they fill it.
		{"T and dominoes 4x5", build(t, "#####/#####/#####/#####", pp{"T", "###/.#.", 0, puzzle.Free}, pp{"D", "##", 0, puzzle.Free}), 20, 2, "area bound 20", true, true},
		// Unlimited Ts in 10x10: 25 fit at most, an odd number: 96, the
		// bound of 25 Ts (the native search used to prove 96 by exhausting
		// the 100-cell tilings, info said 100).
		{"T 10x10", build(t, strings.Repeat("##########/", 10), pp{"T", "###/.#.", 0, puzzle.Free}), 96, 4, "checkerboard bound 96", false, false},
		{"25 Ts 10x10", build(t, strings.Repeat("##########/", 10), pp{"T", "###/.#.", 25, puzzle.Free}), 96, 4, "checkerboard bound 96", false, false},
		// 3 and 5 reach every area >= 8 but not 7.
		{"3+5 in 7", build(t, "#######", pp{"I3", "###", 0, puzzle.Free}, pp{"I5", "#####", 0, puzzle.Free}), 6, 1, "area bound 6: largest sum of available piece sizes <= 7", true, true},
		// A balanced piece with a finite unbalanced one: 3x3 has 5 black and
		// 4 white cells; dominoes plus one V (imbalance 1) cover at most 9.
		{"dominoes and V", build(t, "###/###/###", pp{"D", "##", 0, puzzle.Free}, pp{"V", "##/#.", 1, puzzle.Free}), 9, 1, "area bound 9", true, true},
		// The five tetrominoes in 4x5: 10 black, 10 white cells; T covers 3
		// of one colour and 1 of the other, the rest 2 and 2, so covering
		// all 20 cells would need T balanced. The signed knapsack proves 16
		// (the plain checkerboard cap 2*10 + 2 allowed 20).
		{"tetrominoes 4x5", build(t, "#####/#####/#####/#####", tetroOnce...), 16, 4, "checkerboard bound 16: the region has 10 black and 10 white cells; 4 pieces cover as many black cells as white in every placement, 1 piece covers 2 more", true, true},
		// Three T tetrominoes and dominoes in 4x4 (8 and 8): the three
		// imbalances of 2 add up to ±2 or ±6, never 0, so with all three Ts
		// placed at most 14 cells; dominoes alone fill the square.
		{"Ts and dominoes", build(t, "####/####/####/####", pp{"T", "###/.#.", 3, puzzle.Free}, pp{"D", "##", 0, puzzle.Free}), 16, 2, "area bound 16", true, true},
		// Two Ts in 2x4 (4 and 4): +2 - 2 = 0, the colours allow 8 (the
		// shapes do not: no two Ts tile 2x4, the bound is not attained).
		{"two Ts", build(t, "####/####", pp{"T", "###/.#.", 2, puzzle.Free}), 8, 4, "area bound 8", true, false},
		// Three Ts and nothing else in 4x4: 12 cells need the signs to add
		// up within 8/8: 2+2-2 = 2, (12+2)/2 = 7 <= 8, so 12 is allowed.
		{"three Ts", build(t, "####/####/####/####", pp{"T", "###/.#.", 3, puzzle.Free}), 12, 4, "area bound 12", true, true},
	}
	for _, c := range cases {
		b := CoverageBound(c.p)
		if b.Bound != c.bound || b.GCD != c.gcd || !strings.HasPrefix(b.Reason, c.reason) {
			t.Errorf("%s: %+v, want bound %d gcd %d reason %q", c.name, b, c.bound, c.gcd, c.reason)
		}
		if !strings.HasPrefix(b.Reason, b.Name()+" ") {
			t.Errorf("%s: Name %q, Reason %q", c.name, b.Name(), b.Reason)
		}
		if c.brute {
			if got := maxCoverage(c.p); (got == b.Bound) != c.wantOptimal || got > b.Bound {
				t.Errorf("%s: brute-force maximum coverage %d, bound %d", c.name, got, b.Bound)
			}
		}
	}
}

func ExampleCoverageBound() {
	board, _ := puzzle.ArtCells(strings.Repeat("#######/", 7), 0)
	var pieces []puzzle.PieceSpec
	for _, art := range []string{"####", "##/##", "###/.#.", ".##/##.", "#../#../##"} {
		cells, _ := puzzle.ArtCells(art, 0)
		pieces = append(pieces, puzzle.PieceSpec{Name: art, Cells: cells, Unlimited: true, Policy: puzzle.Free})
	}
	p, err := puzzle.New(puzzle.Spec{Dim: 2, Region: board, Pieces: pieces})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(CoverageBound(p).Reason)
	// Output: area bound 48: largest multiple of 4 <= 49
}

// TestBoundName: Name names the argument that gives the bound, so that
// compare's "stopped at the ... bound" note names the bound HiGHS stopped
// at (it always said "area bound", also for the T-tetromino 10x10's
// checkerboard bound 96); it agrees with the Reason CoverageBound writes.
func TestBoundName(t *testing.T) {
	for _, c := range []struct {
		b    Bound
		want string
	}{
		{Bound{Bound: 48, Cells: 49, Colour: 49}, "area bound"},
		{Bound{Bound: 96, Cells: 100, Colour: 96}, "checkerboard bound"},
		{Bound{Cells: 4, Colour: 4}, "area bound"},
	} {
		if got := c.b.Name(); got != c.want {
			t.Errorf("Name of %+v = %q, want %q", c.b, got, c.want)
		}
	}
}
