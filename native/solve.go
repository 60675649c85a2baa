package native

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// run is the shared state of one Solve: the filtered problem, the
// configuration resolved into tables, and the few counters workers share.
type run struct {
	pr      *problem
	full    *problem // before the filters, for streaming whole orbits
	cfg     Config
	heurLvl []heurKind
	levels  int
	byDepth bool
	filaOn  bool
	filaAt  int
	volN    int
	cn      *canon
	// force lists the DLX items DLX branches on first, in order, while
	// they are open (forced): the class constrained by the redundancy
	// filter, then, with FILA, the classes of one piece with at most
	// fewPlacements options (pinned by at: or region:). FILA does not
	// start while one of them is open.
	force       []int32
	radialOrder []int32 // nil unless a level's heuristic is radial
	radialRank  []int32
	start       time.Time
	parallel    bool
	// warehouse and wideOnly are Config's test switches.
	warehouse, wideOnly bool

	stopFlag    atomic.Bool
	interrupted atomic.Bool
	nodesAll    atomic.Int64
	allAll      atomic.Int64 // solutions with their orbit weights, as Result.All
	lastProg    atomic.Int64
	doneSub     atomic.Int64
	totalSub    int64
	firstDone   atomic.Bool

	mu           sync.Mutex // streaming and progress callbacks
	fullIndex    map[string]int32
	streamed     int64
	first        []puzzle.Tiling
	keep         int
	limitReached bool

	// emitAll and emitUnique count the solutions streamed as Result.All
	// and Result.Unique do: with Unique, each one stands for its orbit.
	emitAll, emitUnique int64
	// ord puts the solutions of a parallel search in the serial order of
	// the split (order.go).
	ord order
}

// heurAt returns the heuristic of a level.
func (r *run) heurAt(lvl int) heurKind { return r.heurLvl[lvl] }

// Solve counts (or lists) the exact solutions of a puzzle with DLX, FILA
// or the hybrid of both, as configured. It returns exact All and Unique
// counts whatever filters are on. When ctx is cancelled it stops within a
// fraction of a second and returns the partial counts with Interrupted set.
func Solve(ctx context.Context, p *puzzle.Puzzle, cfg Config) (*Result, error) {
	start := time.Now()
	if p == nil || p.Images == nil {
		return nil, errors.New("native: no puzzle")
	}
	sched, err := checkConfig(&cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Limit > 0 {
		// A limited search lists the first Limit solutions in the serial
		// order: parallel workers would race for them (which ones, and how
		// many found beyond the limit, would vary from run to run).
		cfg.Workers = 1
	}
	if p.Symmetric != nil { // symmetric.go
		return solveSymmetric(ctx, p, cfg, start)
	}
	syms, pr, cn, err := prepare(ctx, p)
	res := &Result{Symmetries: puzzle.GroupOrder(syms)}
	// Cancelled before the search: nothing found yet.
	interrupted := func() (*Result, error) {
		res.Interrupted = true
		res.Seconds = time.Since(start).Seconds()
		return res, nil
	}
	if err != nil {
		return interrupted()
	}
	if !pr.areaMatches() {
		if wantsSplit(cfg) {
			// Decided before the split: every shard still reports one,
			// so that its result is a part of a count like any other.
			if res.Split, err = decidedSplit(cfg); err != nil {
				return nil, err
			}
		}
		res.Seconds = time.Since(start).Seconds()
		if cfg.Stats {
			res.Stats = &Stats{}
		}
		return res, nil
	}
	full := pr
	red, err := chooseRedundancy(pr, cn, redundancySpec(cfg))
	if err != nil {
		return nil, fmt.Errorf("native: %w", err)
	}
	if red != nil {
		pr = pr.subset(red.keep)
		cn.filterClass = red.class
		res.RedundancyPiece = pr.classes[red.class].name
	}
	if cfg.Volume != 0 {
		keep, err := filterOnce(ctx, pr)
		if err != nil {
			return interrupted()
		}
		pr = pr.subset(keep)
	}
	if red != nil {
		cn.stab = stabilisers(pr, cn, red.class)
	}
	res.Options = pr.options()
	r := newRun(pr, full, cn, cfg, sched, start)
	r.force = forcedItems(pr, cfg, red)
	if ctx.Err() != nil {
		return interrupted()
	}
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			r.interrupted.Store(true)
			r.stopFlag.Store(true)
		case <-done:
		}
	}()
	var ws []*worker
	if cfg.Workers <= 1 && !wantsSplit(cfg) {
		w := newWorker(r)
		w.branch = make([][2]int, 16)
		w.dlxSearch()
		ws = []*worker{w}
	} else {
		ws, res.Split, err = r.runParallel()
		if err != nil {
			return nil, err
		}
	}
	for _, w := range ws {
		res.All += w.all
		res.Unique += w.unique
		res.Nodes += w.nodes
	}
	if cfg.Stats {
		res.Stats = mergeStats(r, ws)
	}
	if cfg.Limit > 0 {
		// The counts of a limited search are those of the solutions
		// streamed, never those a worker found past the limit (or the
		// rest of an orbit the limit cut).
		res.All, res.Unique = r.emitAll, r.emitUnique
	}
	res.Interrupted = r.interrupted.Load()
	res.LimitReached = r.limitReached
	res.First = r.first
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// prepare builds what Solve builds of p before the redundancy filter:
// its symmetries, the problem and its canonical form (syms as far as they
// were made when ctx ends first, with ctx's error).
func prepare(ctx context.Context, p *puzzle.Puzzle) ([]puzzle.Symmetry, *problem, *canon, error) {
	syms, err := p.SymmetriesContext(ctx)
	if err != nil {
		return syms, nil, nil, err
	}
	pr, err := newProblemCtx(ctx, p)
	if err != nil {
		return syms, nil, nil, err
	}
	cn, err := newCanonCtx(ctx, pr, syms)
	if err != nil {
		return syms, nil, nil, err
	}
	return syms, pr, cn, nil
}

// redundancySpec resolves Config.Redundancy: "" is "auto" when counting
// and off when listing up to a limit; "none" is off ("").
func redundancySpec(cfg Config) string {
	switch cfg.Redundancy {
	case "":
		if cfg.Limit == 0 {
			return "auto"
		}
		return ""
	case "none":
		return ""
	}
	return cfg.Redundancy
}

// checkConfig validates a configuration and parses its schedule.
func checkConfig(cfg *Config) (schedule, error) {
	switch cfg.Algorithm {
	case "", "dlx", "fila":
	default:
		return schedule{}, fmt.Errorf("native: unknown algorithm %q (want dlx or fila)", cfg.Algorithm)
	}
	sched, err := parseSchedule(cfg.Schedule)
	if err != nil {
		return sched, fmt.Errorf("native: %w", err)
	}
	if cfg.FilaAt < 0 {
		return sched, fmt.Errorf("native: FilaAt must be >= 0, not %d", cfg.FilaAt)
	}
	if cfg.Volume < -1 {
		return sched, fmt.Errorf("native: Volume must be -1, 0 or a level >= 1, not %d", cfg.Volume)
	}
	if cfg.Memo != 0 && cfg.Memo != -1 && (cfg.Memo < MinMemoBits || cfg.Memo > MaxMemoBits) {
		return sched, fmt.Errorf("native: Memo must be -1, 0 or %d..%d, not %d", MinMemoBits, MaxMemoBits, cfg.Memo)
	}
	if cfg.Limit < 0 {
		return sched, fmt.Errorf("native: Limit must be >= 0, not %d", cfg.Limit)
	}
	if s := cfg.Shard; s.Count > 1 && (s.Index < 0 || s.Index >= s.Count) || s.Count < 0 || s.Count > MaxShards {
		return sched, fmt.Errorf("native: shard %d/%d: want 0 <= index < count <= %d", s.Index, s.Count, MaxShards)
	}
	return sched, nil
}

func newRun(pr, full *problem, cn *canon, cfg Config, sched schedule, start time.Time) *run {
	r := &run{pr: pr, full: full, cfg: cfg, cn: cn, start: start, byDepth: pr.hasUnlimited, warehouse: cfg.warehouse, wideOnly: cfg.wideOnly}
	if r.byDepth {
		r.levels = pr.nCells + 2
	} else {
		r.levels = pr.totalPieces + 2
	}
	r.heurLvl = make([]heurKind, r.levels)
	for l := range r.heurLvl {
		if r.byDepth {
			r.heurLvl[l] = sched.at(-1)
		} else {
			r.heurLvl[l] = sched.at(l)
		}
	}
	r.filaOn = cfg.algorithm() == FILA
	r.filaAt = cfg.FilaAt
	if r.filaAt == 0 {
		r.filaAt = pr.totalPieces
	}
	if cfg.Volume > 0 {
		r.volN = cfg.Volume
	}
	if slices.Contains(r.heurLvl, heurRadial) { // the only reader: a million cells take 0.1-0.5 s
		r.radialOrder, r.radialRank = radialOrder(pr)
	}
	r.keep = keepFor(cfg)
	return r
}

// keepFor is the number of solutions a search keeps for Result.First:
// cfg.Keep when set (none when negative), else the --limit, else one;
// never more than 1<<20.
func keepFor(cfg Config) int {
	switch {
	case cfg.Keep < 0:
		return 0
	case cfg.Keep > 0:
		return min(cfg.Keep, 1<<20)
	case cfg.Limit > 0:
		return int(min(cfg.Limit, 1<<20))
	}
	return 1
}

// radialOrder sorts the cells outside in: by decreasing squared distance
// from the centre of the bounding box, ties in cell order. The distances
// are computed once and sorted as keys (distance, cell) packed in one
// word when they fit (every board of up to 2^21 cells across): a stable
// sort calling the distance in each comparison took 1-2 s on a million
// cells, in every search's set-up, where Ctrl-C is not read.
func radialOrder(pr *problem) (order, rank []int32) {
	reg := pr.pz.Region
	dist := make([]uint64, pr.nCells)
	var most uint64
	for c := range dist {
		x := pr.coord[c]
		di := int64(2*x.I - (2*reg.Lo.I + reg.Size.I - 1))
		dj := int64(2*x.J - (2*reg.Lo.J + reg.Size.J - 1))
		dl := int64(2*x.L - (2*reg.Lo.L + reg.Size.L - 1))
		dist[c] = uint64(di*di + dj*dj + dl*dl)
		most = max(most, dist[c])
	}
	order = make([]int32, pr.nCells)
	const cellBits = 21 // puzzle.MaxCells is 2^20
	if pr.nCells <= 1<<cellBits && most < 1<<(64-cellBits) {
		// Farther first: the complement of the distance, then the cell.
		keys := make([]uint64, pr.nCells)
		for c, d := range dist {
			keys[c] = (most-d)<<cellBits | uint64(c)
		}
		slices.Sort(keys)
		for pos, k := range keys {
			order[pos] = int32(k & (1<<cellBits - 1))
		}
	} else {
		for c := range order {
			order[c] = int32(c)
		}
		slices.SortFunc(order, func(a, b int32) int {
			if d := cmp.Compare(dist[b], dist[a]); d != 0 {
				return d
			}
			return cmp.Compare(a, b)
		})
	}
	rank = make([]int32, pr.nCells)
	for pos, c := range order {
		rank[c] = int32(pos)
	}
	return order, rank
}

// stabilisers lists, for every option of class cls, the symmetries (by
// index, identity first) that map its cells onto themselves.
func stabilisers(pr *problem, cn *canon, cls int32) map[int32][]int32 {
	out := map[int32][]int32{}
	buf := make([]int32, 0, 16)
	for k := range pr.options() {
		if pr.optClass[k] != cls {
			continue
		}
		cells := pr.optCells(k)
		var st []int32
		for gi := range cn.syms {
			buf = buf[:0]
			for _, c := range cells {
				buf = append(buf, cn.syms[gi].cell[c])
			}
			slices.Sort(buf)
			if slices.Equal(buf, cells) {
				st = append(st, int32(gi))
			}
		}
		out[int32(k)] = st
	}
	return out
}

// streaming reports whether solutions must be decoded and streamed.
func (r *run) streaming() bool {
	return r.cfg.OnSolution != nil || r.cfg.Limit > 0 || !r.firstDone.Load()
}

// emit streams a solution (or, without Unique and with the redundancy
// filter, every distinct image of a canonical one); weight is the size of
// a canonical solution's orbit. In a parallel search a worker that is not
// at the head of the split's order buffers them instead (order.go), so
// that they stream in the serial order of the subproblems.
func (r *run) emit(w *worker, opts []int32, canonical bool, weight int64) {
	if r.cfg.Unique && !canonical {
		return
	}
	filtered := r.cn.filterClass >= 0
	if filtered && !canonical {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	ahead := r.ord.on && w.pos != r.ord.head
	if ahead && r.cfg.OnSolution == nil && r.ord.held(w.pos) >= r.keep {
		return // only Result.First wants it, and its subproblem has enough before it
	}
	var items []streamItem
	if !r.cfg.Unique && filtered {
		if r.fullIndex == nil {
			r.fullIndex = optionIndex(r.full)
		}
		for n, sol := range r.cn.orbit(r.full, r.fullIndex, r.pr, opts) {
			it := streamItem{t: r.full.tiling(sol), all: 1}
			if n == 0 { // an orbit streams its canonical solution first
				it.unique = 1
			}
			items = append(items, it)
		}
	} else {
		it := streamItem{t: r.pr.tiling(opts), all: 1}
		switch {
		case r.cfg.Unique:
			it.all, it.unique = weight, 1
		case canonical:
			it.unique = 1
		}
		items = append(items, it)
	}
	if ahead && r.ord.hold(r, w, items) {
		return
	}
	r.stream(w, items)
}

// streamItem is a solution to stream, with what it adds to Result.All
// and Result.Unique.
type streamItem struct {
	t           puzzle.Tiling
	all, unique int64
}

// stream hands solutions to OnSolution and Result.First, and stops the
// search at the limit. r.mu is held.
func (r *run) stream(w *worker, items []streamItem) {
	for _, it := range items {
		if r.limitReached {
			w.stop = true
			return
		}
		if r.cfg.OnSolution != nil {
			r.cfg.OnSolution(it.t)
		}
		r.emitAll += it.all
		r.emitUnique += it.unique
		if len(r.first) < r.keep {
			r.first = append(r.first, it.t)
		}
		r.streamed++
		if r.cfg.Limit > 0 && r.streamed >= r.cfg.Limit {
			r.limitReached = true
			r.stopFlag.Store(true)
			w.stop = true
		}
	}
	if len(r.first) >= r.keep && r.cfg.OnSolution == nil && r.cfg.Limit == 0 {
		r.firstDone.Store(true)
	}
}

// progress calls OnProgress when the last report is old enough.
func (r *run) progress(w *worker) {
	now := time.Since(r.start).Nanoseconds()
	last := r.lastProg.Load()
	if now-last < int64(200*time.Millisecond) || !r.lastProg.CompareAndSwap(last, now) {
		return
	}
	frac := 0.0
	if r.parallel {
		if r.totalSub > 0 {
			frac = float64(r.doneSub.Load()) / float64(r.totalSub)
		}
	} else {
		frac = w.fraction()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cfg.OnProgress(Progress{
		Nodes: r.nodesAll.Load(), Solutions: r.allAll.Load(),
		Seconds: float64(now) / 1e9, Fraction: frac,
	})
}
