package native

import "sync/atomic"

// dlx is Knuth's dancing-links exact-cover matrix in arrays (int32
// indices, no pointers), as in his DLX1 program, extended with counter
// items for classes of several interchangeable pieces.
//
// Items 1..nCells are the cells (item c+1 is internal cell c, so the
// header list runs in F order). Then come the piece items: a class with
// one copy is a primary item like a cell; a class with several copies (or
// an upper bound, as for holes) is a counter item outside the header list:
// choosing one of its options decrements its counter, and when the counter
// reaches zero its remaining options are hidden. Identical copies therefore
// never produce permuted duplicates: every branch covers a primary item
// with one specific option, and a solution is a set of options. Unlimited
// classes have no item.
type dlx struct {
	nodes []dnode
	// Header list of the active primary items; item 0 is the root.
	llink, rlink []int32
	nItems       int32
	nCells       int32
	counter      []int32 // remaining copies of a counter item; -1 otherwise
	atMost       []bool  // counter item whose count is an upper bound
	optOf        []int32 // option of a node (-1 for headers and spacers)
	optFirst     []int32 // first node of each option
	open         []bool  // item is in the header list (cells: not filled)
	classItem    []int32 // item of each class, 0 when it has none
}

// dnode is a node of the matrix. For an item header, top is the length of
// its column; for a spacer it is <= 0 and up / down point to the first node
// of the previous option / the last node of the next one.
type dnode struct {
	top, up, down int32
}

// newDLX builds the matrix of a problem; counts are the remaining copies of
// each class (the classes' counts for a fresh search).
func newDLX(pr *problem) *dlx { return newDLXStop(pr, nil) }

// newDLXStop is newDLX that stops adding options once stop (when not nil)
// is set: the matrix is then incomplete, and the search, which reads the
// same flag first, never looks at it.
func newDLXStop(pr *problem, stop *atomic.Bool) *dlx {
	nCells := int32(pr.nCells)
	d := &dlx{nCells: nCells}
	var n int32
	d.classItem, n = classItems(pr)
	d.nItems = n
	d.llink = make([]int32, n+1)
	d.rlink = make([]int32, n+1)
	d.counter = make([]int32, n+1)
	d.atMost = make([]bool, n+1)
	d.open = make([]bool, n+1)
	for i := range d.counter {
		d.counter[i] = -1
	}
	for c, cl := range pr.classes {
		if it := d.classItem[c]; it != 0 && (cl.count > 1 || cl.atMost) {
			d.counter[it] = int32(cl.count)
			d.atMost[it] = cl.atMost
		}
	}
	// Header list: cells and primary class items.
	last := int32(0)
	for i := int32(1); i <= n; i++ {
		if d.counter[i] >= 0 {
			d.llink[i], d.rlink[i] = i, i
			continue
		}
		d.rlink[last] = i
		d.llink[i] = last
		d.open[i] = true
		last = i
	}
	d.rlink[last] = 0
	d.llink[0] = last

	total := int(n) + 1 + pr.options() + len(pr.cells) + pr.options()
	d.nodes = make([]dnode, n+1, total)
	d.optOf = make([]int32, n+1, total)
	for i := int32(0); i <= n; i++ {
		d.nodes[i] = dnode{top: 0, up: i, down: i}
		d.optOf[i] = -1
	}
	d.optFirst = make([]int32, pr.options())
	// First spacer.
	spacer := int32(len(d.nodes))
	d.nodes = append(d.nodes, dnode{top: 0})
	d.optOf = append(d.optOf, -1)
	for k := range pr.options() {
		if stop != nil && k&(1<<16-1) == 0 && stop.Load() {
			break
		}
		first := int32(len(d.nodes))
		d.optFirst[k] = first
		add := func(item int32) {
			x := int32(len(d.nodes))
			h := &d.nodes[item]
			d.nodes = append(d.nodes, dnode{top: item, up: h.up, down: item})
			d.nodes[h.up].down = x
			h.up = x
			h.top++
			d.optOf = append(d.optOf, int32(k))
		}
		for _, c := range pr.optCells(k) {
			add(c + 1)
		}
		if it := d.classItem[pr.optClass[k]]; it != 0 {
			add(it)
		}
		lastNode := int32(len(d.nodes)) - 1
		d.nodes[spacer].down = lastNode
		spacer = int32(len(d.nodes))
		d.nodes = append(d.nodes, dnode{top: -int32(k) - 1, up: first})
		d.optOf = append(d.optOf, -1)
	}
	return d
}

// classItems numbers the items of the classes (0: none, for unlimited
// classes) after the cells, and returns the last item.
func classItems(pr *problem) ([]int32, int32) {
	items := make([]int32, len(pr.classes))
	n := int32(pr.nCells)
	for c, cl := range pr.classes {
		if cl.unlimited {
			continue
		}
		n++
		items[c] = n
	}
	return items, n
}

// hide removes the other nodes of the option of node p from their columns.
func (d *dlx) hide(p int32) {
	nodes := d.nodes
	for q := p + 1; q != p; {
		x := nodes[q].top
		if x <= 0 {
			q = nodes[q].up
			continue
		}
		u, w := nodes[q].up, nodes[q].down
		nodes[u].down = w
		nodes[w].up = u
		nodes[x].top--
		q++
	}
}

// unhide undoes hide.
func (d *dlx) unhide(p int32) {
	nodes := d.nodes
	for q := p - 1; q != p; {
		x := nodes[q].top
		if x <= 0 {
			q = nodes[q].down
			continue
		}
		u, w := nodes[q].up, nodes[q].down
		nodes[u].down = q
		nodes[w].up = q
		nodes[x].top++
		q--
	}
}

// hideColumn hides every option of item i.
func (d *dlx) hideColumn(i int32) {
	for p := d.nodes[i].down; p != i; p = d.nodes[p].down {
		d.hide(p)
	}
}

// unhideColumn undoes hideColumn.
func (d *dlx) unhideColumn(i int32) {
	for p := d.nodes[i].up; p != i; p = d.nodes[p].up {
		d.unhide(p)
	}
}

// cover removes primary item i from the header list and hides its options.
func (d *dlx) cover(i int32) {
	d.hideColumn(i)
	l, r := d.llink[i], d.rlink[i]
	d.rlink[l] = r
	d.llink[r] = l
	d.open[i] = false
}

// uncover undoes cover.
func (d *dlx) uncover(i int32) {
	l, r := d.llink[i], d.rlink[i]
	d.rlink[l] = i
	d.llink[r] = i
	d.open[i] = true
	d.unhideColumn(i)
}

// commit covers the other items of the option of node x, which has just
// been removed from the matrix by covering one of its items (or by
// hideOption for a replayed choice).
func (d *dlx) commit(x int32) {
	nodes := d.nodes
	for p := x + 1; p != x; {
		j := nodes[p].top
		if j <= 0 {
			p = nodes[p].up
			continue
		}
		if c := d.counter[j]; c >= 0 {
			c--
			d.counter[j] = c
			if c == 0 {
				d.hideColumn(j)
			}
		} else {
			d.cover(j)
		}
		p++
	}
}

// uncommit undoes commit.
func (d *dlx) uncommit(x int32) {
	nodes := d.nodes
	for p := x - 1; p != x; {
		j := nodes[p].top
		if j <= 0 {
			p = nodes[p].down
			continue
		}
		if c := d.counter[j]; c >= 0 {
			if c == 0 {
				d.unhideColumn(j)
			}
			d.counter[j] = c + 1
		} else {
			d.uncover(j)
		}
		p--
	}
}

// choose places option k as a replayed decision (not reached by branching
// on one of its items): its first item is covered, then the others.
// It returns the node used, for unchoose.
func (d *dlx) choose(k int32) int32 {
	x := d.optFirst[k]
	j := d.nodes[x].top
	d.cover(j)
	d.commit(x)
	return x
}

// unchoose undoes choose.
func (d *dlx) unchoose(x int32) {
	d.uncommit(x)
	d.uncover(d.nodes[x].top)
}

// countersDone reports whether every exact counter item reached zero.
func (d *dlx) countersDone() bool {
	for i := d.nCells + 1; i <= d.nItems; i++ {
		if d.counter[i] > 0 && !d.atMost[i] {
			return false
		}
	}
	return true
}
