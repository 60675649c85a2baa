// Package proof decides when a solver's answer is a verdict: a proven
// optimum, a proven infeasibility, a complete count. Every backend of
// polytile that takes a MIP or SAT solver's word (compare's external and
// in-process MIP backends, solve --backend highs, check) asks here.
//
// The rules:
//
//   - An "optimal" is a proof only for the statuses that mean a proven
//     integer optimum (ProvenOptimal names them per solution format), and
//     only with no option in force that changes the objective's cut-off,
//     increment, bound or gap, or that stops at a solution limit
//     (VoidingOption names them per solver).
//   - A solver's "infeasible" (InfeasibleStatus) is a claim: it ends an
//     enumeration or answers "no tiling" only when an independent second
//     decision confirms it (ConfirmInfeasible): a solve with presolve
//     off, another solver, or polytile's own search.
//   - Anything else is "found, not proven": a *NotProvenError says why,
//     and StopReason names a stopped status for what it is (a gap
//     tolerance, a solution limit, an iteration limit, ...).
package proof

import (
	"errors"
	"strings"
)

// ErrNotProven is the error every *NotProvenError matches with errors.Is.
var ErrNotProven = errors.New("not proven")

// NotProvenError is a solver's answer that is no verdict: a status that is
// not a proof, an option that voids the proof, an infeasibility not
// confirmed.
type NotProvenError struct {
	// Claim is what the solver claimed ("optimal", "infeasible",
	// "complete") or its status text.
	Claim string
	// Reason says why the claim is not a proof.
	Reason string
}

// Error is "not proven: CLAIM: REASON".
func (e *NotProvenError) Error() string {
	s := "not proven"
	if e.Claim != "" {
		s += ": " + e.Claim
	}
	if e.Reason != "" {
		s += ": " + e.Reason
	}
	return s
}

// Is makes errors.Is(err, ErrNotProven) true for every *NotProvenError.
func (e *NotProvenError) Is(target error) bool { return target == ErrNotProven }

// norm is a status as the tables below hold it: lower case, inner white
// space collapsed.
func norm(status string) string {
	return strings.Join(strings.Fields(strings.ToLower(status)), " ")
}

// provenOptimal are the statuses, per solution format (the names of
// export.SolutionFormats), that mean a proven integer optimum. Every
// other status is not a proof.
//
//   - highs: "Optimal" (kHighsModelStatusOptimal). HiGHS stops within
//     mip_rel_gap and mip_abs_gap, so the status proves the optimum only
//     when both are 0: polytile sets mip_rel_gap = 0 where it runs HiGHS,
//     and the solution file does not record the gap (export's reader
//     marks it WithinGap).
//   - cbc: "Optimal" alone; "Optimal (within gap tolerance)" stopped at
//     allowableGap or ratioGap, and every "Stopped on ..." stopped early.
//   - glpk (glpsol -o): "INTEGER OPTIMAL", and "OPTIMAL", the optimum of
//     the LP relaxation (glpsol --nomip), which proves the integer
//     optimum when its values are integers (check refuses any other
//     value); "INTEGER NON-OPTIMAL" stopped early (a time limit,
//     --mipgap, a search that does not optimise).
//   - glpk-raw (glpsol -w): "optimal" (the MIP line's o) and the basic
//     solution "primal f dual f".
//   - cplex: "integer optimal solution" (CPXMIP_OPTIMAL, 101) and
//     "optimal" (CPX_STAT_OPTIMAL, 1, an LP optimum: as for glpk).
//     Not "integer optimal, tolerance" (a gap), "optimal relaxed ..." (a
//     feasopt relaxation of the program), "... with unscaled
//     infeasibilities" (infeasible once unscaled) or "optimal populated"
//     (populate's tolerances).
//   - gurobi: status 2 (OPTIMAL). Gurobi's .sol file has no status, so a
//     .sol file is never a proof.
//   - scip: "optimal solution found".
var provenOptimal = map[string][]string{
	"highs":    {"optimal"},
	"cbc":      {"optimal"},
	"glpk":     {"integer optimal", "optimal"},
	"glpk-raw": {"optimal", "primal f dual f"},
	"cplex":    {"integer optimal solution", "optimal"},
	"gurobi":   {"2", "optimal"},
	"scip":     {"optimal solution found"},
}

// Formats are the solution formats ProvenOptimal knows.
var Formats = []string{"highs", "cbc", "glpk", "glpk-raw", "cplex", "gurobi", "scip"}

// ProvenOptimal reports whether status, as a solver of the given format
// writes it in its solution file, means a proven integer optimum (see the
// list above). The comparison ignores case and repeated white space, and
// nothing else: a status that merely contains one of the words is not a
// proof. For "highs" the status is a proof only with mip_rel_gap and
// mip_abs_gap 0 (see WithinGap).
func ProvenOptimal(format, status string) bool {
	st := norm(status)
	for _, p := range provenOptimal[format] {
		if st == p {
			return true
		}
	}
	return false
}

// WithinGap reports whether the format's optimal status holds within a
// relative gap that the solution file does not record (HiGHS's
// mip_rel_gap, 1e-4 by default): the status is then a proof only for a
// run known to have set the gap to 0.
func WithinGap(format string) bool { return format == "highs" }

// InfeasibleStatus reports whether status claims that the program has no
// feasible solution ("Infeasible", "Integer infeasible", glpsol's
// "INTEGER EMPTY", CPLEX's "integer infeasible", SCIP's "infeasible",
// Gurobi's 3); HiGHS's "Empty" is an empty model, not an infeasible one.
// The claim is a verdict only once confirmed (ConfirmInfeasible).
func InfeasibleStatus(format, status string) bool {
	st := norm(status)
	if format == "gurobi" && st == "3" {
		return true
	}
	if strings.Contains(st, "unbounded") || strings.Contains(st, "relaxed") {
		return false // "unbounded or infeasible", a feasopt relaxation
	}
	return strings.Contains(st, "infeasible") && !strings.Contains(st, "unscaled") || format == "glpk" && strings.Contains(st, "empty")
}

// StopReason says what a status that is not a proof means, for the
// verdict "found, not proven": "stopped at a gap tolerance", "stopped at
// a solution limit", "stopped at an iteration limit", ..., "a relaxation
// of the program", or "" when the status says none of these.
func StopReason(format, status string) string {
	st := norm(status)
	switch {
	case strings.Contains(st, "iteration"):
		return "stopped at an iteration limit"
	case strings.Contains(st, "tolerance") || strings.Contains(st, "gap") || strings.Contains(st, "ratio") || strings.Contains(st, "difference"):
		return "stopped at a gap tolerance"
	case strings.Contains(st, "solution") && strings.Contains(st, "limit") || strings.Contains(st, "on solutions"):
		return "stopped at a solution limit"
	case strings.Contains(st, "node"):
		return "stopped at a node limit"
	case strings.Contains(st, "time"):
		return "stopped at a time limit"
	case strings.Contains(st, "objective bound") || strings.Contains(st, "objective target") || strings.Contains(st, "primal limit") || strings.Contains(st, "dual limit") || strings.Contains(st, "cutoff"):
		return "stopped at an objective bound or target"
	case strings.Contains(st, "interrupt") || strings.Contains(st, "ctrl-c") || strings.Contains(st, "abort") || strings.Contains(st, "user"):
		return "stopped at an interrupt"
	case strings.Contains(st, "relaxed"):
		return "the solution is of a relaxation of the program"
	case strings.Contains(st, "unscaled"):
		return "the solution has unscaled infeasibilities"
	case format == "glpk" && st == "integer non-optimal":
		return "stopped before proving optimality (a time limit, --mipgap, or a search that does not optimise)"
	}
	return ""
}

// Status is the verdict on a solver's status: nil when it proves the
// optimum, a *NotProvenError saying why not otherwise.
func Status(format, status string) error {
	if ProvenOptimal(format, status) {
		return nil
	}
	why := StopReason(format, status)
	if why == "" {
		why = "the status is not one that proves an integer optimum"
	}
	return &NotProvenError{Claim: "status " + quote(status), Reason: why}
}

func quote(s string) string { return `"` + s + `"` }
