package model

import (
	"fmt"
	"slices"

	"github.com/polytile/polytile/puzzle"
)

// SymmetricCover is the exact-cover matrix of the orbit problem of a
// puzzle with the symmetric key (puzzle/symmetric.go), in the plain form
// that DLX programs read: every option holds an item at most once.
//
// Items, in order: one per cell orbit (Mult 1), one per class orbit with a
// finite count (Mult = the count of each of its classes), then the gadget
// items. Options: one per valid orbit of images (its cell orbits, its
// class-orbit item, its gadget items s), then the gadget options.
//
// An orbit that uses u > 1 copies of each class of its class orbit cannot
// say so with one item; it gets u - 1 gadgets instead, each two items s, t
// and two options D = {t, class item} and Z = {t, s}, and the orbit's
// option holds s. If the orbit is chosen, it covers s, so Z cannot be
// chosen and t must be covered by D, which takes one more copy; if it is
// not chosen, s can only be covered by Z, which covers t, so D is not
// chosen. The gadget options are therefore determined by the orbits
// chosen, the class item counts exactly Σ u over them, and the solutions
// of this matrix are in bijection with the symmetric tilings.
type SymmetricCover struct {
	Puzzle *puzzle.Puzzle
	Items  []Item
	// CellOrbits is the number of cell-orbit items (the first items);
	// ClassItems the number of class-orbit items after them.
	CellOrbits, ClassItems int
	// Options are the options' items; Orbit[n] is the orbit of option n,
	// -1 for a gadget option.
	Options [][]int32
	Orbit   []int32
}

// NewSymmetricCover builds the orbit problem's matrix of p; p must have
// the symmetric key.
func NewSymmetricCover(p *puzzle.Puzzle) (*SymmetricCover, error) {
	g := p.Symmetric
	if g == nil {
		return nil, fmt.Errorf("model: puzzle %q has no symmetric key", p.Name)
	}
	c := &SymmetricCover{Puzzle: p}
	item := make([]int32, p.Area())
	for n := range item {
		item[n] = -1
	}
	for n := range item {
		if item[n] >= 0 {
			continue
		}
		it := int32(len(c.Items))
		for _, e := range g.Elements {
			item[e.Cell[n]] = it
		}
		c.Items = append(c.Items, Item{Name: CellName(p, p.Region.Cells[n]), Mult: 1, Class: -1})
	}
	c.CellOrbits = len(c.Items)
	classItem := make([]int32, len(g.ClassOrbits))
	for co, cl := range g.ClassOrbits {
		classItem[co] = -1
		if cl.Unlimited {
			continue
		}
		classItem[co] = int32(len(c.Items))
		c.Items = append(c.Items, Item{Name: p.Pieces[p.Classes[cl.Classes[0]].Pieces[0]].Name, Mult: cl.Count, Class: cl.Classes[0]})
	}
	c.ClassItems = len(c.Items) - c.CellOrbits
	var gadgets [][]int32
	for o, orb := range g.Orbits {
		var its []int32
		for _, x := range orb.Cells {
			its = append(its, item[x])
		}
		slices.Sort(its)
		its = slices.Compact(its)
		if ci := classItem[orb.ClassOrbit]; ci >= 0 {
			its = append(its, ci)
			for range orb.Units - 1 {
				s, t := int32(len(c.Items)), int32(len(c.Items)+1)
				c.Items = append(c.Items, Item{Name: "s", Mult: 1, Class: -1}, Item{Name: "t", Mult: 1, Class: -1})
				its = append(its, s)
				gadgets = append(gadgets, []int32{t, ci}, []int32{t, s})
			}
		}
		c.Options = append(c.Options, its)
		c.Orbit = append(c.Orbit, int32(o))
	}
	for _, gd := range gadgets {
		c.Options = append(c.Options, gd)
		c.Orbit = append(c.Orbit, -1)
	}
	return c, nil
}

// Tiling decodes chosen options into a tiling (gadget options add
// nothing).
func (c *SymmetricCover) Tiling(options []int) puzzle.Tiling {
	var orbits []int32
	for _, n := range options {
		if o := c.Orbit[n]; o >= 0 {
			orbits = append(orbits, o)
		}
	}
	return c.Puzzle.OrbitsTiling(orbits)
}
