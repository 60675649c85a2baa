package balance

import (
	"slices"
	"testing"
)

// TestOf checks the summary on inputs worked by hand: odd and even
// counts (the even median is the mean of the middle two), one figure, a
// zero median (no ratio), none, and that the input keeps its order.
func TestOf(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want Summary
	}{
		{[]float64{5, 1, 3}, Summary{N: 3, Min: 1, Median: 3, Max: 5, Sum: 9, MaxOverMedian: 5.0 / 3}},
		{[]float64{4, 1, 10, 2}, Summary{N: 4, Min: 1, Median: 3, Max: 10, Sum: 17, MaxOverMedian: 10.0 / 3}},
		{[]float64{7}, Summary{N: 1, Min: 7, Median: 7, Max: 7, Sum: 7, MaxOverMedian: 1}},
		{[]float64{0, 0, 9}, Summary{N: 3, Min: 0, Median: 0, Max: 9, Sum: 9}},
		{[]float64{2, 2, 2, 2, 2, 8}, Summary{N: 6, Min: 2, Median: 2, Max: 8, Sum: 18, MaxOverMedian: 4}},
		{nil, Summary{}},
	} {
		in := slices.Clone(c.in)
		if got := Of(in); got != c.want {
			t.Errorf("Of(%v) = %+v, want %+v", c.in, got, c.want)
		}
		if !slices.Equal(in, c.in) {
			t.Errorf("Of reordered its input: %v", in)
		}
	}
}
