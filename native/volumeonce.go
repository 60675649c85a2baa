package native

import (
	"context"
	"math"
	"math/bits"

	"github.com/polytile/polytile/puzzle"
)

// filterOnce returns, for every option, whether it survives the volume
// filter when placed alone on the empty board: every connected component
// of the open cells must have an area that the other pieces can add up to.
// It stops with ctx's error when ctx is cancelled.
//
// Boards of up to 64 cells use bitset flood fills. Larger boards use local
// floods (localFlood): only the components next to the placed image change,
// so the cost per option is about the size of the small components plus a
// bounded probe, not the area of the board (a 4,096-cell box with 120,960
// images took 5.7 s with one full flood fill per option, 0.10 s now).
func filterOnce(ctx context.Context, pr *problem) ([]bool, error) {
	v := newVolume(pr)
	keep := make([]bool, pr.options())
	perClass := volumePerClass(pr, v)
	if pr.nCells <= 64 {
		filterOnce64(pr, perClass, keep)
		return keep, nil
	}
	lf := newLocalFlood(pr, v, perClass)
	nextPoll := 0
	for k := range pr.options() {
		if k&1023 == 0 || lf.work >= nextPoll {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			nextPoll = lf.work + pollWork
		}
		keep[k] = lf.ok(k)
	}
	return keep, nil
}

// fallbackBudget bounds the cells the volume pre-filter visits in whole
// floods (options whose image splits a large component in two or more
// large parts, or a piece that is not connected). On a long strip almost
// every option splits it: one whole flood per option cost the area squared
// (2x32768 dominoes: 80 s, against 0.5 s without the filter). Past the
// budget such options are kept undecided: the filter only prunes options
// that are in no tiling, so keeping one changes no count, only the search
// tree. The budget is a number of cells, not a time: the options kept, and
// so the split of a sharded count, are the same on every machine.
const fallbackBudget = 1 << 26

// pollWork is how many flooded cells filterOnce lets pass between two
// reads of its context (well under a millisecond).
const pollWork = 1 << 16

// volumePerClass returns, per class c, the reachable areas of all pieces
// but one copy of c (the one being placed).
func volumePerClass(pr *problem, v *volume) [][]uint64 {
	base := make([]int, len(pr.classes))
	for c, cl := range pr.classes {
		base[c] = cl.count
		if cl.unlimited {
			base[c] = -1
		}
	}
	perClass := make([][]uint64, len(pr.classes))
	for c := range pr.classes {
		counts := append([]int(nil), base...)
		if counts[c] > 0 {
			counts[c]--
		}
		v.componentSums(counts)
		perClass[c] = append([]uint64(nil), v.reach...)
	}
	return perClass
}

// filterOnceFull is the plain definition: one flood fill of the whole board
// per option. localFlood falls back to it, and the tests check localFlood
// against it.
func filterOnceFull(pr *problem, v *volume, perClass [][]uint64, k int) bool {
	cells := pr.optCells(k)
	img := make(map[int32]bool, len(cells))
	for _, c := range cells {
		img[c] = true
	}
	copy(v.reach, perClass[pr.optClass[k]])
	return v.componentsOK(func(c int32) bool { return !img[c] })
}

// component64 returns the connected component of the lowest cell of h
// within h (a flood fill over the neighbour masks nb, at most 64 cells).
// It grows from the cells added last only, so each cell's neighbours are
// read once.
func component64(h uint64, nb []uint64) uint64 {
	comp := h & -h
	for front := comp; front != 0; {
		var grow uint64
		for x := front; x != 0; x &= x - 1 {
			grow |= nb[bits.TrailingZeros64(x)]
		}
		front = grow & h &^ comp
		comp |= front
	}
	return comp
}

// filterOnce64 is filterOnce with bitset flood fills (at most 64 cells).
func filterOnce64(pr *problem, perClass [][]uint64, keep []bool) {
	nb := make([]uint64, pr.nCells)
	for c := range pr.nCells {
		for _, m := range pr.nbr[c] {
			if m >= 0 {
				nb[c] |= 1 << m
			}
		}
	}
	full := ^uint64(0) >> (64 - pr.nCells)
	for k := range pr.options() {
		var lay uint64
		for _, c := range pr.optCells(k) {
			lay |= 1 << c
		}
		reach := perClass[pr.optClass[k]]
		keep[k] = true
		for h := full &^ lay; h != 0; {
			comp := component64(h, nb)
			if !bitSet(reach, bits.OnesCount64(comp)) {
				keep[k] = false
				break
			}
			h &^= comp
		}
	}
}

// localFlood decides the volume filter of one option on a large board by
// breadth-first floods from the open neighbours of the image, each stopped
// after probe cells. A flood that finishes has found a whole component,
// whose area is checked. At most one flood may stop early (the big rest of
// the image's component); its area is that component's area minus the image
// and the finished floods. Floods that run into it belong to it. When two
// floods stop early, they may or may not be one component, and the option
// is decided by a full flood fill. Components of the board that do not
// contain the image are checked once per class.
type localFlood struct {
	pr       *problem
	v        *volume
	perClass [][]uint64
	probe    int
	comp     []int32 // original component of each cell
	compArea []int
	// badOther[c] is the number of original components whose area the
	// pieces left after placing one copy of class c cannot fill.
	badOther []int
	tag      []uint32 // per cell: the flood (or image) that last visited it
	next     uint32
	queue    []int32
	// work counts the cells visited by the floods; whole floods stop
	// being made once it passes fallbackBudget (undecided options are
	// kept).
	work int
	// allReach[c]: every area is reachable after placing a copy of class
	// c (a piece that is not connected remains): the option is kept.
	allReach []bool
}

func newLocalFlood(pr *problem, v *volume, perClass [][]uint64) *localFlood {
	lf := &localFlood{pr: pr, v: v, perClass: perClass,
		comp: make([]int32, pr.nCells), tag: make([]uint32, pr.nCells), next: 1}
	maxSize := 1
	for _, cl := range pr.classes {
		maxSize = max(maxSize, cl.size)
	}
	lf.probe = 128 + 8*maxSize
	for i := range lf.comp {
		lf.comp[i] = -1
	}
	for s := range int32(pr.nCells) {
		if lf.comp[s] >= 0 {
			continue
		}
		id := int32(len(lf.compArea))
		lf.comp[s] = id
		q := append(lf.queue[:0], s)
		for h := 0; h < len(q); h++ {
			for _, y := range pr.nbr[q[h]] {
				if y >= 0 && lf.comp[y] < 0 {
					lf.comp[y] = id
					q = append(q, y)
				}
			}
		}
		lf.queue = q
		lf.compArea = append(lf.compArea, len(q))
	}
	lf.badOther = make([]int, len(pr.classes))
	lf.allReach = make([]bool, len(pr.classes))
	for c := range pr.classes {
		lf.allReach[c] = true
		for a := 0; a <= pr.nCells; a++ {
			if !bitSet(perClass[c], a) {
				lf.allReach[c] = false
				break
			}
		}
		for _, a := range lf.compArea {
			if !bitSet(perClass[c], a) {
				lf.badOther[c]++
			}
		}
	}
	return lf
}

func bitSet(r []uint64, n int) bool { return r[n/64]>>(n%64)&1 != 0 }

// stamp returns a fresh tag. ok keeps the counter from wrapping within an
// option, where tags are compared with the option's first tag.
func (lf *localFlood) stamp() uint32 {
	lf.next++
	return lf.next - 1
}

// ok reports whether option k survives the volume filter.
func (lf *localFlood) ok(k int) bool {
	pr := lf.pr
	cls := pr.optClass[k]
	reach := lf.perClass[cls]
	if lf.allReach[cls] {
		return true
	}
	cells := pr.optCells(k)
	home := lf.comp[cells[0]]
	for _, c := range cells {
		if lf.comp[c] != home { // a piece that is not connected
			if lf.work+pr.nCells > fallbackBudget {
				return true
			}
			lf.work += pr.nCells
			return filterOnceFull(pr, lf.v, lf.perClass, k)
		}
	}
	other := lf.badOther[cls]
	if !bitSet(reach, lf.compArea[home]) {
		other--
	}
	if other > 0 {
		return false
	}
	// One tag for the image and at most one per neighbour of its cells.
	if lf.next > math.MaxUint32-uint32(len(puzzle.FaceDirs)*len(cells)+1) {
		clear(lf.tag)
		lf.next = 1
	}
	img := lf.stamp()
	for _, c := range cells {
		lf.tag[c] = img
	}
	large, small := false, 0
	for _, x := range cells {
		for _, s := range pr.nbr[x] {
			if s < 0 || lf.tag[s] >= img {
				continue // outside, the image, or visited by a flood of this option
			}
			t := lf.stamp()
			lf.tag[s] = t
			q := append(lf.queue[:0], s)
			merged, stopped := false, false
		flood:
			for h := 0; h < len(q); h++ {
				for _, y := range pr.nbr[q[h]] {
					if y < 0 {
						continue
					}
					switch tg := lf.tag[y]; {
					case tg == t || tg == img:
						continue
					case tg > img:
						// A finished flood has its whole component, so
						// this cell belongs to the flood that stopped
						// early: the big component.
						merged = true
						break flood
					}
					lf.tag[y] = t
					q = append(q, y)
					if len(q) > lf.probe {
						stopped = true
						break flood
					}
				}
			}
			lf.queue = q
			lf.work += len(q)
			switch {
			case merged:
			case stopped:
				if large {
					return lf.whole(cells, reach)
				}
				large = true
			default:
				if !bitSet(reach, len(q)) {
					return false
				}
				small += len(q)
			}
		}
	}
	if large {
		return bitSet(reach, lf.compArea[home]-len(cells)-small)
	}
	return true
}

// whole decides an option whose image leaves two or more parts of its
// component too large for the probe: it floods every part of the home
// component next to the image, in full, and checks each area. Past
// fallbackBudget it keeps the option undecided (true).
func (lf *localFlood) whole(cells []int32, reach []uint64) bool {
	pr := lf.pr
	// One tag for the image and at most one per neighbour of its cells.
	if lf.next > math.MaxUint32-uint32(len(puzzle.FaceDirs)*len(cells)+1) {
		clear(lf.tag)
		lf.next = 1
	}
	img := lf.stamp()
	for _, c := range cells {
		lf.tag[c] = img
	}
	for _, x := range cells {
		for _, s := range pr.nbr[x] {
			if s < 0 || lf.tag[s] >= img {
				continue // outside, the image, or a part already flooded
			}
			t := lf.stamp()
			lf.tag[s] = t
			q := append(lf.queue[:0], s)
			for h := 0; h < len(q); h++ {
				if lf.work+h >= fallbackBudget {
					lf.queue = q
					lf.work = fallbackBudget
					return true
				}
				for _, y := range pr.nbr[q[h]] {
					// Every cell this flood meets is unvisited or its
					// own: the parts flooded before are whole.
					if y >= 0 && lf.tag[y] < img {
						lf.tag[y] = t
						q = append(q, y)
					}
				}
			}
			lf.queue = q
			lf.work += len(q)
			if !bitSet(reach, len(q)) {
				return false
			}
		}
	}
	return true
}
