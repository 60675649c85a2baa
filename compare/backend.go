package compare

import (
	"context"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// Kind is the question a comparison puts to its backends.
type Kind int

const (
	// Count asks for the number of exact solutions, all and unique.
	Count Kind = iota
	// MaxCoverage asks for the largest number of cells a partial tiling
	// covers (for puzzles without an exact tiling).
	MaxCoverage
)

// String returns "count" or "max-coverage".
func (k Kind) String() string {
	if k == MaxCoverage {
		return "max-coverage"
	}
	return "count"
}

// Task is one question put to a backend.
type Task struct {
	Puzzle *puzzle.Puzzle
	Kind   Kind
	// TimeLimit is the backend's time budget. The context handed to
	// Backend.Run carries the same deadline; backends that pass a limit
	// on to a solver (HiGHS, CBC, GLPK) use this value.
	TimeLimit time.Duration
	// EnumLimit caps the number of MIP solves when a MIP backend counts
	// solutions by re-solving with no-good cuts (0: DefaultEnumLimit).
	EnumLimit int
}

// DefaultEnumLimit is the number of MIP solves after which an enumeration
// with no-good cuts stops.
const DefaultEnumLimit = 50

// Status is the state of one row of a comparison.
type Status string

// Row statuses.
const (
	OK       Status = "ok"       // ran to its end (a count, an optimum, or its enumeration limit)
	Disagree Status = "disagree" // contradicts the reference or fails verification
	Timeout  Status = "timeout"  // stopped at the time limit; figures are partial
	Skipped  Status = "skipped"  // not installed, or does not apply to the task
	Error    Status = "error"    // failed to run
)

// Outcome is what one backend reports for a task. Pointers are nil when the
// backend has nothing to say about that figure.
type Outcome struct {
	Status Status `json:"status"`
	// Reason explains a skipped, failed or disagreeing row.
	Reason string `json:"reason,omitempty"`
	// Solutions and Unique are solution counts (Count), partial unless
	// Complete.
	Solutions *int64 `json:"solutions,omitempty"`
	Unique    *int64 `json:"unique,omitempty"`
	// Feasible is set by backends that only decide whether an exact tiling
	// exists (external MIP solvers on the exact program).
	Feasible *bool `json:"feasible,omitempty"`
	// Coverage is the best coverage found and Bound a proven upper bound
	// (MaxCoverage).
	Coverage *int `json:"coverage,omitempty"`
	Bound    *int `json:"bound,omitempty"`
	// Complete reports an exhaustive count or a proven optimum.
	Complete bool    `json:"complete"`
	Seconds  float64 `json:"seconds"`
	// Work is the search effort in WorkUnit ("nodes", "B&B nodes", ...).
	Work     int64  `json:"work,omitempty"`
	WorkUnit string `json:"work_unit,omitempty"`
	// Note is extra information, e.g. "enumeration stopped at 50 solves".
	Note string `json:"note,omitempty"`
	// Tilings are the solutions found, checked with puzzle.Verify by the
	// comparator.
	Tilings []puzzle.Tiling `json:"-"`
}

// Backend is one solver configuration.
type Backend interface {
	// Name is the spec the backend was made from, e.g. "fila:f,nof".
	Name() string
	// Describe says in words what the backend runs.
	Describe() string
	// Native reports a native solver: the reference is the first native
	// backend that completes.
	Native() bool
	// Supports reports whether the backend answers tasks of kind k; the
	// comparator lists the others as skipped.
	Supports(k Kind) bool
	// Run solves the task. It returns an Outcome with Status Skipped when
	// the backend is not installed, Timeout when ctx's deadline stopped
	// it, OK otherwise; an error is a failure (an Error row).
	Run(ctx context.Context, t Task) (*Outcome, error)
}

func ptr[T any](v T) *T { return &v }
