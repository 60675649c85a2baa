package puzzle

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// anchorGrid finds the anchors where an orientation fits with bitsets over
// the region's bounding box, 64 anchors per machine word: the set of anchors
// of an orientation is the intersection, over its cells c, of the region
// translated by -c. Rows (and layers) are padded with empty positions at
// least as wide as the pieces, so that a translation never wraps a cell onto
// the next row: an anchor whose piece would stick out of the box meets a
// padding position (or the end of the array) and is dropped. The cost is
// (cells of the piece) x (box positions / 64) word operations per
// orientation at worst, and an orientation that fits nowhere usually stops
// after a few cells, when no anchor is left.
type anchorGrid struct {
	reg            *Region
	grid           Grid
	lo, size       Cell     // the box the anchors are counted in (boxOf)
	sj, sl         int      // padded extents of the J and L axes
	nbits          int      // SI * sj * sl
	region         []uint64 // bit g set when padded position g is a region cell
	v              []uint64 // the anchor set being narrowed
	work           int64    // word operations so far
	ctx            context.Context
	offsets, order []int
}

// newAnchorGrid lays out the region with room for pieces whose orientations
// extend at most maxExt positions along every axis.
func newAnchorGrid(ctx context.Context, reg *Region, maxExt int, grid Grid) *anchorGrid {
	g := &anchorGrid{reg: reg, ctx: ctx, grid: grid}
	g.lo, g.size = boxOf(reg, grid)
	g.sj = g.size.J + min(g.size.J, maxExt) - 1
	g.sl = g.size.L + min(g.size.L, maxExt) - 1
	g.nbits = g.size.I * g.sj * g.sl
	g.region = make([]uint64, (g.nbits+63)/64)
	for _, c := range reg.Cells {
		b := g.lin(c.Sub(g.lo))
		g.region[b>>6] |= 1 << uint(b&63)
	}
	g.v = make([]uint64, len(g.region))
	return g
}

// boxOf is the box in which the anchors of the region's images lie: the
// region's bounding box, except on the triangle grid, where a normal form
// may start in column 1 (Grid.Normalize) so that an image's anchor may lie
// one column left of the region: the box starts one or two columns
// further left, at a column of even parity (an up triangle), so that
// every anchor in it is a translation of the grid when it has even parity.
func boxOf(reg *Region, grid Grid) (lo, size Cell) {
	lo, size = reg.Lo, reg.Size
	if grid == Triangle {
		lo.J--
		if (lo.I+lo.J)&1 != 0 {
			lo.J--
		}
		size.J += reg.Lo.J - lo.J
	}
	return lo, size
}

// lin is the padded linear position of a cell relative to the box corner.
func (g *anchorGrid) lin(c Cell) int { return (c.I*g.sj+c.J)*g.sl + c.L }

// cellAt inverts lin for an anchor position.
func (g *anchorGrid) cellAt(b int) Cell {
	l := b % g.sl
	b /= g.sl
	return Cell{I: b / g.sj, J: b % g.sj, L: l}.Add(g.lo)
}

// fits returns the anchors (padded positions, increasing) of orientation o
// appended to out, or ctx's error. o is in normal form.
func (g *anchorGrid) fits(o Shape, out []int32) ([]int32, error) {
	e := o.Extent()
	size := g.size
	if e.I > size.I || e.J > size.J || e.L > size.L || len(o) == 0 {
		return out, nil
	}
	if e.J-1 > g.sj-size.J || e.L-1 > g.sl-size.L {
		// The padding would let a cell wrap into the next row or layer:
		// images that are not translations. newAnchorGrid's maxExt must
		// cover every orientation.
		return out, fmt.Errorf("internal error: an orientation %d x %d wide on an anchor grid padded for %d x %d", e.J, e.L, g.sj-size.J+1, g.sl-size.L+1)
	}
	g.offsets = g.offsets[:0]
	for _, c := range o {
		g.offsets = append(g.offsets, g.lin(c))
	}
	// Anchors lie in the first SI-eI+1 rows.
	hi := ((size.I-e.I+1)*g.sj*g.sl + 63) / 64
	lo := 0
	g.cellOrder(o, e)
	for n, k := range g.order {
		if n&15 == 15 {
			if err := g.ctx.Err(); err != nil {
				return out, err
			}
		}
		g.work += int64(hi - lo)
		andShifted(g.v, g.region, g.offsets[k], lo, hi, n == 0)
		for lo < hi && g.v[lo] == 0 {
			lo++
		}
		for hi > lo && g.v[hi-1] == 0 {
			hi--
		}
		if lo == hi {
			return out, nil
		}
	}
	for w := lo; w < hi; w++ {
		for x := g.v[w]; x != 0; x &= x - 1 {
			b := w<<6 + bits.TrailingZeros64(x)
			if g.grid == Triangle && !Triangle.Translation(g.cellAt(b).Sub(g.lo)) {
				continue // would turn up triangles down
			}
			out = append(out, int32(b))
		}
	}
	return out, nil
}

// cellOrder puts into g.order the cells of o in the order they are
// intersected: first the extreme cells along each axis, which drop the
// anchors where the piece sticks out of the box, then the others in a fixed
// pseudo-random order, so that a hole of the board is met early.
func (g *anchorGrid) cellOrder(o Shape, e Cell) {
	n := len(o)
	g.order = g.order[:0]
	taken := make([]bool, n)
	take := func(k int) {
		if k >= 0 && !taken[k] {
			taken[k] = true
			g.order = append(g.order, k)
		}
	}
	find := func(pred func(Cell) bool) int {
		for k, c := range o {
			if pred(c) {
				return k
			}
		}
		return -1
	}
	take(0)
	take(n - 1) // the last row
	take(find(func(c Cell) bool { return c.J == 0 }))
	take(find(func(c Cell) bool { return c.J == e.J-1 }))
	take(find(func(c Cell) bool { return c.L == 0 }))
	take(find(func(c Cell) bool { return c.L == e.L-1 }))
	rest := make([]int, 0, n)
	for k := range n {
		if !taken[k] {
			rest = append(rest, k)
		}
	}
	rand.New(rand.NewPCG(uint64(n), 0x9e3779b97f4a7c15)).Shuffle(len(rest), func(a, b int) { rest[a], rest[b] = rest[b], rest[a] })
	g.order = append(g.order, rest...)
}

// andShifted sets v[w] (w in [lo, hi)) to the AND of itself, or when first
// just to, the word of r starting at bit 64w+off; bits past r are 0.
func andShifted(v, r []uint64, off, lo, hi int, first bool) {
	q, s := off>>6, uint(off&63)
	n := len(r)
	word := func(w int) uint64 {
		i := w + q
		if i >= n {
			return 0
		}
		x := r[i] >> s
		if s != 0 && i+1 < n {
			x |= r[i+1] << (64 - s)
		}
		return x
	}
	// Words whose source lies wholly inside r take the fast path, on
	// slices of equal length so that the compiler drops the bounds checks.
	fast := max(lo, min(hi, n-q-1))
	vv, src, nxt := v[lo:fast], r[lo+q:fast+q], r[lo+q+1:fast+q+1]
	nxt = nxt[:len(vv)]
	src = src[:len(vv)]
	switch {
	case first && s == 0:
		copy(vv, src)
	case first:
		for i := range vv {
			vv[i] = src[i]>>(s&63) | nxt[i]<<((64-s)&63)
		}
	case s == 0:
		for i := range vv {
			vv[i] &= src[i]
		}
	default:
		for i := range vv {
			vv[i] &= src[i]>>(s&63) | nxt[i]<<((64-s)&63)
		}
	}
	for w := fast; w < hi; w++ {
		if first {
			v[w] = word(w)
		} else {
			v[w] &= word(w)
		}
	}
}
