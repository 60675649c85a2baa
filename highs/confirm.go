package highs

import (
	"context"
	"strings"

	"github.com/polytile/polytile/proof"
)

// PresolveOff is how ConfirmInfeasible decides a second time, in the
// words of a verdict ("infeasible, confirmed by ...").
const PresolveOff = "a second HiGHS solve with presolve off"

// ConfirmInfeasible decides m a second time after a solve with opt ended
// Infeasible: HiGHS's presolve can declare a feasible program infeasible
// (an exact program plus no-good rows), so its word alone ends no
// enumeration and answers no "no tiling" (see package proof). The
// second solve has presolve off and otherwise opt (a "presolve" among
// opt.Extra is dropped). It returns Confirmed when it is infeasible too,
// Refuted with its result when it finds a feasible point, Undecided when
// it stops without a verdict (a time limit, an interrupt).
func ConfirmInfeasible(ctx context.Context, m *Model, opt Options) (proof.Confirmation, *Result, error) {
	return confirmWith(ctx, m, opt, Solve)
}

// confirmWith is ConfirmInfeasible with solve in place of Solve.
func confirmWith(ctx context.Context, m *Model, opt Options, solve func(context.Context, *Model, Options) (*Result, error)) (proof.Confirmation, *Result, error) {
	opt.Presolve = "off"
	var extra []Option
	for _, o := range opt.Extra {
		if !strings.EqualFold(strings.TrimSpace(o.Name), "presolve") {
			extra = append(extra, o)
		}
	}
	opt.Extra = extra
	opt.Start = nil
	res, err := solve(ctx, m, opt)
	if err != nil {
		return proof.Undecided, res, err
	}
	switch {
	case res.HasSolution:
		return proof.Refuted, res, nil
	case res.Status == StatusInfeasible:
		return proof.Confirmed, res, nil
	}
	return proof.Undecided, res, nil
}

// VoidingOptions lists, for the options of a solve, the reasons (see
// proof.VoidingOption) why HiGHS's "optimal" or "infeasible" under them
// is no proof: an objective bound or target, a nonzero gap given in
// Extra, a solution or node limit. MIPRelGap is not among them: a gap
// stops the solve early but HiGHS's dual bound, from which polytile
// judges optimality, stays a proven bound; and the exact program has
// one objective value, so a gap does not change its verdicts.
func VoidingOptions(opt Options) []string {
	var out []string
	for _, o := range opt.Extra {
		k := strings.ToLower(strings.TrimSpace(o.Name))
		if k == "mip_rel_gap" || k == "mip_abs_gap" {
			continue // as MIPRelGap, see above
		}
		if why := proof.VoidingOption("highs", k, o.Value); why != "" {
			out = append(out, o.Name+"="+o.Value+": "+why)
		}
	}
	return out
}
