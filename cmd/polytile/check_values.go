package main

import (
	"sort"
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
func checkValues(prog *model.Program, sol *export.Solution, path string) error {
	if !sol.Feasible {
		return nil // an infeasible file's values are not a solution; check says so
	}
	names := make([]string, 0, len(sol.Values))
	for name := range sol.Values {
		names = append(names, name)
	}
	sort.Slice(names, func(a, b int) bool {
		la, lb := sol.Lines[names[a]], sol.Lines[names[b]]
		if la != lb {
			return la < lb
		}
		return names[a] < names[b]
	})
	for _, name := range names {
		j, ok := prog.ColumnIndex(name)
		if !ok {
			continue
		}
		if err := prog.CheckValue(j, sol.Values[name]); err != nil {
			if ln, ok := sol.Lines[name]; ok {
				return usageErr("%s:%d: %v", path, ln, trimModel(err))
			}
			return usageErr("%s: %v", path, trimModel(err))
		}
	}
	return nil
}

// trimModel drops the package prefix of a model error for a CLI message.
func trimModel(err error) string { return strings.TrimPrefix(err.Error(), "model: ") }
