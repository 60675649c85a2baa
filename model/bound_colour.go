package model

import (
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/puzzle"
)

// colourWorkLimit bounds the work of colourKnapsack, in 64-bit word
// operations (about a tenth of a second); beyond it the signed refinement
// is skipped and the plain checkerboard cap stands.
const colourWorkLimit = 1 << 26

// colourKnapsack refines the checkerboard argument of CoverageBound. The
// cap 2·min(Black, White) + D lets every unbalanced piece tilt the colours
// the same way; in fact a placement of piece k covers b_k more black than
// white cells or b_k more white than black (b_k = |black − white| of the
// shape, see CoverageBound), so a partial tiling covers an area A = Σ size
// and a signed imbalance s = Σ ±b_k (black − white covered) with
// (A + s)/2 <= Black and (A − s)/2 <= White. colourKnapsack returns the
// largest A <= limit that some choice of copies (each at most its count)
// and signs reaches within those caps, by a table of reachable (A, s)
// pairs: a bitset over A for each s. A balanced piece of unlimited supply
// (b_k = 0) repeats freely; an unbalanced one counts as limit/size_k
// copies, the most that an area A <= limit holds.
//
// ok is false when the table would be too large (colourWorkLimit), and then
// nothing is claimed.
func colourKnapsack(p *puzzle.Puzzle, black, white, limit int) (best int, ok bool) {
	if limit <= 0 {
		return 0, true
	}
	type item struct{ size, d, copies int }
	var items []item
	spread, copies := 0, 0
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		pb, pw := checkerboard(pc.Shape)
		it := item{size: pc.Size(), d: abs(pb - pw), copies: pc.Count}
		switch {
		case pc.Unlimited && it.d == 0:
			it.copies = -1
		case pc.Unlimited:
			// An area A <= limit holds at most limit/size copies.
			it.copies = limit / it.size
			fallthrough
		default:
			spread += it.d * it.copies
			copies += it.copies
		}
		items = append(items, it)
	}
	spread = min(spread, limit)
	rows, words := 2*spread+1, limit/64+1
	if int64(rows)*int64(words)*int64(copies+len(items)) > colourWorkLimit {
		return 0, false
	}
	reach := make([][]uint64, rows) // reach[s+spread]: bitset of areas A
	for r := range reach {
		reach[r] = make([]uint64, words)
	}
	reach[spread][0] = 1
	prev := make([][]uint64, rows)
	for r := range prev {
		prev[r] = make([]uint64, words)
	}
	for _, it := range items {
		if it.size > limit {
			continue
		}
		if it.copies < 0 { // unlimited and balanced: any number of copies, s unchanged
			for _, row := range reach {
				for w := it.size; w <= limit; w *= 2 {
					shiftOr(row, w, limit)
					if w > limit/2 {
						break
					}
				}
			}
			continue
		}
		for range it.copies {
			if it.d == 0 {
				for _, row := range reach {
					shiftOr(row, it.size, limit)
				}
				continue
			}
			for r := range reach {
				copy(prev[r], reach[r])
			}
			for r, src := range prev {
				for _, to := range []int{r + it.d, r - it.d} {
					if to >= 0 && to < rows {
						orShifted(reach[to], src, it.size, limit)
					}
				}
			}
		}
	}
	for a := limit; a > 0; a-- {
		for r := range rows {
			s := r - spread
			if (a+s)%2 == 0 && (a+s)/2 <= black && (a-s)/2 <= white && testBit(reach[r], a) {
				return a, true
			}
		}
	}
	return 0, true
}

// orShifted sets dst |= src << w, keeping bits <= limit.
func orShifted(dst, src []uint64, w, limit int) {
	ws, bs := w>>6, uint(w)&63
	for i := len(dst) - 1; i >= ws; i-- {
		v := src[i-ws] << bs
		if bs != 0 && i-ws-1 >= 0 {
			v |= src[i-ws-1] >> (64 - bs)
		}
		dst[i] |= v
	}
	if r := uint(limit+1) & 63; r != 0 {
		dst[len(dst)-1] &= 1<<r - 1
	}
}

// colourReason explains a bound that colourKnapsack lowered below the
// plain area and checkerboard bounds.
func colourReason(p *puzzle.Puzzle, bound, black, white int) string {
	byImbalance := map[int]int{}
	total, unlimited, balancedUnlimited := 0, false, false
	var tilted []string // the unbalanced unlimited pieces
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		pb, pw := checkerboard(pc.Shape)
		n := pc.Count
		if pc.Unlimited {
			unlimited = true
			if d := abs(pb - pw); d == 0 {
				balancedUnlimited = true
			} else {
				tilted = append(tilted, fmt.Sprintf("the unlimited piece %s covers %d more of one colour than of the other (at most %d copies of its %d cells fit in %d)",
					pc.Name, d, unlimitedCopies(pc, d, black+white), pc.Size(), black+white))
			}
			continue
		}
		total += pc.Size() * n
		byImbalance[abs(pb-pw)] += n
	}
	if _, ok := byImbalance[0]; balancedUnlimited && !ok {
		byImbalance[0] = 0 // a key of its own: named below as "the unlimited pieces"
	}
	var ds []int
	for d := range byImbalance {
		ds = append(ds, d)
	}
	slices.Sort(ds)
	var parts []string
	for _, d := range ds {
		n := byImbalance[d]
		what, verb := fmt.Sprintf("%d pieces", n), "cover"
		if n == 1 {
			what, verb = "1 piece", "covers"
		}
		if d == 0 {
			if n == 0 && !balancedUnlimited {
				continue
			}
			if n == 0 {
				what = "the unlimited pieces"
				if len(tilted) > 0 {
					what = "the other unlimited pieces"
				}
			}
			parts = append(parts, fmt.Sprintf("%s %s as many black cells as white in every placement", what, verb))
		} else {
			parts = append(parts, fmt.Sprintf("%s %s %d more of one colour than of the other", what, verb, d))
		}
	}
	parts = append(parts, tilted...)
	var b strings.Builder
	fmt.Fprintf(&b, "checkerboard bound %d: the region has %d black and %d white cells; %s", bound, black, white, strings.Join(parts, ", "))
	if !unlimited && total == black+white {
		fmt.Fprintf(&b, "; covering all %d cells needs those differences, each + or -, to add up to %d - %d = %d, which no choice of signs does",
			total, black, white, black-white)
	}
	fmt.Fprintf(&b, "; the most cells the pieces can cover with at most %d black and %d white is %d", black, white, bound)
	return b.String()
}
