package puzzle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/polyform"
)

// UnknownSetError is the error of SetPieces for a name that is no piece
// set of any grid.
type UnknownSetError struct {
	Name string // the name asked for
}

func (e *UnknownSetError) Error() string {
	known := SetNames()
	for _, g := range []Grid{Hex, Triangle} {
		known = append(known, GridSetNames(g)...)
	}
	return fmt.Sprintf("unknown piece set %q (known sets: %s)", SafeText(e.Name), strings.Join(known, ", "))
}

// SetPieces returns the pieces of the named set (SetNames for the square
// and cube grids, GridSetNames for the hex and triangle grids) as piece
// specs for a Spec, count copies of each: what "pieces: NAME" gives in a
// puzzle file with "count: COUNT". A one-sided set ("one-sided-...") takes
// the orientations Rotate, the others Free. The pieces of a hex or
// triangle set are in that grid's coordinates: set Spec.Grid to match.
// A name that is no set gives an *UnknownSetError; count must be between
// 1 and MaxCells.
func SetPieces(name string, count int) ([]PieceSpec, error) {
	if count < 1 || count > MaxCells {
		return nil, fmt.Errorf("piece set %s: count %d is not between 1 and %d", SafeText(name), count, MaxCells)
	}
	pol := Free
	if strings.HasPrefix(name, "one-sided-") {
		pol = Rotate
	}
	for _, g := range []Grid{Hex, Triangle} {
		if !slices.Contains(GridSetNames(g), name) {
			continue
		}
		shapes, err := gridSet(name, g)
		if err != nil {
			return nil, fmt.Errorf("piece set %s: %w", name, err)
		}
		out := make([]PieceSpec, len(shapes))
		for k, s := range shapes {
			out[k] = PieceSpec{Name: setLetters(k), Cells: slices.Clone([]Cell(s)), Count: count, Policy: pol}
		}
		return out, nil
	}
	if !slices.Contains(polyform.Names(), name) {
		return nil, &UnknownSetError{Name: name}
	}
	set, err := polyform.Lookup(name)
	if err != nil {
		return nil, fmt.Errorf("piece set %s: %w", name, err)
	}
	out := make([]PieceSpec, len(set.Pieces))
	for k, p := range set.Pieces {
		out[k] = PieceSpec{Name: p.Name, Cells: slices.Clone([]Cell(p.Shape)), Count: count, Policy: pol}
	}
	return out, nil
}
