package puzzle

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Symmetric solutions: the puzzle key "symmetric" asks for the tilings that
// a group H of board symmetries maps onto themselves.
//
// # Definition
//
// Every element h of H is a symmetry of the puzzle (Puzzle.Symmetries): a
// rotation or reflection that maps the region onto itself, together with
// the map σ_h of the piece classes it induces (a class onto itself, or a
// one-sided piece's class onto its mirror twin's). A tiling T, as a set of
// pieces (class c, cells X), is symmetric under H when h maps it onto
// itself for every h in H: (c, X) in T implies (σ_h(c), h(X)) in T. It is
// enough to check the generators the puzzle names.
//
// # The orbit problem, and why it is exact
//
// H acts on the pieces (c, X) that are images of the puzzle. Let O be the
// orbit of one of them. A symmetric tiling that holds one member of O holds
// all of them (by the definition), and holds none otherwise. So a symmetric
// tiling is a disjoint union of whole orbits, and conversely a union of
// orbits is H-invariant. Three consequences make the orbit problem:
//
//  1. An orbit whose members are not pairwise disjoint (two distinct
//     members share a cell), or whose member is no image of its class
//     (a constraint the symmetry does not respect: impossible for an
//     element of Puzzle.Symmetries, checked anyway), can be in no
//     symmetric tiling: it is dropped and its images are forbidden.
//  2. The cells an orbit covers form an H-invariant set, a union of cell
//     orbits. A family of valid orbits covers every cell exactly once if and
//     only if their cell sets partition the region, that is, if and only if
//     they partition the set of cell orbits. Items: the cell orbits (the
//     native solver and the DLX export; the binary program keeps its
//     overlap row per cell, which says the same).
//  3. σ permutes the classes; its orbits are class orbits C, whose classes
//     have equal supplies (a symmetry maps a class onto one with the same
//     supply). Within a piece orbit O, h is a bijection of the members that
//     maps members of class c onto members of class σ_h(c), so every class
//     of O's class orbit C occurs equally often in O: Units = |O| / |C|
//     times. A union of orbits uses every class of C as often, namely
//     Σ Units over its orbits of C, and it uses each class c of C exactly
//     Count(c) times if and only if that sum is Count(C). So a class orbit
//     with a finite count is one counter item that an orbit decrements by
//     its Units (an orbit with Units > Count is dropped), and unlimited
//     class orbits have no item.
//
// Symmetric tilings and exact covers of this orbit problem are therefore in
// bijection (a tiling is the union of its orbits; a cover is the union of
// its chosen orbits), so counts on either side are equal. Copies of a class
// are not told apart, as everywhere in polytile.
//
// The binary program says the same with linear rows instead of orbit
// options (model/program_symmetric.go): the forbidden images are 0, and the
// members of every orbit are chosen together.
//
// 2D square-grid boards only: the names below are the plane's rotations and
// reflections about the board's centre.
//
// SymmetricGroup is the group H of a puzzle's symmetric key, with the
// orbits of its images.
type SymmetricGroup struct {
	// Names are the generators as given; Gens their symmetries.
	Names []string
	Gens  []Symmetry
	// Elements is the group H generated, identity first.
	Elements []Symmetry
	// ClassOrbits are the orbits of the piece classes under H; ClassOrbit
	// maps each class to its orbit.
	ClassOrbits []ClassOrbit
	ClassOrbit  []int
	// Orbits are the valid orbits of images (consequence 1 above), in the
	// order of their first member's image.
	Orbits []Orbit
	// OrbitOf maps every image (of every piece) to its orbit, -1 when it
	// is in no valid orbit (a forbidden image).
	OrbitOf []int32
	Pos     Pos
}

// ClassOrbit is an orbit of piece classes under H: classes of equal
// supply that the symmetries exchange.
type ClassOrbit struct {
	Classes   []int
	Count     int // copies of each class; 0 when unlimited
	Unlimited bool
}

// Orbit is one option of the orbit problem: a set of pairwise disjoint
// pieces that H permutes.
type Orbit struct {
	// Members are images of the first piece of each member's class,
	// distinct, in increasing order.
	Members []int32
	// Cells is the union of the members' cells, sorted.
	Cells []int32
	// ClassOrbit is the members' class orbit; Units is how many members
	// each of its classes has (copies of each class the orbit uses).
	ClassOrbit int
	Units      int
}

// symmetryTransforms are the named symmetries of the square grid, in the
// plane (row I downwards, column J rightwards); the board's centre is
// where mapRegion puts it.
var symmetryTransforms = []struct {
	name string
	t    Transform
}{
	{"rotate180", Transform{Perm: [3]int8{0, 1, 2}, Sign: [3]int8{-1, -1, 1}}},
	{"rotate90", Transform{Perm: [3]int8{1, 0, 2}, Sign: [3]int8{1, -1, 1}}},
	{"mirror-vertical", Transform{Perm: [3]int8{0, 1, 2}, Sign: [3]int8{1, -1, 1}}},
	{"mirror-horizontal", Transform{Perm: [3]int8{0, 1, 2}, Sign: [3]int8{-1, 1, 1}}},
	{"mirror-diagonal", Transform{Perm: [3]int8{1, 0, 2}, Sign: [3]int8{1, 1, 1}}},
	{"mirror-antidiagonal", Transform{Perm: [3]int8{1, 0, 2}, Sign: [3]int8{-1, -1, 1}}},
}

// SymmetryNames lists the names the symmetric key accepts: rotate180,
// rotate90 (a quarter turn; invariance under it is invariance under all
// rotations), mirror-vertical (the mirror in a vertical line: left and
// right swap), mirror-horizontal (top and bottom swap), mirror-diagonal
// (rows and columns swap) and mirror-antidiagonal.
func SymmetryNames() []string {
	out := make([]string, len(symmetryTransforms))
	for n, s := range symmetryTransforms {
		out[n] = s.name
	}
	return out
}

func symmetryByName(name string) (Transform, bool) {
	for _, s := range symmetryTransforms {
		if s.name == name {
			return s.t, true
		}
	}
	return Transform{}, false
}

// SymmetryName returns the name of a planar transform of symmetric's
// list ("" for the others: identity, a quarter turn the other way).
func SymmetryName(t Transform) string {
	for _, s := range symmetryTransforms {
		if s.t == t {
			return s.name
		}
	}
	return ""
}

// buildSymmetric resolves the symmetric key and builds the orbits. It is
// called after the images and classes.
func (p *Puzzle) buildSymmetric(ctx context.Context, names []string, pos Pos) error {
	if len(names) == 0 {
		return nil
	}
	if p.Dim != 2 {
		return Errorf(pos, "symmetric: applies to 2D boards only (this board is 3D)")
	}
	if p.Grid != Square {
		// The names are the square grid's transforms; the hex and
		// triangle groups have other elements.
		return Errorf(pos, "symmetric: applies to the square grid only (this board is on the %s grid)", p.Grid)
	}
	syms, err := p.SymmetriesContext(ctx)
	if err != nil {
		return err
	}
	g := &SymmetricGroup{Pos: pos}
	for _, name := range names {
		t, ok := symmetryByName(name)
		if !ok {
			return Errorf(pos, "symmetric: unknown symmetry %q (one of %s)", clip(name), strings.Join(SymmetryNames(), ", "))
		}
		if slices.Contains(g.Names, name) {
			return Errorf(pos, "symmetric: %s is named twice", name)
		}
		var found *Symmetry
		for n := range syms {
			if syms[n].T == t || name == "rotate90" && syms[n].T == t.inverse() {
				found = &syms[n]
				break
			}
		}
		if found == nil {
			if _, err := p.mapRegion(ctx, t); errors.Is(err, errNoMap) {
				return Errorf(pos, "symmetric: the board has no symmetry %s (it has: %s)", name, p.boardSymmetryNames(ctx))
			} else if err != nil {
				return err
			}
			return Errorf(pos, "symmetric: the board has the symmetry %s but the pieces do not: %s", name, p.whyNotSymmetry(t))
		}
		g.Names = append(g.Names, name)
		g.Gens = append(g.Gens, *found)
	}
	g.Elements = closeGroup(g.Gens, p.Region.Len(), len(p.Classes))
	p.Symmetric = g
	g.classOrbits(p)
	return g.buildOrbits(ctx, p)
}

// inverse returns the transform that undoes t.
func (t Transform) inverse() Transform {
	var out Transform
	for a := range 3 {
		out.Perm[t.Perm[a]] = int8(a)
		out.Sign[t.Perm[a]] = t.Sign[a]
	}
	return out
}

// boardSymmetryNames lists the named symmetries of the region, "none"
// when it has none (those found before ctx ended).
func (p *Puzzle) boardSymmetryNames(ctx context.Context) string {
	var out []string
	for _, s := range symmetryTransforms {
		if _, err := p.mapRegion(ctx, s.t); err == nil {
			out = append(out, s.name)
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

// whyNotSymmetry says which class t maps onto no class of the same supply
// and images.
func (p *Puzzle) whyNotSymmetry(t Transform) string {
	for c := range p.Classes {
		pc := &p.Pieces[p.Classes[c].Pieces[0]]
		key := t.Map(pc.Orients[0]).Key()
		ok := false
		for d := range p.Classes {
			dl := &p.Classes[d]
			if !slices.Contains(dl.keys, key) || dl.Unlimited != p.Classes[c].Unlimited || dl.Count != p.Classes[c].Count {
				continue
			}
			ok = true
		}
		if !ok {
			return fmt.Sprintf("the image of piece %q is no piece with the same count (a one-sided set needs each piece's mirror twin)", pc.Name)
		}
	}
	return "a placement constraint (at / region) is not mapped onto itself"
}

// closeGroup returns the group generated by gens, identity first, as
// (cell map, class map) pairs.
func closeGroup(gens []Symmetry, cells, classes int) []Symmetry {
	id := Symmetry{T: Identity, Cell: make([]int32, cells), Class: make([]int, classes)}
	for n := range id.Cell {
		id.Cell[n] = int32(n)
	}
	for c := range id.Class {
		id.Class[c] = c
	}
	out := []Symmetry{id}
	same := func(a, b Symmetry) bool { return slices.Equal(a.Cell, b.Cell) && slices.Equal(a.Class, b.Class) }
	for i := 0; i < len(out); i++ {
		for _, g := range gens {
			h := compose(g, out[i])
			if !slices.ContainsFunc(out, func(e Symmetry) bool { return same(e, h) }) {
				out = append(out, h)
			}
		}
	}
	return out
}

// compose returns a after b.
func compose(a, b Symmetry) Symmetry {
	out := Symmetry{T: composeT(a.T, b.T), Cell: make([]int32, len(b.Cell)), Class: make([]int, len(b.Class))}
	for n, m := range b.Cell {
		out.Cell[n] = a.Cell[m]
	}
	for c, d := range b.Class {
		out.Class[c] = a.Class[d]
	}
	return out
}

// composeT returns the transform a after b.
func composeT(a, b Transform) Transform {
	var out Transform
	for x := range 3 {
		out.Perm[x] = b.Perm[a.Perm[x]]
		out.Sign[x] = a.Sign[x] * b.Sign[a.Perm[x]]
	}
	return out
}

func (g *SymmetricGroup) classOrbits(p *Puzzle) {
	g.ClassOrbit = make([]int, len(p.Classes))
	for c := range g.ClassOrbit {
		g.ClassOrbit[c] = -1
	}
	for c := range p.Classes {
		if g.ClassOrbit[c] >= 0 {
			continue
		}
		o := len(g.ClassOrbits)
		co := ClassOrbit{Count: p.Classes[c].Count, Unlimited: p.Classes[c].Unlimited}
		for _, e := range g.Elements {
			if d := e.Class[c]; g.ClassOrbit[d] < 0 {
				g.ClassOrbit[d] = o
				co.Classes = append(co.Classes, d)
			}
		}
		slices.Sort(co.Classes)
		g.ClassOrbits = append(g.ClassOrbits, co)
	}
}

// ImageWithCells returns the image of piece k covering exactly the given
// region cells, or -1 (a binary search of the piece's images).
func (p *Puzzle) ImageWithCells(k int, cells []int32) int { return p.findImage(k, cells) }

// findImage returns the image of piece k covering exactly the given region
// cells, or -1.
func (p *Puzzle) findImage(k int, cells []int32) int {
	if len(cells) == 0 {
		return -1
	}
	pts := make([]Cell, len(cells))
	for n, m := range cells {
		pts[n] = p.Region.Cells[m]
	}
	shape := Normalize(pts)
	lo := pts[0]
	for _, c := range pts {
		lo.I, lo.J, lo.L = min(lo.I, c.I), min(lo.J, c.J), min(lo.L, c.L)
	}
	for r, o := range p.Pieces[k].Orients {
		if o.Equal(shape) {
			return p.Images.Find(Placement{Piece: k, Orient: r, At: lo})
		}
	}
	return -1
}

// buildOrbits finds the orbit of every image of every class's first piece
// and keeps the valid ones; then maps the images of the other pieces of a
// class through their cells.
func (g *SymmetricGroup) buildOrbits(ctx context.Context, p *Puzzle) error {
	s := p.Images
	g.OrbitOf = make([]int32, s.Len())
	// by[n] is 1 + the search that reached image n, 0 when none has; a
	// search that meets an image reached by an earlier one is in an orbit
	// that earlier search found invalid (a valid search reaches its whole
	// orbit: every member has all its generator images).
	by := make([]int32, s.Len())
	search := int32(0)
	for n := range g.OrbitOf {
		g.OrbitOf[n] = -1
	}
	mapped := make([]int32, 0, 64)
	work := 0
	for c := range p.Classes {
		k0 := p.Classes[c].Pieces[0]
		for n := s.PieceStart[k0]; n < s.PieceStart[k0+1]; n++ {
			if by[n] != 0 {
				continue
			}
			search++
			if work++; work&1023 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			type member struct {
				class int
				image int32
			}
			members := []member{{c, int32(n)}}
			by[n] = search
			valid := true
			for i := 0; i < len(members); i++ {
				m := members[i]
				for _, e := range g.Gens {
					d := e.Class[m.class]
					mapped = mapped[:0]
					for _, x := range s.Cells(int(m.image)) {
						mapped = append(mapped, e.Cell[x])
					}
					img := p.findImage(p.Classes[d].Pieces[0], mapped)
					if img < 0 {
						valid = false
						continue
					}
					switch by[img] {
					case 0:
						by[img] = search
						members = append(members, member{d, int32(img)})
					case search:
					default:
						valid = false
					}
				}
			}
			if !valid {
				continue
			}
			// Distinct members (distinct images of first pieces are distinct
			// (class, cells) pairs) must be pairwise disjoint.
			var cells []int32
			perClass := map[int]int{}
			for _, m := range members {
				cells = append(cells, s.Cells(int(m.image))...)
				perClass[m.class]++
			}
			slices.Sort(cells)
			if len(slices.Compact(slices.Clone(cells))) != len(cells) {
				continue
			}
			co := g.ClassOrbit[c]
			cl := &g.ClassOrbits[co]
			units := len(members) / len(cl.Classes)
			ok := units*len(cl.Classes) == len(members)
			for _, d := range cl.Classes {
				ok = ok && perClass[d] == units
			}
			if !ok || !cl.Unlimited && units > cl.Count {
				continue
			}
			o := Orbit{Cells: cells, ClassOrbit: co, Units: units}
			for _, m := range members {
				o.Members = append(o.Members, m.image)
			}
			slices.Sort(o.Members)
			for _, m := range o.Members {
				g.OrbitOf[m] = int32(len(g.Orbits))
			}
			g.Orbits = append(g.Orbits, o)
		}
	}
	// Copies of a class under other names: the orbit of the first piece's
	// image with the same cells.
	for c := range p.Classes {
		cl := &p.Classes[c]
		k0 := cl.Pieces[0]
		for _, k := range cl.Pieces[1:] {
			for n := s.PieceStart[k]; n < s.PieceStart[k+1]; n++ {
				if img := p.findImage(k0, s.Cells(n)); img >= 0 {
					g.OrbitOf[n] = g.OrbitOf[img]
				}
			}
		}
	}
	return nil
}

// Forbidden reports whether image n is in no valid orbit: no symmetric
// tiling uses it.
func (g *SymmetricGroup) Forbidden(n int) bool { return g.OrbitOf[n] < 0 }

// OrbitsTiling decodes a set of orbits into a tiling: every member, copies
// of a class handed out to the class's pieces in turn (each up to its
// count), in the orientation of that piece with the same shape.
func (p *Puzzle) OrbitsTiling(orbits []int32) Tiling {
	g := p.Symmetric
	var t Tiling
	used := map[int]int{}
	for _, o := range orbits {
		for _, n := range g.Orbits[o].Members {
			pl := p.Images.Place[n]
			cl := &p.Classes[p.Pieces[pl.Piece].Class]
			if len(cl.Pieces) > 1 {
				for _, k := range cl.Pieces {
					if pc := &p.Pieces[k]; !pc.Unlimited && used[k] >= pc.Count {
						continue
					}
					if img := p.findImage(k, p.Images.Cells(int(n))); img >= 0 {
						used[k]++
						pl = p.Images.Place[img]
						break
					}
				}
			}
			t.Placements = append(t.Placements, pl)
		}
	}
	return t
}

// Describe says what the group asks for: "rotate180 (order 2)".
func (g *SymmetricGroup) Describe() string {
	return fmt.Sprintf("%s (a group of order %d)", strings.Join(g.Names, ", "), len(g.Elements))
}

// asymmetric returns the placements of t (indices; valid placements only)
// whose image under a generator is not a piece of t.
func (g *SymmetricGroup) asymmetric(p *Puzzle, t Tiling, w *workPoll) ([]int, error) {
	key := func(class int, cells []int32) string {
		c := slices.Clone(cells)
		slices.Sort(c)
		return fmt.Sprint(class, c)
	}
	have := map[string]bool{}
	cellsOf := make([][]int32, len(t.Placements))
	for n, pl := range t.Placements {
		if err := w.add(keyWork + p.pieceSize(pl.Piece)); err != nil {
			return nil, err
		}
		cells, err := p.PlacementCells(pl)
		if err != nil {
			continue
		}
		cellsOf[n] = cells
		have[key(p.Pieces[pl.Piece].Class, cells)] = true
	}
	var out []int
	mapped := make([]int32, 0, 64)
	for n, pl := range t.Placements {
		if cellsOf[n] == nil {
			continue
		}
		if err := w.add(len(g.Gens) * (keyWork + len(cellsOf[n]))); err != nil {
			return nil, err
		}
		for _, e := range g.Gens {
			mapped = mapped[:0]
			for _, x := range cellsOf[n] {
				mapped = append(mapped, e.Cell[x])
			}
			if !have[key(e.Class[p.Pieces[pl.Piece].Class], mapped)] {
				out = append(out, n)
				break
			}
		}
	}
	return out, nil
}

// keyWork is the work, in cells for VerifyContext's poll, of one key of
// asymmetric (a string formatted and looked up in a map).
const keyWork = 16
