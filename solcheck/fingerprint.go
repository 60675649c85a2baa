package solcheck

import (
	"context"
	"fmt"
	"slices"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
)

// checkFingerprint judges the fingerprint columns a solution file names
// (model.Program.Fingerprint, which every LP and MPS export carries):
// identified is true when the file names this program's fingerprint, and
// only it, at its value (model.FingerprintValue); an error when it
// names another fingerprint, which is the solution of another program, even one with the same column names
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

// unconfirmedProof is what Judge adds to a solver's claim of optimality
// or infeasibility that the file cannot tie to this puzzle's program.
const unconfirmedProof = "the file names no program fingerprint, so the solver's proof may be about another program with the same column names; export the program with this polytile (its LP and MPS files carry a fingerprint column, polytile_fp_...) to have it confirmed"

// unconfirmedInfeasible is what Judge adds to a solver's claim that the
// program has no solution when the file does not identify the program:
// it names no fingerprint (HiGHS and SCIP list no values at all then, so
// they never can), or only through a names file (glpsol -w, a fixed-MPS
// export), whose names are not the solution's evidence.
const unconfirmedInfeasible = "the file does not identify the program (it names no fingerprint: HiGHS and SCIP list no values without a solution; or it names columns only through --names: glpsol -w, a fixed-MPS export), so polytile cannot tell which program the solver found infeasible; 'polytile solve' confirms it independently"

// unconfirmedAnswer is what Judge adds to a SAT, pseudo-Boolean or Pyomo
// answer's claim that the program has no solution.
const unconfirmedAnswer = "SAT, pseudo-Boolean and Pyomo answers name no program fingerprint, so polytile cannot tell which program the solver found infeasible; 'polytile solve' confirms it independently"

// checkFingerprintOf is checkFingerprint for a solution file sol. A file
// that reports no feasible solution (glpsol's INTEGER EMPTY or INTEGER
// UNDEFINED, CBC's Infeasible) lists values that are no solution: glpsol
// prints every activity 0, the fingerprint column's too. Its fingerprint
// is then judged by name alone: this program's name, read from the file
// itself, identifies it (the solver's verdict is about this program);
// another name is another program's (an error, as always); a name that
// came from a names file (glpsol -w, a fixed-MPS export) identifies
// nothing, and the file is not identified. The value such a file lists
// (0) is not the one the program fixes, so it is not judged.
func checkFingerprintOf(ctx context.Context, prog *model.Program, names []string, sol *export.Solution) (bool, error) {
	if sol.Feasible || len(names) == 0 {
		return checkFingerprint(ctx, prog, names, sol.Values)
	}
	own, err := prog.Fingerprint(ctx)
	if err != nil {
		return false, err
	}
	slices.Sort(names)
	for _, n := range names {
		// The value the program fixes: only the name is judged.
		if err := model.MatchFingerprint(own, n, model.FingerprintValue(own)); err != nil {
			return false, fmt.Errorf("%w (check the puzzle, --mode, --formulation, --strengthen and --symmetry against the export; with --names: the LP or MPS file of this export)", err)
		}
	}
	return !sol.NamesGiven, nil
}
