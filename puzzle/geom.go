// Package puzzle holds the model of a polyomino / polycube tiling puzzle:
// cells, shapes and their orientations, pieces with counts, regions with holes,
// the images (placements) that form the ok and cover sets of the MIP article,
// the symmetry group of a region, and tilings with their verification.
//
// It knows nothing about solvers: every solver reads a *Puzzle and its
// ImageSet and hands back a Tiling.
package puzzle

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/polytile/polytile/geom"
)

// Cell is a lattice point: row I, column J and layer L (always 0 in 2D),
// the one cell type of polytile (package geom), shared with package
// polyform.
type Cell = geom.Cell

// Shape is a set of cells in normal form (see geom.Shape).
type Shape = geom.Shape

// Normalize returns the normal form of an arbitrary list of cells
// (duplicates removed): geom.Normalize.
func Normalize(cells []Cell) Shape { return geom.Normalize(cells) }

func cmpInt(a, b int) int { return cmp.Compare(a, b) }

// Transform is a signed permutation of the three axes: a rotation or a
// reflection of the cubic lattice. Output coordinate a is
// Sign[a] * input[Perm[a]].
//
// On the hex and triangle grids (G set) Perm and Sign act on the three
// coordinates of the grid's cube form instead (grid.go): a permutation,
// and a negation (hex) or complement (triangle) when the signs are -1.
type Transform struct {
	Perm [3]int8
	Sign [3]int8
	G    Grid // the grid the transform belongs to; Square for the zero value
}

// Identity is the transform that changes nothing.
var Identity = Transform{Perm: [3]int8{0, 1, 2}, Sign: [3]int8{1, 1, 1}}

// Apply maps a cell.
func (t Transform) Apply(c Cell) Cell {
	if t.G != Square {
		return t.applyPlanar(c)
	}
	v := [3]int{c.I, c.J, c.L}
	return Cell{I: int(t.Sign[0]) * v[t.Perm[0]], J: int(t.Sign[1]) * v[t.Perm[1]], L: int(t.Sign[2]) * v[t.Perm[2]]}
}

// Det is +1 for a proper rotation and -1 for a transform with a reflection.
func (t Transform) Det() int {
	if t.G != Square { // the half turn negates all three coordinates
		return permParity(t.Perm)
	}
	d := int(t.Sign[0] * t.Sign[1] * t.Sign[2])
	// parity of the permutation: count inversions
	p := t.Perm
	inv := 0
	for a := 0; a < 3; a++ {
		for b := a + 1; b < 3; b++ {
			if p[a] > p[b] {
				inv++
			}
		}
	}
	if inv%2 == 1 {
		d = -d
	}
	return d
}

// Planar reports whether t keeps the layer axis fixed (a 2D transform).
func (t Transform) Planar() bool {
	return t.G != Square || t.Perm[2] == 2 && t.Sign[2] == 1
}

// Map applies t to every cell of s and returns the normal form (of t's
// grid).
func (t Transform) Map(s Shape) Shape {
	out := make([]Cell, len(s))
	for n, c := range s {
		out[n] = t.Apply(c)
	}
	return t.G.Normalize(out)
}

// Policy says which orientations a piece may take.
type Policy int

// Orientation policies. In 2D Rotate is the 4 rotations in the plane and
// Free adds the 4 reflections; in 3D Rotate is the 24 proper rotations and
// Free all 48 signed permutations.
const (
	Fixed Policy = iota
	Rotate
	Free
)

// String returns the name used in puzzle files.
func (p Policy) String() string {
	switch p {
	case Fixed:
		return "fixed"
	case Rotate:
		return "rotate"
	case Free:
		return "free"
	}
	return fmt.Sprintf("Policy(%d)", int(p))
}

// ParsePolicy reads "fixed", "rotate" or "free".
func ParsePolicy(s string) (Policy, error) {
	switch s {
	case "fixed":
		return Fixed, nil
	case "rotate":
		return Rotate, nil
	case "free":
		return Free, nil
	}
	return 0, fmt.Errorf("orientations must be fixed, rotate or free, not %q", s)
}

// allTransforms lists the 48 signed permutations: proper rotations first,
// identity first among them, planar ones before the others within each kind.
var allTransforms = func() []Transform {
	perms := [][3]int8{{0, 1, 2}, {1, 0, 2}, {0, 2, 1}, {2, 1, 0}, {1, 2, 0}, {2, 0, 1}}
	var all []Transform
	for _, p := range perms {
		for s := 0; s < 8; s++ {
			sg := [3]int8{1, 1, 1}
			for a := 0; a < 3; a++ {
				if s&(1<<a) != 0 {
					sg[a] = -1
				}
			}
			all = append(all, Transform{Perm: p, Sign: sg})
		}
	}
	rank := func(t Transform) int {
		r := 0
		if t.Det() < 0 {
			r += 2
		}
		if !t.Planar() {
			r++
		}
		return r
	}
	slices.SortStableFunc(all, func(a, b Transform) int { return cmpInt(rank(a), rank(b)) })
	return all
}()

// Group returns the transforms allowed by a policy in dimension dim (2 or 3),
// identity first: 2D fixed 1, rotate 4, free 8; 3D fixed 1, rotate 24, free 48.
func Group(p Policy, dim int) []Transform {
	var g []Transform
	for _, t := range allTransforms {
		if dim == 2 && !t.Planar() {
			continue
		}
		if p == Fixed && t != Identity {
			continue
		}
		if p == Rotate && t.Det() < 0 {
			continue
		}
		g = append(g, t)
	}
	return g
}

// Orientations returns the distinct orientations of shape s under the group
// of policy p in dimension dim, in the order of Group, each with the first
// transform that produced it.
func Orientations(s Shape, p Policy, dim int) ([]Shape, []Transform) {
	var shapes []Shape
	var ts []Transform
	seen := map[string]bool{}
	for _, t := range Group(p, dim) {
		o := t.Map(s)
		k := o.Key()
		if seen[k] {
			continue
		}
		seen[k] = true
		shapes = append(shapes, o)
		ts = append(ts, t)
	}
	return shapes, ts
}
