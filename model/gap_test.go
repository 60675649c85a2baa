package model

import (
	"math"
	"testing"
)

func TestCoverageGap(t *testing.T) {
	for _, c := range []struct {
		cov, bound int
		want       float64
	}{
		{48, 48, 0}, {50, 48, 0}, {440, 441, 1.0 / 440}, {8, 441, 433.0 / 8}, {0, 10, math.Inf(1)}, {0, 0, 0},
	} {
		if got := CoverageGap(c.cov, c.bound); got != c.want {
			t.Errorf("CoverageGap(%d, %d) = %v, want %v", c.cov, c.bound, got, c.want)
		}
	}
	b := Bound{Bound: 440, GCD: 4}
	for _, c := range []struct {
		dual float64
		want int
	}{
		{441, 440}, {439.99, 436}, {439.9999999, 440}, {500, 440}, {math.Inf(1), 440}, {math.NaN(), 440}, {-1, 0}, {8.5, 8},
	} {
		if got := DualCoverageBound(b, c.dual); got != c.want {
			t.Errorf("DualCoverageBound(%v) = %d, want %d", c.dual, got, c.want)
		}
	}
}
