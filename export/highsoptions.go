package export

import (
	"fmt"
	"io"

	"github.com/polytile/polytile/model"
)

// HiGHSOptions says what WriteHiGHSOptions writes besides the gap.
type HiGHSOptions struct {
	// RootIPM writes "mip_lp_solver = ipm": HiGHS solves its MIP LPs with
	// the interior-point method. Worth it when the root LP is the whole
	// proof (a max-coverage program with the area row and a start that
	// reaches that bound): the relaxation of an exact-cover program is
	// very degenerate, and the dual simplex did not finish the root of
	// free tetrominoes on 61x61 in 90 s where the IPM took 20 s
	// (docs/benchmarks.md). Without a start it can cost more nodes.
	RootIPM bool
}

// WriteHiGHSOptions writes an options file for the HiGHS binary (highs
// --model_file P.lp --options_file F), one "name = value" per line after
// '#' comments that say why:
//
//   - mip_rel_gap = 0: HiGHS's default relative gap (1e-4) lets it stop
//     with "Optimal" one cell short of the optimum on a board of more
//     than 10,000 cells; with 0, HiGHS's "Optimal" is a proof;
//   - mip_lp_solver = ipm when opt.RootIPM is set.
func WriteHiGHSOptions(w io.Writer, prog *model.Program, opt HiGHSOptions) error {
	o := newOut(w)
	o.str("# HiGHS options written by polytile for: " + comment(prog.Puzzle.Name) + "\n")
	o.str("# use: highs --model_file PROGRAM --options_file THIS [--read_solution_file START]\n")
	o.str("# The default relative gap 1e-4 may stop short of the optimum on big\n# boards; 0 makes HiGHS's \"Optimal\" a proof.\n")
	o.str("mip_rel_gap = 0\n")
	if opt.RootIPM {
		o.str("# The start reaches polytile's bound, so the root LP is the proof: the\n# interior-point method solves this degenerate relaxation faster than the\n# dual simplex.\n")
		o.str("mip_lp_solver = ipm\n")
	}
	if err := o.finish(); err != nil {
		return fmt.Errorf("export: highs options: %w", err)
	}
	return nil
}
