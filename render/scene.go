package render

import (
	"fmt"

	"github.com/polytile/polytile/puzzle"
)

// Owner values of scene positions besides group indices 0, 1, 2, ...
const (
	ownBlank     = -1 // not part of the region
	ownUncovered = -2 // a region cell that no placement covers
	ownConflict  = -3 // covered twice, or by a placement that is off the board
)

// group is what one owner of cells looks like: a placed piece, a piece of a
// pieces picture, or the region itself.
type group struct {
	sym   string // text symbol
	name  string // label of SVG and PNG pictures
	color int    // palette index or one of the colorXxx constants
}

// scene is a box of positions, each blank, uncovered, a conflict or owned
// by a group: the common input of every picture of a region, piece or tiling.
type scene struct {
	grid       puzzle.Grid // Hex and Triangle scenes are drawn by planar.go
	lo         puzzle.Cell // coordinates of position (0, 0, 0)
	ni, nj, nl int
	own        []int32 // index (l*ni+i)*nj+j
	groups     []group
	uncovered  int // region cells covered by nothing
	conflicts  int // positions marked as conflicts
	offBox     int // cells of placements beyond the box (not drawn)
	invalid    int // placements whose piece or orientation does not exist
}

func newScene(lo, size puzzle.Cell) *scene {
	s := &scene{lo: lo, ni: size.I, nj: size.J, nl: max(size.L, 1)}
	s.own = make([]int32, s.ni*s.nj*s.nl)
	for x := range s.own {
		s.own[x] = ownBlank
	}
	return s
}

// at returns the owner of position (i, j) of layer l, ownBlank outside the box.
func (s *scene) at(i, j, l int) int32 {
	if i < 0 || j < 0 || l < 0 || i >= s.ni || j >= s.nj || l >= s.nl {
		return ownBlank
	}
	return s.own[(l*s.ni+i)*s.nj+j]
}

// pos returns the index of absolute cell c, or -1 outside the box.
func (s *scene) pos(c puzzle.Cell) int {
	d := c.Sub(s.lo)
	if d.I < 0 || d.J < 0 || d.L < 0 || d.I >= s.ni || d.J >= s.nj || d.L >= s.nl {
		return -1
	}
	return (d.L*s.ni+d.I)*s.nj + d.J
}

// layerName is the caption of layer l of a 3D scene.
func (s *scene) layerName(l int) string { return fmt.Sprintf("l=%d", s.lo.L+l) }

// symWidth is the width of the widest group symbol (at least 1).
func (s *scene) symWidth() int {
	w := 1
	for _, g := range s.groups {
		w = max(w, len([]rune(g.sym)))
	}
	return w
}

// regionScene is the region alone: one neutral group. It returns early,
// with part of the region, when st stops.
func regionScene(p *puzzle.Puzzle, st *stopper) *scene {
	s := newScene(p.Region.Lo, p.Region.Size)
	s.grid = p.Grid
	s.groups = []group{{sym: markRegion, color: colorNeutral}}
	for _, c := range p.Region.Cells {
		if st.stop() {
			break
		}
		s.own[s.pos(c)] = 0
	}
	return s
}

// pieceScene is the shape of piece k as given, coloured with colour.
func pieceScene(p *puzzle.Puzzle, k int, sym string, colour int) *scene {
	pc := &p.Pieces[k]
	s := newScene(puzzle.Cell{}, pc.Shape.Extent())
	s.grid = p.Grid
	s.groups = []group{{sym: sym, name: pc.Name, color: colour}}
	for _, c := range pc.Shape {
		s.own[s.pos(c)] = 0
	}
	return s
}

// maxExtraPositions bounds how far the box of a tiling scene grows beyond
// the region's box to show placements that stick out of the board.
const maxExtraPositions = 1 << 16

// tilingScene draws tiling t of p: one group per placement, coloured by
// colors (see Colors) and shown by syms (one per piece).
// It returns early, with part of the tiling, when st stops.
func tilingScene(p *puzzle.Puzzle, t puzzle.Tiling, syms []string, colors []int, st *stopper) *scene {
	reg := p.Region
	if st.check() != nil {
		return newScene(reg.Lo, puzzle.Cell{})
	}
	type placed struct {
		cells []puzzle.Cell
		bad   bool // off the board
	}
	pls := make([]placed, len(t.Placements))
	lo, hi := reg.Lo, reg.Lo.Add(reg.Size).Sub(puzzle.Cell{I: 1, J: 1, L: 1})
	blo, bhi := lo, hi
	invalid := 0
	for n, pl := range t.Placements {
		if st.stop() {
			break
		}
		if pl.Piece < 0 || pl.Piece >= len(p.Pieces) || pl.Orient < 0 || pl.Orient >= len(p.Pieces[pl.Piece].Orients) {
			invalid++
			continue
		}
		for _, c := range p.Pieces[pl.Piece].Orients[pl.Orient] {
			a := c.Add(pl.At)
			pls[n].cells = append(pls[n].cells, a)
			if reg.Index(a) < 0 {
				pls[n].bad = true
				blo = puzzle.Cell{I: min(blo.I, a.I), J: min(blo.J, a.J), L: min(blo.L, a.L)}
				bhi = puzzle.Cell{I: max(bhi.I, a.I), J: max(bhi.J, a.J), L: max(bhi.L, a.L)}
			}
		}
	}
	// Grow the box to show cells off the board, unless that is huge.
	vol := func(a, b puzzle.Cell) int64 {
		return int64(b.I-a.I+1) * int64(b.J-a.J+1) * int64(b.L-a.L+1)
	}
	if vol(blo, bhi) <= vol(lo, hi)+maxExtraPositions && (p.Dim == 3 || blo.L == 0 && bhi.L == 0) {
		lo, hi = blo, bhi
	}
	// Stopped: the caller returns the context's error, so the box, the
	// groups and the counts (three more passes over a million cells or
	// placements, a third of a second) are not built.
	if st.check() != nil {
		return newScene(lo, puzzle.Cell{})
	}
	s := newScene(lo, hi.Sub(lo).Add(puzzle.Cell{I: 1, J: 1, L: 1}))
	s.grid = p.Grid
	s.invalid = invalid
	for _, c := range reg.Cells {
		if st.stop() {
			return s
		}
		s.own[s.pos(c)] = ownUncovered
	}
	s.groups = make([]group, len(t.Placements))
	for n, pl := range t.Placements {
		if st.stop() {
			return s
		}
		g := group{sym: "?", color: colors[n]}
		if pl.Piece >= 0 && pl.Piece < len(p.Pieces) {
			g.sym, g.name = syms[pl.Piece], p.Pieces[pl.Piece].Name
		}
		s.groups[n] = g
	}
	for n := range pls {
		if st.stop() {
			break
		}
		for _, c := range pls[n].cells {
			x := s.pos(c)
			switch {
			case x < 0:
				s.offBox++
			case pls[n].bad || s.own[x] >= 0 || s.own[x] == ownConflict || s.own[x] == ownBlank:
				s.own[x] = ownConflict
			default:
				s.own[x] = int32(n)
			}
		}
	}
	for _, o := range s.own {
		switch o {
		case ownUncovered:
			s.uncovered++
		case ownConflict:
			s.conflicts++
		}
	}
	return s
}

// ambiguous reports whether two different groups with the same symbol touch
// within a layer, so that a picture of symbols alone would merge them. It
// gives up (false) when st stops.
func (s *scene) ambiguous(st *stopper) bool {
	for l := range s.nl {
		for i := range s.ni {
			for j := range s.nj {
				if st.stop() {
					return false
				}
				a := s.at(i, j, l)
				if a < 0 {
					continue
				}
				for _, b := range []int32{s.at(i+1, j, l), s.at(i, j+1, l)} {
					if b >= 0 && b != a && s.groups[a].sym == s.groups[b].sym {
						return true
					}
				}
			}
		}
	}
	return false
}
