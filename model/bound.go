package model

import (
	"fmt"

	"github.com/polytile/polytile/puzzle"
)

// Bound is an upper bound on the number of cells a partial tiling of a
// puzzle can cover, proven from areas and colourings alone.
type Bound struct {
	// Bound is the upper bound on covered cells: the largest sum of
	// available piece sizes that is at most min(Cells, Colour).
	Bound int
	// Cells is the area of the region.
	Cells int
	// GCD is the greatest common divisor of the sizes of all pieces: every
	// covered area is a multiple of it.
	GCD int
	// Colour is the checkerboard cap (see CoverageBound), or Cells when
	// the colouring argument does not apply or gives nothing better.
	Colour int
	// Reason explains Bound in one line, e.g.
	// "area bound 48: largest multiple of 4 <= 49".
	Reason string
}

// CoverageBound returns the best upper bound on coverage that these two
// arguments prove; both hold for every partial tiling (no overlap, every
// finite piece used at most Count times):
//
//  1. Area (bounded subset sum). The covered area is Σ_k size_k·n_k with
//     0 <= n_k <= Count_k (any n_k >= 0 for an unlimited piece), and it is
//     at most the region's area. Bound is the largest such sum <= the cap,
//     computed exactly by a bitset knapsack over the counts. With
//     unlimited pieces of gcd g this is often the largest multiple of g
//     that fits.
//  2. Checkerboard. Colour cell (i,j,l) black when i+j+l is even. A piece
//     covers b black and w white cells in one placement and, in every
//     other placement, either the same numbers or swapped: rotations and
//     reflections of the lattice (signed permutations of the axes) keep
//     the parity of i+j+l, and a translation keeps or swaps it. So its
//     imbalance d_k = |b-w| is a property of the shape. The covered
//     black cells b' <= Black and white w' <= White satisfy |b'-w'| <= D
//     = Σ_k d_k·n_k, n_k the copies of piece k: Count_k, or for an
//     unlimited piece Cells / size_k (the copies of a partial tiling do
//     not overlap, so no more fit; a balanced one, d_k = 0, adds nothing),
//     hence coverage = 2·min(b',w') + |b'-w'| <= 2·min(Black, White) + D.
//     For dominoes, the O, I and L tetrominoes and other balanced pieces
//     (D = 0) this is 2·min(Black, White); it is used as the cap of the
//     knapsack when it is below the area.
//  3. Signed checkerboard. Each of those n_k copies tilts the colours by
//     +d_k or -d_k, not always the same way: the
//     covered area A and the signed sum s of the imbalances must satisfy
//     (A+s)/2 <= Black and (A-s)/2 <= White. A knapsack over (A, s)
//     (colourKnapsack) gives the largest such A. It proves, for example,
//     that the 35 hexominoes cannot fill 15x14 (eleven imbalances of 2
//     never add up to 0), that the five tetrominoes cannot fill 5x4, and
//     that unlimited T tetrominoes cover at most 96 cells of 10x10 (at
//     most 25 fit, and 25 imbalances of 2 never add up to 0).
//
// On the triangle grid the colours of i+j+l are the up and down triangles
// (puzzle.Up), which every symmetry of the grid keeps or swaps, so 2 and 3
// hold as they are. On the hex grid the colours of axial i+j are not kept
// by the rotations: the colouring arguments are not used (colouringHolds).
//
// Nothing else (e.g. the number of places a piece fits) is claimed.
func CoverageBound(p *puzzle.Puzzle) Bound {
	cells := p.Area()
	b := Bound{Cells: cells, Colour: cells}
	if len(p.Pieces) == 0 {
		// Every piece fit nowhere and was left out (puzzle.DropAll).
		b.GCD, b.Reason = 1, "area bound 0: no piece fits anywhere on the board"
		return b
	}
	sizes := map[int]int{} // size -> total finite count, -1 if unlimited
	var order []int
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		s := pc.Size()
		b.GCD = gcd(b.GCD, s)
		prev, seen := sizes[s]
		if !seen {
			order = append(order, s)
		}
		switch {
		case pc.Unlimited || prev < 0:
			sizes[s] = -1
		default:
			sizes[s] = prev + pc.Count
		}
	}
	if b.GCD == 0 {
		b.GCD = 1
	}
	black, white := checkerboard(p.Region.Cells)
	colourOK, imbalance := colouringHolds(p), 0
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		pb, pw := checkerboard(pc.Shape)
		d := abs(pb - pw)
		n := pc.Count
		if pc.Unlimited {
			// No partial tiling holds more copies than fit in the area
			// (unlimitedCopies): an unbalanced unlimited piece counts as
			// that many finite copies.
			n = unlimitedCopies(pc, d, cells)
		}
		imbalance += d * n
	}
	limit := cells
	if colourOK {
		if c := 2*min(black, white) + imbalance; c < cells {
			b.Colour, limit = c, c
		}
	}
	b.Bound = maxSubsetSum(order, sizes, limit)
	b.Reason = b.reason(sizes, black, white, imbalance)
	if colourOK && imbalance > 0 { // the signs of the imbalances: bound_colour.go
		if c, ok := colourKnapsack(p, black, white, b.Bound); ok && c < b.Bound {
			b.Bound, b.Colour = c, c
			b.Reason = colourReason(p, c, black, white)
		}
	}
	return b
}

// unlimitedCopies is the number of copies of an unlimited piece of
// checkerboard imbalance d (|black - white| of its cells, which the
// callers have counted) that the colouring arguments of CoverageBound
// count: cells / size, since the copies of a partial tiling do not
// overlap, each covering size cells of the region. A balanced piece
// (d == 0) tilts nothing and is left to repeat freely: 0.
func unlimitedCopies(pc *puzzle.Piece, d, cells int) int {
	if d == 0 {
		return 0
	}
	return cells / pc.Size()
}

func (b *Bound) reason(sizes map[int]int, black, white, imbalance int) string {
	var why string
	total, unlimited := 0, false
	for s, n := range sizes {
		if n < 0 {
			unlimited = true
		} else {
			total += s * n
		}
	}
	limit := min(b.Cells, b.Colour)
	switch {
	case !unlimited && total <= limit && b.Bound == total:
		why = fmt.Sprintf("total area of the pieces %d <= %d", total, limit)
	case b.Bound == limit:
		why = fmt.Sprintf("piece sizes can add up to all %d cells", limit)
	case b.Bound == limit/b.GCD*b.GCD:
		why = fmt.Sprintf("largest multiple of %d <= %d", b.GCD, limit)
	default:
		why = fmt.Sprintf("largest sum of available piece sizes <= %d", limit)
	}
	kind := "area"
	if b.Colour < b.Cells {
		kind = "checkerboard"
		why += fmt.Sprintf(" (region %d black / %d white; covered <= 2*min + imbalance %d = %d)", black, white, imbalance, b.Colour)
	}
	return fmt.Sprintf("%s bound %d: %s", kind, b.Bound, why)
}

// Name is the argument that gives Bound, as Reason names it: "area
// bound" or "checkerboard bound".
func (b Bound) Name() string {
	if b.Colour < b.Cells { // as reason and colourReason choose
		return "checkerboard bound"
	}
	return "area bound"
}

// colouringHolds reports whether the checkerboard colouring of
// CoverageBound is kept or swapped by every orientation of every piece:
// on the square and triangle grids, not on the hex grid.
func colouringHolds(p *puzzle.Puzzle) bool { return p.Grid != puzzle.Hex }

// checkerboard counts the cells with i+j+l even (black) and odd (white).
func checkerboard(cells []puzzle.Cell) (black, white int) {
	for _, c := range cells {
		if (c.I+c.J+c.L)&1 == 0 {
			black++
		} else {
			white++
		}
	}
	return black, white
}

// maxSubsetSum returns the largest Σ s·n_s <= limit with 0 <= n_s <=
// count[s] (unbounded when count[s] < 0), by a bitset of reachable sums:
// a bounded count is split into 1, 2, 4, ... copies (each a 0/1 item), an
// unlimited size into s, 2s, 4s, ... up to the limit.
func maxSubsetSum(order []int, count map[int]int, limit int) int {
	if limit <= 0 {
		return 0
	}
	set := make([]uint64, limit/64+1)
	set[0] = 1
	for _, s := range order {
		n := count[s]
		if n < 0 {
			for w := s; w <= limit; w *= 2 {
				shiftOr(set, w, limit)
				if w > limit/2 {
					break
				}
			}
			continue
		}
		for m := 1; n > 0; m *= 2 {
			take := min(m, n)
			n -= take
			if w := s * take; w <= limit {
				shiftOr(set, w, limit)
			}
		}
		if testBit(set, limit) {
			return limit
		}
	}
	for v := limit; v > 0; v-- {
		if testBit(set, v) {
			return v
		}
	}
	return 0
}

func testBit(set []uint64, v int) bool { return set[v>>6]&(1<<(uint(v)&63)) != 0 }

// shiftOr sets set |= set << w, keeping bits <= limit. Words are updated
// from high to low so that every source bit is read before it changes:
// each call is one 0/1 item.
func shiftOr(set []uint64, w, limit int) {
	ws, bs := w>>6, uint(w)&63
	for i := len(set) - 1; i >= ws; i-- {
		v := set[i-ws] << bs
		if bs != 0 && i-ws-1 >= 0 {
			v |= set[i-ws-1] >> (64 - bs)
		}
		set[i] |= v
	}
	if r := uint(limit+1) & 63; r != 0 {
		set[len(set)-1] &= 1<<r - 1
	}
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
