package puzzle

import (
	"fmt"
	"slices"
)

// Grid is the tiling of the plane (or space) that a puzzle's cells belong
// to. The zero value is Square, the grid of every polyomino and polycube
// puzzle; Hex and Triangle are planar grids (Dim 2, layer L always 0).
//
// Coordinates (docs/puzzle-format.md, "Other grids"):
//
//   - Square: Cell{I: row, J: column, L: layer}; row 0 is the top line of
//     the art.
//   - Hex: axial coordinates, Cell{I: r, J: q}, rows of hexagons offset by
//     half a cell, the q axis along a row and the r axis down and to the
//     left: hexagon (r, q) has the six neighbours (r, q±1), (r-1, q-1),
//     (r-1, q), (r+1, q), (r+1, q+1). In ASCII art hexagon (r, q) is the
//     character at line r, column 2q - r: cells sit at the columns of the
//     line's parity, with a space (or '.') between them, and q = (column +
//     r) / 2 is never negative for a cell of the art.
//   - Triangle: Cell{I: row, J: column} with the column counted in half
//     edges, exactly the position of the character in ASCII art. The
//     triangle points up when I + J is even and down when it is odd;
//     triangles (i, j) and (i, j±1) share a slanted edge, and an up
//     triangle (i, j) shares its horizontal edge with the down triangle
//     (i+1, j).
//
// A translation of the triangle grid must keep every triangle's direction:
// it moves by (di, dj) with di + dj even. Normalize and the images respect
// that; every other rule is the same for all grids.
type Grid uint8

// The grids.
const (
	Square Grid = iota
	Hex
	Triangle
)

// String returns the name used in puzzle files.
func (g Grid) String() string {
	switch g {
	case Square:
		return "square"
	case Hex:
		return "hex"
	case Triangle:
		return "triangle"
	}
	return fmt.Sprintf("Grid(%d)", int(g))
}

// ParseGrid reads "square", "hex" or "triangle".
func ParseGrid(s string) (Grid, error) {
	switch s {
	case "square":
		return Square, nil
	case "hex":
		return Hex, nil
	case "triangle":
		return Triangle, nil
	}
	return 0, fmt.Errorf("grid must be square, hex or triangle, not %q", s)
}

// Valid reports whether g is one of the grids.
func (g Grid) Valid() bool { return g <= Triangle }

// Up reports whether the triangle at c points up (the triangle grid's
// parity rule: I + J even).
func Up(c Cell) bool { return (c.I+c.J)&1 == 0 }

// lo returns the corner that Normalize translates to the origin: the
// minimum of every coordinate, moved one column left on the triangle grid
// when that minimum has odd parity, so that the translation keeps every
// triangle's direction. It commutes with the grid's translations:
// lo(S + t) = lo(S) + t.
func (g Grid) lo(cells []Cell) Cell {
	lo := cells[0]
	for _, c := range cells[1:] {
		lo.I, lo.J, lo.L = min(lo.I, c.I), min(lo.J, c.J), min(lo.L, c.L)
	}
	if g == Triangle && (lo.I+lo.J)&1 != 0 {
		lo.J--
	}
	return lo
}

// Normalize returns the normal form of a list of cells of grid g:
// translated by the grid's translations so that lo is the origin, sorted,
// duplicates removed. On the square and hex grids it is Normalize; on the
// triangle grid the smallest column is 0 or 1.
func (g Grid) Normalize(cells []Cell) Shape {
	if g != Triangle || len(cells) == 0 {
		return Normalize(cells)
	}
	lo := g.lo(cells)
	s := make(Shape, len(cells))
	for n, c := range cells {
		s[n] = c.Sub(lo)
	}
	slices.SortFunc(s, Cell.Compare)
	return slices.Compact(s)
}

// Translation reports whether moving by d is a translation of the grid
// (one that maps cells onto cells of the same kind).
func (g Grid) Translation(d Cell) bool {
	return g != Triangle || (d.I+d.J)&1 == 0
}

// hexDirs are the six neighbour steps of the hex grid in axial (I = r,
// J = q) coordinates.
var hexDirs = [6]Cell{{J: -1}, {I: -1, J: -1}, {I: -1}, {J: 1}, {I: 1, J: 1}, {I: 1}}

// Neighbors appends to out the cells that share a face (an edge in 2D)
// with c: 4 or 6 on the square grid (FaceDirs), 6 on the hex grid, 3 on
// the triangle grid.
func (g Grid) Neighbors(c Cell, out []Cell) []Cell {
	switch g {
	case Hex:
		for _, d := range hexDirs {
			out = append(out, c.Add(d))
		}
	case Triangle:
		v := Cell{I: 1} // an up triangle's horizontal edge is below it
		if !Up(c) {
			v.I = -1
		}
		out = append(out, c.Add(Cell{J: -1}), c.Add(v), c.Add(Cell{J: 1}))
	default:
		for _, d := range FaceDirs {
			out = append(out, c.Add(d))
		}
	}
	return out
}

// MaxNeighbors is the largest number of neighbours of a cell on any grid.
const MaxNeighbors = 6

// floorDiv2 is x / 2 rounded down.
func floorDiv2(x int) int { return x >> 1 }

// cube maps a cell of the hex or triangle grid to three coordinates on
// which the 12 symmetries of the grid act by permutation and negation
// (hex: the cube coordinates q-r, r, -q) or complement x -> 1-x
// (triangle: the indices of the three strips of parallel lines that hold
// the triangle, whose sum is 1 for an up and 2 for a down triangle).
func (g Grid) cube(c Cell) [3]int {
	if g == Hex {
		return [3]int{c.J - c.I, c.I, -c.J}
	}
	l := (c.I + c.J) & 1 // 0 up, 1 down
	j := floorDiv2(c.J - c.I + 1)
	return [3]int{j, c.I, 1 - c.I - j + l}
}

// uncube inverts cube.
func (g Grid) uncube(v [3]int) Cell {
	if g == Hex {
		return Cell{I: v[1], J: -v[2]}
	}
	l := v[0] + v[1] + v[2] - 1
	return Cell{I: v[1], J: 2*v[0] + v[1] - l}
}

// applyPlanar applies a transform of the hex or triangle grid.
func (t Transform) applyPlanar(c Cell) Cell {
	v := t.G.cube(c)
	var w [3]int
	for a := range 3 {
		x := v[t.Perm[a]]
		if t.Sign[a] < 0 {
			if t.G == Triangle {
				x = 1 - x
			} else {
				x = -x
			}
		}
		w[a] = x
	}
	return t.G.uncube(w)
}

// permParity is +1 for an even permutation of three axes, -1 for an odd one.
func permParity(p [3]int8) int {
	inv := 0
	for a := 0; a < 3; a++ {
		for b := a + 1; b < 3; b++ {
			if p[a] > p[b] {
				inv++
			}
		}
	}
	if inv%2 == 1 {
		return -1
	}
	return 1
}

// planarTransforms lists the 12 symmetries of the hex or triangle grid up
// to translation: the 6 permutations of the three coordinates of cube,
// each with and without negation (hex) or complement (triangle). Even
// permutations are the rotations by 0, 120 and 240 degrees; negation is
// the half turn; odd permutations are mirrors. Rotations come first,
// identity first among them.
func planarTransforms(g Grid) []Transform {
	perms := [][3]int8{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {1, 0, 2}, {0, 2, 1}, {2, 1, 0}}
	var out []Transform
	for _, det := range []int{1, -1} {
		for _, sg := range []int8{1, -1} {
			for _, p := range perms {
				if permParity(p) != det {
					continue
				}
				out = append(out, Transform{Perm: p, Sign: [3]int8{sg, sg, sg}, G: g})
			}
		}
	}
	return out
}

var (
	hexTransforms      = planarTransforms(Hex)
	triangleTransforms = planarTransforms(Triangle)
)

// Group returns the transforms of grid g allowed by a policy in dimension
// dim, identity first. The square grid is Group; the hex and triangle
// grids have 1 (fixed), 6 (rotate) or 12 (free) elements.
func (g Grid) Group(p Policy, dim int) []Transform {
	var all []Transform
	switch g {
	case Hex:
		all = hexTransforms
	case Triangle:
		all = triangleTransforms
	default:
		return Group(p, dim)
	}
	switch p {
	case Fixed:
		return all[:1]
	case Rotate:
		return all[:6]
	}
	return all
}

// Orientations is the package function Orientations on grid g.
func (g Grid) Orientations(s Shape, p Policy, dim int) ([]Shape, []Transform) {
	var shapes []Shape
	var ts []Transform
	seen := map[string]bool{}
	for _, t := range g.Group(p, dim) {
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

// GridBox returns the cells of a W x H board of grid g in natural order:
// on the square grid Box; on the hex grid the rhombus of H rows of W
// hexagons (r < H, r <= q < r+W), each row half a cell right of the one
// above; on the triangle grid the rhombus of H rows of W unit rhombi (2W
// triangles per row, row i in columns i+1 .. i+2W, starting with a down
// triangle, each row half an edge right of the one above), the board of
// the 12 hexiamonds being 6 x 6. A depth other than 0 or 1 gives no cells
// on the planar grids.
func GridBox(g Grid, d Dims) []Cell {
	if g == Square {
		return Box(d)
	}
	if d.Depth > 1 || d.Width < 1 || d.Height < 1 {
		return nil
	}
	if g == Hex {
		cells := make([]Cell, 0, d.Width*d.Height)
		for i := range d.Height {
			for j := i; j < i+d.Width; j++ {
				cells = append(cells, Cell{I: i, J: j})
			}
		}
		return cells
	}
	cells := make([]Cell, 0, 2*d.Width*d.Height)
	for i := range d.Height {
		for j := i + 1; j <= i+2*d.Width; j++ {
			cells = append(cells, Cell{I: i, J: j})
		}
	}
	return cells
}
