package frontier

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/puzzle"
)

// system is an exact-cover problem in the form the engine reads: cells
// 0..n-1 with a lattice position each (for choosing the cell order),
// piece classes with their supplies, and options, each a set of cells
// and the classes whose copies it uses (one class for a placement; the
// classes of its orbit for a Burnside fixed-point count).
type system struct {
	coord   []puzzle.Cell
	classes []class
	opts    []option
}

// class is a piece class's supply.
type class struct {
	count     int // copies; unused when unlimited
	unlimited bool
	size      int
	name      string
}

// option is one row of the exact cover: the cells it covers (sorted,
// distinct) and the class of every copy it uses.
type option struct {
	cells []int32
	uses  []int32
}

// fromPuzzle builds the system of a puzzle: the region's cells and, for
// every class, the images of its first piece (the copies of a class share
// them, as in every native solver), so that copies of a class are not
// told apart. Holes and empty cells are not in the region, and at: and
// region: constraints have already filtered the images.
func fromPuzzle(ctx context.Context, p *puzzle.Puzzle) (*system, error) {
	if p == nil || p.Images == nil {
		return nil, fmt.Errorf("frontier: no puzzle")
	}
	if p.Symmetric != nil {
		return nil, fmt.Errorf("frontier: symmetric solutions (the symmetric key): %w", ErrUnsupported)
	}
	s := &system{coord: p.Region.Cells}
	for c := range p.Classes {
		cl := &p.Classes[c]
		s.classes = append(s.classes, class{count: cl.Count, unlimited: cl.Unlimited, size: cl.Size, name: p.Pieces[cl.Pieces[0]].Name})
	}
	imgs := p.Images
	for i := range imgs.Len() {
		if i&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("frontier: reading the images: %w", err)
			}
		}
		k := imgs.Place[i].Piece
		c := p.Pieces[k].Class
		if p.Classes[c].Pieces[0] != k {
			continue
		}
		s.opts = append(s.opts, option{cells: imgs.Cells(i), uses: []int32{int32(c)}})
	}
	return s, nil
}
