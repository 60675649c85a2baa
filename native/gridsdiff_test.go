package native

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// This file checks the counts on the hexagonal and triangular grids and in
// 3D against a brute force that shares nothing with polytile but the
// puzzle text: its own lattice symmetries, orientations, images, piece
// classes and symmetry group, written from docs/formats.md. (The brute
// force of brute_test.go takes the images and the group from the puzzle
// package, so a wrong orientation or group there would pass it.)

// xc is a cell of the independent model: row, column, layer (hex: the
// axial row and q; triangle: the art's row and column).
type xc [3]int

type xgrid int

const (
	xSquare2 xgrid = iota
	xCube
	xHex
	xTri
)

// xTransforms returns the lattice symmetries fixing the origin, each with
// whether it is a rotation (no mirror).
func xTransforms(g xgrid) (fs []func(xc) xc, rot []bool) {
	add := func(f func(xc) xc, r bool) { fs, rot = append(fs, f), append(rot, r) }
	switch g {
	case xSquare2:
		for m := range 8 {
			swap, sr, sc := m&4 != 0, 1-2*(m&1), 1-2*(m>>1&1)
			add(func(c xc) xc {
				if swap {
					c[0], c[1] = c[1], c[0]
				}
				return xc{sr * c[0], sc * c[1], 0}
			}, (sr*sc == 1) != swap)
		}
	case xCube:
		for _, p := range [][3]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}} {
			even := p[0] == 0 && p[1] == 1 || p[0] == 1 && p[1] == 2 || p[0] == 2 && p[1] == 0
			for m := range 8 {
				s := [3]int{1 - 2*(m&1), 1 - 2*(m>>1&1), 1 - 2*(m>>2&1)}
				add(func(c xc) xc { return xc{s[0] * c[p[0]], s[1] * c[p[1]], s[2] * c[p[2]]} },
					even == (s[0]*s[1]*s[2] == 1))
			}
		}
	case xHex:
		// the six neighbours (0,±1), ±(1,0), ±(1,1); (r, q) -> (q, q-r)
		// turns them by 60 degrees, (r, q) -> (q, r) is a mirror.
		for m := range 12 {
			add(func(c xc) xc {
				if m >= 6 {
					c[0], c[1] = c[1], c[0]
				}
				for range m % 6 {
					c = xc{c[1], c[1] - c[0], 0}
				}
				return c
			}, m < 6)
		}
	case xTri:
		// A triangle's centroid in units of half an edge across (x = j)
		// and a third of the row height down (y = 3i+2 up, 3i+1 down) turns
		// by 60 degrees about a lattice point as (x, y) -> ((x-y)/2, (3x+y)/2).
		for m := range 12 {
			add(func(c xc) xc {
				x, y := c[1], 3*c[0]+1
				if (c[0]+c[1])%2 == 0 {
					y++
				}
				if m >= 6 {
					x = -x
				}
				for range m % 6 {
					x, y = (x-y)/2, (3*x+y)/2
				}
				i := (y - 1) / 3
				if y-1 < 0 && (y-1)%3 != 0 {
					i--
				}
				return xc{i, x, 0}
			}, m < 6)
		}
	}
	return fs, rot
}

func xKey(cells []xc) string {
	s := slices.Clone(cells)
	slices.SortFunc(s, func(a, b xc) int { return slices.Compare(a[:], b[:]) })
	return fmt.Sprint(s)
}

// xOffset is the translation that normalises cells: the smallest
// coordinates to 0 (a triangle keeps its direction: the column may stay 1).
func xOffset(cells []xc, g xgrid) xc {
	lo := cells[0]
	for _, c := range cells {
		for k := range 3 {
			lo[k] = min(lo[k], c[k])
		}
	}
	d := xc{-lo[0], -lo[1], -lo[2]}
	if g == xTri && (d[0]+d[1])%2 != 0 {
		d[1]++
	}
	return d
}

func xShift(cells []xc, d xc) []xc {
	out := make([]xc, len(cells))
	for i, c := range cells {
		out[i] = xc{c[0] + d[0], c[1] + d[1], c[2] + d[2]}
	}
	return out
}

func xMap(cells []xc, f func(xc) xc) []xc {
	out := make([]xc, len(cells))
	for i, c := range cells {
		out[i] = f(c)
	}
	return out
}

type xPiece struct {
	name   string
	cells  []xc
	mode   string // fixed, rotate, free
	count  int    // 0: unlimited
	at     *xc
	region []xc
}

type xPuzzle struct {
	grid   xgrid
	region []xc
	pieces []xPiece
}

// xClass is a piece class: its orientation set, supply and allowed images.
type xClass struct {
	orients map[string]bool
	okey    string
	images  [][]xc
	ikey    string
	count   int // 0: unlimited
}

func (x *xPuzzle) orientations(cells []xc, mode string) (map[string]bool, [][]xc) {
	fs, rot := xTransforms(x.grid)
	set := map[string]bool{}
	var out [][]xc
	for k, f := range fs {
		if mode == "fixed" && k > 0 || mode == "rotate" && !rot[k] {
			continue
		}
		o := xMap(cells, f)
		o = xShift(o, xOffset(o, x.grid))
		if key := xKey(o); !set[key] {
			set[key] = true
			out = append(out, o)
		}
	}
	return set, out
}

func (x *xPuzzle) classes() []xClass {
	in := map[xc]bool{}
	for _, c := range x.region {
		in[c] = true
	}
	var cls []xClass
	for _, p := range x.pieces {
		set, os := x.orientations(p.cells, p.mode)
		var ims [][]xc
		seen := map[string]bool{}
		for _, o := range os {
			for _, rc := range x.region {
				d := xc{rc[0] - o[0][0], rc[1] - o[0][1], rc[2] - o[0][2]}
				if x.grid == xTri && (d[0]+d[1])%2 != 0 {
					continue
				}
				im := xShift(o, d)
				ok := true
				for _, c := range im {
					ok = ok && in[c] && (p.region == nil || slices.Contains(p.region, c))
				}
				if ok && p.at != nil {
					ok = xCorner(im, x.grid) == *p.at
				}
				if k := xKey(im); ok && !seen[k] {
					seen[k] = true
					ims = append(ims, im)
				}
			}
		}
		keys := make([]string, 0, len(set))
		for k := range set {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		ikeys := make([]string, len(ims))
		for i, im := range ims {
			ikeys[i] = xKey(im)
		}
		slices.Sort(ikeys)
		c := xClass{orients: set, okey: strings.Join(keys, ";"), images: ims, ikey: strings.Join(ikeys, ";"), count: p.count}
		merged := false
		for i := range cls {
			if cls[i].okey == c.okey && cls[i].ikey == c.ikey && (cls[i].count == 0) == (c.count == 0) {
				cls[i].count += c.count
				merged = true
				break
			}
		}
		if !merged {
			cls = append(cls, c)
		}
	}
	return cls
}

// xCorner is where `at` puts an image: the smallest row, column and layer
// (a triangle's corner is an up position: one column left when odd).
func xCorner(cells []xc, g xgrid) xc {
	lo := cells[0]
	for _, c := range cells {
		for k := range 3 {
			lo[k] = min(lo[k], c[k])
		}
	}
	if g == xTri && (lo[0]+lo[1])%2 != 0 {
		lo[1]--
	}
	return lo
}

// group returns the board maps (cell index permutations) that map the
// region and the classes onto themselves, with the class permutation.
func (x *xPuzzle) group(cls []xClass) (cellPerm [][]int, classPerm [][]int) {
	idx := map[xc]int{}
	for i, c := range x.region {
		idx[c] = i
	}
	fs, _ := xTransforms(x.grid)
	seen := map[string]bool{}
	for _, f := range fs {
		img := xMap(x.region, f)
		d0, d1 := xOffset(x.region, x.grid), xOffset(img, x.grid)
		if xKey(xShift(img, d1)) != xKey(xShift(x.region, d0)) {
			continue
		}
		d := xc{d1[0] - d0[0], d1[1] - d0[1], d1[2] - d0[2]}
		g := func(c xc) xc { c = f(c); return xc{c[0] + d[0], c[1] + d[1], c[2] + d[2]} }
		perm := make([]int, len(x.region))
		for i, c := range x.region {
			perm[i] = idx[g(c)]
		}
		var cp []int
		for _, c := range cls {
			var ok, ik []string
			for o := range c.orients {
				cells := xMap(parseKey(o), f)
				ok = append(ok, xKey(xShift(cells, xOffset(cells, x.grid))))
			}
			for _, im := range c.images {
				ik = append(ik, xKey(xMap(im, g)))
			}
			slices.Sort(ok)
			slices.Sort(ik)
			j := slices.IndexFunc(cls, func(e xClass) bool {
				return e.okey == strings.Join(ok, ";") && e.ikey == strings.Join(ik, ";") && e.count == c.count
			})
			if j < 0 {
				break
			}
			cp = append(cp, j)
		}
		if len(cp) < len(cls) {
			continue
		}
		if k := fmt.Sprint(perm, cp); !seen[k] {
			seen[k] = true
			cellPerm, classPerm = append(cellPerm, perm), append(classPerm, cp)
		}
	}
	return cellPerm, classPerm
}

// parseKey reads back the cells of xKey's text "[[a b c] [d e f]]".
func parseKey(k string) []xc {
	var out []xc
	for _, f := range strings.Split(strings.Trim(k, "[]"), "] [") {
		var c xc
		if _, err := fmt.Sscan(f, &c[0], &c[1], &c[2]); err != nil {
			panic(err)
		}
		out = append(out, c)
	}
	return out
}

// brute counts all tilings and their orbits under the group, or reports
// too many nodes.
func (x *xPuzzle) brute(maxNodes int) (all, unique, order int, ok bool) {
	cls := x.classes()
	cellPerm, classPerm := x.group(cls)
	idx := map[xc]int{}
	for i, c := range x.region {
		idx[c] = i
	}
	type opt struct {
		class int
		mask  uint64
	}
	byLow := make([][]opt, len(x.region))
	left := make([]int, len(cls))
	area := 0
	unlimited := false
	for k, c := range cls {
		for _, im := range c.images {
			var m uint64
			for _, cell := range im {
				m |= 1 << idx[cell]
			}
			low := 0
			for m>>low&1 == 0 {
				low++
			}
			byLow[low] = append(byLow[low], opt{k, m})
		}
		left[k] = c.count
		if c.count == 0 {
			unlimited = true
		}
		area += c.count * len(parseKey(c.okey[:strings.IndexByte(c.okey+";", ';')]))
	}
	full := uint64(1)<<len(x.region) - 1
	var sols [][]opt
	var stack []opt
	nodes := 0
	var rec func(filled uint64) bool
	rec = func(filled uint64) bool {
		if nodes++; nodes > maxNodes {
			return false
		}
		if filled == full {
			for k := range left {
				if cls[k].count > 0 && left[k] != 0 {
					return true
				}
			}
			sols = append(sols, slices.Clone(stack))
			return true
		}
		low := 0
		for filled>>low&1 == 1 {
			low++
		}
		for _, o := range byLow[low] {
			if o.mask&filled != 0 || cls[o.class].count > 0 && left[o.class] == 0 {
				continue
			}
			left[o.class]--
			stack = append(stack, o)
			more := rec(filled | o.mask)
			stack = stack[:len(stack)-1]
			left[o.class]++
			if !more {
				return false
			}
		}
		return true
	}
	if (unlimited || area == len(x.region)) && !rec(0) {
		return 0, 0, 0, false
	}
	key := func(s []opt) string {
		s = slices.Clone(s)
		slices.SortFunc(s, func(a, b opt) int {
			if a.class != b.class {
				return cmp.Compare(a.class, b.class)
			}
			return cmp.Compare(a.mask, b.mask)
		})
		return fmt.Sprint(s)
	}
	seen := map[string]bool{}
	for _, s := range sols {
		if seen[key(s)] {
			continue
		}
		unique++
		for g := range cellPerm {
			img := make([]opt, len(s))
			for i, o := range s {
				var m uint64
				for b := range x.region {
					if o.mask>>b&1 == 1 {
						m |= 1 << cellPerm[g][b]
					}
				}
				img[i] = opt{classPerm[g][o.class], m}
			}
			seen[key(img)] = true
		}
	}
	return len(sols), unique, len(cellPerm), true
}

// yaml writes the puzzle with explicit cell lists.
func (x *xPuzzle) yaml() string {
	list := func(cells []xc) string {
		var parts []string
		for _, c := range cells {
			if x.grid == xCube {
				parts = append(parts, fmt.Sprintf("[%d, %d, %d]", c[0], c[1], c[2]))
			} else {
				parts = append(parts, fmt.Sprintf("[%d, %d]", c[0], c[1]))
			}
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	var b strings.Builder
	b.WriteString("name: random\n")
	switch x.grid {
	case xHex:
		b.WriteString("grid: hex\n")
	case xTri:
		b.WriteString("grid: triangle\n")
	}
	fmt.Fprintf(&b, "board: %s\npieces:\n", list(x.region))
	for _, p := range x.pieces {
		fmt.Fprintf(&b, "  %s:\n    shape: %s\n    orientations: %s\n", p.name, list(xShift(p.cells, xOffset(p.cells, x.grid))), p.mode)
		if p.count == 0 {
			b.WriteString("    count: unlimited\n")
		} else {
			fmt.Fprintf(&b, "    count: %d\n", p.count)
		}
		if p.at != nil {
			if x.grid == xCube {
				fmt.Fprintf(&b, "    at: [%d, %d, %d]\n", p.at[0], p.at[1], p.at[2])
			} else {
				fmt.Fprintf(&b, "    at: [%d, %d]\n", p.at[0], p.at[1])
			}
		}
		if p.region != nil {
			fmt.Fprintf(&b, "    region: %s\n", list(p.region))
		}
	}
	return b.String()
}

func xNeighbours(c xc, g xgrid) []xc {
	switch g {
	case xCube:
		return []xc{{c[0] + 1, c[1], c[2]}, {c[0] - 1, c[1], c[2]}, {c[0], c[1] + 1, c[2]}, {c[0], c[1] - 1, c[2]}, {c[0], c[1], c[2] + 1}, {c[0], c[1], c[2] - 1}}
	case xHex:
		return []xc{{c[0], c[1] + 1, 0}, {c[0], c[1] - 1, 0}, {c[0] - 1, c[1] - 1, 0}, {c[0] - 1, c[1], 0}, {c[0] + 1, c[1], 0}, {c[0] + 1, c[1] + 1, 0}}
	case xTri:
		if (c[0]+c[1])%2 == 0 {
			return []xc{{c[0], c[1] - 1, 0}, {c[0], c[1] + 1, 0}, {c[0] + 1, c[1], 0}}
		}
		return []xc{{c[0], c[1] - 1, 0}, {c[0], c[1] + 1, 0}, {c[0] - 1, c[1], 0}}
	}
	return []xc{{c[0] + 1, c[1], 0}, {c[0] - 1, c[1], 0}, {c[0], c[1] + 1, 0}, {c[0], c[1] - 1, 0}}
}

// randomXPuzzle cuts a random board into random connected pieces (so most
// puzzles have a tiling), half of the time symmetrically under one of the
// board's symmetries (so that chiral twins and non-trivial groups occur),
// then draws orientation settings, copies, an unlimited supply, `at` and
// `region` constraints, and sometimes breaks a piece.
func randomXPuzzle(rng *rand.Rand, g xgrid) *xPuzzle {
	x := &xPuzzle{grid: g}
	switch g {
	case xCube:
		r, c, l := 2+rng.IntN(2), 2+rng.IntN(2), 2+rng.IntN(2)
		for i := range r * c * l {
			x.region = append(x.region, xc{i / (c * l), i / l % c, i % l})
		}
	case xHex:
		w, h := 2+rng.IntN(4), 2+rng.IntN(3)
		for r := range h {
			for q := r; q < r+w; q++ {
				x.region = append(x.region, xc{r, q, 0})
			}
		}
	case xTri:
		w, h := 2+rng.IntN(3), 1+rng.IntN(3)
		for i := range h {
			for j := i + 1; j <= i+2*w; j++ {
				x.region = append(x.region, xc{i, j, 0})
			}
		}
	}
	if rng.IntN(4) == 0 { // a hole
		k := rng.IntN(len(x.region))
		x.region = slices.Delete(slices.Clone(x.region), k, k+1)
	}
	// The symmetry the cut respects, if any.
	var sym func(xc) xc
	if rng.IntN(2) == 0 {
		fs, _ := xTransforms(g)
		var maps []func(xc) xc
		for _, f := range fs[1:] {
			img := xMap(x.region, f)
			d0, d1 := xOffset(x.region, g), xOffset(img, g)
			if xKey(xShift(img, d1)) == xKey(xShift(x.region, d0)) {
				d := xc{d1[0] - d0[0], d1[1] - d0[1], d1[2] - d0[2]}
				maps = append(maps, func(c xc) xc { c = f(c); return xc{c[0] + d[0], c[1] + d[1], c[2] + d[2]} })
			}
		}
		if len(maps) > 0 {
			sym = maps[rng.IntN(len(maps))]
		}
	}
	free := map[xc]bool{}
	for _, c := range x.region {
		free[c] = true
	}
	var parts [][]xc
	for len(free) > 0 {
		var avail []xc
		for _, c := range x.region {
			if free[c] {
				avail = append(avail, c)
			}
		}
		for attempt := 0; ; attempt++ {
			size := 2 + rng.IntN(4)
			if attempt > 20 {
				size = 1
			}
			part := []xc{avail[rng.IntN(len(avail))]}
			for len(part) < size {
				var front []xc
				for _, c := range part {
					for _, n := range xNeighbours(c, g) {
						if free[n] && !slices.Contains(part, n) && !slices.Contains(front, n) {
							front = append(front, n)
						}
					}
				}
				if len(front) == 0 {
					break
				}
				part = append(part, front[rng.IntN(len(front))])
			}
			imgs := [][]xc{part}
			if sym != nil {
				// the orbit of the part under the symmetry
				for im := xMap(part, sym); xKey(im) != xKey(part); im = xMap(im, sym) {
					imgs = append(imgs, im)
				}
			}
			ok := true
			used := map[xc]int{}
			for i, im := range imgs {
				for _, c := range im {
					if j, dup := used[c]; !free[c] || dup && j != i {
						ok = false
					}
					used[c] = i
				}
			}
			if ok {
				for _, im := range imgs {
					for _, c := range im {
						delete(free, c)
					}
					parts = append(parts, im)
				}
				break
			}
		}
	}
	modes := []string{"fixed", "rotate", "free"}
	mode := modes[rng.IntN(3)]
	mixed := rng.IntN(3) == 0
	for _, part := range parts {
		m := mode
		if mixed {
			m = modes[rng.IntN(3)]
		}
		set, _ := x.orientations(part, m)
		merged := false
		if rng.IntN(3) > 0 { // copies of one shape: a count (else twin names)
			for i := range x.pieces {
				p := &x.pieces[i]
				if s, _ := x.orientations(p.cells, p.mode); p.mode == m && fmt.Sprint(s) == fmt.Sprint(set) {
					p.count++
					merged = true
					break
				}
			}
		}
		if !merged {
			x.pieces = append(x.pieces, xPiece{name: fmt.Sprintf("P%d", len(x.pieces)), cells: part, mode: m, count: 1})
		}
	}
	rng.Shuffle(len(x.pieces), func(a, b int) { x.pieces[a], x.pieces[b] = x.pieces[b], x.pieces[a] })
	for i := range x.pieces {
		p := &x.pieces[i]
		p.name = fmt.Sprintf("P%d", i)
		switch r := rng.IntN(20); {
		case r == 0 && len(p.cells) <= 2:
			p.count = 0
		case r == 1 && p.count == 1:
			at := xCorner(p.cells, g)
			p.at = &at
		case r == 2 && p.count == 1:
			p.region = slices.Clone(p.cells)
			for range rng.IntN(6) {
				c := p.region[rng.IntN(len(p.region))]
				nb := xNeighbours(c, g)
				if n := nb[rng.IntN(len(nb))]; n[0] >= 0 && n[1] >= 0 && n[2] >= 0 && !slices.Contains(p.region, n) {
					p.region = append(p.region, n) // may leave the board: ignored
				}
			}
		}
	}
	if rng.IntN(8) == 0 { // break a piece: move one cell next to another
		p := &x.pieces[rng.IntN(len(x.pieces))]
		cells := slices.Clone(p.cells)
		nb := xNeighbours(cells[rng.IntN(len(cells))], g)
		if n := nb[rng.IntN(len(nb))]; !slices.Contains(cells, n) && len(cells) > 1 {
			cells[0] = n
			p.cells, p.at, p.region = cells, nil, nil
		}
	}
	return x
}

// TestRandomGridPuzzlesIndependent compares the native counts (all, unique
// and the symmetry group's order) with the independent brute force on
// random small puzzles on the hexagonal and triangular grids and in 3D,
// parsed from their YAML text (fixed seed).
func TestRandomGridPuzzlesIndependent(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2026))
	n := 300
	if testing.Short() {
		n = 90
	}
	checked, solvable, symmetric := 0, 0, 0
	for i := range n {
		g := []xgrid{xCube, xHex, xTri}[i%3]
		x := randomXPuzzle(rng, g)
		text := x.yaml()
		all, unique, order, ok := x.brute(200000)
		if !ok {
			continue
		}
		p, err := puzzle.Parse(fmt.Sprintf("random%d.yaml", i), []byte(text), "yaml")
		if err != nil {
			if all == 0 && strings.Contains(err.Error(), "fits nowhere") {
				checked++
				continue
			}
			t.Fatalf("puzzle %d: %v\n%s", i, err, text)
		}
		checked++
		if all > 0 {
			solvable++
		}
		if order > 1 {
			symmetric++
		}
		if got := len(p.Symmetries()); got != order {
			t.Errorf("puzzle %d: symmetry group of order %d, brute force %d\n%s", i, got, order, text)
		}
		cfgs := map[string]Config{
			"default-count": func() Config { c := DefaultConfig(p); c.Redundancy = "auto"; return c }(),
			"default-plain": DefaultConfig(p),
			"dlx":           {Redundancy: "none"},
			"dlx-auto":      {Redundancy: "auto"},
			"fila-e-j2":     {Algorithm: "fila", Schedule: "e", NOF: true, Volume: -1, Redundancy: "auto", Workers: 2},
		}
		for name, cfg := range cfgs {
			res := solve(t, p, cfg)
			if res.All != int64(all) || res.Unique != int64(unique) {
				t.Errorf("puzzle %d %s: all %d unique %d, brute force %d and %d\n%s", i, name, res.All, res.Unique, all, unique, text)
			}
		}
		var sa, su int64
		for s := range 3 {
			cfg := DefaultConfig(p)
			cfg.Redundancy, cfg.Shard = "auto", Shard{Index: s, Count: 3}
			res := solve(t, p, cfg)
			sa, su = sa+res.All, su+res.Unique
		}
		if sa != int64(all) || su != int64(unique) {
			t.Errorf("puzzle %d shards: all %d unique %d, brute force %d and %d\n%s", i, sa, su, all, unique, text)
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	t.Logf("%d puzzles checked, %d with tilings, %d with a symmetry group above 1", checked, solvable, symmetric)
	if solvable < checked/2 || symmetric < checked/5 {
		t.Errorf("the generator does not test what it should: %d of %d with tilings, %d with symmetries", solvable, checked, symmetric)
	}
}
