package render

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// touching returns the pairs of placements that share a face or a cell,
// computed from the pieces' shapes and the region's neighbours. A placement
// that is partly off the board counts with its cells on the board; one with
// an unknown piece or orientation touches nothing.
func touching(p *puzzle.Puzzle, t puzzle.Tiling) map[[2]int]bool {
	cover := make([][]int, p.Area())
	for n, pl := range t.Placements {
		if pl.Piece < 0 || pl.Piece >= len(p.Pieces) || pl.Orient < 0 || pl.Orient >= len(p.Pieces[pl.Piece].Orients) {
			continue
		}
		for _, c := range p.Pieces[pl.Piece].Orients[pl.Orient] {
			if m := p.Region.Index(c.Add(pl.At)); m >= 0 {
				cover[m] = append(cover[m], n)
			}
		}
	}
	pairs := map[[2]int]bool{}
	add := func(a, b int) {
		if a != b {
			pairs[[2]int{min(a, b), max(a, b)}] = true
		}
	}
	for c := range cover {
		for _, a := range cover[c] {
			for _, b := range cover[c] {
				add(a, b)
			}
			for _, nb := range p.Grid.Neighbors(p.Region.Cells[c], nil) {
				m := p.Region.Index(nb)
				if m < 0 {
					continue
				}
				for _, b := range cover[m] {
					add(a, b)
				}
			}
		}
	}
	return pairs
}

func checkColors(t *testing.T, p *puzzle.Puzzle, tl puzzle.Tiling) []int {
	t.Helper()
	col := Colors(p, tl)
	if len(col) != len(tl.Placements) {
		t.Fatalf("%d colours for %d placements", len(col), len(tl.Placements))
	}
	if !slices.Equal(col, Colors(p, tl)) {
		t.Fatal("Colors is not deterministic")
	}
	for pr := range touching(p, tl) {
		if col[pr[0]] == col[pr[1]] {
			t.Fatalf("%s: touching placements %d %v and %d %v share colour %d", p.Name, pr[0], tl.Placements[pr[0]], pr[1], tl.Placements[pr[1]], col[pr[0]])
		}
	}
	return col
}

// Neighbouring pieces never share a colour, over many random tilings, partial
// tilings and tilings with overlaps; 2D tilings by connected pieces need at
// most six colours (their adjacency graph is planar, of degeneracy <= 5).
func TestColorsNeighboursDiffer(t *testing.T) {
	mix := mustPuzzle(t, "mix", 2, "#####/#####/#####/#####/#####",
		piece(t, "m", "#", 0, puzzle.Free), piece(t, "d", "##", 0, puzzle.Free),
		piece(t, "l", "##/#.", 0, puzzle.Free), piece(t, "t", "###/.#.", 0, puzzle.Free))
	mix3 := mustPuzzle(t, "mix3", 3, "###/###/###|###/###/###|###/###/###",
		piece(t, "d", "##", 0, puzzle.Rotate), piece(t, "l", "##/#.", 0, puzzle.Rotate), piece(t, "m", "#", 0, puzzle.Rotate))
	pent, _ := pent3x5(t)
	for _, p := range []*puzzle.Puzzle{mix, mix3, tetrominoes(t), pent, dominoBoard(t, 6)} {
		rng := rand.New(rand.NewPCG(11, uint64(p.Area())))
		maxCol := 0
		for n, tl := range randomTilings(t, p, 60, uint64(n0(p))) {
			if n%3 == 2 { // add an overlapping image
				tl.Placements = append(tl.Placements, p.Images.Place[rng.IntN(p.Images.Len())])
			}
			used := slices.Max(append(checkColors(t, p, tl), -1)) + 1
			if p.Dim == 2 && n%3 != 2 && used > 6 {
				t.Fatalf("%s: a 2D tiling uses %d colours", p.Name, used)
			}
			maxCol = max(maxCol, used)
		}
		t.Logf("%s: at most %d colours", p.Name, maxCol)
	}
}

func n0(p *puzzle.Puzzle) int { return p.Area() + len(p.Pieces) }

// Smallest-last greedy colouring uses at most degeneracy+1 colours: two on
// a tree, n on the complete graph K_n.
func TestColorGraph(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 2; n < 60; n++ {
		adj := make([][]int32, n)
		for v := 1; v < n; v++ { // random tree
			u := rng.IntN(v)
			adj[v] = append(adj[v], int32(u))
			adj[u] = append(adj[u], int32(v))
		}
		col := colorGraph(adj, nil)
		for v := range adj {
			if col[v] < 0 || col[v] > 1 {
				t.Fatalf("tree of %d vertices: vertex %d has colour %d", n, v, col[v])
			}
			for _, u := range adj[v] {
				if col[u] == col[v] {
					t.Fatalf("tree of %d vertices: edge %d-%d monochrome", n, u, v)
				}
			}
		}
	}
	for n := 1; n < 12; n++ {
		adj := make([][]int32, n)
		for v := range n {
			for u := range n {
				if u != v {
					adj[v] = append(adj[v], int32(u))
				}
			}
		}
		col := colorGraph(adj, nil)
		slices.Sort(col)
		for v := range col {
			if col[v] != v {
				t.Fatalf("K_%d: colours %v, want 0..%d", n, col, n-1)
			}
		}
	}
}

// Every palette index names a distinct colour, in RGB and in ANSI.
func TestPaletteDistinct(t *testing.T) {
	rgbs, codes := map[[3]uint8]int{}, map[uint8]int{}
	for n, e := range palette {
		k := [3]uint8{e.rgb.R, e.rgb.G, e.rgb.B}
		if m, dup := rgbs[k]; dup {
			t.Errorf("palette %d and %d share RGB %v", m, n, k)
		}
		if m, dup := codes[e.ansi]; dup {
			t.Errorf("palette %d and %d share ANSI code %d", m, n, e.ansi)
		}
		rgbs[k], codes[e.ansi] = n, n
		if e.rgb == neutralRGB || e.rgb == conflictRGB || e.rgb == whiteRGB || e.ansi == ansiCode(colorNeutral) || e.ansi == ansiCode(colorConflict) {
			t.Errorf("palette %d looks like a special colour", n)
		}
	}
	if len(palette) < 40 {
		t.Errorf("palette has only %d colours", len(palette))
	}
}
