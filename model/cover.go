// Package model turns a puzzle into the two forms that solvers read: Cover,
// the exact-cover matrix of Knuth's Algorithm X, and Program, the binary
// program of the MIP article. Describe sums up what they see (images,
// cover entries, symmetry, the coverage bound). It does not import cgo.
package model

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/puzzle"
)

// Item is a column of the exact-cover matrix.
type Item struct {
	Name string
	// Mult is how many chosen options must contain the item: 1 for a cell,
	// the number of copies for a piece class.
	Mult int
	// Class is the piece class of a piece item, -1 for a cell item.
	Class int
}

// Cover is the exact-cover matrix of a puzzle. Items 0..Cells-1 are the
// region cells in natural order; after them comes one item per class of
// interchangeable pieces with a finite count (a class is usually a single
// piece; copies of one shape share an item whose Mult is their number, so
// permutations of identical copies are one solution). Pieces with an
// unlimited supply have no item. Options are the images, in the order of the
// puzzle's ImageSet: option n is image n.
type Cover struct {
	Puzzle    *puzzle.Puzzle
	Items     []Item
	Cells     int   // number of cell items
	ClassItem []int // item of each piece class, -1 when unlimited
	start     []int32
	items     []int32
}

// NewCover builds the exact-cover matrix of p.
func NewCover(p *puzzle.Puzzle) *Cover {
	c, _ := NewCoverContext(context.Background(), p)
	return c
}

// NewCoverContext is NewCover, stopping with ctx's error within a
// fraction of a second of its cancellation (ctx is read every 65,536
// cells and images: a million cells and 4 million images take about a
// second).
func NewCoverContext(ctx context.Context, p *puzzle.Puzzle) (*Cover, error) {
	c := &Cover{Puzzle: p, Cells: p.Area(), ClassItem: make([]int, len(p.Classes))}
	c.Items = make([]Item, 0, p.Area()+len(p.Classes))
	for n, cell := range p.Region.Cells {
		if n&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		c.Items = append(c.Items, Item{Name: CellName(p, cell), Mult: 1, Class: -1})
	}
	for k := range p.Classes {
		cl := &p.Classes[k]
		if cl.Unlimited {
			c.ClassItem[k] = -1
			continue
		}
		c.ClassItem[k] = len(c.Items)
		c.Items = append(c.Items, Item{Name: p.Pieces[cl.Pieces[0]].Name, Mult: cl.Count, Class: k})
	}
	imgs := p.Images
	c.start = make([]int32, 0, imgs.Len()+1)
	c.items = make([]int32, 0, imgs.CoverEntries()+imgs.Len())
	c.start = append(c.start, 0)
	for n := range imgs.Len() {
		if n&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		c.items = append(c.items, imgs.Cells(n)...)
		if it := c.ClassItem[p.Pieces[imgs.Place[n].Piece].Class]; it >= 0 {
			c.items = append(c.items, int32(it))
		}
		c.start = append(c.start, int32(len(c.items)))
	}
	return c, nil
}

// Options is the number of options (rows) of the matrix.
func (c *Cover) Options() int { return len(c.start) - 1 }

// Option returns the items of option n: its cells in increasing order, then
// its piece item if the piece has a finite count. The slice is shared.
func (c *Cover) Option(n int) []int32 { return c.items[c.start[n]:c.start[n+1]:c.start[n+1]] }

// Placement returns the image that option n stands for.
func (c *Cover) Placement(n int) puzzle.Placement { return c.Puzzle.Images.Place[n] }

// Entries is the number of 1s in the matrix.
func (c *Cover) Entries() int { return len(c.items) }

// Tiling decodes a set of chosen options into a tiling.
func (c *Cover) Tiling(options []int) puzzle.Tiling {
	t := puzzle.Tiling{Placements: make([]puzzle.Placement, len(options))}
	for n, o := range options {
		t.Placements[n] = c.Placement(o)
	}
	return t
}

// CellName is the name of a cell in exported files: "2_5" for (2,5) in 2D and
// "2_5_1" for (2,5,1) in 3D, so that y_2_5 and overlap_c_2_5 read like the math.
func CellName(p *puzzle.Puzzle, c puzzle.Cell) string {
	if p.Dim == 2 {
		return fmt.Sprintf("%d_%d", c.I, c.J)
	}
	return fmt.Sprintf("%d_%d_%d", c.I, c.J, c.L)
}
