package model

import "math"

// CoverageGap is the relative gap between a coverage found and a proven
// bound on it, as HiGHS defines its mip_gap for a maximisation:
// |primal - dual| / |primal|, here (bound - covered) / covered. It is 0
// when the coverage reaches the bound (proven optimal) and +Inf when
// nothing is covered yet but the bound is positive (HiGHS prints
// "Large"). Every gap polytile prints or writes (the HiGHS progress line,
// the summary, JSON, compare) is this one, so that the numbers agree.
func CoverageGap(covered, bound int) float64 {
	switch {
	case covered >= bound:
		return 0
	case covered <= 0:
		return math.Inf(1)
	}
	return float64(bound-covered) / float64(covered)
}

// DualCoverageBound turns a solver's dual bound on the covered area (a
// real number, e.g. HiGHS's mip_dual_bound) into a proven integer bound:
// rounded down to a multiple of the pieces' gcd, and never above the area
// bound b. A NaN or infinite dual bound gives b.Bound.
func DualCoverageBound(b Bound, dual float64) int {
	if math.IsNaN(dual) || math.IsInf(dual, 0) {
		return b.Bound
	}
	g := max(b.GCD, 1)
	if dual < 0 {
		return 0
	}
	return min(b.Bound, int(math.Floor(dual+1e-6))/g*g)
}
