package puzzle

import (
	"fmt"
	"slices"
)

// Region is the set of cells to fill, holes allowed, in natural order.
// Cell indices 0..Len()-1 follow that order and are used by every solver,
// the ok / cover sets and the exporters.
type Region struct {
	Cells []Cell
	Lo    Cell // minimum coordinates of the bounding box
	Size  Cell // extent of the bounding box along I, J, L
	grid  []int32
}

func newRegion(cells []Cell) (*Region, error) {
	cs := slices.Clone(cells)
	slices.SortFunc(cs, Cell.Compare)
	if n := len(slices.Compact(slices.Clone(cs))); n != len(cs) {
		return nil, fmt.Errorf("the board lists a cell twice")
	}
	lo, hi := cs[0], cs[0]
	for _, c := range cs {
		lo.I, lo.J, lo.L = min(lo.I, c.I), min(lo.J, c.J), min(lo.L, c.L)
		hi.I, hi.J, hi.L = max(hi.I, c.I), max(hi.J, c.J), max(hi.L, c.L)
	}
	size := Cell{I: hi.I - lo.I + 1, J: hi.J - lo.J + 1, L: hi.L - lo.L + 1}
	vol := int64(size.I) * int64(size.J) * int64(size.L)
	if vol > 16*MaxCells {
		return nil, fmt.Errorf("the board's bounding box has %d positions; the limit is %d: %w", vol, 16*MaxCells, ErrLimit)
	}
	r := &Region{Cells: cs, Lo: lo, Size: size, grid: make([]int32, vol)}
	for n := range r.grid {
		r.grid[n] = -1
	}
	for n, c := range cs {
		r.grid[r.pos(c)] = int32(n)
	}
	return r, nil
}

func (r *Region) pos(c Cell) int {
	return ((c.I-r.Lo.I)*r.Size.J+(c.J-r.Lo.J))*r.Size.L + (c.L - r.Lo.L)
}

// Len is the number of cells.
func (r *Region) Len() int { return len(r.Cells) }

// RowWidth is the extent of the widest row of the region (cells of one I,
// all layers), in cells along J from its first cell to its last, holes
// included. On the hex and triangle grids it is the board's width as the
// picture shows it: W hexagons for a hex board WxH (whose bounding box in
// axial coordinates, Size.J, is W+H-1 since each row leans half a cell),
// 2W triangles for a triangle board WxH (2W+H-1 columns).
func (r *Region) RowWidth() int {
	w := 0
	for n := 0; n < len(r.Cells); {
		m := n
		for m < len(r.Cells) && r.Cells[m].I == r.Cells[n].I {
			m++
		}
		// cells are sorted by I, then J, then L
		w = max(w, r.Cells[m-1].J-r.Cells[n].J+1)
		n = m
	}
	return w
}

// Index returns the index of cell c, or -1 when c is not in the region.
func (r *Region) Index(c Cell) int {
	d := c.Sub(r.Lo)
	if d.I < 0 || d.J < 0 || d.L < 0 || d.I >= r.Size.I || d.J >= r.Size.J || d.L >= r.Size.L {
		return -1
	}
	return int(r.grid[r.pos(c)])
}

// Neighbors returns the indices of the face neighbours of cell n that are in
// the region, in the order -I, -J, -L, +I, +J, +L (missing ones left out):
// the square grid's; Grid.Neighbors gives those of every grid.
func (r *Region) Neighbors(n int) []int {
	c := r.Cells[n]
	var out []int
	for _, d := range FaceDirs {
		if m := r.Index(c.Add(d)); m >= 0 {
			out = append(out, m)
		}
	}
	return out
}

// FaceDirs are the six unit steps -I, -J, -L, +I, +J, +L, the neighbour
// order of the FILA article's ILSI bits (bit 5 down to bit 0).
var FaceDirs = [6]Cell{{I: -1}, {J: -1}, {L: -1}, {I: 1}, {J: 1}, {L: 1}}

// Dims is the size of a box, named as in the puzzle file's "W x H x D":
// the board "10x6" is Dims{Width: 10, Height: 6}.
type Dims struct {
	Width  int // columns: the J coordinate runs over 0..Width-1
	Height int // rows: the I coordinate runs over 0..Height-1
	Depth  int // layers: the L coordinate runs over 0..Depth-1; 0 means 1 (2D)
}

// Box returns the cells of a box in natural order: Box(Dims{Width: 10,
// Height: 6}) is the 10x6 board of the puzzle file, 6 rows of 10 cells.
// A dimension below 1 (other than a zero Depth) gives no cells.
func Box(d Dims) []Cell {
	ni, nj, nl := d.Height, d.Width, d.Depth
	if nl == 0 {
		nl = 1
	}
	if ni < 1 || nj < 1 || nl < 1 {
		return nil
	}
	cells := make([]Cell, 0, ni*nj*nl)
	for i := range ni {
		for j := range nj {
			for l := range nl {
				cells = append(cells, Cell{I: i, J: j, L: l})
			}
		}
	}
	return cells
}

// Extent describes the size of a hex or triangle board as its picture
// shows it, rows and the widest row (RowWidth): "4 rows, up to 7 hexagons
// wide" for the hex board 7x4, "6 rows, up to 12 triangles wide" for the
// triangle board 6x6 (six rhombi a row). It is "" on the square grid,
// whose bounding box (Region.Size) is the board's size.
func (p *Puzzle) Extent() string {
	unit := ""
	switch p.Grid {
	case Hex:
		unit = "hexagon"
	case Triangle:
		unit = "triangle"
	default:
		return ""
	}
	rows, w := p.Region.Size.I, p.Region.RowWidth()
	s := fmt.Sprintf("%d row", rows)
	if rows != 1 {
		s += "s"
	}
	s += ", up to"
	if rows == 1 {
		s = "1 row,"
	}
	s += fmt.Sprintf(" %d %s", w, unit)
	if w != 1 {
		s += "s"
	}
	return s + " wide"
}
