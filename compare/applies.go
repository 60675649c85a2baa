package compare

import (
	"errors"
	"fmt"
	"slices"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// ErrNotApplicable is wrapped by every *NotApplicableError.
var ErrNotApplicable = errors.New("the backend does not apply")

// NotApplicableError says why a backend does not apply to a task of a
// puzzle: it does not answer that kind of task, or options of its spec
// would do nothing there (PuzzleChecker).
type NotApplicableError struct {
	Backend string // the backend's spec (Backend.Name)
	// Puzzle is the index of the puzzle among those checked
	// (CheckBackends), 0 for Applies.
	Puzzle int
	Kind   Kind
	// Unsupported is true when the backend does not answer tasks of
	// Kind at all; Err is then nil.
	Unsupported bool
	// Err is the reason an option does nothing, when Unsupported is false.
	Err error
}

func (e *NotApplicableError) Error() string {
	if e.Unsupported {
		return fmt.Sprintf("%s does not answer %s tasks", e.Backend, e.Kind)
	}
	return fmt.Sprintf("%s: %v", e.Backend, e.Err)
}

// Unwrap returns ErrNotApplicable and the reason.
func (e *NotApplicableError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrNotApplicable}
	}
	return []error{ErrNotApplicable, e.Err}
}

// AutoKind is the task Compare chooses first for a puzzle when
// Options.Kinds is nil (it adds MaxCoverage after a count of 0):
// MaxCoverage for a puzzle with an unlimited piece or whose finite
// pieces' area differs from the board's, Count otherwise.
func AutoKind(p *puzzle.Puzzle) Kind {
	for _, pc := range p.Pieces {
		if pc.Unlimited {
			return MaxCoverage
		}
	}
	if area, _ := p.PieceArea(); area != p.Area() {
		return MaxCoverage
	}
	return Count
}

// ExactKind is the task an exact comparison of p gets first: MaxCoverage
// when p's data proves that it has no exact tiling (a piece of finite
// supply that fits nowhere, puzzle.Puzzle.NoExactTiling, or its areas and
// colourings, native.ProveInfeasible), with the proof; AutoKind and nil
// otherwise. polytile compare --task auto runs it so, where Compare's own
// automatic choice would count first.
func ExactKind(p *puzzle.Puzzle) (Kind, error) {
	if err := p.NoExactTiling(); err != nil {
		return MaxCoverage, err
	}
	if err := native.ProveInfeasible(p); err != nil {
		return MaxCoverage, err
	}
	return AutoKind(p), nil
}

// FirstKind is the task a puzzle gets first in polytile compare: the
// first of named (--task) when any is named, MaxCoverage when only that
// task applies to it (maxOnly: a puzzle read without the pieces that fit
// nowhere, or one with no exact tiling under --task auto), else
// AutoKind. CheckBackends checks the backends' options against it.
func FirstKind(p *puzzle.Puzzle, named []Kind, maxOnly bool) Kind {
	switch {
	case len(named) > 0:
		return named[0]
	case maxOnly:
		return MaxCoverage
	}
	return AutoKind(p)
}

// Applies returns nil when b answers task k of p with every option of its
// spec doing something there, else a *NotApplicableError: the comparison
// lists such a backend as skipped, with the reason.
func Applies(b Backend, p *puzzle.Puzzle, k Kind) error {
	if !b.Supports(k) {
		return &NotApplicableError{Backend: b.Name(), Kind: k, Unsupported: true}
	}
	return checkOptions(b, p, k)
}

// checkOptions is the PuzzleChecker half of Applies.
func checkOptions(b Backend, p *puzzle.Puzzle, k Kind) error {
	c, ok := b.(PuzzleChecker)
	if !ok {
		return nil
	}
	if err := c.CheckTask(p, k); err != nil {
		return &NotApplicableError{Backend: b.Name(), Kind: k, Err: err}
	}
	return nil
}

// CheckBackends refuses, before anything runs, a backend given by the
// user whose options would do nothing on one of puzzles for the task
// kind(p) it is to get first (a native at=N or a schedule's levels on a
// puzzle with an unlimited piece, any native option but the heuristic on
// maximum coverage): the *NotApplicableError of the first one, with
// the puzzle's index. A backend that does not answer a kind of task is
// not refused: Compare lists it as skipped.
func CheckBackends(backends []Backend, puzzles []*puzzle.Puzzle, kind func(p *puzzle.Puzzle) Kind) error {
	for n, p := range puzzles {
		k := kind(p)
		for _, b := range backends {
			if err := checkOptions(b, p, k); err != nil {
				na := err.(*NotApplicableError)
				na.Puzzle = n
				return na
			}
		}
	}
	return nil
}

// ErrNoExactTiling is wrapped by every *NoTilingError.
var ErrNoExactTiling = errors.New("no exact tiling")

// NoTilingError is the answer "no tiling" of a count task on a puzzle
// without an exact tiling; Err says why (ExactKind's proof, or the
// reading's refusal of a piece that fits nowhere).
type NoTilingError struct{ Err error }

func (e *NoTilingError) Error() string { return e.Err.Error() }

// Unwrap returns ErrNoExactTiling and the reason.
func (e *NoTilingError) Unwrap() []error { return []error{ErrNoExactTiling, e.Err} }

// WithoutExactTiling is what polytile compare does, under the tasks
// named (ParseTask), with a puzzle that has no exact tiling for the
// reason why: none named (--task auto) compares it on maximum coverage
// only (maxOnly); a count answers "no tiling" (*NoTilingError); maximum
// coverage alone is not concerned. A nil why is a puzzle that may have
// an exact tiling: (false, nil).
func WithoutExactTiling(named []Kind, why error) (maxOnly bool, err error) {
	switch {
	case why == nil:
		return false, nil
	case len(named) == 0:
		return true, nil
	case slices.Contains(named, Count):
		return false, &NoTilingError{Err: why}
	}
	return false, nil
}

// CheckBackendsFor is CheckBackends with each puzzle's first task under
// the tasks named (FirstKind); maxOnly holds the puzzles compared on
// maximum coverage only.
func CheckBackendsFor(backends []Backend, puzzles []*puzzle.Puzzle, named []Kind, maxOnly map[*puzzle.Puzzle]bool) error {
	return CheckBackends(backends, puzzles, func(p *puzzle.Puzzle) Kind { return FirstKind(p, named, maxOnly[p]) })
}
