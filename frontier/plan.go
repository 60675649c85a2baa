package frontier

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/polytile/polytile/puzzle"
)

// keyBits is the number of bits of a state key: the window's occupancy
// and the copies-used fields together. The all-ones key is never a state
// (the top bit stays clear), so key+1 is never 0 and 0 marks an empty
// hash slot.
const keyBits = 63

// plan is a system compiled for one cell order: for every position, the
// options anchored there (their first cell in the order) as bit masks of
// the window that starts at that position, and the layout of the state
// key.
type plan struct {
	n      int
	window int    // W: cells an anchored option can reach, the anchor included
	maskW  uint64 // the window's bits of a key
	// anchored[i] are the options whose first cell is at position i.
	anchored [][]popt
	// guard has the top bit of every copies-used field; a key with one
	// set uses more copies of a class than it has.
	guard uint64
	// start is the key before the first cell (every field at its bias),
	// final the key after the last with every finite copy used.
	start, final uint64
	fieldBits    int
	radix        float64 // product of (count+1) over the finite classes
	axes         [3]int  // the order: axes[0] slowest
	order        []int32 // order[i] is the system cell at position i
	options      int
	// lineEnd[i] is the last position of the line of position i: the
	// cells in order that share every coordinate but the fastest-varying
	// one (a row of a 2D box). Layers grow fastest along a line.
	lineEnd []int32
}

// popt is an option compiled for its anchor position.
type popt struct {
	mask uint64 // window bits, bit 0 the anchor
	inc  uint64 // added to the copies-used fields
	size int32  // cells covered
}

// axisNames names the lattice axes for messages.
var axisNames = [3]string{"I", "J", "L"}

// orderName describes an order, slowest axis first.
func (pl *plan) orderName() string {
	return fmt.Sprintf("%s-%s-%s", axisNames[pl.axes[0]], axisNames[pl.axes[1]], axisNames[pl.axes[2]])
}

// coordOf returns the coordinate of c along axis a.
func coordOf(c puzzle.Cell, a int) int {
	switch a {
	case 0:
		return c.I
	case 1:
		return c.J
	}
	return c.L
}

// candidateAxes are the orders tried: every permutation of the axes,
// slowest first. Scanning along the long axis of a box (slowest) is the
// one that gives the narrowest window, but holes, 3D boxes and the
// planar grids' skewed coordinates make trying them all (cheap) better
// than guessing.
var candidateAxes = [][3]int{{0, 1, 2}, {1, 0, 2}, {0, 2, 1}, {2, 0, 1}, {1, 2, 0}, {2, 1, 0}}

// positions returns the position of every cell in the order that sorts
// cells by axes (slowest first), and the order itself.
func positions(coord []puzzle.Cell, axes [3]int) (pos, order []int32) {
	n := len(coord)
	order = make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(x, y int32) int {
		for _, a := range axes {
			if d := cmp.Compare(coordOf(coord[x], a), coordOf(coord[y], a)); d != 0 {
				return d
			}
		}
		return 0
	})
	pos = make([]int32, n)
	for i, c := range order {
		pos[c] = int32(i)
	}
	return pos, order
}

// windowOf is the widest span of an option in positions pos.
func windowOf(s *system, pos []int32) int {
	w := 0
	for _, o := range s.opts {
		lo, hi := int32(len(pos)), int32(-1)
		for _, c := range o.cells {
			lo, hi = min(lo, pos[c]), max(hi, pos[c])
		}
		w = max(w, int(hi-lo+1))
	}
	return w
}

// bestOrder returns the axes and positions of the candidate order with the
// narrowest window (the first one on a tie).
func bestOrder(s *system) (axes [3]int, pos, order []int32, w int) {
	w = -1
	for _, ax := range candidateAxes {
		p, o := positions(s.coord, ax)
		if ww := windowOf(s, p); w < 0 || ww < w {
			axes, pos, order, w = ax, p, o, ww
		}
	}
	return axes, pos, order, w
}

// lineEnds returns, for every position of order, the last position of
// its line: the run of positions whose cells share every coordinate but
// the fastest-varying axis's (the last of axes along which the cells'
// coordinates differ).
func lineEnds(coord []puzzle.Cell, order []int32, axes [3]int) []int32 {
	fast := axes[0]
	for _, a := range axes {
		for _, c := range coord {
			if coordOf(c, a) != coordOf(coord[0], a) {
				fast = a
				break
			}
		}
	}
	sameLine := func(x, y puzzle.Cell) bool {
		for a := range 3 {
			if a != fast && coordOf(x, a) != coordOf(y, a) {
				return false
			}
		}
		return true
	}
	end := make([]int32, len(order))
	for i := len(order) - 1; i >= 0; i-- {
		end[i] = int32(i)
		if i+1 < len(order) && sameLine(coord[order[i]], coord[order[i+1]]) {
			end[i] = end[i+1]
		}
	}
	return end
}

// compile builds the plan of s in its best order. It returns an
// *OutOfReachError when the window and the copies-used fields do not fit
// in a 63-bit key.
func compile(ctx context.Context, s *system) (*plan, error) {
	axes, pos, order, w := bestOrder(s)
	pl := &plan{n: len(s.coord), window: max(w, 1), axes: axes, order: order, radix: 1}
	// Copies-used fields: b bits hold 0..2^b-1 >= count, plus a guard bit;
	// a field starts at bias = 2^b-1-count, so that it reaches 2^b-1 when
	// every copy is used and sets its guard bit with one copy too many.
	shift := make([]int, len(s.classes))
	finite := make([]bool, len(s.classes))
	at := pl.window
	for c, cl := range s.classes {
		if cl.unlimited {
			continue
		}
		finite[c] = true
		b := bits.Len(uint(cl.count))
		shift[c] = at
		if at+b+1 <= keyBits {
			pl.start |= (uint64(1)<<b - 1 - uint64(cl.count)) << at
			pl.final |= (uint64(1)<<b - 1) << at
			pl.guard |= uint64(1) << (at + b)
		}
		at += b + 1
		pl.radix *= float64(cl.count + 1)
	}
	pl.fieldBits = at - pl.window
	if at > keyBits {
		return nil, &OutOfReachError{Reason: fmt.Sprintf("the state key needs %d bits (a window of %d cells and %d bits of copies used), more than %d", at, pl.window, pl.fieldBits, keyBits), Window: pl.window}
	}
	pl.maskW = uint64(1)<<pl.window - 1
	pl.lineEnd = lineEnds(s.coord, order, axes)
	pl.anchored = make([][]popt, pl.n)
	uses := make([]int, len(s.classes))
	for k, o := range s.opts {
		if k&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("frontier: compiling the options: %w", err)
			}
		}
		if len(o.cells) == 0 {
			continue
		}
		lo := int32(pl.n)
		for _, c := range o.cells {
			lo = min(lo, pos[c])
		}
		var m uint64
		for _, c := range o.cells {
			m |= 1 << (pos[c] - lo)
		}
		var inc uint64
		ok := true
		for _, c := range o.uses {
			uses[c]++
			if finite[c] {
				inc += 1 << shift[c]
				if uses[c] > s.classes[c].count {
					ok = false
				}
			}
		}
		for _, c := range o.uses {
			uses[c] = 0
		}
		if !ok {
			continue // needs more copies than the supply
		}
		pl.anchored[lo] = append(pl.anchored[lo], popt{mask: m, inc: inc, size: int32(len(o.cells))})
		pl.options++
	}
	return pl, nil
}
