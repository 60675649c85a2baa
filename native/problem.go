package native

import (
	"cmp"
	"context"
	"slices"

	"github.com/polytile/polytile/puzzle"
)

// problem is the solvers' view of a puzzle: cells renumbered in fill order,
// their face neighbours, the piece classes and the options (images) that
// survive the filters. It is read-only once built and shared by workers.
type problem struct {
	pz     *puzzle.Puzzle
	nCells int
	// toPuzzle[c] is the puzzle's index of internal cell c; fromPuzzle is
	// the inverse. Internal cells are numbered with the longest axis of the
	// region as the slowest coordinate (Fletcher's column-by-column order
	// for 10x6), which is the order of the F heuristic.
	toPuzzle   []int32
	fromPuzzle []int32
	// nbr[c][d] is the internal index of the neighbour of c in direction
	// puzzle.FaceDirs[d], or -1 when that cell is not in the region.
	nbr [][6]int32
	// coord[c] is the lattice cell of internal cell c.
	coord []puzzle.Cell

	classes []classInfo
	// Options: option k covers cells[start[k]:start[k+1]] (internal
	// indices, sorted), belongs to class optClass[k] and is image
	// optImage[k] of the puzzle.
	start    []int32
	cells    []int32
	optClass []int32
	optImage []int32

	totalPieces  int  // sum of the finite counts
	hasUnlimited bool // some class has an unlimited supply
	// allConnected is set when the cells of every class's piece are face
	// connected: the volume filter then needs no per-node check of the
	// pieces left (volume.componentSums).
	allConnected bool
}

// classInfo is a class of interchangeable pieces.
type classInfo struct {
	count     int  // copies; 0 when unlimited
	unlimited bool // unlimited supply
	atMost    bool // count is an upper bound, not exact (reserved for holes)
	size      int  // cells per piece
	name      string
	// connected: the piece's cells are face-connected, so that every
	// image lies inside one connected component of the open cells (the
	// volume filter's argument). A piece may be any set of cells.
	connected bool
	// anchor is the number of orientations of a piece with a placement
	// constraint (the most placements one at: allows), 0 without one.
	anchor int
}

// options is the number of options.
func (pr *problem) options() int { return len(pr.optClass) }

// optCells returns the cells of option k (shared, do not modify).
func (pr *problem) optCells(k int) []int32 {
	return pr.cells[pr.start[k]:pr.start[k+1]:pr.start[k+1]]
}

// newProblem builds the problem of a puzzle with every image as an option.
func newProblem(pz *puzzle.Puzzle) *problem {
	pr, _ := newProblemCtx(context.Background(), pz)
	return pr
}

// newProblemCtx is newProblem that stops with ctx's error when ctx is
// cancelled (a big board has millions of images). It reads ctx after every
// 65,536 images, so a puzzle with fewer is always built (MaxCoverage then
// still has its greedy tiling when cancelled at once).
func newProblemCtx(ctx context.Context, pz *puzzle.Puzzle) (*problem, error) {
	reg := pz.Region
	n := reg.Len()
	pr := &problem{pz: pz, nCells: n}
	// Axis order: longest extent slowest, ties in I, J, L order.
	ext := [3]int{reg.Size.I, reg.Size.J, reg.Size.L}
	axes := []int{0, 1, 2}
	slices.SortStableFunc(axes, func(a, b int) int { return cmp.Compare(ext[b], ext[a]) })
	coordOf := func(c puzzle.Cell, a int) int {
		switch a {
		case 0:
			return c.I
		case 1:
			return c.J
		}
		return c.L
	}
	order := cellOrder(reg, axes, coordOf)
	pr.toPuzzle = order
	pr.fromPuzzle = make([]int32, n)
	for c, pc := range order {
		pr.fromPuzzle[pc] = int32(c)
	}
	pr.coord = make([]puzzle.Cell, n)
	pr.nbr = make([][6]int32, n)
	var nbs []puzzle.Cell
	for c := range n {
		cell := reg.Cells[order[c]]
		pr.coord[c] = cell
		// The grid's neighbours (FaceDirs on the square grid, 6 on the
		// hex grid, 3 on the triangle grid, the rest -1): NOF and the
		// volume filter read only these.
		nbs = pz.Grid.Neighbors(cell, nbs[:0])
		for d := range pr.nbr[c] {
			pr.nbr[c][d] = -1
			if d < len(nbs) {
				if m := reg.Index(nbs[d]); m >= 0 {
					pr.nbr[c][d] = pr.fromPuzzle[m]
				}
			}
		}
	}
	pr.allConnected = true
	for k := range pz.Classes {
		cl := &pz.Classes[k]
		pc := &pz.Pieces[cl.Pieces[0]]
		conn := faceConnected(pz.Grid, pc.Shape)
		pr.allConnected = pr.allConnected && conn
		anchor := 0
		if pz.Constrained(cl.Pieces[0]) {
			anchor = len(pc.Orients)
		}
		pr.classes = append(pr.classes, classInfo{
			count: cl.Count, unlimited: cl.Unlimited, size: cl.Size,
			name: pc.Name, connected: conn, anchor: anchor,
		})
		if cl.Unlimited {
			pr.hasUnlimited = true
		} else {
			pr.totalPieces += cl.Count
		}
	}
	imgs := pz.Images
	pr.start = make([]int32, 1, imgs.Len()+1)
	pr.cells = make([]int32, 0, imgs.CoverEntries())
	pr.optClass = make([]int32, 0, imgs.Len())
	pr.optImage = make([]int32, 0, imgs.Len())
	for i := range imgs.Len() {
		if i&(1<<16-1) == 1<<16-1 { // after every 65,536 images
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		k := imgs.Place[i].Piece
		cl := pz.Pieces[k].Class
		if pz.Classes[cl].Pieces[0] != k {
			continue // copies of a class share the images of its first piece
		}
		pr.addOption(int32(cl), int32(i), imgs.Cells(i))
	}
	return pr, nil
}

// cellOrder sorts the region's cells by their coordinates along axes
// (slowest first). The keys are the cells' positions in the bounding box
// in that axis order, packed with the cell's index into one word when
// they fit (every region whose bounding box has fewer than 2^42
// positions), and sorted once: the sort calling coordOf in each
// comparison took 0.3-1 s on a million cells, in the set-up of every
// native search, where Ctrl-C is not read.
func cellOrder(reg *puzzle.Region, axes []int, coordOf func(puzzle.Cell, int) int) []int32 {
	n := reg.Len()
	order := make([]int32, n)
	ext := [3]int{reg.Size.I, reg.Size.J, reg.Size.L}
	const idxBits = 21 // puzzle.MaxCells is 2^20
	if vol := uint64(ext[0]) * uint64(ext[1]) * uint64(ext[2]); n <= 1<<idxBits && vol < 1<<(64-idxBits) {
		keys := make([]uint64, n)
		for i, c := range reg.Cells {
			var k uint64
			for _, a := range axes {
				k = k*uint64(ext[a]) + uint64(coordOf(c, a)-coordOf(reg.Lo, a))
			}
			keys[i] = k<<idxBits | uint64(i)
		}
		slices.Sort(keys)
		for pos, k := range keys {
			order[pos] = int32(k & (1<<idxBits - 1))
		}
		return order
	}
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(x, y int32) int {
		cx, cy := reg.Cells[x], reg.Cells[y]
		for _, a := range axes {
			if d := cmp.Compare(coordOf(cx, a), coordOf(cy, a)); d != 0 {
				return d
			}
		}
		return 0
	})
	return order
}

// faceConnected reports whether the cells of a shape are connected through
// shared faces (edges on the planar grids) of grid g (an empty shape
// counts as connected).
func faceConnected(g puzzle.Grid, s puzzle.Shape) bool {
	if len(s) <= 1 {
		return true
	}
	in := make(map[puzzle.Cell]bool, len(s))
	for _, c := range s {
		in[c] = true
	}
	seen := map[puzzle.Cell]bool{s[0]: true}
	stack := []puzzle.Cell{s[0]}
	var nbs []puzzle.Cell
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range g.Neighbors(c, nbs[:0]) {
			if in[n] && !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return len(seen) == len(s)
}

// Disconnected returns the names of the pieces (one per class of
// interchangeable pieces) whose cells are not face-connected. The volume
// filter does not apply while such a piece remains to be placed: its
// images may straddle the components the filter reasons about.
func Disconnected(p *puzzle.Puzzle) []string {
	var out []string
	for k := range p.Classes {
		pc := &p.Pieces[p.Classes[k].Pieces[0]]
		if !faceConnected(p.Grid, pc.Shape) {
			out = append(out, pc.Name)
		}
	}
	return out
}

// addOption appends an option with the given puzzle cells.
func (pr *problem) addOption(class, image int32, puzzleCells []int32) {
	n := len(pr.cells)
	for _, m := range puzzleCells {
		pr.cells = append(pr.cells, pr.fromPuzzle[m])
	}
	slices.Sort(pr.cells[n:])
	pr.start = append(pr.start, int32(len(pr.cells)))
	pr.optClass = append(pr.optClass, class)
	pr.optImage = append(pr.optImage, image)
}

// subset returns a problem that keeps only the options k with keep[k].
func (pr *problem) subset(keep []bool) *problem {
	out := *pr
	out.start = []int32{0}
	out.cells = nil
	out.optClass = nil
	out.optImage = nil
	for k := range pr.options() {
		if !keep[k] {
			continue
		}
		out.cells = append(out.cells, pr.optCells(k)...)
		out.start = append(out.start, int32(len(out.cells)))
		out.optClass = append(out.optClass, pr.optClass[k])
		out.optImage = append(out.optImage, pr.optImage[k])
	}
	return &out
}

// placement returns the puzzle placement of option k.
func (pr *problem) placement(k int32) puzzle.Placement {
	return pr.pz.Images.Place[pr.optImage[k]]
}

// tiling decodes a list of options. Copies of a class are handed out to
// the class's pieces in turn (each up to its own count), in the orientation
// of that piece with the same shape, so that puzzle.Verify accepts it.
func (pr *problem) tiling(opts []int32) puzzle.Tiling {
	t := puzzle.Tiling{Placements: make([]puzzle.Placement, len(opts))}
	used := map[int]int{}
	for i, k := range opts {
		pl := pr.placement(k)
		cl := &pr.pz.Classes[pr.optClass[k]]
		if len(cl.Pieces) > 1 {
			pl = pr.assignCopy(cl, pl, used)
		}
		t.Placements[i] = pl
	}
	return t
}

// assignCopy moves a placement of a class's first piece to the first piece
// of the class that still has copies left.
func (pr *problem) assignCopy(cl *puzzle.Class, pl puzzle.Placement, used map[int]int) puzzle.Placement {
	shape := pr.pz.Pieces[pl.Piece].Orients[pl.Orient]
	for _, k := range cl.Pieces {
		pc := &pr.pz.Pieces[k]
		if !pc.Unlimited && used[k] >= pc.Count {
			continue
		}
		for r, o := range pc.Orients {
			if o.Equal(shape) {
				used[k]++
				return puzzle.Placement{Piece: k, Orient: r, At: pl.At}
			}
		}
	}
	return pl
}

// areaMatches reports whether the pieces can fill the region: the finite
// pieces exactly (or, with unlimited or at-most classes, not more than the
// region), and the region's area is a sum of available piece sizes.
func (pr *problem) areaMatches() bool {
	a := 0
	for _, cl := range pr.classes {
		if !cl.unlimited && !cl.atMost {
			a += cl.count * cl.size
		}
	}
	flexible := pr.hasUnlimited
	for _, cl := range pr.classes {
		flexible = flexible || cl.atMost
	}
	if !flexible {
		return a == pr.nCells
	}
	if a > pr.nCells {
		return false
	}
	v := newVolume(pr)
	for c, cl := range pr.classes {
		v.counts[c] = cl.count
		if cl.unlimited {
			v.counts[c] = -1
		}
	}
	v.sums(v.counts)
	return v.reachable(pr.nCells)
}
