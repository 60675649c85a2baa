package native

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// Symmetric solutions (the puzzle key "symmetric", puzzle/symmetric.go):
// Solve counts them on the orbit problem, an exact cover whose primary
// items are the cell orbits under the group H and whose options are the
// valid orbits of images. A class orbit with a finite count is a counter
// that an option decrements by its Units (how many copies of each of its
// classes it uses), which neither the per-image DLX matrix nor FILA's
// image lists express: the search is a separate dancing-links solver, with
// the S heuristic (fewest options), serial. FILA, its heuristics, NOF, the
// volume filter and the redundancy filter do not apply (Result.Note says
// so): the redundancy filter pins a piece to one image per orbit of the
// whole group G, and the symmetric solutions are closed only under the
// elements of G that normalise H, so it would lose solutions.
//
// Unique counts one solution per class of symmetric solutions equivalent
// under G: a solution T is counted when its code is the smallest among
// the codes of the images hT (h in G) that are symmetric too.

// ErrSymmetricMaxCoverage is MaxCoverage's answer for a puzzle with the
// symmetric key: the native maximum-coverage search knows nothing of
// orbits; the binary program carries the symmetric rows (highs backend,
// exports).
var ErrSymmetricMaxCoverage = errors.New("native: maximum coverage of symmetric solutions (puzzle key symmetric) is not supported by the native solver; the binary program carries the symmetric rows: use --backend highs or an export")

// orbitDLX is the dancing-links matrix of the orbit problem. Items
// 1..nPrimary are the cell orbits; after them, one counter column per
// (finite class orbit, units) pair: when a class orbit's counter drops
// below u, its column of units u is hidden.
type orbitDLX struct {
	nodes        []dnode
	llink, rlink []int32
	nPrimary     int32
	optOf        []int32
	optFirst     []int32
	// counter[co] is the copies left of finite class orbit co; colOf
	// maps a counter column to its class orbit, unitOf to its units;
	// cols[co] lists its columns by increasing units.
	counter []int
	colOf   []int32
	unitOf  []int
	cols    [][]int32
	finite  []bool
}

func newOrbitDLX(p *puzzle.Puzzle) *orbitDLX {
	g := p.Symmetric
	// Cell orbits.
	item := make([]int32, p.Area())
	for n := range item {
		item[n] = -1
	}
	var nPrimary int32
	for n := range item {
		if item[n] >= 0 {
			continue
		}
		nPrimary++
		for _, e := range g.Elements {
			item[e.Cell[n]] = nPrimary
		}
	}
	d := &orbitDLX{nPrimary: nPrimary}
	d.counter = make([]int, len(g.ClassOrbits))
	d.cols = make([][]int32, len(g.ClassOrbits))
	d.finite = make([]bool, len(g.ClassOrbits))
	n := nPrimary
	colOf := []int32{}
	unitOf := []int{}
	colFor := map[[2]int]int32{}
	for co, cl := range g.ClassOrbits {
		d.finite[co] = !cl.Unlimited
		d.counter[co] = cl.Count
		if cl.Unlimited {
			continue
		}
		var units []int
		for _, o := range g.Orbits {
			if o.ClassOrbit == co && !slices.Contains(units, o.Units) {
				units = append(units, o.Units)
			}
		}
		slices.Sort(units)
		for _, u := range units {
			n++
			colFor[[2]int{co, u}] = n
			d.cols[co] = append(d.cols[co], n)
		}
	}
	d.colOf = make([]int32, n+1)
	d.unitOf = make([]int, n+1)
	_ = colOf
	_ = unitOf
	for k, c := range colFor {
		d.colOf[c] = int32(k[0])
		d.unitOf[c] = k[1]
	}
	d.llink = make([]int32, n+1)
	d.rlink = make([]int32, n+1)
	for i := int32(1); i <= n; i++ {
		d.llink[i], d.rlink[i] = i, i
	}
	last := int32(0)
	for i := int32(1); i <= nPrimary; i++ {
		d.rlink[last] = i
		d.llink[i] = last
		last = i
	}
	d.rlink[last] = 0
	d.llink[0] = last
	d.nodes = make([]dnode, n+1)
	d.optOf = make([]int32, n+1)
	for i := int32(0); i <= n; i++ {
		d.nodes[i] = dnode{up: i, down: i}
		d.optOf[i] = -1
	}
	d.optFirst = make([]int32, len(g.Orbits))
	spacer := int32(len(d.nodes))
	d.nodes = append(d.nodes, dnode{})
	d.optOf = append(d.optOf, -1)
	var its []int32
	for k, o := range g.Orbits {
		first := int32(len(d.nodes))
		d.optFirst[k] = first
		its = its[:0]
		for _, c := range o.Cells {
			its = append(its, item[c])
		}
		slices.Sort(its)
		its = slices.Compact(its)
		if d.finite[o.ClassOrbit] {
			its = append(its, colFor[[2]int{o.ClassOrbit, o.Units}])
		}
		for _, it := range its {
			x := int32(len(d.nodes))
			up := d.nodes[it].up
			d.nodes = append(d.nodes, dnode{top: it, up: up, down: it})
			d.nodes[up].down = x
			d.nodes[it].up = x
			d.nodes[it].top++
			d.optOf = append(d.optOf, int32(k))
		}
		d.nodes[spacer].down = int32(len(d.nodes)) - 1
		spacer = int32(len(d.nodes))
		d.nodes = append(d.nodes, dnode{top: -int32(k) - 1, up: first})
		d.optOf = append(d.optOf, -1)
	}
	return d
}

// The hide / unhide / cover primitives are those of dlx (dlx.go), on this
// matrix's nodes.
func (d *orbitDLX) hide(p int32)   { (&dlx{nodes: d.nodes}).hide(p) }
func (d *orbitDLX) unhide(p int32) { (&dlx{nodes: d.nodes}).unhide(p) }

func (d *orbitDLX) hideColumn(i int32) {
	for p := d.nodes[i].down; p != i; p = d.nodes[p].down {
		d.hide(p)
	}
}

func (d *orbitDLX) unhideColumn(i int32) {
	for p := d.nodes[i].up; p != i; p = d.nodes[p].up {
		d.unhide(p)
	}
}

func (d *orbitDLX) cover(i int32) {
	d.hideColumn(i)
	l, r := d.llink[i], d.rlink[i]
	d.rlink[l] = r
	d.llink[r] = l
}

func (d *orbitDLX) uncover(i int32) {
	l, r := d.llink[i], d.rlink[i]
	d.rlink[l] = i
	d.llink[r] = i
	d.unhideColumn(i)
}

// commit applies the counter of the option of node x (already removed from
// the matrix): its class orbit loses Units copies and the columns whose
// units exceed what is left are hidden.
func (d *orbitDLX) commit(x int32) {
	for p := x + 1; p != x; {
		j := d.nodes[p].top
		if j <= 0 {
			p = d.nodes[p].up
			continue
		}
		if j <= d.nPrimary {
			d.cover(j)
		} else {
			co := d.colOf[j]
			old := d.counter[co]
			now := old - d.unitOf[j]
			d.counter[co] = now
			for _, c := range d.cols[co] {
				if u := d.unitOf[c]; u > now && u <= old {
					d.hideColumn(c)
				}
			}
		}
		p++
	}
}

// uncommit undoes commit(x).
func (d *orbitDLX) uncommit(x int32) {
	for p := x - 1; p != x; {
		j := d.nodes[p].top
		if j <= 0 {
			p = d.nodes[p].down
			continue
		}
		if j <= d.nPrimary {
			d.uncover(j)
		} else {
			co := d.colOf[j]
			now := d.counter[co]
			old := now + d.unitOf[j]
			cs := d.cols[co]
			for n := len(cs) - 1; n >= 0; n-- {
				if u := d.unitOf[cs[n]]; u > now && u <= old {
					d.unhideColumn(cs[n])
				}
			}
			d.counter[co] = old
		}
		p--
	}
}

// symSearch is one serial search of the orbit problem.
type symSearch struct {
	// ctx ends the search: the search reads stop, which a goroutine sets
	// when ctx ends, and canonical and orbitSize verify images with ctx.
	ctx    context.Context
	p      *puzzle.Puzzle
	d      *orbitDLX
	cfg    Config
	syms   []puzzle.Symmetry
	keepsH []bool // per element of syms: it normalises H (hT is always symmetric)
	chosen []int32
	stop   *atomic.Bool
	res    *Result
	// emitAll and emitUnique count what a limited search streamed.
	emitAll, emitUnique int64
	keep                int
	start               time.Time
	lastProg            time.Time
	stats               *Stats
}

// solveSymmetric is Solve for a puzzle with a symmetric key.
func solveSymmetric(ctx context.Context, p *puzzle.Puzzle, cfg Config, start time.Time) (*Result, error) {
	if cfg.Shard.Count > 1 || cfg.OnSplit != nil || cfg.Skip != nil || cfg.OnSubproblem != nil {
		return nil, fmt.Errorf("native: symmetric solutions are counted serially: sharding and checkpoints do not apply")
	}
	if PinsPiece(cfg.Redundancy) { // also said by IdleSettings
		return nil, fmt.Errorf("native: symmetric solutions: the redundancy filter does not apply (it pins a piece under the whole symmetry group; symmetric solutions are closed only under part of it): leave out the piece %q", cfg.Redundancy)
	}
	syms, err := p.SymmetriesContext(ctx)
	if err != nil { // cancelled before the search: nothing found yet
		return &Result{Interrupted: true, Seconds: time.Since(start).Seconds()}, nil
	}
	s := newSymSearch(ctx, p, cfg, syms, start)
	res, stop := s.res, s.stop
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			stop.Store(true)
		case <-done:
		}
	}()
	if s.areaPossible() {
		s.search(0)
	}
	if cfg.Limit > 0 {
		res.All, res.Unique = s.emitAll, s.emitUnique
	}
	res.Interrupted = ctx.Err() != nil && stop.Load()
	res.Stats = s.stats
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// newSymSearch is the search of p's orbit problem under its group syms,
// ready to run; ctx's end stops it through stop once solveSymmetric
// watches ctx.
func newSymSearch(ctx context.Context, p *puzzle.Puzzle, cfg Config, syms []puzzle.Symmetry, start time.Time) *symSearch {
	d := newOrbitDLX(p)
	res := &Result{Symmetries: puzzle.GroupOrder(syms), Options: len(p.Symmetric.Orbits)}
	res.Note = fmt.Sprintf("symmetric %s: DLX on the orbit problem (%d cell orbits, %d orbit options); FILA, NOF, the volume and redundancy filters and parallel workers do not apply",
		p.Symmetric.Describe(), d.nPrimary, len(p.Symmetric.Orbits))
	s := &symSearch{ctx: ctx, p: p, d: d, cfg: cfg, syms: syms, res: res, start: start, lastProg: start}
	s.keepsH = normalisers(p, syms)
	s.keep = keepFor(cfg)
	if cfg.Stats {
		s.stats = &Stats{ByDepth: true}
	}
	s.stop = new(atomic.Bool)
	return s
}

// areaPossible: without unlimited pieces the finite pieces must fill the
// region exactly.
func (s *symSearch) areaPossible() bool {
	a, unl := s.p.PieceArea()
	if unl {
		return a <= s.p.Area()
	}
	return a == s.p.Area()
}

// normalisers reports, per element h of syms, whether h H h⁻¹ = H: then h
// maps every H-symmetric tiling onto an H-symmetric tiling.
func normalisers(p *puzzle.Puzzle, syms []puzzle.Symmetry) []bool {
	H := p.Symmetric.Elements
	in := func(e puzzle.Symmetry) bool {
		return slices.ContainsFunc(H, func(x puzzle.Symmetry) bool {
			return slices.Equal(x.Cell, e.Cell) && slices.Equal(x.Class, e.Class)
		})
	}
	out := make([]bool, len(syms))
	for n, h := range syms {
		ok := true
		for _, g := range p.Symmetric.Gens {
			// h g h⁻¹ as maps: x -> h(g(h⁻¹(x))).
			conj := puzzle.Symmetry{Cell: make([]int32, len(g.Cell)), Class: make([]int, len(g.Class))}
			for x := range g.Cell {
				conj.Cell[h.Cell[x]] = h.Cell[g.Cell[x]]
			}
			for c := range g.Class {
				conj.Class[h.Class[c]] = h.Class[g.Class[c]]
			}
			ok = ok && in(conj)
		}
		out[n] = ok
	}
	return out
}

func (s *symSearch) search(depth int) {
	d := s.d
	if s.stop.Load() {
		return
	}
	if d.rlink[0] == 0 {
		for co, f := range d.finite {
			if f && d.counter[co] != 0 {
				return
			}
		}
		s.solution()
		return
	}
	best, size := int32(-1), int32(1<<30)
	for i := d.rlink[0]; i != 0; i = d.rlink[i] {
		if t := d.nodes[i].top; t < size {
			best, size = i, t
			if t == 0 {
				break
			}
		}
	}
	if size == 0 {
		return
	}
	d.cover(best)
	for x := d.nodes[best].down; x != best; x = d.nodes[x].down {
		if s.stop.Load() {
			break
		}
		if s.stats != nil {
			for len(s.stats.Attempts) <= depth {
				s.stats.Attempts = append(s.stats.Attempts, 0)
				s.stats.Fits = append(s.stats.Fits, 0)
			}
			s.stats.Attempts[depth]++
			s.stats.Fits[depth]++
		}
		s.res.Nodes++
		s.progress()
		s.chosen = append(s.chosen, d.optOf[x])
		d.commit(x)
		s.search(depth + 1)
		d.uncommit(x)
		s.chosen = s.chosen[:len(s.chosen)-1]
	}
	d.uncover(best)
}

func (s *symSearch) progress() {
	if s.cfg.OnProgress == nil || s.res.Nodes&1023 != 0 {
		return
	}
	if now := time.Now(); now.Sub(s.lastProg) >= 200*time.Millisecond {
		s.lastProg = now
		s.cfg.OnProgress(Progress{Nodes: s.res.Nodes, Solutions: s.res.All, Seconds: now.Sub(s.start).Seconds()})
	}
}

func (s *symSearch) solution() {
	t := s.p.OrbitsTiling(s.chosen)
	s.res.All++
	uniq, err := s.canonical(t)
	if err != nil { // ctx ended while verifying an image: the search stops
		s.stop.Store(true)
		return
	}
	if uniq {
		s.res.Unique++
	}
	if s.cfg.Unique && !uniq {
		return
	}
	if len(s.res.First) < s.keep {
		s.res.First = append(s.res.First, t)
	}
	if s.cfg.OnSolution != nil {
		s.cfg.OnSolution(t)
	}
	if s.cfg.Limit > 0 {
		// A limited search counts what it streamed (Config.Limit): with
		// Unique, each unique solution counts its orbit in All.
		s.emitAll++
		if s.cfg.Unique {
			n, err := s.orbitSize(t)
			if err != nil {
				s.stop.Store(true)
				return
			}
			s.emitAll += n - 1
		}
		if uniq {
			s.emitUnique++
		}
		n := s.emitAll
		if s.cfg.Unique {
			n = s.emitUnique
		}
		if n >= s.cfg.Limit {
			s.res.LimitReached = true
			s.stop.Store(true)
		}
	}
}

// orbitSize is the number of distinct symmetric tilings among the images
// of the symmetric tiling t under the puzzle's group (t's share of All).
// It returns ctx's error, wrapped, when s.ctx ends while an image is
// verified (a million-cell image takes seconds).
func (s *symSearch) orbitSize(t puzzle.Tiling) (int64, error) {
	p := s.p
	seen := map[string]bool{}
	for e, h := range s.syms {
		img := t
		if e > 0 {
			img = s.mapTiling(h, t)
			if !s.keepsH[e] {
				sym, err := s.symmetric(img)
				if err != nil {
					return 0, err
				}
				if !sym {
					continue
				}
			}
		}
		seen[p.Canonical(img)] = true // same pieces, in any order
	}
	return int64(len(seen)), nil
}

// symmetric reports whether the image img of a symmetric tiling under an
// element that does not normalise H is symmetric too (Verify's test), or
// ctx's error, wrapped, when s.ctx ends first.
func (s *symSearch) symmetric(img puzzle.Tiling) (bool, error) {
	rep, err := s.p.VerifyContext(s.ctx, img, true)
	if puzzle.VerifyStopped(rep, err) {
		return false, err
	}
	return len(rep.Asymmetric) == 0, nil
}

// canonical reports whether t's code is the smallest among its symmetric
// images under the puzzle's group. The code of a tiling is, per region
// cell, its piece's class and the smallest cell of the piece. It returns
// ctx's error, wrapped, when s.ctx ends while an image is verified.
func (s *symSearch) canonical(t puzzle.Tiling) (bool, error) {
	p := s.p
	n := p.Area()
	class := make([]int32, n)
	low := make([]int32, n)
	type piece struct {
		class int
		cells []int32
	}
	pieces := make([]piece, len(t.Placements))
	for k, pl := range t.Placements {
		cells, _ := p.PlacementCells(pl)
		pieces[k] = piece{p.Pieces[pl.Piece].Class, cells}
		m := slices.Min(cells)
		for _, c := range cells {
			class[c], low[c] = int32(pieces[k].class), m
		}
	}
	hc := make([]int32, n)
	hl := make([]int32, n)
	for e, h := range s.syms[1:] {
		var mapped puzzle.Tiling
		for _, pc := range pieces {
			m := int32(1 << 30)
			for _, c := range pc.cells {
				m = min(m, h.Cell[c])
			}
			for _, c := range pc.cells {
				hc[h.Cell[c]], hl[h.Cell[c]] = int32(h.Class[pc.class]), m
			}
		}
		if c := cmpCode(hc, hl, class, low); c >= 0 {
			continue // not smaller
		}
		if !s.keepsH[e+1] {
			// Is hT symmetric? Build it and ask Verify's test.
			mapped = s.mapTiling(h, t)
			sym, err := s.symmetric(mapped)
			if err != nil {
				return false, err
			}
			if !sym {
				continue
			}
		}
		return false, nil
	}
	return true, nil
}

func cmpCode(ac, al, bc, bl []int32) int {
	for i := range ac {
		if ac[i] != bc[i] {
			if ac[i] < bc[i] {
				return -1
			}
			return 1
		}
		if al[i] != bl[i] {
			if al[i] < bl[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// mapTiling returns h applied to t.
func (s *symSearch) mapTiling(h puzzle.Symmetry, t puzzle.Tiling) puzzle.Tiling {
	out := puzzle.Tiling{Placements: make([]puzzle.Placement, 0, len(t.Placements))}
	for _, pl := range t.Placements {
		if m, ok := s.p.MapPlacement(h, pl); ok {
			out.Placements = append(out.Placements, m)
		}
	}
	return out
}
