package native

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/polytile/polytile/puzzle"
)

// Config selects the algorithm, heuristics and filters of a Solve.
// The zero value counts every solution with FILA (after DLX has placed
// the pinned piece of the redundancy filter) and the S heuristic, as the
// CLI's default backend does; DefaultConfig adds its heuristic and
// filters.
type Config struct {
	// Algorithm is FILA ("fila", also when empty) or DLX ("dlx"). With
	// FILA the search starts with DLX and switches to FILA when FilaAt
	// pieces remain.
	Algorithm string
	// FilaAt is the number of remaining pieces at which DLX hands over to
	// FILA (the article's -f N). 0 means FILA from the start, after DLX
	// has placed the piece of the redundancy filter if there is one.
	// Whatever FilaAt, DLX first places every piece of one copy with at
	// most 8 options (pinned by at: or region:; not with an unlimited
	// piece): FILA does not start while one is left (force.go).
	// Puzzles with an unlimited piece always start FILA at once.
	FilaAt int
	// Schedule is a heuristic, or a schedule of heuristics by number of
	// remaining pieces: "f" (first open cell), "radial" (outside in),
	// "e" (fewest open neighbours, then fewest fits), "s" (fewest fits),
	// or "e=11:f=3" (E from 11 remaining pieces, F from 3; above the first
	// level the default "s" applies). DLX understands s, e, f and radial;
	// it always prefers an item with zero or one option. With an unlimited
	// piece the number of remaining pieces is undefined: the first
	// heuristic of the schedule applies throughout. Levels are decimal
	// digits from 1 to MaxScheduleLevel, and no spaces are allowed
	// (CheckSchedule).
	Schedule string
	// NOF enables neighbour occupancy filtering in FILA.
	NOF bool
	// Volume is the volume filter: 0 off, -1 once on all images before the
	// search, N > 0 also after each placement while more than N pieces
	// remain (with an unlimited piece: after every placement). A placement
	// is rejected when the open cells fall apart into a region whose size
	// no sub-multiset of the remaining pieces' sizes adds up to.
	Volume int
	// Redundancy is the rotational redundancy filter: "auto", "none" (off)
	// or the name of the piece to constrain. The default "" is "auto" when
	// counting (Limit 0: the search is the one of Unique, and All adds up
	// the orbit sizes) and "none" when listing up to Limit solutions (the
	// plain search, whose first solutions come in depth-first order).
	// Counts are exact either way; with the filter and without Unique,
	// OnSolution still receives every solution (each canonical one's
	// whole orbit, one after the other).
	Redundancy string
	// Memo sizes the transposition table with which the 64-bit FILA
	// counts (see memo.go): 0 for the default (1 << DefaultMemoBits
	// entries), -1 for none, MinMemoBits..MaxMemoBits for 1 << Memo
	// entries. The table is used only when counting (no OnSolution, no
	// Limit) and never changes a count; it cuts the nodes searched, which
	// Stats.MemoHits and Stats.MemoSaved report.
	Memo int
	// Limit stops the search after this many solutions were streamed
	// (0: no limit). A limited search runs on one worker whatever Workers
	// says, so that it streams the serial search's first Limit solutions
	// (with a Shard: that shard's first ones, in the split's order) in
	// every run; Result.All and Result.Unique then count the solutions
	// streamed (with Unique, each one counts its orbit in All), never
	// more than were streamed.
	Limit int64
	// Keep is how many streamed solutions Result.First holds: 0 for the
	// default (up to Limit of them, at most 1<<20, or the first one
	// without a limit), a negative value for none, so that a caller that
	// consumes OnSolution keeps the memory flat however many stream out.
	Keep int
	// Unique streams only unique solutions (one per symmetry class) to
	// OnSolution and Result.First; otherwise every solution is streamed.
	Unique bool
	// Workers is the number of goroutines for parallel counting (<= 1:
	// serial). It does not apply to a search with a Limit (see Limit).
	Workers int
	// Shard solves a deterministic part of the search tree: shards
	// 0..Count-1 of one puzzle and configuration add up to the total.
	Shard Shard
	// OnSplit, when set, receives the split of a parallel or sharded
	// search before any subproblem is solved; an error stops Solve and is
	// returned (e.g. a checkpoint made for another split).
	OnSplit func(Split) error
	// Skip, when set, names subproblems of the split (by Subproblem.Index)
	// not to solve, e.g. those a checkpoint recorded as finished.
	Skip func(index int64) bool
	// OnSubproblem, when set, receives every subproblem of the split solved
	// completely, with its counts. It is never called concurrently. Setting
	// it (or Skip or OnSplit) makes even a serial search of the whole tree
	// go through the split.
	OnSubproblem func(Subproblem)
	// OnSolution receives solutions as they are found, in a deterministic
	// order when the search is serial. It is never called concurrently.
	OnSolution func(puzzle.Tiling)
	// OnProgress receives progress reports about five times a second.
	// It is never called concurrently.
	OnProgress func(Progress)
	// Stats returns the per-level statistics (attempts, fits) in
	// Result.Stats; they are always collected (at no measurable cost).
	// In a parallel or sharded search the levels above the split are
	// counted once, by the split, and the FILA models built are those of
	// all workers.
	Stats bool

	// warehouse forces FILA's literal warehouse loop even for <= 64
	// classes, and wideOnly keeps the multi-word FILA from handing over
	// to the 64-bit one (tests).
	warehouse, wideOnly bool
	// memoLevel, when positive, is the lowest level the memo table serves
	// instead of memoMinLevel (tests: tiny puzzles have few levels).
	memoLevel int
	// noFastF keeps the 64-bit FILA's F levels on solveFast instead of
	// solveF (filaf.go), and onFastF, when set, is called with the top
	// level and the number of nibble tables whenever a model is given to
	// solveF (tests).
	noFastF bool
	onFastF func(from, nBlk int)
	// orderCap, when positive, replaces orderCap (order.go) in tests.
	orderCap int
	// eScan makes the multi-word FILA's E heuristic find its candidate
	// cells by scanning every open cell (the reference the open-neighbour
	// buckets of filawe.go are tested against) instead of the buckets.
	eScan bool
	// scalarCount makes the 64-bit FILA's E and S heuristics count the
	// fits of their candidate cells in Go (countInto) rather than with
	// the AVX2 selectVec, the reference that selectVec is tested against.
	scalarCount bool
	// onVecTable, when set, is called whenever the 64-bit FILA builds a
	// table that selectVec counts, with whether it is indexed (tests).
	onVecTable func(indexed bool)
	// noForce leaves the pieces with few placements to FILA like any
	// other (force.go; tests whose random puzzles must reach FILA's
	// models with every piece left).
	noForce bool
}

// Shard names one part of a sharded search: Index in 0..Count-1, Count
// at most MaxShards. The zero value (Count 0 or 1) is the whole search.
type Shard struct {
	Index, Count int
}

// Progress is a progress report.
type Progress struct {
	Nodes     int64   // pieces placed so far
	Solutions int64   // solutions found so far, counted as Result.All (every rotation and reflection)
	Seconds   float64 // elapsed
	// Fraction is an estimate of the part of the search tree done, in
	// [0, 1]: from the branches finished at the top levels of the tree in
	// a serial search, from the finished subproblems in a parallel one.
	Fraction float64
}

// Result is the outcome of a Solve.
type Result struct {
	// All is the number of exact solutions (every rotation and
	// reflection counted); Unique counts one per class of solutions
	// equivalent under the puzzle's symmetries.
	All, Unique int64
	Nodes       int64 // pieces placed (DLX and FILA)
	Stats       *Stats
	Seconds     float64
	// Interrupted is set when the context was cancelled; the counts are
	// those found so far.
	Interrupted bool
	// LimitReached is set when the search stopped at Config.Limit.
	LimitReached bool
	// First holds the first streamed solutions: up to Limit of them when a
	// limit is set, else only the first one (see Config.Keep).
	First []puzzle.Tiling
	// Symmetries is the order of the puzzle's symmetry group as it acts
	// on the tilings: the distinct maps of the cells and piece classes
	// (puzzle.GroupOrder), not the transforms, which can be more.
	Symmetries int
	// RedundancyPiece is the piece constrained by the redundancy filter,
	// "" when none.
	RedundancyPiece string
	// Options is the number of images left after the filters.
	Options int
	// Split describes the subproblems of a parallel or sharded search
	// (nil for a serial one, or when cancelled during the split).
	Split *Split
	// Note, when set, says how the search differed from the configuration
	// (symmetric solutions: the orbit problem, symmetric.go).
	Note string
}

// heurKind is a FILA / DLX ordering heuristic.
type heurKind int

const (
	heurS      heurKind = iota // fewest fits
	heurE                      // fewest open neighbours, then fewest fits
	heurF                      // first open cell in cell order
	heurRadial                 // fixed order, outside in
)

func (h heurKind) String() string {
	return [...]string{"s", "e", "f", "radial"}[h]
}

// fixedOrder reports whether the heuristic fills cells in a fixed order,
// which allows priority occupancy filtering.
func (h heurKind) fixedOrder() bool { return h == heurF || h == heurRadial }

func parseHeur(s string) (heurKind, error) {
	switch s {
	case "s":
		return heurS, nil
	case "e":
		return heurE, nil
	case "f":
		return heurF, nil
	case "radial":
		return heurRadial, nil
	}
	return 0, fmt.Errorf("unknown heuristic %q (want f, e, s or radial)", s)
}

// schedule maps a number of remaining pieces to a heuristic.
type schedule struct {
	from  []int // decreasing levels; from[0] may be -1 for "everywhere"
	heurs []heurKind
}

// MaxScheduleLevel is the largest level of a schedule (remaining pieces,
// as FilaAt): a puzzle has at most one piece per cell, and a board at most
// puzzle.MaxCells cells.
const MaxScheduleLevel = puzzle.MaxCells

// CheckSchedule reports whether s is a valid Config.Schedule: "" (the
// default), a heuristic f, e, s or radial, or a schedule such as e=11:f=3
// whose levels are decimal digits from 1 to MaxScheduleLevel and decrease.
// No spaces are allowed anywhere.
func CheckSchedule(s string) error {
	_, err := parseSchedule(s)
	return err
}

// parseSchedule reads "f", "e=11:f=3" and the like (CheckSchedule).
func parseSchedule(s string) (schedule, error) {
	var sc schedule
	if s == "" {
		return schedule{from: []int{-1}, heurs: []heurKind{heurS}}, nil
	}
	for n, part := range strings.Split(s, ":") {
		name, lvl, hasLvl := strings.Cut(part, "=")
		h, err := parseHeur(name)
		if err != nil {
			return sc, fmt.Errorf("schedule %q: %w", s, err)
		}
		level := -1
		if hasLvl {
			level, err = scheduleLevel(lvl)
			if err != nil {
				return sc, fmt.Errorf("schedule %q: level %q %w", s, lvl, err)
			}
		} else if n > 0 {
			return sc, fmt.Errorf("schedule %q: only the first heuristic may omit its level", s)
		}
		if n > 0 && (sc.from[n-1] != -1 && level >= sc.from[n-1]) {
			return sc, fmt.Errorf("schedule %q: levels must decrease", s)
		}
		sc.from = append(sc.from, level)
		sc.heurs = append(sc.heurs, h)
	}
	return sc, nil
}

// scheduleLevel reads a level: decimal digits only (no sign, no space),
// from 1 to MaxScheduleLevel.
func scheduleLevel(s string) (int, error) {
	bad := fmt.Errorf("must be a whole number from 1 to %d (decimal digits)", MaxScheduleLevel)
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, bad
	}
	n, err := strconv.Atoi(s) // digits only: any length fails or fits
	if err != nil || n < 1 || n > MaxScheduleLevel {
		return 0, bad
	}
	return n, nil
}

// at returns the heuristic for p remaining pieces; p < 0 means unknown
// (unlimited pieces), which selects the first entry.
func (sc schedule) at(p int) heurKind {
	h := heurS
	if p < 0 {
		return sc.heurs[0]
	}
	for n, f := range sc.from {
		if f == -1 || p <= f {
			h = sc.heurs[n]
		}
	}
	return h
}

// kinds lists the distinct heuristics of the schedule.
func (sc schedule) kinds() []heurKind {
	var out []heurKind
	seen := map[heurKind]bool{}
	for _, h := range append([]heurKind{heurS}, sc.heurs...) {
		if !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	return out
}
