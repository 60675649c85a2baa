package compare

import "testing"

// TestSolverErrorCell: a solver's error cell is its ERROR lines, or its
// last line, on one line: not its whole log with newlines.
func TestSolverErrorCell(t *testing.T) {
	cases := map[string]string{
		"Running HiGHS 1.15\nCopyright\nERROR:   Option \"foo\" is unknown\nmore\n\n": `ERROR:   Option "foo" is unknown`,
		"Welcome to CBC\nError: bad line 3\nError: stop\nCoin0506I done\n":            "Error: bad line 3; Error: stop",
		"GLPSOL\nReading problem\nlast words\n":                                       "last words",
		"":                                                                            "(no output)",
	}
	for in, want := range cases {
		if got := tail([]byte(in)); got != want {
			t.Errorf("tail(%q) = %q, want %q", in, got, want)
		}
	}
}
