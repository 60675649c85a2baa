package main

import (
	"context"
	"strings"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
)

// checkValues refuses (exit 2, naming the file and line) a feasible
// solution in which a column of prog has a value its domain does not
// allow: a placement x = 2 or 0.5, a y outside 0/1, a z that is not an
// integer within its bounds. The readers have already refused NaN,
// infinities, unreadable numbers and names listed twice. Names that are
// not columns of prog are left to checkSolution, which refuses them. The
// first offending line of the file is reported.
//
// It reads ctx every 65,536 names (a 250 MB file holds millions).
func checkValues(ctx context.Context, prog *model.Program, sol *export.Solution, path string) error {
	if !sol.Feasible {
		return nil // an infeasible file's values are not a solution; check says so
	}
	// The offending name on the first line is reported: one pass, no sort
	// (sorting the names with a map lookup per comparison took 97 s for
	// 2.5 million names).
	var first string
	var firstErr error
	firstLine, firstHas := 0, false
	n := 0
	for name, v := range sol.Values {
		if n++; n&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		j, ok := prog.ColumnIndex(name)
		if !ok {
			continue
		}
		err := prog.CheckValue(j, v)
		if err == nil {
			continue
		}
		ln, hasLine := sol.Lines[name] // 0 without a line: first, as before
		if firstErr == nil || ln < firstLine || ln == firstLine && name < first {
			first, firstErr, firstLine, firstHas = name, err, ln, hasLine
		}
	}
	switch {
	case firstErr == nil:
		return nil
	case firstHas:
		return usageErr("%s:%d: %v", path, firstLine, trimModel(firstErr))
	}
	return usageErr("%s: %v", path, trimModel(firstErr))
}

// trimModel drops the package prefix of a model error for a CLI message.
func trimModel(err error) string { return strings.TrimPrefix(err.Error(), "model: ") }
