package native

import (
	"fmt"
	"math"
	"strings"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// The algorithms of Config.Algorithm.
const (
	// FILA is the Fixed Image List Algorithm after DLX's first pieces;
	// the zero Config's algorithm.
	FILA = "fila"
	// DLX is Knuth's dancing links throughout.
	DLX = "dlx"
)

// algorithm is c's algorithm, FILA when it is not given.
func (c Config) algorithm() string {
	if c.Algorithm == "" {
		return FILA
	}
	return c.Algorithm
}

// Options are the settings of a native search as a user gives them (the
// flags of polytile solve). Resolve turns them into a Config: what is not
// given comes from DefaultConfig for FILA (the definition shared with
// compare's "native" backend).
type Options struct {
	// Algorithm is FILA (also when empty) or DLX.
	Algorithm string
	// FilaAt, Schedule, NOF, Redundancy, Workers, Stats and Shard are
	// Config's. An empty Schedule is DefaultSchedule's with FILA; NOF
	// applies to FILA only.
	FilaAt     int
	Schedule   string
	NOF        bool
	Redundancy string
	Workers    int
	Stats      bool
	Shard      Shard
	// Volume is Config.Volume when VolumeSet; otherwise FILA filters
	// once (DefaultConfig) and DLX takes Volume as it is.
	Volume    int
	VolumeSet bool
	// Unique asks for one solution per symmetry class, with the
	// redundancy filter ("auto" unless Redundancy names one).
	Unique bool
	// Count asks for every solution; otherwise the search lists Limit
	// solutions, or the first one when Limit is 0.
	Count bool
	Limit int64
}

// Resolve is the Config of the settings o on p (nil: no puzzle-dependent
// default, Schedule as given). It does not check the result: Solve and
// IdleSettings do.
func (o Options) Resolve(p *puzzle.Puzzle) Config {
	alg := o.Algorithm
	if alg == "" {
		alg = FILA
	}
	cfg := Config{
		Algorithm: alg,
		FilaAt:    o.FilaAt,
		Schedule:  o.Schedule,
		NOF:       o.NOF && alg == FILA,
		Volume:    o.Volume,
		Workers:   o.Workers,
		Stats:     o.Stats,
		Unique:    o.Unique,
		Shard:     o.Shard,
	}
	switch {
	case o.Redundancy != "":
		// "none" keeps the plain search; "" is auto when counting.
		cfg.Redundancy = o.Redundancy
	case o.Unique:
		cfg.Redundancy = "auto"
	}
	if alg == FILA && p != nil {
		def := DefaultConfig(p)
		if cfg.Schedule == "" {
			cfg.Schedule = def.Schedule
		}
		if !o.VolumeSet {
			cfg.Volume = def.Volume
		}
	}
	switch {
	case o.Limit > 0:
		cfg.Limit = o.Limit
	case !o.Count:
		cfg.Limit = 1
	}
	return cfg
}

// ResolveMaxCoverage is the Config of MaxCoverage for the settings o:
// DefaultMaxCoverageConfig with o's Schedule when given, the only
// setting that search reads (its first heuristic, IdleSettings).
func (o Options) ResolveMaxCoverage() Config {
	cfg := DefaultMaxCoverageConfig()
	if o.Schedule != "" {
		cfg.Schedule = o.Schedule
	}
	return cfg
}

// Describe is the one-line summary of c ("heuristic f, NOF, volume
// filter"); unlimited says that the puzzle has a piece with an unlimited
// supply (the volume filter then runs after every placement).
func (c Config) Describe(unlimited bool) string {
	var parts []string
	if c.algorithm() == FILA && c.FilaAt > 0 {
		parts = append(parts, fmt.Sprintf("DLX until %d pieces remain", c.FilaAt))
	}
	if c.Schedule != "" {
		parts = append(parts, "heuristic "+c.Schedule)
	}
	if c.NOF {
		parts = append(parts, "NOF")
	}
	switch {
	case c.Volume < 0:
		parts = append(parts, "volume filter")
	case c.Volume > 0 && unlimited:
		parts = append(parts, "volume filter after every placement (an unlimited piece)")
	case c.Volume > 0:
		parts = append(parts, fmt.Sprintf("volume filter while > %d pieces remain", c.Volume))
	}
	switch {
	case c.Workers > 1 && c.Limit > 0:
		// A listing runs on one worker (Limit).
		parts = append(parts, fmt.Sprintf("serial (-j %d counts in parallel; listing runs serially, to print the serial search's solutions)", c.Workers))
	case c.Workers > 1:
		parts = append(parts, fmt.Sprintf("%d workers", c.Workers))
	}
	if c.Shard.Count > 1 {
		parts = append(parts, fmt.Sprintf("shard %d/%d", c.Shard.Index, c.Shard.Count))
	}
	return strings.Join(parts, ", ")
}

// DescribeMaxCoverage is the one-line summary of c for MaxCoverage, where
// only the heuristic applies (the first of a schedule).
func (c Config) DescribeMaxCoverage() string {
	h := c.Schedule
	if h == "" {
		h = "s"
	}
	return "maximum coverage: DLX with hole options, heuristic " + h
}

// Complete reports whether the search ran to its end: All and Unique are
// the puzzle's counts (a Shard's part of them), not lower bounds.
func (r *Result) Complete() bool { return !r.Interrupted && !r.LimitReached }

// Stopped reports whether a stop (the context, not Config.Limit) cut the
// search short: its counts are lower bounds from the part searched, and
// Unique, the canonical solutions met so far, comes unevenly in the
// search order (0 beside millions of solutions is common with copies of
// a piece), so it says little of the puzzle's.
func (r *Result) Stopped() bool { return r.Interrupted }

// Found reports whether the search found a partial tiling to show: one
// that covers a cell, or the proven optimum (0 cells when no piece fits).
func (r *CoverageResult) Found() bool { return r.Covered > 0 || r.Optimal }

// Gap is model.CoverageGap of the best tiling found, (Bound - Covered) /
// Covered, and whether it says something: not when Optimal (0) nor when
// nothing is covered below a positive bound (+Inf).
func (r *CoverageResult) Gap() (float64, bool) {
	g := model.CoverageGap(r.Covered, r.Bound)
	return g, !r.Optimal && !math.IsInf(g, 0)
}
