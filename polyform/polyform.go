// Package polyform generates polyominoes and polycubes from their
// definition and names the standard sets of them.
//
// A polyform of n cells is a set of n unit squares (dim 2) or cubes (dim 3)
// connected through their faces. The fixed polyforms of n cells are
// enumerated by growing every fixed polyform of n-1 cells by one
// neighbouring cell and keeping one copy of each result up to translation.
// The free ones are their classes under the rotations and reflections of
// the lattice, the one-sided ones their classes under rotations only; each
// class is represented by its canonical form, the orientation whose sorted
// cell list is least (see Canonical).
//
// Sets (Lookup, Names) are built from those classes: the 12 pentominoes,
// the 35 hexominoes, the 8 tetracubes, the Soma pieces and so on, with
// standard names where there are standard names (see the set descriptions).
// Nothing here is a hard-coded list of shapes except the letter drawings
// used to name the classes and the Tetris Cube, a commercial set that has no
// definition other than its list of pieces.
package polyform

import (
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/geom"
)

// Cell is a lattice point: row I, column J and layer L (0 in 2D), the one
// cell type of polytile (package geom), shared with package puzzle.
type Cell = geom.Cell

// Shape is a set of cells in normal form: translated so that the minimum
// of every coordinate is 0, sorted by (I, J, L), without duplicates
// (geom.Shape).
type Shape = geom.Shape

// Normalize returns the normal form of a list of cells: geom.Normalize.
func Normalize(cells []Cell) Shape { return geom.Normalize(cells) }

// parseArt reads the form Art writes; it is used for the drawings that
// name the classes, so a malformed drawing is a programming error.
func parseArt(art string) Shape {
	var cells []Cell
	for l, layer := range strings.Split(art, "|") {
		for i, row := range strings.Split(strings.TrimSpace(layer), "/") {
			for j, ch := range row {
				switch ch {
				case '#':
					cells = append(cells, Cell{I: i, J: j, L: l})
				case '.':
				default:
					panic("polyform: bad drawing " + art)
				}
			}
		}
	}
	return Normalize(cells)
}

// Transform is a signed permutation of the axes: output coordinate a is
// Sign[a] times input coordinate Perm[a].
type transform struct {
	perm [3]int
	sign [3]int
}

func (t transform) apply(c Cell) Cell {
	v := [3]int{c.I, c.J, c.L}
	return Cell{I: t.sign[0] * v[t.perm[0]], J: t.sign[1] * v[t.perm[1]], L: t.sign[2] * v[t.perm[2]]}
}

// det is +1 for a rotation, -1 for a reflection.
func (t transform) det() int {
	d := t.sign[0] * t.sign[1] * t.sign[2]
	inv := 0 // parity of the permutation
	for a := range 3 {
		for b := a + 1; b < 3; b++ {
			if t.perm[a] > t.perm[b] {
				inv++
			}
		}
	}
	if inv%2 == 1 {
		d = -d
	}
	return d
}

// group returns the lattice symmetries of dimension dim (2 or 3): the
// rotations, and the reflections too when mirror is set. 2D: 4 or 8
// elements (the layer axis untouched), 3D: 24 or 48.
func group(dim int, mirror bool) []transform {
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var g []transform
	for _, p := range perms {
		for s := range 8 {
			t := transform{perm: p, sign: [3]int{1 - 2*(s&1), 1 - 2*(s>>1&1), 1 - 2*(s>>2&1)}}
			if dim == 2 && (p[2] != 2 || t.sign[2] != 1) {
				continue
			}
			if !mirror && t.det() < 0 {
				continue
			}
			g = append(g, t)
		}
	}
	return g
}

func (t transform) mapShape(s Shape) Shape {
	out := make([]Cell, len(s))
	for k, c := range s {
		out[k] = t.apply(c)
	}
	return Normalize(out)
}

// Canonical returns the canonical form of s among its images under the
// rotations of dimension dim (2 or 3), and the reflections too when mirror
// is set: the image whose sorted cell list is least in (I, J, L) order.
// Two shapes are the same free (mirror) or one-sided (no mirror) polyform
// exactly when their canonical forms are equal.
func Canonical(s Shape, dim int, mirror bool) Shape {
	var best Shape
	for _, t := range group(dim, mirror) {
		if o := t.mapShape(s); best == nil || o.Compare(best) < 0 {
			best = o
		}
	}
	return best
}

// Bounds on the enumeration: beyond them the counts grow too fast to be of
// use as piece sets (n = 8 has 2,725 fixed-in-the-plane octominoes ...).
const (
	MaxCells2D = 8 // largest polyomino size Fixed and Classes accept
	MaxCells3D = 6 // largest polycube size
)

// Fixed returns the fixed polyforms of n cells in dimension dim: all
// connected sets of n cells up to translation, each in normal form, in
// increasing order. It returns an error for n < 1, dim other than 2 or 3,
// or n above MaxCells2D / MaxCells3D.
func Fixed(n, dim int) ([]Shape, error) {
	if err := check(n, dim); err != nil {
		return nil, err
	}
	level := []Shape{{{}}}
	steps := []Cell{{I: 1}, {I: -1}, {J: 1}, {J: -1}, {L: 1}, {L: -1}}
	if dim == 2 {
		steps = steps[:4]
	}
	for size := 2; size <= n; size++ {
		seen := map[string]bool{}
		var next []Shape
		for _, s := range level {
			in := map[Cell]bool{}
			for _, c := range s {
				in[c] = true
			}
			for _, c := range s {
				for _, d := range steps {
					nc := Cell{I: c.I + d.I, J: c.J + d.J, L: c.L + d.L}
					if in[nc] {
						continue
					}
					g := Normalize(append(slices.Clone(s), nc))
					if k := g.Key(); !seen[k] {
						seen[k] = true
						next = append(next, g)
					}
				}
			}
		}
		level = next
	}
	slices.SortFunc(level, func(a, b Shape) int { return a.Compare(b) })
	return level, nil
}

func check(n, dim int) error {
	switch {
	case dim != 2 && dim != 3:
		return fmt.Errorf("polyform: dimension %d: want 2 (polyominoes) or 3 (polycubes)", dim)
	case n < 1:
		return fmt.Errorf("polyform: %d cells: want at least 1", n)
	case dim == 2 && n > MaxCells2D:
		return fmt.Errorf("polyform: polyominoes of %d cells: the limit is %d", n, MaxCells2D)
	case dim == 3 && n > MaxCells3D:
		return fmt.Errorf("polyform: polycubes of %d cells: the limit is %d", n, MaxCells3D)
	}
	return nil
}

// Classes returns the polyforms of n cells in dimension dim up to rotation,
// and up to reflection too when mirror is set: free polyominoes (dim 2,
// mirror), one-sided polyominoes (dim 2, no mirror), polycubes with mirror
// images identified (dim 3, mirror) or counted apart (dim 3, no mirror).
// Each class is given by its canonical form (see Canonical); the classes
// are in increasing order of that form.
func Classes(n, dim int, mirror bool) ([]Shape, error) {
	fixed, err := Fixed(n, dim)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []Shape
	for _, s := range fixed {
		c := Canonical(s, dim, mirror)
		if k := c.Key(); !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b Shape) int { return a.Compare(b) })
	return out, nil
}

// Chiral reports whether s differs from its mirror image up to rotation in
// dimension dim.
func Chiral(s Shape, dim int) bool {
	m := transform{perm: [3]int{0, 1, 2}, sign: [3]int{1, -1, 1}}
	return !slices.Equal(Canonical(s, dim, false), Canonical(m.mapShape(s), dim, false))
}

// Mirror returns the mirror image of s (columns reversed).
func Mirror(s Shape) Shape {
	return transform{perm: [3]int{0, 1, 2}, sign: [3]int{1, -1, 1}}.mapShape(s)
}
