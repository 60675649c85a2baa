// Package geom holds the lattice geometry shared by polytile's packages:
// cells, shapes and their normal form. It imports nothing from polytile, so
// that package polyform (which generates shapes) and package puzzle (which
// places them) use one Cell type; both re-export it as a type alias
// (polyform.Cell, puzzle.Cell are geom.Cell).
//
// The coordinates are those of the puzzle files: row I (0 is the top line
// of an ASCII-art board), column J and layer L (always 0 in 2D). On the hex
// and triangle grids the same three integers are the grid's coordinates
// (see package puzzle).
package geom

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Cell is a lattice point: row I, column J and layer L (always 0 in 2D).
// Row 0 is the top line of an ASCII-art board.
type Cell struct{ I, J, L int }

// Add returns c translated by d.
func (c Cell) Add(d Cell) Cell { return Cell{c.I + d.I, c.J + d.J, c.L + d.L} }

// Sub returns c - d.
func (c Cell) Sub(d Cell) Cell { return Cell{c.I - d.I, c.J - d.J, c.L - d.L} }

// Compare orders cells lexicographically by (I, J, L), the natural order
// used for cell indices, anchors and exported names. It returns -1, 0 or +1.
func (c Cell) Compare(d Cell) int {
	switch {
	case c.I != d.I:
		return cmp.Compare(c.I, d.I)
	case c.J != d.J:
		return cmp.Compare(c.J, d.J)
	}
	return cmp.Compare(c.L, d.L)
}

// String formats c as "(i,j)" in 2D form when L is 0, else "(i,j,l)".
func (c Cell) String() string {
	if c.L == 0 {
		return fmt.Sprintf("(%d,%d)", c.I, c.J)
	}
	return fmt.Sprintf("(%d,%d,%d)", c.I, c.J, c.L)
}

// Shape is a set of cells in normal form: sorted in natural order (see
// Cell.Compare), without duplicates, and translated so that the minimum of
// every coordinate is 0.
type Shape []Cell

// Normalize returns the normal form of an arbitrary list of cells
// (duplicates removed); nil for no cells. It does not change cells.
func Normalize(cells []Cell) Shape {
	if len(cells) == 0 {
		return nil
	}
	lo := cells[0]
	for _, c := range cells[1:] {
		lo = Cell{min(lo.I, c.I), min(lo.J, c.J), min(lo.L, c.L)}
	}
	s := make(Shape, len(cells))
	for n, c := range cells {
		s[n] = c.Sub(lo)
	}
	slices.SortFunc(s, Cell.Compare)
	return slices.Compact(s)
}

// Equal reports whether two shapes have the same cells.
func (s Shape) Equal(t Shape) bool { return slices.Equal(s, t) }

// Compare orders shapes by their cell lists, cell by cell in natural order
// (a shorter prefix first). It returns -1, 0 or +1.
func (s Shape) Compare(t Shape) int { return slices.CompareFunc(s, t, Cell.Compare) }

// Key returns a compact string that identifies the shape, usable as a map
// key: "i,j,l;" per cell.
func (s Shape) Key() string {
	b := make([]byte, 0, 8*len(s))
	for _, c := range s {
		b = strconv.AppendInt(b, int64(c.I), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(c.J), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(c.L), 10)
		b = append(b, ';')
	}
	return string(b)
}

// Extent returns the size of the bounding box of s along I, J and L,
// counted from 0 (a shape in normal form starts there).
func (s Shape) Extent() Cell {
	var e Cell
	for _, c := range s {
		e.I, e.J, e.L = max(e.I, c.I+1), max(e.J, c.J+1), max(e.L, c.L+1)
	}
	return e
}

// Art draws a shape in normal form with '#' and '.', rows separated by
// '/', the inline form of the puzzle file format; 3D layers are joined with
// " | ".
func (s Shape) Art() string {
	e := s.Extent()
	in := make(map[Cell]bool, len(s))
	for _, c := range s {
		in[c] = true
	}
	var layers []string
	for l := 0; l < max(e.L, 1); l++ {
		rows := make([]string, e.I)
		for i := range e.I {
			var b strings.Builder
			for j := range e.J {
				if in[Cell{i, j, l}] {
					b.WriteByte('#')
				} else {
					b.WriteByte('.')
				}
			}
			rows[i] = b.String()
		}
		layers = append(layers, strings.Join(rows, "/"))
	}
	return strings.Join(layers, " | ")
}
