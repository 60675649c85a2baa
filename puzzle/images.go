package puzzle

import (
	"context"
	"fmt"
)

// Placement is a member of the ok set: piece K in orientation R translated so
// that the minimum corner of the oriented shape lies at At. The variable
// x[k,r,i,j(,l)] of the binary program is indexed by it.
type Placement struct {
	Piece, Orient int
	At            Cell
}

// ImageSet holds every image (bounded placement) of a puzzle: the ok set,
// and for each image the region cells it covers, which is the cover set.
// Images are ordered by piece, orientation, then anchor in natural order;
// the ordering is stable for a given puzzle.
type ImageSet struct {
	Place      []Placement
	PieceStart []int // images of piece k are PieceStart[k] .. PieceStart[k+1]-1
	start      []int32
	cells      []int32
}

// Len is the number of images.
func (s *ImageSet) Len() int { return len(s.Place) }

// Cells returns the sorted region cell indices covered by image n. The slice
// is shared; do not modify it.
func (s *ImageSet) Cells(n int) []int32 { return s.cells[s.start[n]:s.start[n+1]:s.start[n+1]] }

// CoverEntries is the size of the cover set: cells summed over all images.
func (s *ImageSet) CoverEntries() int { return len(s.cells) }

// Find returns the index of the image with placement pl, or -1.
func (s *ImageSet) Find(pl Placement) int {
	if pl.Piece < 0 || pl.Piece+1 >= len(s.PieceStart) {
		return -1
	}
	lo, hi := s.PieceStart[pl.Piece], s.PieceStart[pl.Piece+1]
	for lo < hi { // binary search: (Orient, At) is sorted within a piece
		mid := (lo + hi) / 2
		q := s.Place[mid]
		c := cmpInt(q.Orient, pl.Orient)
		if c == 0 {
			c = q.At.Compare(pl.At)
		}
		switch {
		case c == 0:
			return mid
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return -1
}

// PlacementCells returns the region cells covered by a placement, or an error
// naming the first cell outside the region.
func (p *Puzzle) PlacementCells(pl Placement) ([]int32, error) {
	if pl.Piece < 0 || pl.Piece >= len(p.Pieces) {
		return nil, fmt.Errorf("no piece %d", pl.Piece)
	}
	pc := &p.Pieces[pl.Piece]
	if pl.Orient < 0 || pl.Orient >= len(pc.Orients) {
		return nil, fmt.Errorf("piece %s has no orientation %d", pc.Name, pl.Orient)
	}
	out := make([]int32, 0, pc.Size())
	for _, c := range pc.Orients[pl.Orient] {
		m := p.Region.Index(c.Add(pl.At))
		if m < 0 {
			return out, fmt.Errorf("piece %s orientation %d at %v covers %v outside the board", pc.Name, pl.Orient, pl.At, c.Add(pl.At))
		}
		out = append(out, int32(m))
	}
	return out, nil
}

// buildImages finds every image of every piece, refusing the puzzle as
// soon as the images or cover entries pass their limits, and stopping with
// ctx's error when it is done. A piece without an image is left out
// (p.Dropped, p.Unfit), for the caller to answer once the whole puzzle is
// checked.
func (p *Puzzle) buildImages(ctx context.Context) error {
	// The padding of the anchor grid must hold the widest orientation,
	// not the shape as drawn: a hex or triangle rotation can be wider
	// (a piece of cells apart on the hex grid wrapped into the next row,
	// giving images that are not translations of it).
	maxExt := 1
	for k := range p.Pieces {
		for _, o := range p.Pieces[k].Orients {
			e := o.Extent()
			maxExt = max(maxExt, e.I, e.J, e.L)
		}
	}
	g := newAnchorGrid(ctx, p.Region, maxExt, p.Grid)
	// anchors[k][r] are the padded anchor positions of piece k, orientation r.
	anchors := make([][][]int32, len(p.Pieces))
	var images, entries int
	var drop []int // pieces without an image
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		anchors[k] = make([][]int32, len(pc.Orients))
		n := 0
		for r, o := range pc.Orients {
			a, err := g.fits(o, nil)
			if err != nil {
				return err
			}
			if pc.constraint.key != "" {
				a = p.allowedAnchors(g, pc, o, a)
			}
			if g.work > MaxImageWork {
				return &Error{Pos: pc.Pos, Err: ErrLimit, Msg: fmt.Sprintf(
					"too large: finding the images takes more than %d word operations (at piece %q, %d cells, on a board whose bounding box has %d positions); see the documented limits",
					MaxImageWork, pc.Name, pc.Size(), g.nbits)}
			}
			anchors[k][r] = a
			n += len(a)
			images += len(a)
			entries += len(a) * pc.Size()
			if images > MaxImages || entries > MaxCoverEntries {
				return &Error{Pos: pc.Pos, Err: ErrLimit, Msg: fmt.Sprintf(
					"too large: more than %d images or %d cover entries (at piece %q); see the documented limits",
					MaxImages, MaxCoverEntries, pc.Name)}
			}
		}
		if n == 0 {
			drop = append(drop, k)
		}
	}
	if len(drop) > 0 {
		anchors = p.dropPieces(drop, anchors)
	}
	s := &ImageSet{
		Place:      make([]Placement, 0, images),
		PieceStart: make([]int, 0, len(p.Pieces)+1),
		start:      make([]int32, 0, images+1),
		cells:      make([]int32, 0, entries),
	}
	s.start = append(s.start, 0)
	reg := p.Region
	for k := range p.Pieces {
		s.PieceStart = append(s.PieceStart, len(s.Place))
		for r, o := range p.Pieces[k].Orients {
			for n, b := range anchors[k][r] {
				if n&1023 == 1023 {
					if err := ctx.Err(); err != nil {
						return err
					}
				}
				t := g.cellAt(int(b))
				s.Place = append(s.Place, Placement{Piece: k, Orient: r, At: t})
				// o is sorted and a translation keeps the natural order, in
				// which region cells are numbered: the cells come sorted.
				for _, c := range o {
					s.cells = append(s.cells, int32(reg.Index(c.Add(t))))
				}
				s.start = append(s.start, int32(len(s.cells)))
			}
		}
	}
	s.PieceStart = append(s.PieceStart, len(s.Place))
	p.Images = s
	return nil
}

// dropPieces leaves out the pieces drop (increasing indices, without
// images), records them in p.Dropped and p.Unfit and returns the anchors
// of the pieces kept.
func (p *Puzzle) dropPieces(drop []int, anchors [][][]int32) [][][]int32 {
	kept, keptAnchors := p.Pieces[:0], anchors[:0]
	d := 0
	for k := range p.Pieces {
		if d < len(drop) && drop[d] == k {
			pc := &p.Pieces[k]
			why := ""
			if p.Constrained(k) {
				why = " under its placement constraint (at / region)"
			}
			p.addUnfit(pc, &Error{Pos: pc.Pos, Err: ErrUnplaceable, Msg: fmt.Sprintf("piece %q fits nowhere in the board%s", pc.Name, why)})
			d++
			continue
		}
		kept, keptAnchors = append(kept, p.Pieces[k]), append(keptAnchors, anchors[k])
	}
	clear(p.Pieces[len(kept):])
	p.Pieces = kept
	return keptAnchors
}

// noPieceFits is the error when every piece was left out (unfit, not
// empty): the first one is named where it is defined.
func noPieceFits(unfit []Unfit) *Error {
	msg := fmt.Sprintf("piece %q fits nowhere in the board", unfit[0].Name)
	switch {
	case len(unfit) == 2:
		msg += fmt.Sprintf(", nor does the other piece, %q", unfit[1].Name)
	case len(unfit) > 2:
		msg += fmt.Sprintf(", nor do the %d other pieces", len(unfit)-1)
	}
	return &Error{Pos: unfit[0].Err.Pos, Err: ErrUnplaceable, Msg: msg}
}
