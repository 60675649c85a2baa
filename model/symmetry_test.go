package model

import (
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestSymmetryRowsBruteForce enumerates every x assignment of small
// symmetric programs with a symmetry-breaking row (and the colour rows of
// Strengthen) and checks, against puzzle.Verify: every feasible point is a
// valid tiling; every valid tiling has a symmetric copy that is feasible
// (so no solution class is lost); the optimum equals the brute-force
// maximum coverage; and the row cuts something (it is not vacuous).
func TestSymmetryRowsBruteForce(t *testing.T) {
	cases := []*puzzle.Puzzle{
		// ring of 8 cells, group of order 8: the L and I trominoes (one of
		// each, 4 images each, one orbit) and a domino tile it.
		build(t, "###/#.#/###", pp{"L", "##/#.", 1, puzzle.Free}, pp{"I", "###", 1, puzzle.Free}, pp{"D", "##", 1, puzzle.Free}),
		// plus shape, no exact tiling by dominoes: the hole row applies.
		build(t, ".#./###/.#.", pp{"I", "##", 0, puzzle.Free}),
	}
	for ci, p := range cases {
		nx := p.Images.Len()
		if nx > 18 {
			t.Fatalf("case %d has %d images, too many to enumerate", ci, nx)
		}
		best := maxCoverage(p)
		syms := p.Symmetries()
		for _, opt := range symmetryOptions {
			pr, err := NewProgram(p, opt)
			if err != nil {
				t.Fatal(err)
			}
			if pr.PinRow() < 0 && pr.HoleRow() < 0 {
				continue
			}
			feasibleKeys := map[string]bool{}
			var valid []puzzle.Tiling
			optimum, cut := -1.0, 0
			x := make([]bool, nx)
			for mask := 0; mask < 1<<nx; mask++ {
				var tl puzzle.Tiling
				for n := range nx {
					x[n] = mask&(1<<n) != 0
					if x[n] {
						tl.Placements = append(tl.Placements, p.Images.Place[n])
					}
				}
				v := completion(pr, x)
				feas := satisfies(pr, v)
				if !feas && overlaps(p, x) {
					continue // Verify's error text is slow; overlaps are invalid
				}
				_, verr := p.Verify(tl, opt.Mode == Exact)
				if feas && verr != nil {
					t.Fatalf("case %d %v: x=%b feasible but not a valid tiling: %v", ci, opt, mask, verr)
				}
				if verr != nil {
					continue
				}
				rep, _ := p.Verify(tl, false)
				if opt.Mode == MaxCoverage && rep.Covered < best {
					continue // only optimal tilings need a feasible copy
				}
				valid = append(valid, tl)
				if !feas {
					cut++
					continue
				}
				feasibleKeys[key(p, tl)] = true
				optimum = max(optimum, pr.Objective(v))
			}
			if opt.Mode == MaxCoverage && optimum != float64(best) {
				t.Errorf("case %d %v: optimum %v, brute force %d", ci, opt, optimum, best)
			}
			if opt.Mode == Exact && len(valid) > 0 && len(feasibleKeys) == 0 {
				t.Errorf("case %d %v: the row cuts every exact tiling", ci, opt)
			}
			for _, tl := range valid {
				found := false
				for _, s := range syms {
					m := puzzle.Tiling{}
					for _, pl := range tl.Placements {
						q, ok := p.MapPlacement(s, pl)
						if !ok {
							t.Fatal("MapPlacement failed")
						}
						m.Placements = append(m.Placements, q)
					}
					if feasibleKeys[key(p, m)] {
						found = true
						break
					}
				}
				if !found {
					t.Errorf("case %d %v: optimal tiling %v has no feasible symmetric copy", ci, opt, tl)
				}
			}
			if cut == 0 {
				t.Errorf("case %d %v: the symmetry row cut no optimal tiling (vacuous test)", ci, opt)
			}
		}
	}
}

// key identifies a tiling by its set of images.
func key(p *puzzle.Puzzle, t puzzle.Tiling) string {
	b := make([]byte, p.Images.Len())
	for n := range b {
		b[n] = '0'
	}
	for _, pl := range t.Placements {
		b[p.Images.Find(pl)] = '1'
	}
	return string(b)
}

func TestPinRepresentative(t *testing.T) {
	p := build(t, "###/###/###", pp{"L", "##/#.", 1, puzzle.Free}, pp{"I", "##", 0, puzzle.Free})
	pr := mustProgram(t, p, ProgramOptions{Mode: MaxCoverage, Symmetry: PinPiece})
	if pr.PinnedPiece() != 0 {
		t.Fatalf("pinned piece %d, want L", pr.PinnedPiece())
	}
	for n := p.Images.PieceStart[0]; n < p.Images.PieceStart[1]; n++ {
		tl := puzzle.Tiling{Placements: []puzzle.Placement{p.Images.Place[n]}}
		m, err := pr.SymmetricCopy(tl)
		if err != nil {
			t.Fatal(err)
		}
		v, err := pr.Vector(m)
		if err != nil || !satisfies(pr, v) {
			t.Errorf("image %d: the mapped tiling does not satisfy the program (%v)", n, err)
		}
	}
	if _, err := NewProgram(p, ProgramOptions{Mode: Exact, Symmetry: FixHole}); err == nil {
		t.Error("hole symmetry accepted in exact mode")
	}
}

// overlaps reports whether two chosen images share a cell.
func overlaps(p *puzzle.Puzzle, x []bool) bool {
	used := make([]bool, p.Area())
	for n, on := range x {
		if !on {
			continue
		}
		for _, c := range p.Images.Cells(n) {
			if used[c] {
				return true
			}
			used[c] = true
		}
	}
	return false
}
