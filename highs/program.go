package highs

// This file adapts polytile's binary program (model.Program) to the
// generic binding. It uses only the portable API (Model, Solve, Options,
// Result), so it builds with and without HiGHS.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync/atomic"

	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/proof"
	"github.com/polytile/polytile/puzzle"
)

// MaxProgramEntries bounds the size of a program SolveProgram hands to
// HiGHS: columns + nonzeros (matrix entries). HiGHS keeps several copies
// of the matrix (the model, the presolved model, the LP relaxation and its
// factorisation); measured on free tetrominoes, HiGHS 1.15: 200x200
// (749k columns + 3.0M nonzeros = 3.7M) peaked at 0.71 to 0.82 GB in 5 s
// and 10 s runs, and 440x440 (18M) took 3.3 GB. Beyond this limit SolveProgram refuses the
// program with ErrTooLarge before building anything, instead of running
// the machine out of memory; the native solvers, or an export for an
// external solver, handle such boards.
const MaxProgramEntries = 5_000_000

// ErrTooLarge is returned (wrapped) by SolveProgram for a program above
// MaxProgramEntries.
var ErrTooLarge = errors.New("program too large for the in-process HiGHS")

// CheckProgramSize returns an error wrapping ErrTooLarge when p has more
// than MaxProgramEntries columns + nonzeros, naming its size and the limit.
func CheckProgramSize(p *model.Program) error {
	cols, nnz := p.NumCols(), p.NumNonzeros()
	if cols+nnz > MaxProgramEntries {
		return fmt.Errorf("highs: %w: %d columns + %d nonzeros = %d, limit %d (use the native solver, or export the program for an external solver)",
			ErrTooLarge, cols, nnz, cols+nnz, MaxProgramEntries)
	}
	return nil
}

// ProgramModel builds the HiGHS model of p in row-wise (CSR) form: one
// column per program column (x, then y, then z), one row per program row,
// in the program's order, so that Result.X decodes with p.Decode. With
// names set it also fills ColNames and RowNames (x_F_3_2_5, overlap_c_2_5,
// ...), which only WriteModel needs.
func ProgramModel(p *model.Program, names bool) *Model {
	m, _ := programModel(context.Background(), p, names)
	return m
}

// programModel is ProgramModel, stopping with ctx's error when it is
// cancelled (checked every few thousand rows and columns).
func programModel(ctx context.Context, p *model.Program, names bool) (*Model, error) {
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
	const every = 4096
	for j := range ncol {
		if j%every == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		m.ColCost[j] = p.Cost(j)
		m.ColLower[j], m.ColUpper[j] = p.Bounds(j)
		m.Integer[j] = true // binaries and z
	}
	var r model.Row
	for i := range nrow {
		if i%every == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
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
	return m, nil
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
	// Optimal reports proven optimality: for the exact program a tiling;
	// for maximum coverage a coverage equal to Bound (HiGHS's rounded dual
	// bound or the area bound). HiGHS's status "optimal" within a nonzero
	// mip_rel_gap is not enough.
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
	// Gap is model.CoverageGap(Coverage, Bound) for maximum coverage,
	// HiGHS's definition of the relative gap, (Bound - Coverage) /
	// Coverage: 0 at optimality, +Inf without a covered cell; HiGHS's own
	// mip_gap for the exact program.
	Gap float64
	// FromStart reports that Tiling is opt.Start itself: HiGHS stopped
	// without a solution at least as good as its start.
	FromStart bool
	// Objective and DualBound are HiGHS's values for the program.
	Objective, DualBound float64
	// Nodes is the number of branch-and-bound nodes; Seconds is HiGHS's
	// run time.
	Nodes   int64
	Seconds float64
	// Infeasible reports a proven infeasible exact program: HiGHS's
	// "infeasible" confirmed by a second solve with presolve off
	// (ConfirmInfeasible), with no option in force that voids the proof
	// (VoidingOptions).
	Infeasible bool
	// NotProven says why HiGHS's verdict is no proof: an "infeasible"
	// the second solve did not confirm, or options that void the proof
	// of an optimum or an infeasibility; "" otherwise. A tiling found is
	// verified and stays an answer either way.
	NotProven string
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
	if err := CheckProgramSize(p); err != nil {
		return nil, err
	}
	exact := p.Options.Mode == model.Exact
	st, hasStart := startTiling(ctx, p, opt.Start)
	m, err := programModel(ctx, p, false)
	if err != nil {
		// Stopped while building: nothing from HiGHS, but a start is
		// still the best tiling known.
		res := &Result{Status: StatusInterrupted, Objective: math.Inf(-1), DualBound: math.Inf(1), Gap: math.Inf(1)}
		return finishProgram(ctx, p, res, st, hasStart, false)
	}
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
	confirm := proof.Undecided
	if exact && res.Status == StatusInfeasible && !hasStart {
		c, second, err := ConfirmInfeasible(ctx, m, opt)
		if err != nil {
			return nil, fmt.Errorf("highs: solve program: confirming infeasibility: %w", err)
		}
		confirm = c
		if c == proof.Refuted {
			res = second // a feasible point: the first "infeasible" was wrong
		}
	}
	out, err := finishProgram(ctx, p, res, st, hasStart, reached.Load())
	if err != nil {
		return nil, err
	}
	void := VoidingOptions(opt)
	switch {
	case exact && out.Status == StatusInfeasible && !out.HasSolution:
		if err := proof.ConfirmInfeasible("HiGHS", confirm, PresolveOff); err != nil {
			out.NotProven = err.Error()
		} else if len(void) > 0 {
			out.NotProven = "not proven: HiGHS infeasible under " + strings.Join(void, "; ")
		} else {
			out.Infeasible = true
		}
	case !exact && out.Optimal && !out.AreaBoundReached && len(void) > 0:
		// polytile's own bound is the only one left.
		out.Optimal, out.Bound = false, max(p.Bound.Bound, out.Coverage)
		out.Gap = model.CoverageGap(out.Coverage, out.Bound)
		out.NotProven = "not proven: HiGHS's bound under " + strings.Join(void, "; ")
	}
	return out, nil
}

// finishProgram decodes HiGHS's result res, keeps the start st when it is
// better, and states the bound, gap and status. The tiling is verified
// after a stop too, within VerifyGrace of the end of ctx.
func finishProgram(ctx context.Context, p *model.Program, res *Result, st startSolution, hasStart, reached bool) (*ProgramResult, error) {
	exact := p.Options.Mode == model.Exact
	pz := p.Puzzle
	if !exact && res.Status == StatusModelEmpty && p.NumCols() == 0 {
		// No column (no piece has an image): the empty assignment is the
		// only one and it is feasible, the empty tiling, proven optimal.
		res.Status, res.HasSolution, res.X = StatusOptimal, true, []float64{}
		res.Objective, res.DualBound, res.Gap = 0, 0, 0
	}
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
		rep, stopped, err := pz.VerifyAfterStop(ctx, VerifyGrace, t, exact)
		if stopped {
			return nil, fmt.Errorf("highs: solve program: verifying HiGHS's solution: %w", err)
		}
		if err != nil {
			return nil, fmt.Errorf("highs: solve program: HiGHS's solution (status %v) does not decode to a valid tiling: %w", res.Status, err)
		}
		out.Tiling, out.Coverage = t, rep.Covered
	}
	// The best tiling known at the end is the answer, whatever found it:
	// HiGHS may stop (time limit, interrupt, a model too big to presolve in
	// time) before it has even read the start, and then reports nothing.
	if hasStart && (!out.HasSolution || st.covered > out.Coverage) {
		out.Tiling, out.Coverage, out.HasSolution, out.FromStart = st.tiling, st.covered, true, true
		if exact {
			// A tiling answers the exact program's only question.
			out.Optimal, out.Status = true, StatusOptimal
		}
	}
	if exact {
		return out, nil
	}
	// One status: optimal means proven, the coverage reaching a bound
	// (HiGHS's dual bound, rounded down to the pieces' gcd, or the area
	// bound); HiGHS's own "optimal" within a tolerance is not a proof.
	out.Bound = max(model.DualCoverageBound(p.Bound, res.DualBound), out.Coverage)
	if res.Status == StatusInfeasible && !out.HasSolution {
		out.Bound = 0 // cannot happen for maximum coverage (x = 0 is feasible)
	}
	out.Optimal = out.HasSolution && out.Coverage >= out.Bound
	out.AreaBoundReached = out.HasSolution && out.Coverage == p.Bound.Bound
	if out.Optimal && (res.Status == StatusInterrupted || res.Status == StatusTimeLimit) && (reached || out.AreaBoundReached || out.FromStart) {
		out.Status = StatusOptimal
	}
	out.Gap = model.CoverageGap(out.Coverage, out.Bound)
	return out, nil
}

// VerifyGrace is how long SolveProgram may still verify HiGHS's tiling
// after ctx ends (a time limit or a signal): the symmetric test of a
// million-cell tiling takes seconds.
const VerifyGrace = ctxio.StopGrace

// startSolution is a decoded warm start.
type startSolution struct {
	tiling  puzzle.Tiling
	covered int
}

// startTiling decodes a start vector (Options.Start) into a tiling that
// passes Verify (exact for the exact program); ok is false when there is
// no start or it is not a valid tiling.
func startTiling(ctx context.Context, p *model.Program, start []float64) (startSolution, bool) {
	if start == nil {
		return startSolution{}, false
	}
	t, err := p.Decode(start)
	if err != nil {
		return startSolution{}, false
	}
	// A start is the answer of a solve stopped before HiGHS began (a
	// context already done): it is verified within VerifyGrace of the stop.
	rep, _, err := p.Puzzle.VerifyAfterStop(ctx, VerifyGrace, t, p.Options.Mode == model.Exact)
	if err != nil || rep.Covered == 0 {
		return startSolution{}, false
	}
	return startSolution{tiling: t, covered: rep.Covered}, true
}
