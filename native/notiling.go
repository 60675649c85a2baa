package native

import "github.com/polytile/polytile/puzzle"

// NoTilingError is an exact search's answer "no tiling" known from the
// puzzle's data before any search: Proof is a piece of finite supply that
// fits nowhere (puzzle.Puzzle.NoExactTiling, wrapping
// puzzle.ErrUnplaceable) or the areas and colourings (ProveInfeasible,
// wrapping ErrInfeasible). Puzzle is the puzzle read with every piece
// that fits nowhere left out, for what is checked and printed before the
// answer.
type NoTilingError struct {
	Puzzle *puzzle.Puzzle
	Proof  error
}

func (e *NoTilingError) Error() string { return "no tiling: " + e.Proof.Error() }

// Unwrap returns the proof.
func (e *NoTilingError) Unwrap() error { return e.Proof }

// NoTiling is the answer "no tiling" for p from proof (a
// puzzle.Puzzle.NoExactTiling or ProveInfeasible error): a
// *NoTilingError, or nil when proof is nil.
func NoTiling(p *puzzle.Puzzle, proof error) error {
	if proof == nil {
		return nil
	}
	return &NoTilingError{Puzzle: p, Proof: proof}
}
