package frontier

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/polytile/polytile/puzzle"
)

// NotCountedText describes a count stopped by its context (ErrNotCounted):
// no figure is given, since a partial sum of the recurrence bounds
// nothing.
const NotCountedText = "stopped before the last layer: not counted (a partial sum of the recurrence bounds nothing)"

// CountUniqueIfInReach counts p as Count does with opt.Unique set, and
// when the unique count is out of reach (a fixed point's system does not
// fit) where the count of all may not be, counts all without it. note
// then says why the unique count is missing ("unique not counted: ...");
// it is "" when the unique count is there. A stop by ctx is returned as
// it is, without the second count.
func CountUniqueIfInReach(ctx context.Context, p *puzzle.Puzzle, opt Options) (res *Result, note string, err error) {
	opt.Unique = true
	res, err = Count(ctx, p, opt)
	if !errors.Is(err, ErrOutOfReach) || ctx.Err() != nil {
		return res, "", err
	}
	note = "unique not counted: " + err.Error()
	if res != nil {
		return res, note, nil // the count of all is done: only a fixed point was out of reach
	}
	opt.Unique = false
	res, err = Count(ctx, p, opt)
	return res, note, err
}

// Describe says how the count ran, for solve's backend line: the window,
// the cell order and the largest layer, the workers when more than one,
// and the terms of the Burnside sum of a unique count.
func (r *Result) Describe(workers int) string {
	parts := []string{fmt.Sprintf("window %d cells, order %s, largest layer %d states", r.Window, r.Order, r.States)}
	if workers > 1 {
		parts = append(parts, fmt.Sprintf("%d workers", workers))
	}
	if len(r.Fix) > 0 {
		var fx []string
		for _, x := range r.Fix {
			fx = append(fx, fmt.Sprintf("Fix(%s) = %v by %s", x.Symmetry, x.Count, x.How))
		}
		parts = append(parts, "unique by Burnside: "+strings.Join(fx, "; "))
	}
	return strings.Join(parts, ", ")
}

// Describe says how the maximum-coverage search ran: the recurrence, its
// window, cell order and largest layer.
func (r *CoverageResult) Describe() string {
	return fmt.Sprintf("(max, +) recurrence, window %d cells, order %s, largest layer %d states", r.Window, r.Order, r.States)
}

// Describe is the choice as solve's backend line says it.
func (c Choice) Describe() string { return "chosen automatically: " + c.Reason }

// FallbackText is what solve's backend line says when the frontier,
// chosen automatically, refused with err and FILA counts instead.
func FallbackText(err error) string {
	return "chosen automatically: FILA, the frontier having refused: " + err.Error()
}
