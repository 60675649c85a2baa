package proof

// Confirmation is the answer of a second, independent decision on a
// program a solver called infeasible.
type Confirmation int

const (
	// Undecided: the second decision did not finish (a time limit, an
	// interrupt) or could not be made.
	Undecided Confirmation = iota
	// Confirmed: the second decision found the program infeasible too.
	Confirmed
	// Refuted: the second decision found a feasible point: the first
	// "infeasible" was wrong.
	Refuted
)

// String is "undecided", "confirmed" or "refuted".
func (c Confirmation) String() string {
	switch c {
	case Confirmed:
		return "confirmed"
	case Refuted:
		return "refuted"
	}
	return "undecided"
}

// ConfirmInfeasible is the rule for a solver's "infeasible": it is a
// verdict (nil) only when a second, independent decision by how (e.g.
// "HiGHS with presolve off") confirms it; otherwise a *NotProvenError
// says that the claim stands unconfirmed or was refuted, so that an
// enumeration ended by it is a lower bound and a "no tiling" answer is
// not given.
func ConfirmInfeasible(solver string, c Confirmation, how string) error {
	switch c {
	case Confirmed:
		return nil
	case Refuted:
		return &NotProvenError{Claim: solver + " infeasible", Reason: "refuted by " + how + ", which found a feasible point"}
	}
	return &NotProvenError{Claim: solver + " infeasible", Reason: "not confirmed: " + how + " did not decide"}
}
