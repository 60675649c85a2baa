package compare

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// Options controls a comparison.
type Options struct {
	// Kinds are the tasks to compare. Nil means automatic: Count for a
	// puzzle with finite pieces whose area matches the region, followed
	// by MaxCoverage when the reference finds no exact tiling; MaxCoverage
	// alone for puzzles with an unlimited piece or a mismatched area.
	Kinds []Kind
	// TimeLimit is each backend's time budget per task (0: none).
	TimeLimit time.Duration
	// EnumLimit caps the MIP solves of a no-good enumeration (0:
	// DefaultEnumLimit).
	EnumLimit int
	// PerKind, when set, gives the backends of each kind of task; the
	// backends passed to Compare follow them. Use it to run each task's
	// default list (DefaultBackends).
	PerKind map[Kind][]Backend
	// OnStart is called before a backend runs; OnRow after, with its row.
	// Both may be nil.
	OnStart func(p *puzzle.Puzzle, k Kind, backend string)
	OnRow   func(p *puzzle.Puzzle, k Kind, r *Row)
}

// Table is the comparison of several backends on one task of one puzzle.
type Table struct {
	Puzzle string `json:"puzzle"`
	File   string `json:"file,omitempty"`
	Cells  int    `json:"cells"`
	Kind   string `json:"task"` // "count" or "max-coverage"
	// Reference is the backend the others are checked against: the first
	// native backend that completed (else the first that completed).
	Reference string `json:"reference,omitempty"`
	// Answer is the agreed answer in words, e.g. "9,356 solutions (2,339
	// unique)" or "48 of 49 cells".
	Answer string `json:"answer"`
	// Agree reports that no row disagrees.
	Agree bool `json:"agree"`
	// Fastest is the quickest backend that completed, and its time.
	Fastest        string  `json:"fastest,omitempty"`
	FastestSeconds float64 `json:"fastest_seconds,omitempty"`
	Rows           []*Row  `json:"rows"`
	// LeftOut are the backends of OnRequestSpecs that a table of the
	// default list did not run (see LeftOutLine).
	LeftOut []string `json:"left_out,omitempty"`

	kind Kind
}

// Row is one backend's line of a Table.
type Row struct {
	Backend string `json:"backend"`
	Config  string `json:"config,omitempty"`
	Outcome
	// Ratio is the time relative to the fastest complete backend (0 when
	// not measured).
	Ratio float64 `json:"ratio,omitempty"`
	// Mark is the agreement with the reference: "ref", "=" (same answer),
	// "<=" (partial figures consistent with it), "!=" (disagrees), or ""
	// (nothing to compare).
	Mark string `json:"agreement"`
	// native marks a native backend (reference candidate).
	native bool
}

// Report is the result of a comparison over several puzzles.
type Report struct {
	Machine *Machine `json:"machine,omitempty"`
	Tables  []*Table `json:"tables"`
}

// OK reports that no row of any table disagrees or failed.
func (r *Report) OK() bool {
	for _, t := range r.Tables {
		if !t.OK() {
			return false
		}
	}
	return true
}

// OK reports that no row disagrees or failed.
func (t *Table) OK() bool {
	for _, r := range t.Rows {
		if r.Status == Disagree || r.Status == Error {
			return false
		}
	}
	return t.Agree
}

// Compare runs every backend on p, one after the other, and checks their
// answers against each other (see Options.Kinds for the tasks). It returns
// one Table per task. Errors of a backend become Error rows; Compare
// itself fails only when ctx is cancelled (it then returns the tables so
// far with ctx's error).
func Compare(ctx context.Context, p *puzzle.Puzzle, backends []Backend, opt Options) ([]*Table, error) {
	kinds := opt.Kinds
	auto := kinds == nil
	if auto {
		kinds = []Kind{AutoKind(p)}
	}
	var tables []*Table
	for n := 0; n < len(kinds); n++ {
		t, err := compareTask(ctx, p, kinds[n], backends, opt)
		tables = append(tables, t)
		if err != nil {
			return tables, err
		}
		if auto && kinds[n] == Count && t.Reference != "" && t.refZero() {
			kinds = append(kinds, MaxCoverage)
		}
	}
	return tables, nil
}

func compareTask(ctx context.Context, p *puzzle.Puzzle, k Kind, backends []Backend, opt Options) (*Table, error) {
	t := &Table{Puzzle: p.Name, File: p.Source, Cells: p.Area(), Kind: k.String(), kind: k}
	task := Task{Puzzle: p, Kind: k, TimeLimit: opt.TimeLimit, EnumLimit: opt.EnumLimit}
	if opt.PerKind != nil {
		backends = append(slices.Clip(opt.PerKind[k]), backends...)
	}
	for _, b := range backends {
		if err := ctx.Err(); err != nil {
			check(ctx, t, p)
			return t, err
		}
		if opt.OnStart != nil {
			opt.OnStart(p, k, b.Name())
		}
		r := runOne(ctx, b, task)
		t.Rows = append(t.Rows, r)
		if opt.OnRow != nil {
			opt.OnRow(p, k, r)
		}
	}
	t.LeftOut = leftOut(k, t.Rows)
	check(ctx, t, p)
	return t, ctx.Err()
}

// runOne runs a backend with its time limit and turns any failure into a
// row.
func runOne(ctx context.Context, b Backend, task Task) *Row {
	r := &Row{Backend: b.Name(), native: b.Native()}
	r.Config = b.Describe()
	if !b.Supports(task.Kind) {
		r.Status = Skipped
		r.Reason = fmt.Sprintf("does not answer %s tasks", task.Kind)
		return r
	}
	// Options that would do nothing on this puzzle: not run as if they
	// were there (polytile compare refuses them in --backends).
	var na *NotApplicableError
	if err := checkOptions(b, task.Puzzle, task.Kind); errors.As(err, &na) {
		r.Status, r.Reason = Skipped, na.Err.Error()
		return r
	}
	bctx := ctx
	if task.TimeLimit > 0 {
		var cancel context.CancelFunc
		bctx, cancel = context.WithTimeout(ctx, task.TimeLimit)
		defer cancel()
	}
	start := time.Now()
	o, err := b.Run(bctx, task)
	switch {
	case err != nil && errors.Is(bctx.Err(), context.DeadlineExceeded):
		r.Status, r.Seconds = Timeout, time.Since(start).Seconds()
	case err != nil && ctx.Err() != nil:
		// Stopped by a signal: not an error of the backend.
		r.Status, r.Seconds = Timeout, time.Since(start).Seconds()
	case err != nil:
		r.Status, r.Reason, r.Seconds = Error, err.Error(), time.Since(start).Seconds()
	case o == nil:
		r.Status, r.Reason = Error, "backend returned nothing"
	default:
		r.Outcome = *o
		if r.Status == "" {
			r.Status = OK
		}
	}
	if r.Status == Timeout && r.Note == "" && ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		// A signal, not the time limit: every backend's row says so, as
		// the native ones did (cbc's read "timeout" alone after Ctrl-C).
		r.Note = "interrupted"
	}
	return r
}
