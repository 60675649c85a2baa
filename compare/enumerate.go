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
// program becomes infeasible (the counts are then exact and Complete), after
// limit solves (0: DefaultEnumLimit; the Note says so), or when ctx is done
// or timeLimit (0: none) has passed (Status Timeout). Every tiling found is
// returned in Tilings for verification.
//
// Puzzles with interchangeable pieces under different names (a
// puzzle.Class of several pieces) are not enumerated: the program tells
// their copies apart, the counts do not. The Outcome is then Skipped.
func Enumerate(ctx context.Context, p *puzzle.Puzzle, limit int, timeLimit time.Duration) (*Outcome, error) {
	return enumerate(ctx, p, limit, timeLimit, highs.Options{})
}

// enumerate is Enumerate with base as the options of every solve (the
// highs backend's threads and HiGHS options; the time limit is set here).
func enumerate(ctx context.Context, p *puzzle.Puzzle, limit int, timeLimit time.Duration, base highs.Options) (*Outcome, error) {
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
	solves := 0
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
		res, err := highs.Solve(ctx, m, opt)
		if err != nil {
			return nil, fmt.Errorf("solve %d: %w", solves+1, err)
		}
		solves++
		o.Work += res.Nodes
		if res.Status == highs.StatusInfeasible {
			o.Complete = true
			break
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
