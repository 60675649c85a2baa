package native

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// ErrInfeasible is wrapped by the proof that a puzzle has no exact tiling
// (*InfeasibleError).
var ErrInfeasible = errors.New("no exact tiling")

// InfeasibleError is the proof, from areas and colourings alone, that a
// puzzle has no exact tiling: a search of it can only count 0.
type InfeasibleError struct {
	// Area is true when area arithmetic alone is the proof: every finite
	// piece must be placed, and the cells they leave are not a sum of the
	// unlimited pieces' sizes (puzzle.AreaFeasible).
	Area bool
	// Bound is the coverage bound (model.CoverageBound); when Area is
	// false it is below the board's cells.
	Bound model.Bound
	// Proof says why in one line.
	Proof string
}

func (e *InfeasibleError) Error() string { return e.Proof }

// Unwrap returns ErrInfeasible.
func (e *InfeasibleError) Unwrap() error { return ErrInfeasible }

// ProveInfeasible returns an *InfeasibleError when the area of the pieces
// or the coverage bound of model.CoverageBound (area and checkerboard
// arguments) proves that p has no exact tiling, nil when they prove
// nothing. It searches nothing: its cost is that of the bound, a knapsack
// over the board's cells.
func ProveInfeasible(p *puzzle.Puzzle) error {
	if !p.AreaFeasible() {
		return &InfeasibleError{Area: true, Bound: model.CoverageBound(p), Proof: areaProof(p)}
	}
	b := model.CoverageBound(p)
	if b.Bound >= b.Cells {
		return nil
	}
	return &InfeasibleError{Bound: b, Proof: fmt.Sprintf("the coverage bound is %d of %d cells (%s)", b.Bound, b.Cells, b.Reason)}
}

// areaProof says why the areas of p's pieces allow no exact tiling.
func areaProof(p *puzzle.Puzzle) string {
	area, unlimited := p.PieceArea()
	cells := p.Area()
	if !unlimited {
		return fmt.Sprintf("the pieces have %d cells and the board %d", area, cells)
	}
	if area > cells {
		return fmt.Sprintf("the pieces of finite supply have %d cells, more than the %d of the board", area, cells)
	}
	var sizes []int
	for k := range p.Pieces {
		if s := p.Pieces[k].Size(); p.Pieces[k].Unlimited && !slices.Contains(sizes, s) {
			sizes = append(sizes, s)
		}
	}
	slices.Sort(sizes)
	text := make([]string, len(sizes))
	for n, s := range sizes {
		text[n] = fmt.Sprint(s)
	}
	if area == 0 {
		return fmt.Sprintf("no sum of the pieces' sizes (%s) is the board's %d cells", strings.Join(text, ", "), cells)
	}
	return fmt.Sprintf("the pieces of finite supply leave %d of the board's %d cells, and no sum of the unlimited pieces' sizes (%s) is %d",
		cells-area, cells, strings.Join(text, ", "), cells-area)
}
