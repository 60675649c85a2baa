// Package balance summarises how evenly work is spread over the parts of
// a job (the subproblems of a split, the shards of a count): the least,
// median and greatest part and max/median, the figure that says how much
// longer the slowest part runs than a typical one.
package balance

import "slices"

// Summary is the spread of a set of non-negative figures (nodes, seconds).
type Summary struct {
	N      int     `json:"count"`
	Min    float64 `json:"min"`
	Median float64 `json:"median"` // of an even count, the mean of the two middle figures
	Max    float64 `json:"max"`
	Sum    float64 `json:"sum"`
	// MaxOverMedian is Max/Median, 0 when the median is 0 (or there is
	// no figure).
	MaxOverMedian float64 `json:"max_over_median"`
}

// Of summarises xs (which it does not modify). The Summary of no figures
// is all zeros.
func Of(xs []float64) Summary {
	if len(xs) == 0 {
		return Summary{}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	out := Summary{N: len(s), Min: s[0], Max: s[len(s)-1]}
	m := len(s) / 2
	out.Median = s[m]
	if len(s)%2 == 0 {
		out.Median = (s[m-1] + s[m]) / 2
	}
	for _, x := range s {
		out.Sum += x
	}
	if out.Median > 0 {
		out.MaxOverMedian = out.Max / out.Median
	}
	return out
}
