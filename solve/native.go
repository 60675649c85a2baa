package solve

import (
	"context"
	"fmt"
	"strings"

	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// resolved is the Native of a request without one: Options as given.
type resolved struct{ opt native.Options }

func (n resolved) Config(p *puzzle.Puzzle) (native.Config, error)     { return n.opt.Resolve(p), nil }
func (resolved) Done(err error) error                                 { return nil }
func (resolved) Finish(*native.Result, native.Config, *Outcome) error { return nil }

// runNative runs FILA or DLX, or the maximum-coverage search.
func (r *Request) runNative(ctx context.Context) (*Outcome, error) {
	if r.MaxCoverage {
		return r.maxCoverage(ctx)
	}
	p, hooks := r.Puzzle, r.Native
	if hooks == nil {
		hooks = resolved{r.Options}
	}
	cfg, err := hooks.Config(p)
	if err != nil {
		return nil, err
	}
	if r.OnSolution != nil {
		cfg.OnSolution = r.OnSolution
	}
	if r.KeepNone {
		cfg.Keep = -1
	}
	cfg.OnProgress = func(pg native.Progress) {
		s := fmt.Sprintf("nodes %s (%s/s)  solutions so far %s  %s", progress.Count(pg.Nodes),
			progress.Rate(pg.Nodes, r.Progress.Elapsed()), progress.Count(pg.Solutions), textio.Seconds(pg.Seconds))
		if pg.Fraction > 0 && pg.Fraction < 1 {
			s += fmt.Sprintf("  ~%.1f%% of the tree", 100*pg.Fraction)
		}
		r.Progress.Update(s)
	}
	var res *native.Result
	if r.Decided {
		if res, err = native.Decided(cfg); err == nil {
			syms, _ := p.SymmetriesContext(ctx) // for --unique's note; none if cancelled
			res.Symmetries = puzzle.GroupOrder(syms)
		}
	} else {
		res, err = native.Solve(ctx, p, cfg)
	}
	if err := hooks.Done(err); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, &UsageError{err}
	}
	_, unlimited := p.PieceArea()
	o := &Outcome{
		Backend: r.Options.Algorithm, Config: cfg.Describe(unlimited), Mode: r.mode(), Seconds: res.Seconds, Nodes: res.Nodes,
		Complete: res.Complete(), Interrupted: res.Stopped(),
		Symmetries: res.Symmetries, Pinned: res.RedundancyPiece, Tilings: res.First,
		Found: res.All > 0 || len(res.First) > 0,
	}
	if res.Note != "" { // symmetric solutions: the orbit problem's DLX
		o.Config = res.Note
	} else if cfg.Volume != 0 {
		if d := native.Disconnected(p); len(d) > 0 {
			o.Config += fmt.Sprintf(", not face-connected: %s (volume filter off until placed)", strings.Join(d, ", "))
		}
	}
	all, uniq := res.All, res.Unique
	o.Solutions = &all
	if r.Options.Unique || r.Options.Count {
		o.Unique = &uniq
	}
	for _, t := range res.First {
		o.Placements = append(o.Placements, p.TilingJSON(t))
	}
	if res.Stats != nil {
		o.Stats = &Stats{StatsReport: res.Stats.Report()}
	}
	o.Puzzle = p.Name
	if err := hooks.Finish(res, cfg, o); err != nil {
		return nil, err
	}
	return o, nil
}

// maxCoverage runs native.MaxCoverage: the best tiling found, the bound
// it proved and the proof.
func (r *Request) maxCoverage(ctx context.Context) (*Outcome, error) {
	cfg := r.Options.ResolveMaxCoverage()
	cfg.OnProgress = func(pg native.Progress) {
		r.Progress.Update(fmt.Sprintf("max coverage  nodes %s (%s/s)  %s", progress.Count(pg.Nodes),
			progress.Rate(pg.Nodes, r.Progress.Elapsed()), textio.Seconds(pg.Seconds)))
	}
	res, err := native.MaxCoverage(ctx, r.Puzzle, cfg)
	if err := stopped(ctx, err); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, &UsageError{err}
	}
	o := &Outcome{
		Backend: "native", Config: cfg.DescribeMaxCoverage(), Mode: "max-coverage",
		Seconds: res.Seconds, Nodes: res.Nodes, Interrupted: res.Interrupted,
		Complete: res.Optimal, Proof: res.Proof, Found: res.Found(),
	}
	cov, bound, optimal := res.Covered, res.Bound, res.Optimal
	o.Coverage, o.Bound, o.Optimal = &cov, &bound, &optimal
	if gap, ok := res.Gap(); ok {
		o.Gap = &gap
	}
	if o.Found {
		o.Tilings = []puzzle.Tiling{res.Tiling}
		o.Placements = [][]puzzle.PlacementJSON{r.Puzzle.TilingJSON(res.Tiling)}
	}
	return o, nil
}
