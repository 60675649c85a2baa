package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/polytile/polytile/puzzle"
)

// Symmetry selects the symmetry-breaking row of a Program. At most one
// can be used: each picks, for every solution, a symmetric copy of it,
// and two such choices made independently need not agree on one copy.
type Symmetry int

// Symmetry-breaking rows.
const (
	// NoSymmetry adds no row.
	NoSymmetry Symmetry = iota
	// PinPiece is the redundancy filter of the native search as a row:
	// one piece with a single copy, mapped onto itself by every symmetry
	// of the puzzle, may only take one image per orbit of its images
	// under the symmetry group (the lexicographically smallest cell
	// list): "sym_pin: Σ x[other images] = 0". Any solution that uses the
	// piece has a symmetric copy that uses a representative, so the
	// optimum (and the existence of an exact tiling) is unchanged.
	PinPiece
	// FixHole (MaxCoverage, when the bound of CoverageBound is below the
	// area, so that every partial tiling leaves a hole): at least one
	// hole lies in a fundamental domain F of the cell orbits (the first
	// cell of every orbit, in region order): "sym_hole: Σ_{c in F}
	// covered(c) <= |F| - 1". A tiling with a hole h has a symmetric
	// copy with a hole at the representative of h's orbit.
	FixHole
)

// String returns "none", "pin" or "hole".
func (s Symmetry) String() string {
	switch s {
	case NoSymmetry:
		return "none"
	case PinPiece:
		return "pin"
	case FixHole:
		return "hole"
	}
	return fmt.Sprintf("Symmetry(%d)", int(s))
}

// ParseSymmetry reads "none", "pin" or "hole".
func ParseSymmetry(s string) (Symmetry, error) {
	switch s {
	case "none", "":
		return NoSymmetry, nil
	case "pin":
		return PinPiece, nil
	case "hole":
		return FixHole, nil
	}
	return 0, fmt.Errorf("symmetry must be none, pin or hole, not %q", s)
}

// pinChoice is the piece pinned by PinPiece and its images that are not
// the representative of their orbit (sorted).
type pinChoice struct {
	piece  int
	nonRep []int
	reps   int
}

// choosePin picks the piece of PinPiece: among the pieces with one copy
// (a class of one piece) that every symmetry maps onto itself and whose
// images the symmetries permute, the one with the fewest representatives
// (most columns fixed), then the largest. It returns nil when the
// puzzle's symmetry group is trivial or no piece qualifies.
func choosePin(p *puzzle.Puzzle) *pinChoice {
	syms := p.Symmetries()
	if len(syms) <= 1 {
		return nil
	}
	var best *pinChoice
	for c := range p.Classes {
		cl := &p.Classes[c]
		if cl.Unlimited || cl.Count != 1 || len(cl.Pieces) != 1 {
			continue
		}
		fixed := true
		for _, s := range syms {
			fixed = fixed && s.Class[c] == c
		}
		if !fixed {
			continue
		}
		pc, ok := pinOrbits(p, syms, cl.Pieces[0])
		if !ok {
			continue
		}
		if best == nil || pc.reps < best.reps || pc.reps == best.reps && p.Pieces[pc.piece].Size() > p.Pieces[best.piece].Size() {
			best = pc
		}
	}
	return best
}

// pinOrbits partitions the images of piece k into orbits under syms.
func pinOrbits(p *puzzle.Puzzle, syms []puzzle.Symmetry, k int) (*pinChoice, bool) {
	imgs := p.Images
	lo, hi := imgs.PieceStart[k], imgs.PieceStart[k+1]
	key := func(cells []int32) string {
		var b strings.Builder
		for _, c := range cells {
			b.WriteString(strconv.Itoa(int(c)))
			b.WriteByte(',')
		}
		return b.String()
	}
	index := make(map[string]int, hi-lo)
	for n := lo; n < hi; n++ {
		index[key(imgs.Cells(n))] = n
	}
	rep := make(map[int]int, hi-lo)
	buf := make([]int32, 0, 16)
	for n := lo; n < hi; n++ {
		if _, done := rep[n]; done {
			continue
		}
		var orbit []int
		for _, s := range syms {
			buf = buf[:0]
			for _, c := range imgs.Cells(n) {
				buf = append(buf, s.Cell[c])
			}
			slices.Sort(buf)
			m, ok := index[key(buf)]
			if !ok {
				return nil, false
			}
			orbit = append(orbit, m)
		}
		best := orbit[0]
		for _, m := range orbit[1:] {
			if slices.Compare(imgs.Cells(m), imgs.Cells(best)) < 0 {
				best = m
			}
		}
		for _, m := range orbit {
			rep[m] = best
		}
	}
	pc := &pinChoice{piece: k}
	for n := lo; n < hi; n++ {
		if rep[n] == n {
			pc.reps++
		} else {
			pc.nonRep = append(pc.nonRep, n)
		}
	}
	return pc, true
}

// fundamentalDomain marks the first cell (in region order) of every orbit
// of cells under the puzzle's symmetries; nil when the group is trivial.
func fundamentalDomain(p *puzzle.Puzzle) (inF []bool, size int) {
	syms := p.Symmetries()
	if len(syms) <= 1 {
		return nil, 0
	}
	inF = make([]bool, p.Area())
	for n := range inF {
		first := true
		for _, s := range syms {
			if int(s.Cell[n]) < n {
				first = false
				break
			}
		}
		// n is the smallest of its orbit iff no symmetry maps it lower.
		if first {
			inF[n] = true
			size++
		}
	}
	return inF, size
}

// PinnedPiece returns the piece whose images the sym_pin row restricts,
// or -1 when the program has no such row.
func (pr *Program) PinnedPiece() int {
	if pr.pin == nil {
		return -1
	}
	return pr.pin.piece
}

// SymmetricCopy maps a tiling to a symmetric copy that satisfies the
// program's symmetry-breaking row (sym_pin: the pinned piece, if used,
// on the representative of its orbit; sym_hole: a hole in the
// fundamental domain), so that it can serve as a MIP start. A tiling of
// a program without such a row is returned unchanged. It is an error when
// no symmetry gives a copy that satisfies the row (for sym_hole, a
// tiling without a hole).
func (pr *Program) SymmetricCopy(t puzzle.Tiling) (puzzle.Tiling, error) {
	if pr.pinRow < 0 && pr.holeRow < 0 {
		return t, nil
	}
	p := pr.Puzzle
	var r Row
	for _, s := range p.Symmetries() {
		out := puzzle.Tiling{Placements: make([]puzzle.Placement, len(t.Placements))}
		for n, pl := range t.Placements {
			m, found := p.MapPlacement(s, pl)
			if !found {
				return puzzle.Tiling{}, fmt.Errorf("model: a symmetry does not map placement %v", pl)
			}
			out.Placements[n] = m
		}
		v, err := pr.Vector(out)
		if err != nil {
			return puzzle.Tiling{}, err
		}
		ok := true
		for _, i := range []int{pr.pinRow, pr.holeRow} {
			if i < 0 {
				continue
			}
			pr.Row(i, &r)
			sum := 0.0
			for _, tm := range r.Terms {
				sum += tm.Coef * v[tm.Index]
			}
			ok = ok && (r.Sense == EQ && sum == r.RHS || r.Sense == LE && sum <= r.RHS)
		}
		if ok {
			return out, nil
		}
	}
	return puzzle.Tiling{}, fmt.Errorf("model: no symmetric copy of the tiling satisfies the symmetry row %s", pr.Options.Symmetry)
}

// colourImbalance returns D of the checkerboard argument of CoverageBound
// (the finite pieces' imbalances times their counts) and whether the
// argument applies (every unlimited piece is balanced).
func colourImbalance(p *puzzle.Puzzle) (int, bool) {
	if !colouringHolds(p) {
		return 0, false
	}
	d := 0
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		b, w := checkerboard(pc.Shape)
		if pc.Unlimited {
			if b != w {
				return 0, false
			}
			continue
		}
		d += abs(b-w) * pc.Count
	}
	return d, true
}

// InFundamentalDomain reports whether region cell n is in the fundamental
// domain of the sym_hole row (false when the program has no such row).
func (pr *Program) InFundamentalDomain(n int) bool {
	return pr.inF != nil && n >= 0 && n < len(pr.inF) && pr.inF[n]
}
