package native

import (
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// bruteForce is an independent, naive enumerator: it shares nothing with
// the solvers but the puzzle package. It fills the first empty cell (in the
// puzzle's natural order) with every image of every piece that has copies
// left and covers that cell, and collects the complete tilings by
// puzzle.Canonical, which merges the permutations of identical copies.
// Unique solutions are counted by taking, for every tiling, the smallest
// canonical key over the puzzle's symmetries (puzzle.MapPlacement).
type bruteForce struct {
	p      *puzzle.Puzzle
	byCell [][]int // images covering each cell
	used   []int
	filled []bool
	stack  []puzzle.Placement
	all    map[string]puzzle.Tiling
}

func bruteSolve(t testing.TB, p *puzzle.Puzzle) (all map[string]puzzle.Tiling, unique map[string]bool) {
	t.Helper()
	b := &bruteForce{p: p, byCell: make([][]int, p.Area()), used: make([]int, len(p.Pieces)),
		filled: make([]bool, p.Area()), all: map[string]puzzle.Tiling{}}
	for n := range p.Images.Len() {
		for _, c := range p.Images.Cells(n) {
			b.byCell[c] = append(b.byCell[c], n)
		}
	}
	b.fill()
	syms := p.Symmetries()
	unique = map[string]bool{}
	for _, tl := range b.all {
		best := ""
		for _, g := range syms {
			m := puzzle.Tiling{}
			for _, pl := range tl.Placements {
				q, ok := p.MapPlacement(g, pl)
				if !ok {
					t.Fatalf("symmetry %v does not map %v", g.T, pl)
				}
				m.Placements = append(m.Placements, q)
			}
			if k := p.Canonical(m); best == "" || k < best {
				best = k
			}
		}
		unique[best] = true
	}
	return b.all, unique
}

func (b *bruteForce) fill() {
	first := slices.Index(b.filled, false)
	if first < 0 {
		for k := range b.p.Pieces {
			pc := &b.p.Pieces[k]
			if !pc.Unlimited && b.used[k] != pc.Count {
				return
			}
		}
		tl := puzzle.Tiling{Placements: slices.Clone(b.stack)}
		b.all[b.p.Canonical(tl)] = tl
		return
	}
next:
	for _, n := range b.byCell[first] {
		pl := b.p.Images.Place[n]
		pc := &b.p.Pieces[pl.Piece]
		if !pc.Unlimited && b.used[pl.Piece] >= pc.Count {
			continue
		}
		cells := b.p.Images.Cells(n)
		for _, c := range cells {
			if b.filled[c] {
				continue next
			}
		}
		for _, c := range cells {
			b.filled[c] = true
		}
		b.used[pl.Piece]++
		b.stack = append(b.stack, pl)
		b.fill()
		b.stack = b.stack[:len(b.stack)-1]
		b.used[pl.Piece]--
		for _, c := range cells {
			b.filled[c] = false
		}
	}
}

// tinyPuzzles are small puzzles with symmetric images, copies, unlimited
// pieces, holes and 3D boards, for the brute-force comparisons.
func tinyPuzzles(t testing.TB) map[string]*puzzle.Puzzle {
	free := puzzle.Free
	pent := func(names ...string) []puzzle.PieceSpec { return pieceSpecs(t, pentominoArt, names, free) }
	sq := func(n int) []puzzle.Cell { return puzzle.Box(puzzle.Dims{Width: n, Height: n}) }
	out := map[string]*puzzle.Puzzle{}
	// 5x5 square: the X can sit on the centre (an image with 8 symmetries).
	out["5x5-XFLPU"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: sq(5), Pieces: pent("X", "F", "L", "P", "U")})
	out["5x5-XLPTU"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: sq(5), Pieces: pent("X", "L", "P", "T", "U")})
	// Symmetric solutions: the X in the centre of 3x3 with four unit
	// squares, and pinwheels of four copies of a pentomino around an X.
	one := puzzle.PieceSpec{Name: "O1", Cells: art(t, "#"), Count: 4, Policy: free}
	out["3x3-X+1s"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: sq(3), Pieces: append(pent("X"), one)})
	for _, n := range []string{"L", "P"} {
		ps := pent("X", n)
		ps[1].Count = 4
		out["5x5-X+4"+n] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: sq(5), Pieces: ps})
	}
	// 6x5 rectangle with six pentominoes.
	out["6x5"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 6, Height: 5}), Pieces: pent("L", "N", "P", "U", "V", "Y")})
	// Copies: two L tetrominoes, an I and an O in a 4x4 square.
	tet := func(name string, count int) puzzle.PieceSpec {
		return puzzle.PieceSpec{Name: name, Cells: art(t, tetrominoArt[name]), Count: count, Policy: free}
	}
	out["4x4-copies"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: sq(4), Pieces: []puzzle.PieceSpec{tet("L4", 2), tet("I4", 1), tet("O4", 1)}})
	// Two pieces of one class given under different names (a class of 2).
	l2 := tet("L4", 1)
	l2.Name = "L4b"
	out["4x4-twins"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: sq(4), Pieces: []puzzle.PieceSpec{tet("L4", 1), l2, tet("I4", 1), tet("O4", 1)}})
	// Four copies of the V tromino in a 3x4 box.
	v3 := puzzle.PieceSpec{Name: "V3", Cells: art(t, "##/#."), Count: 4, Policy: free}
	out["3x4-V3x4"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 4, Height: 3}), Pieces: []puzzle.PieceSpec{v3}})
	// Unlimited dominoes in a 4x4 square; unlimited V trominoes with one I.
	dom := puzzle.PieceSpec{Name: "D", Cells: art(t, "##"), Unlimited: true, Policy: free}
	out["4x4-dominoes"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: sq(4), Pieces: []puzzle.PieceSpec{dom}})
	vu := v3
	vu.Count, vu.Unlimited = 0, true
	i3 := puzzle.PieceSpec{Name: "I3", Cells: art(t, "###"), Count: 1, Policy: free}
	out["3x5-V3inf-I3"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 5, Height: 3}), Pieces: []puzzle.PieceSpec{vu, i3}})
	// A piece with one copy and a twin of the same shape with an unlimited
	// supply: the one copy must be used (they are two classes; merged, the
	// class was unlimited and tilings without the copy were counted).
	va := v3
	va.Name, va.Count = "V3a", 1
	out["3x4-V3inf-V3a"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 4, Height: 3}), Pieces: []puzzle.PieceSpec{vu, va}})
	mono := puzzle.PieceSpec{Name: "M", Cells: art(t, "#"), Unlimited: true, Policy: free}
	a1 := puzzle.PieceSpec{Name: "A", Cells: art(t, "#"), Count: 1, Policy: free}
	out["3x2-D-M-A"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 3, Height: 2}), Pieces: []puzzle.PieceSpec{dom, mono, a1}})
	// A board with a hole: 5x5 without its centre, six tetrominoes (one
	// S that may not turn, so fewer symmetries map the pieces), 24 cells.
	var holed []puzzle.Cell
	for _, c := range sq(5) {
		if c != (puzzle.Cell{I: 2, J: 2}) {
			holed = append(holed, c)
		}
	}
	sFixed := tet("S4", 1)
	sFixed.Policy = puzzle.Fixed
	out["5x5-hole"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: holed, Pieces: []puzzle.PieceSpec{
		tet("L4", 2), tet("I4", 2), tet("O4", 1), sFixed}})
	// No solution: the five free tetrominoes cannot tile 4x5 (parity).
	out["4x5-tetrominoes"] = mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 5, Height: 4}),
		Pieces: pieceSpecs(t, tetrominoArt, tetrominoNames, free)})
	// 3D: four chiral tetracubes in a 2x2x4 box; four V tricubes and, with
	// unlimited supply, in a 2x3x2 box; L tetracubes with an L pentacube.
	r := puzzle.Rotate
	ac := cubePiece("Ac", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{0, 1, 0}, [3]int{0, 1, 1})
	ac.Count = 4
	out["2x2x4-A"] = mustPuzzle(t, puzzle.Spec{Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: 2, Height: 2, Depth: 4}), Pieces: []puzzle.PieceSpec{ac}})
	vc := cubePiece("Vc", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{0, 1, 0})
	vc.Count = 4
	out["2x3x2-V"] = mustPuzzle(t, puzzle.Spec{Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: 3, Height: 2, Depth: 2}), Pieces: []puzzle.PieceSpec{vc}})
	lc := cubePiece("Lc", r, [3]int{0, 0, 0}, [3]int{1, 0, 0}, [3]int{2, 0, 0}, [3]int{0, 1, 0})
	lc.Count = 4
	out["2x4x2-L"] = mustPuzzle(t, puzzle.Spec{Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: 4, Height: 2, Depth: 2}), Pieces: []puzzle.PieceSpec{lc}})
	return out
}
