package frontier

import (
	"errors"
	"fmt"
)

// ErrOutOfReach is wrapped by every *OutOfReachError: the puzzle's states
// would not fit in the memory budget (or its window in a state key).
var ErrOutOfReach = errors.New("out of the frontier engine's reach")

// ErrUnsupported is wrapped by the error about a puzzle the engine does
// not take (symmetric solutions).
var ErrUnsupported = errors.New("not supported by the frontier engine")

// ErrNotCounted is wrapped, together with the context's error, by the
// error of a count stopped by its context: a partial sum of the
// recurrence is not a lower bound on the count, so none is given.
var ErrNotCounted = errors.New("not counted")

// OutOfReachError says why a puzzle is refused before or during a run.
type OutOfReachError struct {
	Reason string
	// Window is the number of cells of the window; Estimate the estimated
	// largest layer in states (0 when unknown) and Budget the most states
	// the memory budget holds (0 when the key, not memory, is the limit).
	Window   int
	Estimate float64
	Budget   int
}

// Error says why and suggests FILA.
func (e *OutOfReachError) Error() string {
	return fmt.Sprintf("frontier: out of reach: %s; use FILA (--backend fila) instead", e.Reason)
}

// Is makes errors.Is(err, ErrOutOfReach) true.
func (e *OutOfReachError) Is(target error) bool { return target == ErrOutOfReach }
