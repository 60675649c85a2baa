package puzzle

import (
	"strings"
	"testing"
)

// TestCoordinatesDecimalDigits: a cell's coordinates (at:, empty:,
// region:) are decimal digits, as a count is: `at: [+1, 0]` and
// `empty: [[+1, 0]]` were read as 1 (strconv.Atoi takes a plus sign)
// while `count: +2` was refused. On the triangle grid at's column -1 is
// written -1, not -01.
func TestCoordinatesDecimalDigits(t *testing.T) {
	for _, c := range []struct {
		src string
		ok  bool
	}{
		{"board: 3x3\ncount: unlimited\npieces: {D: '##'}\nconstraints: {D: {at: [1, 0]}}\n", true},
		{"board: 3x3\ncount: unlimited\npieces: {D: '##'}\nconstraints: {D: {at: [+1, 0]}}\n", false},
		{"board: 3x3\ncount: unlimited\npieces: {D: '##'}\nconstraints: {D: {at: [1, +0]}}\n", false},
		{"board: 3x3\ncount: unlimited\npieces: {D: '##'}\nempty: [[2, 2]]\n", true},
		{"board: 3x3\ncount: unlimited\npieces: {D: '##'}\nempty: [[+2, 2]]\n", false},
		{"board: 3x3\ncount: unlimited\npieces: {D: '##'}\nempty: [[2, ' 2']]\n", false},
		{"board: 3x3\ncount: unlimited\npieces: {D: '##'}\nconstraints: {D: {region: [[0, 0], [0, +1]]}}\n", false},
	} {
		_, err := Parse("c.yaml", []byte(c.src), "yaml")
		if (err == nil) != c.ok {
			t.Errorf("%q: %v, want accepted %v", c.src, err, c.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "c.yaml:") {
			t.Errorf("%q: %v has no file:line", c.src, err)
		}
	}
}
