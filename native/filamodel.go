package native

import (
	"math/bits"
	"slices"
	"sync/atomic"
)

// filaInput is the sub-puzzle handed to FILA: the open cells (internal
// indices, ascending), the options that still fit (global option indices,
// ascending) and the remaining copies of every class.
type filaInput struct {
	cells   []int32
	opts    []int32
	remain  []int32 // per class; ignored for unlimited classes
	hasUnl  bool
	byDepth bool
}

// nbInfo lists the neighbours of a cell whose occupancy FILA reads to form
// the image list set index: bit t of the (compact) ILSI is the occupancy
// of local cell k[t]. Neighbours that are outside the region, filled
// before FILA started, or filled for sure by a fixed-order heuristic are
// not read (their ILSI bit is always 1), which is the article's per-cell
// specialised getIlsi.
type nbInfo struct {
	n uint8
	k [6]uint8
}

// filaShape is the common, width-independent part of a FILA model: local
// cell numbering, the compact classes and the per-heuristic table layout.
type filaShape struct {
	n       int     // local cells
	cellOf  []int32 // local -> internal
	local   []int32 // internal -> local, -1 when not in the model
	nbLocal [][6]int32
	nCls    int
	clsOf   []int32 // compact class -> class
	compact []int32 // class -> compact class, -1 when absent
	count   []int32 // remaining copies per compact class (unlimited: large)
	exact   []bool  // compact class must end at 0 copies
	optCls  []int32 // per model option: compact class
	opts    []int32 // model option -> global option
	// stop, when not nil, cuts the building of a big (multi-word) model
	// short once set; the search reads the same flag before using it.
	stop *atomic.Bool
}

// stopped reports, every 65,536 steps i, whether the build should stop.
func (fs *filaShape) stopped(i int) bool {
	return fs.stop != nil && i&(1<<16-1) == 0 && fs.stop.Load()
}

const unlimitedCount = 1 << 30

// shapeFrom fills the common part from an input.
func (fs *filaShape) shapeFrom(pr *problem, in *filaInput) {
	fs.n = len(in.cells)
	fs.cellOf = append(fs.cellOf[:0], in.cells...)
	if len(fs.local) != pr.nCells {
		fs.local = make([]int32, pr.nCells)
	}
	for i := range fs.local {
		fs.local[i] = -1
	}
	for l, c := range in.cells {
		fs.local[c] = int32(l)
	}
	fs.nbLocal = fs.nbLocal[:0]
	for _, c := range in.cells {
		var nb [6]int32
		for d, m := range pr.nbr[c] {
			nb[d] = -1
			if m >= 0 {
				nb[d] = fs.local[m]
			}
		}
		fs.nbLocal = append(fs.nbLocal, nb)
	}
	if len(fs.compact) != len(pr.classes) {
		fs.compact = make([]int32, len(pr.classes))
	}
	fs.clsOf, fs.count, fs.exact = fs.clsOf[:0], fs.count[:0], fs.exact[:0]
	for c, cl := range pr.classes {
		fs.compact[c] = -1
		r := in.remain[c]
		if cl.unlimited {
			r = unlimitedCount
		}
		if r <= 0 {
			continue
		}
		fs.compact[c] = int32(len(fs.clsOf))
		fs.clsOf = append(fs.clsOf, int32(c))
		fs.count = append(fs.count, r)
		fs.exact = append(fs.exact, !cl.unlimited && !cl.atMost)
	}
	fs.nCls = len(fs.clsOf)
	fs.opts = fs.opts[:0]
	fs.optCls = fs.optCls[:0]
	for i, k := range in.opts {
		if fs.stopped(i) {
			break
		}
		cc := fs.compact[pr.optClass[k]]
		if cc < 0 {
			continue
		}
		fs.opts = append(fs.opts, k)
		fs.optCls = append(fs.optCls, cc)
	}
}

// tableLayout is the width-independent layout of one heuristic's image
// list sets: for local cell c the sets are setBase[c] .. setBase[c] +
// 2^nb[c].n - 1, and set z holds, per compact class s, the model options
// members[offs[z*(nCls+1)+s] : offs[z*(nCls+1)+s+1]].
type tableLayout struct {
	kind    heurKind
	setBase []int32
	nb      []nbInfo
	offs    []int32
	members []int32 // model option indices
	order   []int32 // fixed order (radial): local cells in fill order
	rank    []int32 // local cell -> position in order
	// scratch of buildLayout
	mark           []bool
	slots, slotEnd []int32
	cur            []int32
}

// buildLayout computes the image list sets of one heuristic. When the
// stop flag cuts it short (fs.stopped, every 65,536 options or sets; only
// the multi-word model sets fs.stop) it sets tl.kind to -1, and its tables
// must not be read. rank gives
// the fixed fill order for radial (global internal-cell ranks), nil
// otherwise; cellsOf returns the local cells of model option i, and lays,
// when not nil (a model of at most 64 cells), its cells as a mask.
func (tl *tableLayout) buildLayout(fs *filaShape, kind heurKind, nof bool, globalRank []int32, cellsOf func(i int, buf []int32) []int32, lays []uint64) {
	if tl.layoutSlots(fs, kind, nof, globalRank, cellsOf, lays) {
		tl.fillMembers(fs)
	}
}

// layoutSlots is buildLayout's first part: the neighbours, the set
// bases, every option's (set, class) slots and the lists' offsets. It
// reports false when the stop flag cut it short (tl.kind is then -1).
// fillMembers, or the 64-bit model's own fill, completes the table.
func (tl *tableLayout) layoutSlots(fs *filaShape, kind heurKind, nof bool, globalRank []int32, cellsOf func(i int, buf []int32) []int32, lays []uint64) bool {
	tl.kind = kind
	n := fs.n
	// Fill order rank of each local cell.
	tl.rank = tl.rank[:0]
	tl.order = tl.order[:0]
	for l := range n {
		tl.rank = append(tl.rank, int32(l))
		tl.order = append(tl.order, int32(l))
	}
	if kind == heurRadial {
		slices.SortFunc(tl.order, func(a, b int32) int {
			return int(globalRank[fs.cellOf[a]]) - int(globalRank[fs.cellOf[b]])
		})
		for pos, l := range tl.order {
			tl.rank[l] = int32(pos)
		}
	}
	fixed := kind.fixedOrder()
	// Readable neighbours and set bases.
	tl.nb = tl.nb[:0]
	tl.setBase = tl.setBase[:0]
	sets := int32(0)
	for l := range n {
		var nb nbInfo
		if nof {
			for _, m := range fs.nbLocal[l] {
				if m < 0 || (fixed && tl.rank[m] < tl.rank[l]) {
					continue
				}
				nb.k[nb.n] = uint8(m)
				nb.n++
			}
			// Ascending: bit t of the ILSI is then the t-th open
			// neighbour in cell order (a PEXT in selectVec).
			slices.Sort(nb.k[:nb.n])
		}
		tl.nb = append(tl.nb, nb)
		tl.setBase = append(tl.setBase, sets)
		sets += 1 << nb.n
	}
	stride := int32(fs.nCls + 1)
	need := int(sets * stride)
	if cap(tl.offs) < need+1 {
		tl.offs = make([]int32, need+1)
	}
	tl.offs = tl.offs[:need+1]
	clear(tl.offs)
	// Memberships: for every model option, the (set, class) slots it
	// joins, as indices set*stride+class, in option order.
	if len(tl.mark) < n {
		tl.mark = make([]bool, n)
	}
	tl.slots, tl.slotEnd = tl.slots[:0], tl.slotEnd[:0]
	if lays != nil {
		if !tl.slotsFromMasks(fs, fixed, stride, lays) {
			tl.kind = -1 // incomplete: never reused
			return false
		}
	} else {
		var buf [64]int32
		anchor := func(c, cls int32, mark []bool) {
			nb := &tl.nb[c]
			cov := uint32(0)
			for t := range nb.n {
				if mark[nb.k[t]] {
					cov |= 1 << t
				}
			}
			comp := (uint32(1)<<nb.n - 1) &^ cov
			base := tl.setBase[c]
			for z := comp; ; z = (z - 1) & comp {
				slot := (base+int32(z))*stride + cls
				tl.slots = append(tl.slots, slot)
				tl.offs[slot+1]++
				if z == 0 {
					break
				}
			}
		}
		for i := range fs.opts {
			if fs.stopped(i) {
				tl.kind = -1 // incomplete: never reused
				return false
			}
			cells := cellsOf(i, buf[:0])
			cls := fs.optCls[i]
			for _, c := range cells {
				tl.mark[c] = true
			}
			if fixed {
				best := cells[0]
				for _, c := range cells[1:] {
					if tl.rank[c] < tl.rank[best] {
						best = c
					}
				}
				anchor(best, cls, tl.mark)
			} else {
				for _, c := range cells {
					anchor(c, cls, tl.mark)
				}
			}
			for _, c := range cells {
				tl.mark[c] = false
			}
			tl.slotEnd = append(tl.slotEnd, int32(len(tl.slots)))
		}
	}
	// Offsets: lists of set z, class s are contiguous in (z, s) order.
	// offs[z*stride+s] is the start of list (z, s); offs[z*stride+nCls]
	// (= start of (z+1, 0)) its end.
	total := int32(0)
	for z := range sets {
		if fs.stopped(int(z)) {
			tl.kind = -1
			return false
		}
		for s := range stride - 1 {
			cnt := tl.offs[z*stride+s+1]
			tl.offs[z*stride+s] = total
			total += cnt
		}
		tl.offs[z*stride+stride-1] = total
	}
	tl.offs[need] = total
	return true
}

// slotsFromMasks is layoutSlots' options loop for a model of at most 64
// cells, from the options' cell masks: the covered neighbours of a cell
// read like an ILSI (six shifts, no branch on their number), and the
// slots written with the offsets and slots slices held in locals (the
// closure of the cell-list path reloaded them at every slot). It reports
// false when the stop flag cut it short.
func (tl *tableLayout) slotsFromMasks(fs *filaShape, fixed bool, stride int32, lays []uint64) bool {
	slots, slotEnd, offs := tl.slots[:0], tl.slotEnd[:0], tl.offs
	nbs, bases, rank := tl.nb, tl.setBase, tl.rank
	for i := range fs.opts {
		if fs.stopped(i) {
			tl.slots, tl.slotEnd = slots, slotEnd
			return false
		}
		lay := lays[i]
		cls := fs.optCls[i]
		cells := lay
		if fixed {
			// The first cell in fill order (ranks are distinct).
			best := bits.TrailingZeros64(lay)
			for x := lay & (lay - 1); x != 0; x &= x - 1 {
				c := bits.TrailingZeros64(x)
				if rank[c] < rank[best] {
					best = c
				}
			}
			cells = 1 << best
		}
		for x := cells; x != 0; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			nb := &nbs[c]
			cov := uint32(ilsi64(nb, lay))
			comp := (uint32(1)<<nb.n - 1) &^ cov
			base := bases[c]*stride + cls
			for z := comp; ; z = (z - 1) & comp {
				slot := base + int32(z)*stride
				slots = append(slots, slot)
				offs[slot+1]++
				if z == 0 {
					break
				}
			}
		}
		slotEnd = append(slotEnd, int32(len(slots)))
	}
	tl.slots, tl.slotEnd = slots, slotEnd
	return true
}

// fillMembers is buildLayout's second part: members from the slots, by
// a cursor per (set, class) (a counting sort: option order is kept in
// every list).
func (tl *tableLayout) fillMembers(fs *filaShape) {
	need := len(tl.offs) - 1
	total := tl.offs[need]
	if cap(tl.members) < int(total) {
		tl.members = make([]int32, total)
	}
	tl.members = tl.members[:total]
	if cap(tl.cur) < need {
		tl.cur = make([]int32, need)
	}
	cur := tl.cur[:need]
	copy(cur, tl.offs[:need])
	members, slots := tl.members, tl.slots
	start := int32(0)
	for i, end := range tl.slotEnd {
		// The fill writes every slot again, at random: 0.3 s for the
		// 64 M slots of a million-cell board of dominoes, past the
		// signal's second on a loaded machine when it read no flag.
		if fs.stopped(i) {
			tl.kind = -1
			return
		}
		for _, p := range slots[start:end] {
			members[cur[p]] = int32(i)
			cur[p]++
		}
		start = end
	}
}
