package render

import (
	"fmt"
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
// tilings and tilings with overlaps; a placement takes its piece's own
// colour (the piece index) unless an earlier placement that touches it
// already has that colour.
func TestColorsNeighboursDiffer(t *testing.T) {
	mix := mustPuzzle(t, "mix", 2, "#####/#####/#####/#####/#####",
		piece(t, "m", "#", 0, puzzle.Free), piece(t, "d", "##", 0, puzzle.Free),
		piece(t, "l", "##/#.", 0, puzzle.Free), piece(t, "t", "###/.#.", 0, puzzle.Free))
	mix3 := mustPuzzle(t, "mix3", 3, "###/###/###|###/###/###|###/###/###",
		piece(t, "d", "##", 0, puzzle.Rotate), piece(t, "l", "##/#.", 0, puzzle.Rotate), piece(t, "m", "#", 0, puzzle.Rotate))
	pent, _ := pent3x5(t)
	for _, p := range []*puzzle.Puzzle{mix, mix3, tetrominoes(t), pent, dominoBoard(t, 6)} {
		rng := rand.New(rand.NewPCG(11, uint64(p.Area())))
		changed := 0
		for n, tl := range randomTilings(t, p, 60, uint64(n0(p))) {
			if n%3 == 2 { // add an overlapping image
				tl.Placements = append(tl.Placements, p.Images.Place[rng.IntN(p.Images.Len())])
			}
			col := checkColors(t, p, tl)
			pairs := touching(p, tl)
			for v, pl := range tl.Placements {
				if col[v] == pl.Piece {
					continue
				}
				changed++
				blocked := false
				for u := range v {
					if pairs[[2]int{u, v}] && col[u] == pl.Piece {
						blocked = true
					}
				}
				if !blocked {
					t.Fatalf("%s: placement %d of piece %d has colour %d, and no earlier neighbour has %d", p.Name, v, pl.Piece, col[v], pl.Piece)
				}
			}
		}
		t.Logf("%s: %d placements off their piece's colour", p.Name, changed)
	}
}

func n0(p *puzzle.Puzzle) int { return p.Area() + len(p.Pieces) }

// TestColorGraph: on random trees and complete graphs, colorPlacements
// gives a proper colouring; vertices whose wants differ from all their
// neighbours' keep them; on the complete graph K_n with one want for all,
// the colours are the want and then the spares in order.
func TestColorGraph(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const ncol = 10
	proper := func(name string, adj [][]int32, col []int) {
		for v := range adj {
			if col[v] < 0 || col[v] >= ncol {
				t.Fatalf("%s: vertex %d has colour %d", name, v, col[v])
			}
			for _, u := range adj[v] {
				if col[u] == col[v] {
					t.Fatalf("%s: edge %d-%d monochrome", name, u, v)
				}
			}
		}
	}
	for n := 2; n < 60; n++ {
		adj := make([][]int32, n)
		for v := 1; v < n; v++ { // random tree
			u := rng.IntN(v)
			adj[v] = append(adj[v], int32(u))
			adj[u] = append(adj[u], int32(v))
		}
		want := make([]int, n)
		for v := range want {
			want[v] = rng.IntN(3)
		}
		col := colorPlacements(adj, want, 3, ncol, nil)
		proper(fmt.Sprintf("tree of %d vertices", n), adj, col)
		for v := range adj {
			alone := true
			for _, u := range adj[v] {
				alone = alone && want[u] != want[v]
			}
			if alone && col[v] != want[v] {
				t.Fatalf("tree of %d vertices: vertex %d wants %d, no neighbour does, got %d", n, v, want[v], col[v])
			}
		}
	}
	for n := 1; n <= ncol; n++ {
		adj := make([][]int32, n)
		for v := range n {
			for u := range n {
				if u != v {
					adj[v] = append(adj[v], int32(u))
				}
			}
		}
		col := colorPlacements(adj, make([]int, n), 4, ncol, nil)
		proper(fmt.Sprintf("K_%d", n), adj, col)
		// Vertex 0 keeps its want 0; the others take the spares from 4
		// on, wrapping past the 0 that vertex 0 has.
		want := append([]int{0}, []int{4, 5, 6, 7, 8, 9, 1, 2, 3}[:n-1]...)
		if !slices.Equal(col, want) {
			t.Fatalf("K_%d: colours %v, want %v", n, col, want)
		}
	}
}

// TestPieceColorAcrossSolutions: a piece has one colour in two different
// tilings of a board and in the pieces picture (Pieces draws piece k in
// colour k), as long as no two copies of it touch.
func TestPieceColorAcrossSolutions(t *testing.T) {
	p, _ := pent3x5(t)
	ts := solve(p, 0, nil)
	if len(ts) < 2 {
		t.Fatalf("%d tilings of the 3x5 pentomino board, want at least 2", len(ts))
	}
	pieceColor := func(tl puzzle.Tiling) map[int]int {
		col := checkColors(t, p, tl)
		out := map[int]int{}
		for v, pl := range tl.Placements {
			out[pl.Piece] = col[v]
		}
		return out
	}
	if slices.Equal(ts[0].Placements, ts[len(ts)-1].Placements) {
		t.Fatal("the first and last tilings are the same")
	}
	a, b := pieceColor(ts[0]), pieceColor(ts[len(ts)-1])
	for k, c := range a {
		if bc, ok := b[k]; !ok || bc != c {
			t.Errorf("piece %s: colour %d in one tiling, %d in another", p.Pieces[k].Name, c, bc)
		}
	}
	blocks, _ := pieceBlocks(p, SVG)
	for k, blk := range blocks {
		if c, ok := a[k]; ok && blk.sc.groups[0].color != c {
			t.Errorf("piece %s: colour %d in the tiling, %d in the pieces picture", p.Pieces[k].Name, c, blk.sc.groups[0].color)
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
