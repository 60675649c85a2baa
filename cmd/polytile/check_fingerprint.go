package main

import (
	"context"
	"fmt"
	"slices"

	"github.com/polytile/polytile/model"
)

// checkFingerprint judges the fingerprint columns a solution file names
// (model.Program.Fingerprint, which every LP and MPS export carries):
// identified is true when the file names this program's fingerprint, and
// only it, at its value (model.FingerprintValue); an error (exit 2) when it names another fingerprint, which is
// the solution of another program, even one with the same column names
// (another piece count, another board with the same anchors). A file that
// names none (a program written by another tool or an older polytile, or
// a solver that did not list it) is not identified: its tiling is still
// checked, but the solver's proofs (optimality, infeasibility) are not
// taken for this puzzle's. The fingerprint is computed only when the file
// names one (one pass over the program, reading ctx).
func checkFingerprint(ctx context.Context, prog *model.Program, names []string, values map[string]float64) (identified bool, err error) {
	if len(names) == 0 {
		return false, nil
	}
	own, err := prog.Fingerprint(ctx)
	if err != nil {
		return false, err
	}
	slices.Sort(names)
	for _, n := range names {
		if err := model.MatchFingerprint(own, n, values[n]); err != nil {
			return false, fmt.Errorf("%w (check the puzzle, --mode, --formulation, --strengthen and --symmetry against the export; with --names: the LP or MPS file of this export)", err)
		}
	}
	return true, nil
}

// unconfirmedProof is what check adds to a solver's claim of optimality
// or infeasibility that the file cannot tie to this puzzle's program.
const unconfirmedProof = "the file names no program fingerprint, so the solver's proof may be about another program with the same column names; export the program with this polytile (its LP and MPS files carry a fingerprint column, polytile_fp_...) to have it confirmed"

// unconfirmedInfeasible is what check adds to a solver's claim that the
// program has no solution when the file names no fingerprint (HiGHS lists
// no values at all then, so it never can).
const unconfirmedInfeasible = "the file names no program fingerprint (HiGHS lists no values without a solution), so polytile cannot tell which program the solver found infeasible; 'polytile solve' confirms it independently"
