package highs

// This file adapts polytile's binary program (model.Program) to the
// generic binding. It uses only the portable API (Model, Solve, Options,
// Result), so it builds with and without HiGHS.

import (
	"context"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// ProgramModel builds the HiGHS model of p in row-wise (CSR) form: one
// column per program column (x, then y, then z), one row per program row,
// in the program's order, so that Result.X decodes with p.Decode. With
// names set it also fills ColNames and RowNames (x_F_3_2_5, overlap_c_2_5,
// ...), which only WriteModel needs.
func ProgramModel(p *model.Program, names bool) *Model {
	ncol, nrow, nnz := p.NumCols(), p.NumRows(), p.NumNonzeros()
	m := &Model{
		Maximize: p.Maximize(),
		ColCost:  make([]float64, ncol),
		ColLower: make([]float64, ncol),
		ColUpper: make([]float64, ncol),
		Integer:  make([]bool, ncol),
		RowLower: make([]float64, nrow),
		RowUpper: make([]float64, nrow),
		RowStart: make([]int, 0, nrow+1),
		Index:    make([]int, 0, nnz),
		Value:    make([]float64, 0, nnz),
	}
	for j := range ncol {
		m.ColCost[j] = p.Cost(j)
		m.ColLower[j], m.ColUpper[j] = p.Bounds(j)
		m.Integer[j] = true // binaries and z
	}
	var r model.Row
	for i := range nrow {
		p.Row(i, &r)
		m.RowStart = append(m.RowStart, len(m.Index))
		for _, t := range r.Terms {
			m.Index = append(m.Index, t.Index)
			m.Value = append(m.Value, t.Coef)
		}
		switch r.Sense {
		case model.EQ:
			m.RowLower[i], m.RowUpper[i] = r.RHS, r.RHS
		case model.LE:
			m.RowLower[i], m.RowUpper[i] = math.Inf(-1), r.RHS
		default:
			m.RowLower[i], m.RowUpper[i] = r.RHS, math.Inf(1)
		}
	}
	m.RowStart = append(m.RowStart, len(m.Index))
	if names {
		m.ColNames = make([]string, ncol)
		for j := range ncol {
			m.ColNames[j] = p.ColName(j)
		}
		m.RowNames = make([]string, nrow)
		for i := range nrow {
			m.RowNames[i] = p.RowName(i)
		}
	}
	return m
}

// ProgramStart turns a tiling into a starting vector for Options.Start
// (a warm start): x = 1 for its placements, y and z to match. For the
// exact program a partial tiling is not feasible; HiGHS then tries to
// repair it or ignores it.
func ProgramStart(p *model.Program, t puzzle.Tiling) ([]float64, error) {
	v, err := p.Vector(t)
	if err != nil {
		return nil, fmt.Errorf("highs: warm start: %w", err)
	}
	return v, nil
}

// ProgramResult is the outcome of SolveProgram.
type ProgramResult struct {
	// Status is HiGHS's model status (Optimal, Infeasible, TimeLimit,
	// Interrupted, ...). For the exact program Optimal means that a tiling
	// was found and Infeasible that none exists.
	Status ModelStatus
	// Optimal reports proven optimality (for the exact program: a tiling),
	// by HiGHS or because the coverage reached the area bound.
	Optimal bool
	// AreaBoundReached reports that the coverage equals the area bound
	// (model.CoverageBound): optimal whatever HiGHS's own bound says.
	AreaBoundReached bool
	// HasSolution reports that Tiling holds the best solution found.
	HasSolution bool
	// Tiling is the decoded solution; it has passed Puzzle.Verify (exact
	// for the exact program, partial for maximum coverage).
	Tiling puzzle.Tiling
	// Coverage is the number of cells Tiling covers; Cells is the area.
	Coverage, Cells int
	// Bound is a proven upper bound on the coverage of any partial tiling:
	// for maximum coverage the smaller of the program's area bound
	// (model.CoverageBound) and HiGHS's dual bound rounded down to a
	// multiple of the pieces' gcd, and Coverage itself at optimality; for
	// the exact program the area bound.
	Bound int
	// Gap is (Bound - Coverage) / Bound for maximum coverage (0 at
	// optimality, 1 without a solution) and HiGHS's own gap otherwise.
	Gap float64
	// Objective and DualBound are HiGHS's values for the program.
	Objective, DualBound float64
	// Nodes is the number of branch-and-bound nodes; Seconds is HiGHS's
	// run time.
	Nodes   int64
	Seconds float64
}

// SolveProgram solves p in-process with HiGHS and decodes the answer. opt
// is passed to Solve as is: set opt.Start with ProgramStart to warm-start
// from a tiling, opt.TimeLimit to stop early (the best tiling found is
// returned with Status TimeLimit), opt.Log to see HiGHS's log (HiGHS
// never prints otherwise). Cancelling ctx interrupts the solve like a
// time limit.
//
// For maximum coverage SolveProgram stops HiGHS as soon as a solution
// reaches the area bound of model.CoverageBound: nothing can cover more,
// so the result is optimal (Status Optimal, AreaBoundReached) even where
// HiGHS's own dual bound could not prove it yet.
//
// An infeasible exact program is a result (Status Infeasible), not an
// error. Errors are HiGHS failures (with the status HiGHS reported, e.g.
// "solve error"), a build without HiGHS (wrapping ErrUnavailable), and a
// solution that does not decode into a valid tiling.
func SolveProgram(ctx context.Context, p *model.Program, opt Options) (*ProgramResult, error) {
	m := ProgramModel(p, false)
	exact := p.Options.Mode == model.Exact
	var reached atomic.Bool
	if !exact {
		// Stop at the area bound: cancel our own context from the
		// improving-solution callback (HiGHS then returns Interrupted).
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		defer cancel()
		user, target := opt.OnImprove, float64(p.Bound.Bound)-1e-6
		opt.OnImprove = func(pg Progress) {
			if user != nil {
				user(pg)
			}
			if pg.Objective >= target {
				reached.Store(true)
				cancel()
			}
		}
	}
	res, err := Solve(ctx, m, opt)
	if err != nil {
		if res != nil {
			return nil, fmt.Errorf("highs: solve program (status %v): %w", res.Status, err)
		}
		return nil, fmt.Errorf("highs: solve program: %w", err)
	}
	switch res.Status {
	case StatusLoadError, StatusModelError, StatusPresolveError, StatusSolveError, StatusPostsolveError, StatusNotSet:
		return nil, fmt.Errorf("highs: solve program: HiGHS ended with status %q", res.Status)
	}
	pz := p.Puzzle
	out := &ProgramResult{
		Status:      res.Status,
		Optimal:     res.Status == StatusOptimal,
		HasSolution: res.HasSolution,
		Cells:       pz.Area(),
		Bound:       p.Bound.Bound,
		Gap:         res.Gap,
		Objective:   res.Objective,
		DualBound:   res.DualBound,
		Nodes:       res.Nodes,
		Seconds:     res.Seconds,
	}
	if res.HasSolution {
		t, err := p.Decode(res.X)
		if err != nil {
			return nil, fmt.Errorf("highs: solve program: %w", err)
		}
		rep, err := pz.Verify(t, exact)
		if err != nil {
			return nil, fmt.Errorf("highs: solve program: HiGHS's solution (status %v) does not decode to a valid tiling: %w", res.Status, err)
		}
		out.Tiling, out.Coverage = t, rep.Covered
	}
	if exact {
		return out, nil
	}
	if g := p.Bound.GCD; !math.IsInf(res.DualBound, 0) && !math.IsNaN(res.DualBound) {
		db := int(math.Floor(res.DualBound+1e-6)) / g * g
		out.Bound = max(min(out.Bound, db), out.Coverage)
	}
	if out.Optimal {
		out.Bound = out.Coverage
	}
	if res.HasSolution && out.Coverage == p.Bound.Bound {
		out.AreaBoundReached, out.Optimal = true, true
		if reached.Load() && res.Status == StatusInterrupted {
			out.Status = StatusOptimal
		}
	}
	out.Gap = 1
	if out.Bound > 0 && res.HasSolution {
		out.Gap = float64(out.Bound-out.Coverage) / float64(out.Bound)
	} else if out.Bound == 0 {
		out.Gap = 0
	}
	return out, nil
}
