package puzzle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/polyform"
)

// gridSetDef is a named set of polyhexes or polyiamonds: the free (or,
// one-sided, rotation-only) polyforms of one size on a grid.
type gridSetDef struct {
	name     string
	grid     Grid
	size     int
	oneSided bool
}

// gridSets are the named sets of the hex and triangle grids.
var gridSets = func() []gridSetDef {
	var out []gridSetDef
	hex := []string{"monohexes", "dihexes", "trihexes", "tetrahexes", "pentahexes"}
	tri := []string{"moniamonds", "diamonds", "triamonds", "tetriamonds", "pentiamonds", "hexiamonds"}
	for _, one := range []bool{false, true} {
		prefix := ""
		if one {
			prefix = "one-sided-"
		}
		for k, n := range hex {
			out = append(out, gridSetDef{prefix + n, Hex, k + 1, one})
		}
		for k, n := range tri {
			out = append(out, gridSetDef{prefix + n, Triangle, k + 1, one})
		}
	}
	return out
}()

// GridSetNames returns the names of the piece sets of grid g (none on the
// square grid, whose sets are SetNames).
func GridSetNames(g Grid) []string {
	var out []string
	for _, d := range gridSets {
		if d.grid == g {
			out = append(out, d.name)
		}
	}
	return out
}

// gridSet generates a named set of grid g: the free polyforms of the set's
// size (one-sided: up to rotation only), grown cell by cell from one cell
// with the grid's neighbours and reduced by its symmetry group. Each piece
// is the smallest orientation (by Shape.Key order of the cells) of its
// class; the classes are sorted by that shape and named A, B, C, ...:
// polytile's own letters, not a published naming.
func gridSet(name string, g Grid) ([]Shape, error) {
	for _, d := range gridSets {
		if d.name != name {
			continue
		}
		if d.grid != g {
			return nil, fmt.Errorf("piece set %s is for the %v grid, not the %v grid", name, d.grid, g)
		}
		pol := Free
		if d.oneSided {
			pol = Rotate
		}
		return freeForms(g, d.size, pol), nil
	}
	names := strings.Join(GridSetNames(g), ", ")
	if slices.Contains(polyform.Names(), name) {
		return nil, fmt.Errorf("piece set %s is a set of polyominoes or polycubes, for the square grid (the %v grid's sets: %s)", name, g, names)
	}
	return nil, fmt.Errorf("unknown piece set %q on the %v grid (known: %s)", SafeText(name), g, names)
}

// freeForms returns one representative per class of the connected shapes
// of n cells of grid g under the group of policy p, sorted.
func freeForms(g Grid, n int, p Policy) []Shape {
	seeds := []Cell{{}}
	if g == Triangle {
		seeds = append(seeds, Cell{J: 1})
	}
	level := map[string]Shape{}
	for _, c := range seeds {
		s := g.Normalize([]Cell{c})
		level[s.Key()] = s
	}
	var nbs []Cell
	for size := 2; size <= n; size++ {
		next := map[string]Shape{}
		for _, s := range level {
			in := map[Cell]bool{}
			for _, c := range s {
				in[c] = true
			}
			for _, c := range s {
				nbs = g.Neighbors(c, nbs[:0])
				for _, nb := range nbs {
					if in[nb] || nb.L != 0 {
						continue
					}
					t := g.Normalize(append(slices.Clone([]Cell(s)), nb))
					next[t.Key()] = t
				}
			}
		}
		level = next
	}
	var out []Shape
	for _, s := range level {
		os, _ := g.Orientations(s, p, 2)
		best := os[0]
		for _, o := range os[1:] {
			if slices.CompareFunc(o, best, Cell.Compare) < 0 {
				best = o
			}
		}
		if slices.CompareFunc(best, s, Cell.Compare) == 0 {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b Shape) int { return slices.CompareFunc(a, b, Cell.Compare) })
	return out
}

// setLetters names the k-th piece of a grid set: A .. Z, then A1 .. Z1, ...
func setLetters(k int) string {
	s := string(rune('A' + k%26))
	if k >= 26 {
		s += fmt.Sprint(k / 26)
	}
	return s
}
