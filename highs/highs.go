// Package highs is polytile's thin binding to the HiGHS linear optimization
// library (https://highs.dev) through its C API.
//
// It solves mixed-integer and linear programs given in row-wise (CSR) form
// ([Model]) in-process, with time limits, MIP gap, threads, a MIP start,
// cancellation through a [context.Context] and callbacks for improving
// solutions and progress ([Options]). [ReadModel] and [WriteModel] read and
// write LP / MPS files with HiGHS's own readers and writers.
//
// The cgo part compiles against `pkg-config highs`. `make deps` installs
// HiGHS into the project's .deps/ directory and writes a matching highs.pc;
// a system-wide HiGHS with its own highs.pc works the same way. The library
// itself is loaded on first use (dlopen), from the directory pkg-config
// named at build time, LD_LIBRARY_PATH or the system's library path: a
// program that never calls this package does not load it, and still runs
// where it is missing. Built with the `nohighs` tag (or without cgo) the
// package keeps the same API, and every function that needs HiGHS returns
// an error wrapping [ErrUnavailable]; so does every such function when the
// library cannot be loaded ([UnavailableReason] says why).
//
// HiGHS never prints on its own: its output is switched off unless
// [Options.Log] is set, and then every log line goes to that function.
//
// The package is generic; it does not know about puzzles. Adapters from
// polytile's own program types live in separate files.
package highs

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/polytile/polytile/internal/limits"
)

// ErrUnavailable is returned (wrapped) by every function that needs HiGHS
// when the package was built without it (build tag nohighs, or no cgo),
// and matches (errors.Is) the error of a library that cannot be loaded.
var ErrUnavailable = errors.New("highs: HiGHS support is not compiled in " +
	"(built with -tags nohighs or CGO_ENABLED=0); to enable it run `make deps` and rebuild " +
	"without the nohighs tag, or `pip install highsbox` (or install HiGHS from your system) " +
	"and put the directory holding highs.pc on PKG_CONFIG_PATH")

// Inf is HiGHS's infinity: use it (or -Inf) for absent bounds.
var Inf = math.Inf(1)

// Model is a linear or mixed-integer program in row-wise (CSR) form:
//
//	minimize (or maximize)  Offset + Σ_j ColCost[j]·x[j]
//	subject to              RowLower[i] ≤ Σ_k Value[k]·x[Index[k]] ≤ RowUpper[i]
//	                        for k in RowStart[i] .. RowStart[i+1]-1
//	                        ColLower[j] ≤ x[j] ≤ ColUpper[j]
//	                        x[j] integer where Integer[j]
//
// The number of columns is len(ColCost) and the number of rows is
// len(RowLower). Use ±[Inf] for missing bounds.
type Model struct {
	// Maximize selects maximization; the default is minimization.
	Maximize bool
	// Offset is the constant term of the objective.
	Offset float64
	// ColCost holds the objective coefficient of each column.
	ColCost []float64
	// ColLower and ColUpper are the column bounds, one per column. Nil
	// means 0 (lower) and +Inf (upper) for every column.
	ColLower, ColUpper []float64
	// Integer marks the integer columns; nil means all continuous (an LP).
	Integer []bool
	// RowLower and RowUpper are the row bounds, one per row.
	RowLower, RowUpper []float64
	// RowStart[i] is the position in Index and Value of the first entry
	// of row i; len(RowStart) is rows+1 and RowStart[rows] is the number
	// of entries. It may be nil when there are no rows.
	RowStart []int
	// Index holds the column of each matrix entry.
	Index []int
	// Value holds the coefficient of each matrix entry.
	Value []float64
	// ColNames and RowNames are optional names (nil, or one per column /
	// row); they appear in written LP and MPS files.
	ColNames, RowNames []string
}

// NumCols returns the number of columns (variables) of m.
func (m *Model) NumCols() int { return len(m.ColCost) }

// NumRows returns the number of rows (constraints) of m.
func (m *Model) NumRows() int { return len(m.RowLower) }

// NumNonzeros returns the number of matrix entries of m.
func (m *Model) NumNonzeros() int { return len(m.Index) }

// IsMIP reports whether m has at least one integer column.
func (m *Model) IsMIP() bool {
	for _, b := range m.Integer {
		if b {
			return true
		}
	}
	return false
}

// Validate checks that the slices of m have consistent lengths and that the
// matrix is well formed (RowStart starts at 0, never decreases and ends at
// len(Index); every Index is a column). Solve and WriteModel call it before
// handing anything to HiGHS.
func (m *Model) Validate() error {
	if m == nil {
		return errors.New("highs: nil model")
	}
	cols, rows, nnz := len(m.ColCost), len(m.RowLower), len(m.Index)
	check := func(name string, got, want int) error {
		if got != want {
			return fmt.Errorf("highs: invalid model: len(%s) = %d, want %d", name, got, want)
		}
		return nil
	}
	optional := func(name string, got, want int) error {
		if got == 0 {
			return nil
		}
		return check(name, got, want)
	}
	for _, err := range []error{
		optional("ColLower", len(m.ColLower), cols),
		optional("ColUpper", len(m.ColUpper), cols),
		optional("Integer", len(m.Integer), cols),
		optional("ColNames", len(m.ColNames), cols),
		check("RowUpper", len(m.RowUpper), rows),
		optional("RowNames", len(m.RowNames), rows),
		check("Value", len(m.Value), nnz),
	} {
		if err != nil {
			return err
		}
	}
	if rows == 0 && len(m.RowStart) <= 1 {
		if nnz != 0 {
			return fmt.Errorf("highs: invalid model: %d matrix entries but no rows", nnz)
		}
	} else {
		if err := check("RowStart", len(m.RowStart), rows+1); err != nil {
			return err
		}
		if m.RowStart[0] != 0 {
			return fmt.Errorf("highs: invalid model: RowStart[0] = %d, want 0", m.RowStart[0])
		}
		for i := 0; i < rows; i++ {
			if m.RowStart[i+1] < m.RowStart[i] {
				return fmt.Errorf("highs: invalid model: RowStart decreases at row %d", i)
			}
		}
		if m.RowStart[rows] != nnz {
			return fmt.Errorf("highs: invalid model: RowStart[%d] = %d, want len(Index) = %d", rows, m.RowStart[rows], nnz)
		}
	}
	for k, j := range m.Index {
		if j < 0 || j >= cols {
			return fmt.Errorf("highs: invalid model: Index[%d] = %d is not a column (have %d)", k, j, cols)
		}
	}
	if n := max(cols, rows, nnz); n > math.MaxInt32-1 {
		return fmt.Errorf("highs: model too large for HiGHS (%d entries)", n)
	}
	return nil
}

// Options controls a Solve. The zero value solves to optimality with HiGHS's
// defaults, silently.
type Options struct {
	// TimeLimit stops the solve after this long (status TimeLimit); 0 means
	// no limit.
	TimeLimit time.Duration
	// MIPRelGap is the relative MIP gap at which HiGHS stops; a negative
	// value keeps HiGHS's default (1e-4). 0 asks for proven optimality.
	MIPRelGap float64
	// Threads is the number of threads HiGHS may use; 0 means HiGHS's
	// default (half the CPUs), or whatever the OS thread running the solve
	// used last. HiGHS keeps a thread pool per OS thread that has run a
	// solve; Solve rebuilds it when a different size is asked for.
	Threads int
	// Seed is HiGHS's random_seed.
	Seed int
	// Presolve is "", "on", "off" or "choose" ("" keeps HiGHS's default,
	// "choose").
	Presolve string
	// Extra are further HiGHS options, set by name with
	// Highs_setOptionValue (HiGHS parses the value for the option's type)
	// after the ones above. An unknown option or a bad value makes Solve
	// fail with an *Error carrying HiGHS's own message. Options that
	// polytile sets itself or that would write to the terminal or files
	// are refused (see ReservedOption).
	Extra []Option
	// Log receives HiGHS's log, one line (without newline) per call. Nil
	// means silent. HiGHS never writes to stdout either way.
	Log func(line string)
	// Start is an optional starting solution (one value per column) handed
	// to HiGHS with Highs_setSolution before the MIP solve.
	Start []float64
	// OnImprove is called with a copy of every improving MIP solution.
	OnImprove func(Progress)
	// OnProgress is called periodically during a MIP solve, at most once per
	// ProgressInterval. Progress.X is nil.
	OnProgress func(Progress)
	// ProgressInterval is the minimum time between OnProgress calls; 0 means
	// 250ms.
	ProgressInterval time.Duration
}

// DefaultProgressInterval is the OnProgress throttle used when
// Options.ProgressInterval is 0.
const DefaultProgressInterval = 250 * time.Millisecond

// Progress is a snapshot of a running MIP solve, handed to
// Options.OnImprove and Options.OnProgress.
//
// Log, OnImprove and OnProgress run on HiGHS's threads while the solver
// waits, so keep them short. Calls for one solve never overlap, and all of
// them have returned when Solve returns.
type Progress struct {
	// Objective is the objective of the best solution found so far
	// (including Offset); ±Inf when there is none yet.
	Objective float64
	// DualBound is the best proven bound on the optimal objective.
	DualBound float64
	// Gap is the relative gap between Objective and DualBound, as a
	// fraction (0.01 is 1%).
	Gap float64
	// Nodes is the number of branch-and-bound nodes so far.
	Nodes int64
	// Elapsed is the time since the solve started.
	Elapsed time.Duration
	// X is a copy of the new solution (OnImprove only; nil otherwise). The
	// callee may keep it.
	X []float64
}

// ModelStatus is HiGHS's model status after a solve (kHighsModelStatus*).
type ModelStatus int

// Model statuses, with HiGHS's numeric values.
const (
	StatusNotSet                ModelStatus = 0
	StatusLoadError             ModelStatus = 1
	StatusModelError            ModelStatus = 2
	StatusPresolveError         ModelStatus = 3
	StatusSolveError            ModelStatus = 4
	StatusPostsolveError        ModelStatus = 5
	StatusModelEmpty            ModelStatus = 6
	StatusOptimal               ModelStatus = 7
	StatusInfeasible            ModelStatus = 8
	StatusUnboundedOrInfeasible ModelStatus = 9
	StatusUnbounded             ModelStatus = 10
	StatusObjectiveBound        ModelStatus = 11
	StatusObjectiveTarget       ModelStatus = 12
	StatusTimeLimit             ModelStatus = 13
	StatusIterationLimit        ModelStatus = 14
	StatusUnknown               ModelStatus = 15
	StatusSolutionLimit         ModelStatus = 16
	StatusInterrupted           ModelStatus = 17
)

var statusNames = [...]string{
	StatusNotSet:                "not set",
	StatusLoadError:             "load error",
	StatusModelError:            "model error",
	StatusPresolveError:         "presolve error",
	StatusSolveError:            "solve error",
	StatusPostsolveError:        "postsolve error",
	StatusModelEmpty:            "empty",
	StatusOptimal:               "optimal",
	StatusInfeasible:            "infeasible",
	StatusUnboundedOrInfeasible: "unbounded or infeasible",
	StatusUnbounded:             "unbounded",
	StatusObjectiveBound:        "objective bound",
	StatusObjectiveTarget:       "objective target",
	StatusTimeLimit:             "time limit",
	StatusIterationLimit:        "iteration limit",
	StatusUnknown:               "unknown",
	StatusSolutionLimit:         "solution limit",
	StatusInterrupted:           "interrupted",
}

// String returns a short lower-case name such as "optimal", "infeasible",
// "time limit" or "interrupted".
func (s ModelStatus) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// Result is the outcome of a Solve.
type Result struct {
	// Status is HiGHS's model status.
	Status ModelStatus
	// Objective is the objective value of X (including Offset); meaningful
	// only when HasSolution.
	Objective float64
	// DualBound is the best proven bound on the optimum (for an LP solved
	// to optimality, the optimum itself); ±Inf when none is known.
	DualBound float64
	// Gap is the relative gap between Objective and DualBound as a
	// fraction; 0 at proven optimality, +Inf without a solution.
	Gap float64
	// X holds the value of each column when HasSolution.
	X []float64
	// Nodes is the number of branch-and-bound nodes (0 for an LP).
	Nodes int64
	// Seconds is HiGHS's wall-clock run time.
	Seconds float64
	// HasSolution reports whether X is a feasible solution.
	HasSolution bool
}

// Error is a call to HiGHS that returned kHighsStatusError.
type Error struct {
	// Call names the HiGHS function (and its argument, if useful).
	Call string
	// Status is the HiGHS status returned (-1 for kHighsStatusError).
	Status int
	// Message is HiGHS's last ERROR log line during the call, when known
	// (HiGHS only logs when Options.Log is set).
	Message string
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("highs: %s failed with HiGHS status %d (error)", e.Call, e.Status)
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// validPresolve reports whether s is an accepted Options.Presolve value.
func validPresolve(s string) bool {
	switch s {
	case "", "on", "off", "choose":
		return true
	}
	return false
}

// Option is one HiGHS option given by name and value as text, as in a
// HiGHS options file ("mip_heuristic_effort", "0.2").
type Option struct {
	Name, Value string
}

// ParseOption reads "key=value" (spaces around either are trimmed).
func ParseOption(s string) (Option, error) {
	k, v, ok := strings.Cut(s, "=")
	k, v = strings.TrimSpace(k), strings.TrimSpace(v)
	if !ok || k == "" || v == "" {
		return Option{}, fmt.Errorf("HiGHS option %q: want key=value, e.g. mip_heuristic_effort=0.2", s)
	}
	if why := ReservedOption(k); why != "" {
		return Option{}, fmt.Errorf("HiGHS option %q: %s", k, why)
	}
	return Option{Name: k, Value: v}, nil
}

// optionTypeInt, optionTypeDouble and optionTypeString are HiGHS's
// kHighsOptionType* (the header's static consts are no symbols cgo can
// read).
const (
	optionTypeInt    = 1
	optionTypeDouble = 2
	optionTypeString = 3
)

// numberWhy says why value is no number of HiGHS's option type typ
// (optionTypeInt, of intBits bits, or optionTypeDouble) by the rule of
// every number polytile reads ("" when it is one, or typ is another
// type): an integer in limits.ParseInt's spelling and in the range of
// HighsInt, a decimal number without a plus sign, hexadecimal mantissa,
// digit separator or NaN. HiGHS's own reading (atoi-like) wrapped
// 4294967297 to 1 and 99999999999999999999 to -1, and took +5 and " 5".
func numberWhy(value string, typ, intBits int) string {
	switch typ {
	case optionTypeInt:
		lo, hi := int64(math.MinInt32), int64(math.MaxInt32)
		if intBits == 64 {
			lo, hi = math.MinInt64, math.MaxInt64
		}
		if _, err := limits.ParseInt(value, lo, hi); err != nil {
			return fmt.Sprintf("want an integer from %d to %d (decimal digits, a minus sign only in front of a negative number)", lo, hi)
		}
	case optionTypeDouble:
		if _, err := limits.ParseDecimal(value, true); err != nil {
			return "want a decimal number such as 0.2 or 1e-6 (no plus sign)"
		}
	}
	return ""
}

// ReservedOption says why the HiGHS option name cannot be passed through
// Options.Extra ("" when it can): the binding sets it itself from another
// field, or it would make HiGHS print or write files on its own.
func ReservedOption(name string) string {
	switch strings.ToLower(name) {
	case "time_limit":
		return "set it with the time limit (Options.TimeLimit, --time-limit)"
	case "mip_rel_gap":
		return "set it with the MIP gap (Options.MIPRelGap, --mip-gap)"
	case "threads":
		return "set it with the thread count (Options.Threads, --threads)"
	case "random_seed":
		return "the polytile command fixes it (HiGHS's default, 0) so that runs are reproducible; it has no flag (a Go program sets highs.Options.Seed)"
	case "presolve":
		return "the polytile command leaves it at HiGHS's default (choose); it has no flag (a Go program sets highs.Options.Presolve)"
	case "output_flag", "log_to_console", "log_file", "ranging":
		return "polytile owns HiGHS's output and files (use -v for the log)"
	}
	if FileOption(name) { // write_model_file, solution_file, read_basis_file, ...
		return "it names a file HiGHS would read or write, and polytile manages HiGHS's files itself"
	}
	return ""
}

// checkOptions validates opt against a model with cols columns.
func checkOptions(opt *Options, cols int) error {
	if !validPresolve(opt.Presolve) {
		return fmt.Errorf("highs: invalid Presolve %q (want \"\", on, off or choose)", opt.Presolve)
	}
	if opt.Threads < 0 {
		return fmt.Errorf("highs: invalid Threads %d", opt.Threads)
	}
	if opt.TimeLimit < 0 {
		return fmt.Errorf("highs: invalid TimeLimit %v", opt.TimeLimit)
	}
	for _, o := range opt.Extra {
		if why := ReservedOption(o.Name); why != "" {
			return fmt.Errorf("highs: option %q: %s", o.Name, why)
		}
	}
	if opt.Start != nil && len(opt.Start) != cols {
		return fmt.Errorf("highs: len(Start) = %d, want %d (one per column)", len(opt.Start), cols)
	}
	return nil
}
