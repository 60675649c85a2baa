package model

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/polytile/polytile/puzzle"
)

// Decode turns a 0/1 assignment of the columns (one value per column, as a
// solver returns it) into a tiling: every x column with a value > 0.5
// becomes a placement, in column order. Only x is read; y and z follow
// from x. The tiling is not checked: call Puzzle.Verify.
func (pr *Program) Decode(values []float64) (puzzle.Tiling, error) {
	if len(values) != pr.NumCols() {
		return puzzle.Tiling{}, fmt.Errorf("model: decode: %d values for %d columns", len(values), pr.NumCols())
	}
	var t puzzle.Tiling
	for n, v := range values[:pr.nx] {
		if v > 0.5 {
			t.Placements = append(t.Placements, pr.Puzzle.Images.Place[n])
		}
	}
	return t, nil
}

// ValueTolerance is how far a solver's value may stray from the integer
// it stands for: 0.9999999 is 1, 0.5 and 1.00001 are not integers.
const ValueTolerance = 1e-6

// CheckValue refuses a value that column j cannot take: NaN, an infinity,
// anything farther than ValueTolerance from 0 or 1 for a binary column,
// and a value that is not an integer within the bounds for an integer
// column. A solution with such a value is not a solution of the program
// (a placement with x = 2 would be counted once and pass for a tiling).
func (pr *Program) CheckValue(j int, v float64) error {
	name := pr.ColName(j)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("model: column %s has value %g: not a number in its domain", name, v)
	}
	lo, hi := pr.Bounds(j)
	r := math.Round(v)
	if math.Abs(v-r) > ValueTolerance || r < lo || r > hi {
		if pr.Kind(j) == Binary {
			return fmt.Errorf("model: binary column %s has value %g: it must be 0 or 1 (within %g)", name, v, ValueTolerance)
		}
		return fmt.Errorf("model: integer column %s has value %g: it must be an integer from %g to %g (within %g)", name, v, lo, hi, ValueTolerance)
	}
	return nil
}

// DecodeNames turns the values of a solution file, keyed by column name,
// into a tiling: every x_... name with a value of 1 becomes a placement,
// in column order; y and z are ignored, and a missing name counts as 0.
// A value that its column cannot take (see CheckValue) is an error.
// Every name must be a column of the program: any other name (an x or y
// of another program, names written in short form by a fixed MPS file
// and not translated back with export.ReadMPSNames) is an error, the
// smallest such name reported. The only exception is the placeholder
// column the exporters write into a program without columns (see
// IsPlaceholder), whose value is ignored, and the fingerprint column of
// the exports (see Fingerprint): this program's is accepted at its value
// (FingerprintValue), any other fingerprint or value is an error (the solution of another program with the same
// column names). DecodeNames computes the fingerprint (once per Program:
// cached) only when the file names one: one pass over the program, which
// DecodeNames cannot stop; DecodeNamesContext can.
func (pr *Program) DecodeNames(values map[string]float64) (puzzle.Tiling, error) {
	return pr.DecodeNamesContext(context.Background(), values)
}

// DecodeNamesContext is DecodeNames, stopping with ctx's error within a
// fraction of a second of its cancellation: ctx is read every 65,536
// names and by the fingerprint's pass over the program (Fingerprint).
func (pr *Program) DecodeNamesContext(ctx context.Context, values map[string]float64) (puzzle.Tiling, error) {
	var cols []int
	unknown, nUnknown := "", 0
	n := 0
	for name, v := range values {
		if n&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return puzzle.Tiling{}, err
			}
		}
		n++
		j, ok := pr.ColumnIndex(name)
		if !ok && LooksLikeFingerprint(name) {
			own, err := pr.Fingerprint(ctx)
			if err != nil {
				return puzzle.Tiling{}, err
			}
			if err := MatchFingerprint(own, name, v); err != nil {
				return puzzle.Tiling{}, fmt.Errorf("model: decode: %w", err)
			}
			continue
		}
		if !ok {
			if !pr.IsPlaceholder(name) {
				if nUnknown == 0 || name < unknown {
					unknown = name
				}
				nUnknown++
			}
			continue
		}
		if err := pr.CheckValue(j, v); err != nil {
			return puzzle.Tiling{}, err
		}
		if j < pr.nx && v > 0.5 {
			cols = append(cols, j)
		}
	}
	if nUnknown > 0 {
		return puzzle.Tiling{}, fmt.Errorf("model: decode: %d of the %d names are not columns of this program, %q the first (a solution of another program; short fixed-MPS names must be translated first)", nUnknown, len(values), unknown)
	}
	return pr.TilingOf(cols), nil
}

// TilingOf turns placement columns (x columns, below NumX, each once, in
// any order; cols is sorted in place) into a tiling in column order, as
// DecodeNames does. The tiling is not checked: call Puzzle.Verify.
func (pr *Program) TilingOf(cols []int) puzzle.Tiling {
	slices.Sort(cols)
	t := puzzle.Tiling{Placements: make([]puzzle.Placement, len(cols))}
	for n, j := range cols {
		t.Placements[n] = pr.Puzzle.Images.Place[j]
	}
	return t
}

// Vector turns a tiling into an assignment of every column: x = 1 for its
// placements, y = 1 for covered cells (seed) and z = covered/g. It is the
// starting point of a warm start. A placement that is not an image of the
// puzzle is an error; the tiling is not otherwise checked (a partial
// tiling is not feasible for the exact program, and a solver may repair or
// reject it).
func (pr *Program) Vector(t puzzle.Tiling) ([]float64, error) {
	v := make([]float64, pr.NumCols())
	covered := 0
	for n, pl := range t.Placements {
		j := pr.Puzzle.Images.Find(pl)
		if j < 0 {
			return nil, fmt.Errorf("model: placement %d (%v) is not an image of the puzzle", n, pl)
		}
		if v[j] == 0 {
			covered += pr.Puzzle.Pieces[pl.Piece].Size()
		}
		v[j] = 1
	}
	if pr.ny > 0 {
		for j := range pr.nx {
			if v[j] == 0 {
				continue
			}
			for _, c := range pr.Puzzle.Images.Cells(j) {
				v[pr.nx+int(c)] = 1
			}
		}
	}
	if pr.zCol >= 0 {
		v[pr.zCol] = float64(covered / pr.Bound.GCD)
	}
	return v, nil
}

// Objective returns the objective value of an assignment: Σ cost·value.
func (pr *Program) Objective(values []float64) float64 {
	s := 0.0
	for j, v := range values {
		if j >= pr.NumCols() {
			break
		}
		s += pr.Cost(j) * v
	}
	return s
}
