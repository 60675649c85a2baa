package compare

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/proof"
	"github.com/polytile/polytile/puzzle"
)

// Enumerate counts the exact tilings of p on the MIP side: it solves the
// exact program with HiGHS, and after each tiling S adds the no-good cuts
//
//	Σ_{j ∈ g(S)} x_j <= |S| - 1   for every symmetry g of the puzzle
//
// so that the next solve finds a tiling of a new symmetry class. Each solve
// adds one unique solution, and the number of distinct images g(S) (the
// size of its orbit) to the count of all solutions. It stops when the
// program becomes infeasible and a second, independent solve confirms it
// (HiGHS with presolve off, see proof.ConfirmInfeasible; the counts are
// then exact and Complete; unconfirmed, they are a lower bound and the
// Note says why), after
// limit solves (0: DefaultEnumLimit; the Note says so), or when ctx is done
// or timeLimit (0: none) has passed (Status Timeout). Every tiling found is
// returned in Tilings for verification.
//
// Puzzles with interchangeable pieces under different names (a
// puzzle.Class of several pieces) are not enumerated: the program tells
// their copies apart, the counts do not. The Outcome is then Skipped.
func Enumerate(ctx context.Context, p *puzzle.Puzzle, limit int, timeLimit time.Duration) (*Outcome, error) {
	return enumerate(ctx, p, limit, timeLimit, enumOptions{})
}

// A mipSolver solves a HiGHS model: highs.Solve, or a stand-in in tests.
type mipSolver func(ctx context.Context, m *highs.Model, opt highs.Options) (*highs.Result, error)

// An infeasibleConfirmer decides a second time a model the solver called
// infeasible (proof.Confirmation), returning the feasible point that
// refutes the claim, if any.
type infeasibleConfirmer interface {
	confirm(ctx context.Context, m *highs.Model, opt highs.Options) (proof.Confirmation, *highs.Result, error)
	// how names the second decision, for the Note ("a second HiGHS
	// solve with presolve off").
	how() string
}

// presolveOff is the default confirmer: highs.ConfirmInfeasible.
type presolveOff struct{}

func (presolveOff) confirm(ctx context.Context, m *highs.Model, opt highs.Options) (proof.Confirmation, *highs.Result, error) {
	return highs.ConfirmInfeasible(ctx, m, opt)
}

func (presolveOff) how() string { return highs.PresolveOff }

// enumOptions are the options of enumerate: base, the options of every
// solve (the highs backend's threads and HiGHS options; the time limit is
// set here); solve, the solver (nil: highs.Solve); confirm, the second
// decision on an "infeasible" (nil: presolveOff).
type enumOptions struct {
	base    highs.Options
	solve   mipSolver
	confirm infeasibleConfirmer
}

// enumerate is Enumerate with eo.
func enumerate(ctx context.Context, p *puzzle.Puzzle, limit int, timeLimit time.Duration, eo enumOptions) (*Outcome, error) {
	base, solve, confirmer := eo.base, eo.solve, eo.confirm
	if solve == nil {
		solve = highs.Solve
	}
	if confirmer == nil {
		confirmer = presolveOff{}
	}
	if limit <= 0 {
		limit = DefaultEnumLimit
	}
	for _, c := range p.Classes {
		if len(c.Pieces) > 1 {
			return &Outcome{Status: Skipped, Reason: "no-good enumeration does not handle interchangeable pieces with different names"}, nil
		}
	}
	prog, err := model.NewProgram(p, model.ProgramOptions{Mode: model.Exact})
	if err != nil {
		return nil, err
	}
	m := highs.ProgramModel(prog, false)
	if len(m.RowStart) == 0 {
		m.RowStart = []int{0}
	}
	syms := p.Symmetries()
	start := time.Now()
	var deadline time.Time
	if timeLimit > 0 {
		deadline = start.Add(timeLimit)
	}
	o := &Outcome{Status: OK, Solutions: ptr(int64(0)), Unique: ptr(int64(0)), WorkUnit: "B&B nodes"}
	solves, refuted := 0, 0
	unproven := "" // why the enumeration's end is not a proof
	for {
		if solves == limit {
			o.Note = fmt.Sprintf("enumeration stopped at %d solves", solves)
			break
		}
		opt := base
		if !deadline.IsZero() {
			left := time.Until(deadline)
			if left <= 0 {
				o.Status = Timeout
				break
			}
			opt.TimeLimit = left
		}
		res, err := solve(ctx, m, opt)
		if err != nil {
			return nil, fmt.Errorf("solve %d: %w", solves+1, err)
		}
		solves++
		o.Work += res.Nodes
		if res.Status == highs.StatusInfeasible && !res.HasSolution {
			c, second, err := confirmer.confirm(ctx, m, opt)
			if err != nil {
				return nil, fmt.Errorf("solve %d: confirming infeasibility: %w", solves, err)
			}
			if second != nil {
				o.Work += second.Nodes
			}
			if c == proof.Refuted && second.HasSolution {
				res = second // a tiling the first solve missed: go on
				refuted++
			} else {
				if err := proof.ConfirmInfeasible("HiGHS", c, confirmer.how()); err != nil {
					unproven = "lower bound: " + err.Error()
					if ctx.Err() != nil || second != nil && (second.Status == highs.StatusTimeLimit || second.Status == highs.StatusInterrupted) {
						o.Status = Timeout
					}
				} else if void := highs.VoidingOptions(base); len(void) > 0 {
					unproven = "lower bound: not proven: HiGHS infeasible under " + strings.Join(void, "; ")
				} else {
					o.Complete = true
				}
				break
			}
		}
		if res.Status != highs.StatusOptimal || !res.HasSolution {
			if res.Status == highs.StatusTimeLimit || res.Status == highs.StatusInterrupted || ctx.Err() != nil {
				o.Status = Timeout
				break
			}
			return nil, fmt.Errorf("solve %d: HiGHS status %v", solves, res.Status)
		}
		t, err := prog.Decode(res.X)
		if err != nil {
			return nil, fmt.Errorf("solve %d: %w", solves, err)
		}
		o.Tilings = append(o.Tilings, t)
		orbit, err := orbitCuts(p, syms, t)
		if err != nil {
			return nil, fmt.Errorf("solve %d: %w", solves, err)
		}
		*o.Unique++
		*o.Solutions += symmetricImages(p, orbit) // enumerate_symmetric.go
		for _, s := range orbit {
			addNoGood(m, s)
		}
	}
	o.Seconds = time.Since(start).Seconds()
	if o.Note == "" || o.Complete {
		o.Note = fmt.Sprintf("%d solves", solves)
	}
	if refuted > 0 {
		o.Note += fmt.Sprintf("; %s found a tiling after HiGHS said infeasible %s", confirmer.how(), times(refuted))
	}
	if unproven != "" {
		o.Note += "; " + unproven
	}
	return o, nil
}

// orbitCuts returns the distinct image sets g(S) of a tiling S under the
// symmetries (identity first), each sorted by image number.
func orbitCuts(p *puzzle.Puzzle, syms []puzzle.Symmetry, t puzzle.Tiling) ([][]int, error) {
	seen := map[string]bool{}
	var out [][]int
	for _, g := range syms {
		set := make([]int, len(t.Placements))
		for n, pl := range t.Placements {
			q, ok := p.MapPlacement(g, pl)
			if !ok {
				return nil, errors.New("a symmetry does not map a placement")
			}
			if set[n] = p.Images.Find(q); set[n] < 0 {
				return nil, fmt.Errorf("symmetric image of %v is not an image of the puzzle", q)
			}
		}
		slices.Sort(set)
		var key strings.Builder
		for _, n := range set {
			key.WriteString(strconv.Itoa(n))
			key.WriteByte(',')
		}
		if !seen[key.String()] {
			seen[key.String()] = true
			out = append(out, set)
		}
	}
	return out, nil
}

// addNoGood appends the row Σ_{j ∈ set} x_j <= |set| - 1 to m.
func addNoGood(m *highs.Model, set []int) {
	for _, j := range set {
		m.Index = append(m.Index, j)
		m.Value = append(m.Value, 1)
	}
	m.RowStart = append(m.RowStart, len(m.Index))
	m.RowLower = append(m.RowLower, -highs.Inf)
	m.RowUpper = append(m.RowUpper, float64(len(set)-1))
	if m.RowNames != nil {
		m.RowNames = append(m.RowNames, fmt.Sprintf("nogood_%d", len(m.RowNames)))
	}
}

// times is "once", "twice" or "N times".
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}
