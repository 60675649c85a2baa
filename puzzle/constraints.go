package puzzle

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Constraint limits where a piece may be placed. The zero value allows
// every image. A constraint filters the images (the ok set) of its piece,
// so every backend (the exact-cover matrix, the binary program, every
// export and the native solvers) sees only the allowed placements.
type Constraint struct {
	// At, when set, fixes the position: the minimum corner of the image's
	// bounding box (its top-left cell in 2D, row I and column J of the
	// board, as Placement.At) must be this cell. With the piece's
	// orientations set to fixed, the piece is fixed in place as drawn.
	At *Cell
	// Region, when HasRegion, confines the piece: every cell of every image
	// must be one of these cells. Cells that are not on the board are
	// ignored.
	Region    []Cell
	HasRegion bool
	Pos       Pos // where the constraint is given, for messages
}

// Active reports whether the constraint limits anything.
func (c *Constraint) Active() bool { return c.At != nil || c.HasRegion }

// key is a canonical text of the constraint, "" when there is none.
func (c *Constraint) key(r *Region) string {
	if !c.Active() {
		return ""
	}
	var b strings.Builder
	if c.At != nil {
		fmt.Fprintf(&b, "@%v", *c.At)
	}
	if c.HasRegion {
		var in []int
		for _, cell := range c.Region {
			if m := r.Index(cell); m >= 0 {
				in = append(in, m)
			}
		}
		slices.Sort(in)
		fmt.Fprintf(&b, "in%v", slices.Compact(in))
	}
	return b.String()
}

// pieceConstraint is the validated form of a Constraint.
type pieceConstraint struct {
	at     *Cell
	within []bool // per region cell; nil when there is no region
	key    string
}

func newPieceConstraint(c Constraint, r *Region, dim int) (pieceConstraint, error) {
	pc := pieceConstraint{key: c.key(r)}
	if c.At != nil {
		at := *c.At
		if dim == 2 && at.L != 0 {
			return pc, fmt.Errorf("at: a 2D board has no layer %d", at.L)
		}
		pc.at = &at
	}
	if c.HasRegion {
		pc.within = make([]bool, r.Len())
		for _, cell := range c.Region {
			if m := r.Index(cell); m >= 0 {
				pc.within[m] = true
			}
		}
	}
	return pc, nil
}

// allows reports whether an image of the piece at anchor t covering the
// given region cells is allowed.
func (c *pieceConstraint) allows(t Cell, cells []int32) bool {
	if c.at != nil && t != *c.at {
		return false
	}
	if c.within != nil {
		for _, m := range cells {
			if !c.within[m] {
				return false
			}
		}
	}
	return true
}

// Constrained reports whether piece k has a placement constraint.
func (p *Puzzle) Constrained(k int) bool { return p.Pieces[k].constraint.key != "" }

// Allowed reports whether placement pl is an image the puzzle allows: on
// the board and within its piece's constraint.
func (p *Puzzle) Allowed(pl Placement) bool {
	cells, err := p.PlacementCells(pl)
	return err == nil && p.Pieces[pl.Piece].constraint.allows(pl.At, cells)
}

// removeEmpty takes the cells that must stay empty out of the region
// cells: for an exact tiling and for maximum coverage alike, they are
// not cells to cover. Each must be a cell of the board.
func removeEmpty(region, empty []Cell, pos Pos) ([]Cell, error) {
	if len(empty) == 0 {
		return region, nil
	}
	drop := map[Cell]bool{}
	for _, c := range empty {
		drop[c] = true
	}
	out := make([]Cell, 0, len(region))
	for _, c := range region {
		if drop[c] {
			delete(drop, c)
			continue
		}
		out = append(out, c)
	}
	if len(drop) > 0 {
		var bad []Cell
		for c := range drop {
			bad = append(bad, c)
		}
		slices.SortFunc(bad, Cell.Compare)
		return nil, Errorf(pos, "empty: cell %v (row %d, column %d) is not a cell of the board", bad[0], bad[0].I, bad[0].J)
	}
	if len(out) == 0 {
		return nil, Errorf(pos, "empty: every cell of the board is to stay empty")
	}
	return out, nil
}

// imageKeys returns the sorted cell lists, mapped by cm, of the images of
// piece k, one text per image, sorted.
func (p *Puzzle) imageKeys(k int, cm []int32) []string {
	s := p.Images
	out := make([]string, 0, s.PieceStart[k+1]-s.PieceStart[k])
	buf := make([]int32, 0, p.Pieces[k].Size())
	var b []byte
	for n := s.PieceStart[k]; n < s.PieceStart[k+1]; n++ {
		buf = buf[:0]
		for _, m := range s.Cells(n) {
			buf = append(buf, cm[m])
		}
		slices.Sort(buf)
		b = b[:0]
		for _, m := range buf {
			b = strconv.AppendInt(b, int64(m), 10)
			b = append(b, ',')
		}
		out = append(out, string(b))
	}
	slices.Sort(out)
	return out
}

// identityMap maps every region cell onto itself.
func (p *Puzzle) identityMap() []int32 {
	id := make([]int32, p.Region.Len())
	for n := range id {
		id[n] = int32(n)
	}
	return id
}

// allowedAnchors keeps the anchors (padded positions of the anchor grid g)
// of orientation o of piece pc whose images its constraint allows.
func (p *Puzzle) allowedAnchors(g *anchorGrid, pc *Piece, o Shape, anchors []int32) []int32 {
	out := anchors[:0:0]
	buf := make([]int32, len(o))
	for _, b := range anchors {
		t := g.cellAt(int(b))
		for n, c := range o {
			buf[n] = int32(p.Region.Index(c.Add(t)))
		}
		if pc.constraint.allows(t, buf) {
			out = append(out, b)
		}
	}
	return out
}
