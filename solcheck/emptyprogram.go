package solcheck

import (
	"strings"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
)

// emptyProgramSolution reads a solver's answer to a program without
// columns (a maximum-coverage program whose pieces all fit nowhere): its
// only assignment is the empty tiling, covering 0 cells. The exporters
// write the zero terms such a program needs in a placeholder column (LP
// "0 z", MPS a column z fixed at 0, X0000001 in a fixed MPS file, which
// maps it to z), which a solver lists, and HiGHS reads the MPS file as an
// empty model with no solution at all (status "Empty"); neither names a
// column. An empty model is the empty assignment, feasible; the
// placeholder's value is skipped by scanSolution (see
// model.Program.IsPlaceholder), and only it: every other name is a column
// of another program (an x, a y of a seed export, an untranslated short
// name), which Judge refuses as for any program.
func emptyProgramSolution(prog *model.Program, sol *export.Solution) *export.Solution {
	if prog.NumCols() > 0 || sol.Feasible || !strings.EqualFold(sol.Status, "Empty") {
		return sol
	}
	out := *sol
	out.Feasible = true
	return &out
}
