package compare

import "github.com/polytile/polytile/puzzle"

// symmetricImages is the number of image sets of orbitCuts that are
// solutions: all of them, except for a puzzle with the symmetric key,
// where an image g(S) of a symmetric tiling S is symmetric only when g
// maps the symmetry group onto itself (a rotation of a tiling symmetric
// in a vertical mirror is symmetric in a horizontal one): only the
// symmetric images count. The no-good cuts of the others are harmless
// (the program's symmetric rows exclude them anyway).
func symmetricImages(p *puzzle.Puzzle, orbit [][]int) int64 {
	if p.Symmetric == nil {
		return int64(len(orbit))
	}
	var n int64
	for _, set := range orbit {
		t := puzzle.Tiling{Placements: make([]puzzle.Placement, len(set))}
		for i, j := range set {
			t.Placements[i] = p.Images.Place[j]
		}
		if rep, _ := p.Verify(t, true); rep != nil && len(rep.Asymmetric) == 0 {
			n++
		}
	}
	return n
}
