package native

import (
	"fmt"
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// constraintCase is a puzzle with a placement constraint on one piece and
// the same constraint as a predicate on the cells of that piece, written
// independently of the puzzle package's constraint code.
type constraintCase struct {
	name  string
	spec  puzzle.Spec // without the constraint
	piece string
	c     puzzle.Constraint
	ok    func(cells []puzzle.Cell) bool // the constraint on one copy's cells
	// native: enumerate the unconstrained puzzle with plain DLX (no
	// filter), checked elsewhere against published counts, instead of the
	// brute force, which is too slow for it.
	native bool
}

// cellsOf returns the board cells of a placement.
func cellsOf(t testing.TB, p *puzzle.Puzzle, pl puzzle.Placement) []puzzle.Cell {
	idx, err := p.PlacementCells(pl)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]puzzle.Cell, len(idx))
	for n, m := range idx {
		out[n] = p.Region.Cells[m]
	}
	return out
}

// minCorner is the minimum row and column (and layer) of some cells.
func minCorner(cells []puzzle.Cell) puzzle.Cell {
	lo := cells[0]
	for _, c := range cells {
		lo.I, lo.J, lo.L = min(lo.I, c.I), min(lo.J, c.J), min(lo.L, c.L)
	}
	return lo
}

func constraintCases(t testing.TB) []constraintCase {
	pent := func(names ...string) []puzzle.PieceSpec { return pieceSpecs(t, pentominoArt, names, puzzle.Free) }
	at := func(i, j int) *puzzle.Cell { return &puzzle.Cell{I: i, J: j} }
	cols := func(lo, hi int) func([]puzzle.Cell) bool {
		return func(cells []puzzle.Cell) bool {
			for _, c := range cells {
				if c.J < lo || c.J > hi {
					return false
				}
			}
			return true
		}
	}
	rows := func(lo, hi int) func([]puzzle.Cell) bool {
		return func(cells []puzzle.Cell) bool {
			for _, c := range cells {
				if c.I < lo || c.I > hi {
					return false
				}
			}
			return true
		}
	}
	colRegion := func(rows, lo, hi int) []puzzle.Cell {
		var out []puzzle.Cell
		for i := range rows {
			for j := lo; j <= hi; j++ {
				out = append(out, puzzle.Cell{I: i, J: j})
			}
		}
		return out
	}
	cornerAt := func(c puzzle.Cell) func([]puzzle.Cell) bool {
		return func(cells []puzzle.Cell) bool { return minCorner(cells) == c }
	}
	sq5 := puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 5, Height: 5, Depth: 1}), Pieces: pent("X", "F", "L", "P", "U")}
	r65 := puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 6, Height: 5, Depth: 1}), Pieces: pent("L", "N", "P", "U", "V", "Y")}
	l4 := puzzle.PieceSpec{Name: "L4", Cells: art(t, tetrominoArt["L4"]), Count: 2, Policy: puzzle.Free}
	copies := puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 4, Height: 4, Depth: 1}), Pieces: []puzzle.PieceSpec{l4,
		{Name: "I4", Cells: art(t, "####"), Count: 1, Policy: puzzle.Free},
		{Name: "O4", Cells: art(t, "##/##"), Count: 1, Policy: puzzle.Free}}}
	somaSpec := puzzle.Spec{Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: 3, Height: 3, Depth: 3}), Pieces: somaPieces()}
	layer := func(l int) func([]puzzle.Cell) bool {
		return func(cells []puzzle.Cell) bool {
			for _, c := range cells {
				if c.L != l {
					return false
				}
			}
			return true
		}
	}
	var bottom []puzzle.Cell
	for _, c := range puzzle.Box(puzzle.Dims{Width: 3, Height: 3, Depth: 3}) {
		if c.L == 0 {
			bottom = append(bottom, c)
		}
	}
	return []constraintCase{
		// 3D: the T tetracube flat in the bottom layer (about 5 s: skipped
		// with -short).
		{name: "soma-T-bottom", spec: somaSpec, piece: "T", c: puzzle.Constraint{Region: bottom, HasRegion: true}, ok: layer(0), native: true},
		// X off the centre: no symmetry maps its one image onto itself.
		{"5x5-X-at-1-2", sq5, "X", puzzle.Constraint{At: at(1, 2)}, cornerAt(puzzle.Cell{I: 1, J: 2}), false},
		// L with its corner at (0,0), any orientation: only the diagonal
		// reflection maps that set of images onto itself.
		{"5x5-L-corner", sq5, "L", puzzle.Constraint{At: at(0, 0)}, cornerAt(puzzle.Cell{}), false},
		{"5x5-P-corner", sq5, "P", puzzle.Constraint{At: at(0, 0)}, cornerAt(puzzle.Cell{}), false},
		// V within the left three columns: only the top-bottom mirror stays.
		{"6x5-V-left", r65, "V", puzzle.Constraint{Region: colRegion(5, 0, 2), HasRegion: true}, cols(0, 2), false},
		{"6x5-L-middle", r65, "L", puzzle.Constraint{Region: colRegion(5, 1, 4), HasRegion: true}, cols(1, 4), false},
		// Both copies of L4 within the top three rows.
		{"4x4-L4x2-top", copies, "L4", puzzle.Constraint{Region: puzzle.Box(puzzle.Dims{Width: 4, Height: 3, Depth: 1}), HasRegion: true}, rows(0, 2), false},
	}
}

// TestConstraintsBruteForce checks every native configuration on puzzles
// with a fixed or confined piece against the brute force of the puzzle
// without the constraint, filtered by the constraint written as a
// predicate: the total, and the unique count as the orbits under the
// symmetries of the unconstrained puzzle that map the allowed images of
// the piece onto themselves. It also checks that the puzzle's symmetry
// group is that subgroup (a group that ignored the constraint would make
// --count and --unique wrong).
func TestConstraintsBruteForce(t *testing.T) {
	for _, tc := range constraintCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			if tc.native && testing.Short() {
				t.Skip("seconds: skipped with -short")
			}
			base := mustPuzzle(t, tc.spec)
			spec := tc.spec
			spec.Pieces = slices.Clone(spec.Pieces)
			k := base.Piece(tc.piece)
			spec.Pieces[k].Constraint = tc.c
			p := mustPuzzle(t, spec)

			// The allowed images of the piece, by the predicate.
			allowed := map[string]bool{}
			for n := base.Images.PieceStart[k]; n < base.Images.PieceStart[k+1]; n++ {
				if tc.ok(cellsOf(t, base, base.Images.Place[n])) {
					allowed[fmt.Sprint(base.Images.Cells(n))] = true
				}
			}
			var h []puzzle.Symmetry
			for _, g := range base.Symmetries() {
				fixes := true
				for n := base.Images.PieceStart[k]; n < base.Images.PieceStart[k+1]; n++ {
					src := base.Images.Cells(n)
					if !allowed[fmt.Sprint(src)] {
						continue
					}
					img := make([]int32, len(src))
					for a, m := range src {
						img[a] = g.Cell[m]
					}
					slices.Sort(img)
					if !allowed[fmt.Sprint(img)] {
						fixes = false
					}
				}
				if fixes {
					h = append(h, g)
				}
			}
			if got := len(p.Symmetries()); got != len(h) {
				t.Errorf("symmetry group of order %d, want %d", got, len(h))
			}

			var all map[string]puzzle.Tiling
			if tc.native {
				all = map[string]puzzle.Tiling{}
				solve(t, base, Config{Redundancy: "none", OnSolution: func(tl puzzle.Tiling) { all[base.Canonical(tl)] = tl }})
			} else {
				all, _ = bruteSolve(t, base)
			}
			want := map[string]bool{}
			wantUnique := map[string]bool{}
			for key, tl := range all {
				good := true
				for _, pl := range tl.Placements {
					if pl.Piece == k && !tc.ok(cellsOf(t, base, pl)) {
						good = false
					}
				}
				if !good {
					continue
				}
				want[key] = true
				best := ""
				for _, g := range h {
					m := puzzle.Tiling{}
					for _, pl := range tl.Placements {
						q, _ := base.MapPlacement(g, pl)
						m.Placements = append(m.Placements, q)
					}
					if c := base.Canonical(m); best == "" || c < best {
						best = c
					}
				}
				wantUnique[best] = true
			}
			if len(want) == 0 {
				t.Fatalf("no solution satisfies the constraint: a weak test")
			}
			t.Logf("%d of %d solutions satisfy the constraint, %d unique, group %d", len(want), len(all), len(wantUnique), len(h))
			total, _ := p.PieceArea()
			cfgs := configs(total / p.Pieces[0].Size())
			if tc.native { // larger puzzles: a few configurations, to stay fast
				for name := range cfgs {
					if name != "dlx-default" && name != "fila-e-nof-red" {
						delete(cfgs, name)
					}
				}
			}
			for cname, cfg := range cfgs {
				var got []puzzle.Tiling
				cfg.OnSolution = func(tl puzzle.Tiling) { got = append(got, tl) }
				res := solve(t, p, cfg)
				if res.All != int64(len(want)) || res.Unique != int64(len(wantUnique)) {
					t.Errorf("%s: all %d unique %d, want %d and %d", cname, res.All, res.Unique, len(want), len(wantUnique))
				}
				for _, tl := range got {
					if _, err := p.Verify(tl, true); err != nil {
						t.Fatalf("%s: streamed an invalid tiling: %v", cname, err)
					}
				}
			}
		})
	}
}
