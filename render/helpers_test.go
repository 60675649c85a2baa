package render

import (
	"math/rand/v2"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// piece builds a piece spec from inline art (layers separated by " | ").
func piece(t testing.TB, name, art string, count int, pol puzzle.Policy) puzzle.PieceSpec {
	t.Helper()
	return puzzle.PieceSpec{Name: name, Cells: artLayers(t, art), Count: count, Unlimited: count == 0, Policy: pol}
}

func artLayers(t testing.TB, art string) []puzzle.Cell {
	t.Helper()
	var cells []puzzle.Cell
	for l, layer := range splitLayers(art) {
		cs, err := puzzle.ArtCells(layer, l)
		if err != nil {
			t.Fatal(err)
		}
		cells = append(cells, cs...)
	}
	return cells
}

func splitLayers(art string) []string {
	var out []string
	cur := ""
	for i := 0; i < len(art); i++ {
		if art[i] == '|' {
			out = append(out, cur)
			cur = ""
			continue
		}
		cur += string(art[i])
	}
	return append(out, cur)
}

func mustPuzzle(t testing.TB, name string, dim int, board string, pieces ...puzzle.PieceSpec) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.New(puzzle.Spec{Name: name, Dim: dim, Region: artLayers(t, board), Pieces: pieces})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// solve finds tilings of p by brute force: the first uncovered cell is
// covered by every image that fits, in image order, or in random order when
// rng is set. It stops after limit tilings (0: all). With partial set, cells
// may be skipped (left uncovered), which enumerates partial tilings too.
func solve(p *puzzle.Puzzle, limit int, rng *rand.Rand) []puzzle.Tiling {
	imgs := p.Images
	byCell := make([][]int, p.Area())
	for n := range imgs.Len() {
		c := imgs.Cells(n)[0] // lowest cell of the image
		byCell[c] = append(byCell[c], n)
	}
	used := make([]bool, p.Area())
	left := make([]int, len(p.Pieces))
	for k := range p.Pieces {
		left[k] = p.Pieces[k].Count
		if p.Pieces[k].Unlimited {
			left[k] = 1 << 30
		}
	}
	var out []puzzle.Tiling
	var stack []puzzle.Placement
	var rec func(from int) bool
	rec = func(from int) bool {
		c := from
		for c < len(used) && used[c] {
			c++
		}
		if c == len(used) {
			out = append(out, puzzle.Tiling{Placements: append([]puzzle.Placement(nil), stack...)})
			return limit > 0 && len(out) >= limit
		}
		cands := byCell[c]
		if rng != nil {
			cands = append([]int(nil), cands...)
			rng.Shuffle(len(cands), func(a, b int) { cands[a], cands[b] = cands[b], cands[a] })
		}
	next:
		for _, n := range cands {
			pl := imgs.Place[n]
			if left[pl.Piece] == 0 {
				continue
			}
			cells := imgs.Cells(n)
			for _, x := range cells {
				if used[x] {
					continue next
				}
			}
			for _, x := range cells {
				used[x] = true
			}
			left[pl.Piece]--
			stack = append(stack, pl)
			stop := rec(c + 1)
			stack = stack[:len(stack)-1]
			left[pl.Piece]++
			for _, x := range cells {
				used[x] = false
			}
			if stop {
				return true
			}
		}
		return false
	}
	rec(0)
	return out
}

// dominoBoard is an n x n board with unlimited dominoes.
func dominoBoard(t testing.TB, n int) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.New(puzzle.Spec{Name: "dominoes", Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: n, Height: n}),
		Pieces: []puzzle.PieceSpec{{Name: "D", Cells: []puzzle.Cell{{I: 0, J: 0}, {I: 0, J: 1}}, Unlimited: true, Policy: puzzle.Rotate}}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// dominoTiling covers an n x n board with dominoes in a basket weave: 2x2
// blocks of two horizontal or two vertical dominoes, alternating like a
// checkerboard; for odd n the last column and row get vertical and
// horizontal dominoes and the corner cell stays uncovered.
func dominoTiling(p *puzzle.Puzzle, n int) puzzle.Tiling {
	var t puzzle.Tiling
	h, v := 0, 1
	if p.Pieces[0].Orients[0].Extent().J != 2 { // orientation 0 is vertical
		h, v = 1, 0
	}
	add := func(o, i, j int) {
		t.Placements = append(t.Placements, puzzle.Placement{Piece: 0, Orient: o, At: puzzle.Cell{I: i, J: j}})
	}
	m := n - n%2
	for i := 0; i < m; i += 2 {
		for j := 0; j < m; j += 2 {
			if (i/2+j/2)%2 == 0 {
				add(h, i, j)
				add(h, i+1, j)
			} else {
				add(v, i, j)
				add(v, i, j+1)
			}
		}
	}
	if n%2 == 1 {
		for k := 0; k < m; k += 2 {
			add(v, k, n-1)
			add(h, n-1, k)
		}
	}
	return t
}
