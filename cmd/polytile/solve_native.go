package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// nativeConfig turns the flags into a native.Config (native.Options,
// whose defaults are native.DefaultConfig's), refusing a flag that does
// nothing on p and the shard and checkpoint flags of a symmetric key.
func nativeConfig(p *puzzle.Puzzle, f *solveFlags) (native.Config, error) {
	cfg := f.nativeOptions().Resolve(p)
	// The number of remaining pieces is unknown with an unlimited piece:
	// FILA starts at once and the schedule's first heuristic runs
	// throughout (native.Config). Say so rather than show a level that does
	// nothing.
	if err := idleFlags(p, false, f, cfg.Algorithm == native.FILA); err != nil {
		return cfg, err
	}
	if p != nil && p.Symmetric != nil {
		// One serial DLX on the orbit problem (native/symmetric.go): no
		// split to shard or to record. Said here, before a search or a
		// decided answer, as the idle flags are.
		switch {
		case f.shard != "":
			return cfg, usageErr("--shard %s: the symmetric key's orbit problem is searched serially, in one part; leave --shard out", f.shard)
		case f.checkpoint != "":
			return cfg, usageErr("--checkpoint: the symmetric key's orbit problem is searched serially, with no subproblems to record; leave --checkpoint out")
		}
	}
	i, n, err := parseShard(f.shard)
	if err != nil {
		return cfg, err
	}
	cfg.Shard = native.Shard{Index: i, Count: n}
	return cfg, nil
}

// nativeOptions are the native settings solve's flags give.
func (f *solveFlags) nativeOptions() native.Options {
	return native.Options{
		Algorithm: f.backend, FilaAt: f.filaAt, Schedule: f.heuristic, NOF: f.nof,
		Volume: f.volume, VolumeSet: f.volumeSet, Redundancy: f.redundancy,
		Workers: f.workers, Stats: f.stats, Unique: f.unique, Count: f.count, Limit: f.limit,
	}
}

func (a *app) solveNative(ctx context.Context, p *puzzle.Puzzle, f *solveFlags, line *progress.Line) (*solveOutcome, error) {
	if f.maxCoverage {
		return a.maxCoverageNative(ctx, p, f, line)
	}
	cfg, err := nativeConfig(p, f)
	if err != nil {
		return nil, err
	}
	if f.jsonLines {
		enc := jsonEncoder(a.stdout)
		cfg.OnSolution = func(t puzzle.Tiling) { enc.Encode(map[string]any{"solution": tilingJSON(p, t)}) }
	}
	if f.stream != nil { // a text picture drawn as the solutions come
		cfg.OnSolution = bothSolutions(cfg.OnSolution, f.stream)
	}
	if f.keepNone { // streamed above: hold none (memory stays flat)
		cfg.Keep = -1
	}
	cfg.OnProgress = func(pg native.Progress) {
		s := fmt.Sprintf("nodes %s (%s/s)  solutions so far %s  %s", progress.Count(pg.Nodes),
			progress.Rate(pg.Nodes, line.Elapsed()), progress.Count(pg.Solutions), compare.Seconds(pg.Seconds))
		if pg.Fraction > 0 && pg.Fraction < 1 {
			s += fmt.Sprintf("  ~%.1f%% of the tree", 100*pg.Fraction)
		}
		line.Update(s)
	}
	sr, err := a.startShard(p, p.Source, f, &cfg)
	if err != nil {
		return nil, err
	}
	if err := a.shardKey(p, f, sr, &cfg); err != nil { // countkeywrite.go
		return nil, err
	}
	sw := watchSplit(p, f, &cfg) // after startShard: chained with its hook
	var res *native.Result
	if f.decided { // no exact tiling: decided when the puzzle was read
		if res, err = native.Decided(cfg); err == nil {
			syms, _ := p.SymmetriesContext(ctx) // for --unique's note; none if cancelled
			res.Symmetries = puzzle.GroupOrder(syms)
		}
	} else {
		res, err = native.Solve(ctx, p, cfg)
	}
	if sr != nil && sr.matchErr != nil {
		return nil, sr.matchErr
	}
	if err := keyStopped(f, sr); err != nil {
		return nil, err
	}
	if errors.Is(err, native.ErrRedundancyPiece) {
		return nil, redundancyUsage(err)
	}
	if err != nil {
		return nil, usageErr("%v", err)
	}
	o := &solveOutcome{
		Backend: f.backend, Config: cfg.Describe(hasUnlimited(p)), Seconds: res.Seconds, Nodes: res.Nodes,
		Complete: res.Complete(), Interrupted: res.Stopped(),
		Symmetries: res.Symmetries, Pinned: res.RedundancyPiece, tilings: res.First,
		found: res.All > 0 || len(res.First) > 0,
	}
	if res.Note != "" { // symmetric solutions: the orbit problem's DLX
		o.Config = res.Note
	} else if cfg.Volume != 0 {
		if d := native.Disconnected(p); len(d) > 0 {
			o.Config += fmt.Sprintf(", not face-connected: %s (volume filter off until placed)", strings.Join(d, ", "))
		}
	}
	o.Mode = "first"
	switch {
	case f.count:
		o.Mode = "count"
	case f.limit > 0:
		o.Mode = "limit"
	}
	all, uniq := res.All, res.Unique
	o.Solutions = &all
	if f.unique || f.count {
		o.Unique = &uniq
	}
	for _, t := range res.First {
		o.Tilings = append(o.Tilings, tilingJSON(p, t))
	}
	if res.Stats != nil {
		o.Stats = newStatsJSON(res.Stats)
		o.Stats.Split = sw.summary(res, cfg)
	}
	if sr != nil {
		o.Puzzle = p.Name
		if err := sr.finish(res, o); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// statsJSON is the article's Tables 2-5: per number of remaining pieces
// (or per depth for unlimited supplies), attempts, fits and no-fits.
type statsJSON struct {
	By       string      `json:"by"` // "remaining pieces" or "depth"
	Levels   []levelJSON `json:"levels"`
	Attempts int64       `json:"attempts"`
	Fits     int64       `json:"fits"`
	NoFits   int64       `json:"no_fits"`
	// MemoHits and MemoSaved: FILA nodes the transposition table answered
	// and the fits of their subtrees, not made (native.Stats).
	MemoHits  int64 `json:"memo_hits,omitempty"`
	MemoSaved int64 `json:"memo_saved_fits,omitempty"`
	// Split is the balance of a parallel or sharded search (splitstats.go).
	Split *splitJSON `json:"split,omitempty"`
}

type levelJSON struct {
	Level    int   `json:"level"`
	Attempts int64 `json:"attempts"`
	Fits     int64 `json:"fits"`
	NoFits   int64 `json:"no_fits"`
}

func newStatsJSON(s *native.Stats) *statsJSON {
	out := &statsJSON{By: "remaining pieces"}
	if s.ByDepth {
		out.By = "depth"
	}
	for l := range s.Attempts {
		at, fi := s.Attempts[l], s.Fits[l]
		if at == 0 && fi == 0 {
			continue
		}
		out.Levels = append(out.Levels, levelJSON{Level: l, Attempts: at, Fits: fi, NoFits: at - fi})
		out.Attempts += at
		out.Fits += fi
	}
	out.NoFits = out.Attempts - out.Fits
	out.MemoHits, out.MemoSaved = s.MemoHits, s.MemoSaved
	return out
}

func (s *statsJSON) text(w io.Writer) {
	fmt.Fprintf(w, "%-9s %14s %14s %14s\n", s.By[:min(len(s.By), 9)], "attempts", "fits", "no-fits")
	for _, l := range s.Levels {
		fmt.Fprintf(w, "%-9d %14d %14d %14d\n", l.Level, l.Attempts, l.Fits, l.NoFits)
	}
	fmt.Fprintf(w, "%-9s %14d %14d %14d\n", "total", s.Attempts, s.Fits, s.NoFits)
	if s.MemoHits > 0 {
		fmt.Fprintf(w, "memo: %d nodes counted from the table, saving %d fits (%d fits without it)\n", s.MemoHits, s.MemoSaved, s.Fits+s.MemoSaved)
	}
	if s.Split != nil {
		s.Split.text(w)
	}
}

// hasUnlimited reports whether some piece of p has an unlimited supply.
func hasUnlimited(p *puzzle.Puzzle) bool {
	_, unl := p.PieceArea()
	return unl
}

// redundancyUsage turns native's refusal of a --redundancy piece
// (ErrRedundancyPiece) into a usage error against the flag: the flag's
// value is at fault (it was "native: redundancy filter: no piece named
// ...").
func redundancyUsage(err error) error {
	_, why, _ := strings.Cut(err.Error(), native.ErrRedundancyPiece.Error()+": ")
	return usageErr("--redundancy: %s", why)
}
