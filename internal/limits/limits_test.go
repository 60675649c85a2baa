package limits

import (
	"math"
	"testing"
)

// TestParseDecimal: the decimal rule refuses every spelling Go's float
// parser takes beyond plain decimals (signs, hex floats, separators,
// NaN, out-of-range), and infinity unless asked for.
func TestParseDecimal(t *testing.T) {
	good := map[string]float64{"0": 0, "0.2": 0.2, "1e-6": 1e-6, "-3": -3, "10": 10, ".5": 0.5, "1E3": 1000}
	for s, want := range good {
		if x, err := ParseDecimal(s, false); err != nil || x != want {
			t.Errorf("ParseDecimal(%q) = %v, %v; want %v", s, x, err, want)
		}
	}
	for _, s := range []string{"", "+5", "+0.5", "nan", "NaN", "0x1p3", "0X10", "1_000", "1e400", "-1e400", " 1", "1 ", "1,5", "inf", "-Infinity", "abc"} {
		if x, err := ParseDecimal(s, false); err == nil {
			t.Errorf("ParseDecimal(%q, false) = %v, want an error", s, x)
		}
	}
	for _, s := range []string{"inf", "-inf", "Infinity"} {
		if x, err := ParseDecimal(s, true); err != nil || !math.IsInf(x, 0) {
			t.Errorf("ParseDecimal(%q, true) = %v, %v; want infinity", s, x, err)
		}
	}
	for _, s := range []string{"+inf", "nan", "1e400"} {
		if _, err := ParseDecimal(s, true); err == nil {
			t.Errorf("ParseDecimal(%q, true) accepted", s)
		}
	}
}
