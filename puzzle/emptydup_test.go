package puzzle

import (
	"errors"
	"strings"
	"testing"
)

// TestCellListDuplicate: empty: [[0, 0], [1, 1], [0, 0]] was accepted
// silently (and so was a constraint region listing a cell twice); a cell
// listed twice is now refused at its second line, naming the first, like
// a duplicate key or piece.
func TestCellListDuplicate(t *testing.T) {
	cases := []struct {
		name, text string
		line       int
	}{
		{"empty 2D", "board: 4x4\npieces:\n  O: \"##/##\"\nempty:\n  - [0, 0]\n  - [1, 1]\n  - [0, 0]\n", 7},
		{"empty 3D", "board: 2x2x2\npieces:\n  O: \"##/##\"\nempty:\n  - [0, 0, 1]\n  - [0, 0, 1]\n", 6},
		{"region", "board: 4x4\npieces:\n  O: \"##/##\"\nconstraints:\n  O:\n    region:\n      - [0, 0]\n      - [0, 0]\n", 8},
	}
	for _, c := range cases {
		_, err := ParseSpec("t.yaml", []byte(c.text), "")
		var pe *Error
		if !errors.As(err, &pe) || pe.Line != c.line || !strings.Contains(err.Error(), "listed twice (first at t.yaml:") {
			t.Errorf("%s: %v, want line %d 'listed twice'", c.name, err, c.line)
		}
	}
	// Distinct cells still read.
	if _, err := Parse("t.yaml", []byte("board: 4x4\npieces:\n  O: \"##/##\"\nempty:\n  - [0, 0]\n  - [3, 3]\n"), ""); err != nil {
		t.Error(err)
	}
}
