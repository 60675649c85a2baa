package puzzle

import (
	"context"
	"errors"
	"slices"
)

// Symmetry is a rotation or reflection that maps the puzzle onto itself: the
// region onto the region and every class of interchangeable pieces onto a
// class with the same supply (so that it maps every solution to a solution).
type Symmetry struct {
	T     Transform
	Cell  []int32 // Cell[n] is the index of the image of cell n
	Class []int   // Class[c] is the class that class c is mapped onto
}

// Symmetries returns the symmetry group of the puzzle, identity first: the
// transforms of the lattice (8 in 2D, 48 in 3D) that map the region onto
// itself, limited to those under which the pieces' orientation sets are
// preserved (up to exchanging classes of equal supply). A 10x6 rectangle of
// free pentominoes has 4, a square 8, a cube of pieces that may only rotate 24.
// On a degenerate board (one cell wide, or a flat 3D board) two of them
// can map every cell and class alike: GroupOrder counts the distinct maps.
func (p *Puzzle) Symmetries() []Symmetry {
	syms, _ := p.SymmetriesContext(context.Background())
	return syms
}

// GroupOrder is the order of the group syms make as it acts on the
// puzzle: the number of distinct maps of the region's cells and of the
// piece classes among them. Two transforms can map both alike on a
// degenerate board, and then they are one symmetry of every tiling: on a
// 3x1 board the half turn and the mirror that swaps its ends make the
// same map, and the mirror in its long axis maps every cell onto itself,
// so its 4 transforms make a group of order 2. On a board at least two
// cells across both ways (a 2D board of several rows and columns) the
// order is len(syms).
func GroupOrder(syms []Symmetry) int {
	n := 0
	for i, s := range syms {
		if !slices.ContainsFunc(syms[:i], func(e Symmetry) bool {
			return slices.Equal(e.Cell, s.Cell) && slices.Equal(e.Class, s.Class)
		}) {
			n++
		}
	}
	return n
}

// SymmetriesContext is Symmetries, stopping with ctx's error within a
// fraction of a second of its cancellation: a cube of a million cells
// maps every cell under 48 transforms (2 s). ctx is read every 65,536
// cells, so a region of fewer cells always gets its group.
func (p *Puzzle) SymmetriesContext(ctx context.Context) ([]Symmetry, error) {
	cand := allTransforms
	if p.Dim == 2 {
		cand = p.Grid.Group(Free, 2)
	}
	// owner lists, for each orientation key, the classes whose orientation
	// set holds it.
	owner := map[string][]int{}
	for c := range p.Classes {
		for _, k := range p.Classes[c].keys {
			owner[k] = append(owner[k], c)
		}
	}
	var out []Symmetry
	for _, t := range cand {
		cm, err := p.mapRegion(ctx, t)
		if errors.Is(err, errNoMap) {
			continue
		}
		if err != nil { // mapRegion gave up
			return nil, err
		}
		clm, ok := p.mapClasses(t, owner, cm)
		if !ok {
			continue
		}
		out = append(out, Symmetry{T: t, Cell: cm, Class: clm})
	}
	return out, nil
}

// errNoMap is mapRegion's error for a transform that does not map the
// region onto itself.
var errNoMap = errors.New("the transform does not map the region onto itself")

// mapRegion returns t's map of the region cells, or errNoMap when t does
// not map the region onto itself; it gives up with ctx's error when ctx
// is done, read every 65,536 cells (so a region of fewer cells is always
// mapped, even under a context done before the start).
func (p *Puzzle) mapRegion(ctx context.Context, t Transform) ([]int32, error) {
	reg := p.Region
	if p.Grid != Square {
		return p.mapRegionPlanar(ctx, t)
	}
	// The image of the bounding box's corners gives the translation back
	// into the box; a transform that does not map the box onto itself
	// cannot map the region onto itself.
	hi := reg.Lo.Add(reg.Size).Sub(Cell{I: 1, J: 1, L: 1})
	a, b := t.Apply(reg.Lo), t.Apply(hi)
	lo := Cell{I: min(a.I, b.I), J: min(a.J, b.J), L: min(a.L, b.L)}
	if size := t.Apply(reg.Size); abs(size.I) != reg.Size.I || abs(size.J) != reg.Size.J || abs(size.L) != reg.Size.L {
		return nil, errNoMap
	}
	off := reg.Lo.Sub(lo)
	cm := make([]int32, len(reg.Cells))
	for n, c := range reg.Cells {
		if n&(1<<16-1) == 0 && n > 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		m := reg.Index(t.Apply(c).Add(off))
		if m < 0 {
			return nil, errNoMap
		}
		cm[n] = int32(m)
	}
	return cm, nil
}

// mapRegionPlanar is mapRegion on the hex and triangle grids, whose
// transforms do not map bounding boxes onto bounding boxes: the region
// mapped by t must be a translation of the region, and Grid.lo, which
// commutes with translations, gives the only candidate.
func (p *Puzzle) mapRegionPlanar(ctx context.Context, t Transform) ([]int32, error) {
	reg := p.Region
	mapped := make([]Cell, len(reg.Cells))
	for n, c := range reg.Cells {
		mapped[n] = t.Apply(c)
	}
	off := p.Grid.lo(reg.Cells).Sub(p.Grid.lo(mapped))
	cm := make([]int32, len(reg.Cells))
	for n, c := range mapped {
		if n&(1<<16-1) == 0 && n > 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		m := reg.Index(c.Add(off))
		if m < 0 {
			return nil, errNoMap
		}
		cm[n] = int32(m)
	}
	return cm, nil
}

// mapClasses finds the class that t maps each class onto. A class's
// orientation set is the orbit G.s of a shape s under its policy's group G
// (1, the rotations, or all transforms), and G is normal in the group of all
// transforms, so t maps it onto G.(t s): the orbit of one shape. That set
// is the orientation set of class d exactly when d's set holds t s and has
// as many orientations, since the groups are nested. This costs one
// orientation per class and transform instead of all of them.
//
// When either class has a placement constraint, the images must match too
// (cm being t's map of the region cells), so that a fixed piece, or a piece
// confined to a region, breaks the symmetries that do not map its allowed
// images onto themselves.
func (p *Puzzle) mapClasses(t Transform, owner map[string][]int, cm []int32) ([]int, bool) {
	out := make([]int, len(p.Classes))
	own := map[int][]string{} // image keys of constrained classes, unmapped
	ownKeys := func(d int) []string {
		if v, ok := own[d]; ok {
			return v
		}
		v := p.imageKeys(p.Classes[d].Pieces[0], p.identityMap())
		own[d] = v
		return v
	}
	for c := range p.Classes {
		cl := &p.Classes[c]
		rep := &p.Pieces[cl.Pieces[0]]
		key := t.Map(rep.Orients[0]).Key()
		found := -1
		var mapped []string // images of c mapped by t, when needed
		for _, d := range owner[key] {
			dl := &p.Classes[d]
			if dl.Unlimited != cl.Unlimited || dl.Count != cl.Count || len(dl.keys) != len(cl.keys) {
				continue
			}
			if p.Constrained(cl.Pieces[0]) || p.Constrained(dl.Pieces[0]) {
				if mapped == nil {
					mapped = p.imageKeys(cl.Pieces[0], cm)
				}
				if !slices.Equal(mapped, ownKeys(d)) {
					continue
				}
			}
			found = d
			break
		}
		if found < 0 {
			return nil, false
		}
		out[c] = found
	}
	return out, true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// MapPlacement returns the placement that symmetry s makes of pl: the same
// cells mapped by s, as a piece of the class s maps pl's class onto. When
// that class has several pieces, the one with the same position in the class
// is used. ok is false only if the puzzle is inconsistent.
func (p *Puzzle) MapPlacement(s Symmetry, pl Placement) (Placement, bool) {
	cells, err := p.PlacementCells(pl)
	if err != nil {
		return Placement{}, false
	}
	from := &p.Classes[p.Pieces[pl.Piece].Class]
	to := &p.Classes[s.Class[p.Pieces[pl.Piece].Class]]
	k := to.Pieces[slices.Index(from.Pieces, pl.Piece)%len(to.Pieces)]
	mapped := make([]Cell, len(cells))
	for n, m := range cells {
		mapped[n] = p.Region.Cells[s.Cell[m]]
	}
	shape := p.Grid.Normalize(mapped)
	lo := p.Grid.lo(mapped)
	for r, o := range p.Pieces[k].Orients {
		if o.Equal(shape) {
			return Placement{Piece: k, Orient: r, At: lo}, true
		}
	}
	return Placement{}, false
}
