package native

import (
	"math"
	"slices"
)

// fewPlacements is the most options a class of one piece may have for
// FILA's searches to leave it to DLX's first levels: a piece pinned by
// at: (one anchor, up to 8 orientations in the plane) or held in a few
// cells by region:. FILA's cell orders reach such a piece only when their
// order comes to its cells, so every placement of the others before it is
// searched again for each of its few images: on a 76-cell board with four
// pinned pieces the default FILA had not finished in 30 s (499 M nodes)
// where DLX, branching on a pinned piece's item first as its MRV rule
// does, counted the 625 tilings in 0.2 s.
const fewPlacements = 8

// forcedItems returns the DLX items branched on before any other: the
// redundancy filter's pinned class (red), then, with FILA, the classes of
// exactly one piece with at most fewPlacements options (a piece with a
// placement constraint: at most max(fewPlacements, its orientations), the
// placements of one at: anchor, 12 on the hex and triangle grids, 24 or
// 48 in 3D), or every class of one piece when finiteFirst says so; fewest
// options first (ties by class). With an unlimited piece too: FILA starts
// once they are placed (at once without them), as after the pinned piece;
// leaving them to FILA there, an 88-cell board of 22 such pieces and
// unlimited dominoes and trominoes had not finished in 30 s (154 M nodes)
// where DLX counted its 4 tilings in 36 nodes. The order is a function of
// the problem and cfg alone, so serial, parallel and sharded runs branch
// alike.
func forcedItems(pr *problem, cfg Config, red *redundancy) []int32 {
	items, _ := classItems(pr)
	var force []int32
	if red != nil {
		force = append(force, items[red.class])
	}
	if cfg.algorithm() != FILA || cfg.noForce {
		return force
	}
	opts := make([]int, len(pr.classes))
	for _, c := range pr.optClass {
		opts[c]++
	}
	all := finiteFirst(pr, cfg)
	var few []int
	for c, cl := range pr.classes {
		if cl.unlimited || cl.atMost || cl.count != 1 || !all && opts[c] > max(fewPlacements, cl.anchor) || red != nil && int32(c) == red.class {
			continue
		}
		few = append(few, c)
	}
	slices.SortStableFunc(few, func(a, b int) int { return opts[a] - opts[b] })
	for _, c := range few {
		force = append(force, items[c])
	}
	return force
}

// forced returns the item to branch on while a forced class is open, or 0
// when none is: an item with no option left (a dead end) or with one (a
// move with no choice), as DLX's other rules take first, else the open
// forced class with the fewest options left (the first in r.force on a
// tie). Branching on the forced classes in their static order alone let a
// cell that no option covers any more, or a forced class whose images had
// all been blocked by the others, go unseen until FILA started: on an
// 86-cell board with 15 forced pieces of 4 to 8 placements each the
// default FILA searched 372,995 nodes (2.8 s) for DLX's 635 (0.008 s).
// A function of the matrix alone, so serial, parallel and sharded runs
// branch alike.
func (r *run) forced(d *dlx) int32 {
	best, bl := int32(0), int32(math.MaxInt32)
	for _, i := range r.force {
		if d.open[i] {
			if l := d.nodes[i].top; l < bl {
				best, bl = i, l
			}
		}
	}
	if best == 0 || bl <= 1 {
		return best
	}
	if i := d.tightItem(); i != 0 {
		return i
	}
	return best
}

// forcing reports whether a forced class is still open at this node (then
// forced picks the item and FILA waits): forced without its choice, which
// a DLX node makes once.
func (r *run) forcing(d *dlx) bool {
	for _, i := range r.force {
		if d.open[i] {
			return true
		}
	}
	return false
}

// finiteFirst reports whether every class of one piece goes first, whatever
// its options, in a puzzle with an unlimited piece: when listing (a first
// tiling, --limit), and when counting while the finite pieces cover at
// least three quarters of the board. FILA starts at once in such a puzzle
// and reaches the finite pieces only where its cell order comes to them,
// under every filling of the cells before by the unlimited ones: the 12
// pentominoes with unlimited monominoes in 10x10 had no first tiling after
// 60 s (462 M nodes; DLX alone 25 M nodes, none either), and a 92-cell
// board with 18 pieces of one copy, five of them unconstrained, and
// unlimited monominoes and dominoes took 268 M nodes for DLX's 35,090.
// Placing them first costs a FILA model of the rest for each arrangement,
// which a count of many arrangements pays dearly: 8x8 with unlimited
// monominoes and P, L, T (a fifth of the board) 23.0 s against 2.9 s, 6x6
// with P, L, T, V (half of it) 1.25 s against 0.12 s; hence the quarter.
func finiteFirst(pr *problem, cfg Config) bool {
	if !pr.hasUnlimited {
		return false
	}
	if cfg.Limit > 0 {
		return true
	}
	finite := 0
	for _, cl := range pr.classes {
		if !cl.unlimited {
			finite += cl.count * cl.size
		}
	}
	return 4*finite >= 3*pr.nCells
}
