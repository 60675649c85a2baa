package puzzle

import "fmt"

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

// forEachImage calls f for every bounded placement of piece k in order; the
// cells slice is reused between calls.
func (p *Puzzle) forEachImage(k int, f func(pl Placement, cells []int32)) {
	pc := &p.Pieces[k]
	buf := make([]int32, pc.Size())
	reg := p.Region
	for r, o := range pc.Orients {
		// An anchor t puts o[0] on some region cell c, so t = c - o[0];
		// region cells are sorted, hence so are the anchors.
	next:
		for _, c := range reg.Cells {
			t := c.Sub(o[0])
			for n, oc := range o {
				m := reg.Index(oc.Add(t))
				if m < 0 {
					continue next
				}
				buf[n] = int32(m)
			}
			if !pc.constraint.allows(t, buf) {
				continue
			}
			f(Placement{Piece: k, Orient: r, At: t}, buf)
		}
	}
}

func (p *Puzzle) buildImages() error {
	// Count first so that limits are checked before memory is spent.
	var images, entries int
	perPiece := make([]int, len(p.Pieces))
	for k := range p.Pieces {
		p.forEachImage(k, func(_ Placement, cells []int32) {
			perPiece[k]++
			entries += len(cells)
		})
		images += perPiece[k]
		if images > MaxImages || entries > MaxCoverEntries {
			return &Error{Pos: p.Pieces[k].Pos, Err: ErrLimit, Msg: fmt.Sprintf(
				"too large: more than %d images or %d cover entries (at piece %q); see the documented limits",
				MaxImages, MaxCoverEntries, p.Pieces[k].Name)}
		}
	}
	for k, n := range perPiece {
		if n == 0 && p.Constrained(k) {
			return Errorf(p.Pieces[k].Pos, "piece %q fits nowhere in the board under its placement constraint (at / region)", p.Pieces[k].Name)
		}
		if n == 0 {
			return Errorf(p.Pieces[k].Pos, "piece %q fits nowhere in the board", p.Pieces[k].Name)
		}
	}
	s := &ImageSet{
		Place:      make([]Placement, 0, images),
		PieceStart: make([]int, 0, len(p.Pieces)+1),
		start:      make([]int32, 0, images+1),
		cells:      make([]int32, 0, entries),
	}
	s.start = append(s.start, 0)
	for k := range p.Pieces {
		s.PieceStart = append(s.PieceStart, len(s.Place))
		p.forEachImage(k, func(pl Placement, cells []int32) {
			s.Place = append(s.Place, pl)
			n := len(s.cells)
			s.cells = append(s.cells, cells...)
			sortSmall(s.cells[n:])
			s.start = append(s.start, int32(len(s.cells)))
		})
	}
	s.PieceStart = append(s.PieceStart, len(s.Place))
	p.Images = s
	return nil
}

// sortSmall sorts a piece-sized slice in place (insertion sort).
func sortSmall(out []int32) {
	for a := 1; a < len(out); a++ {
		for b := a; b > 0 && out[b] < out[b-1]; b-- {
			out[b], out[b-1] = out[b-1], out[b]
		}
	}
}
