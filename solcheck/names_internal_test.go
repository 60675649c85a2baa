package solcheck

import "testing"

func TestNamesNotOf(t *testing.T) {
	for _, c := range []struct {
		n, total int
		want     string
	}{
		{1, 1, "its only name is not a column"},
		{1, 2, "1 of its 2 names is not a column"},
		{2, 2, "none of its 2 names is a column"},
		{2, 5, "2 of its 5 names are not columns"},
	} {
		if got := namesNotOf(c.n, c.total, "a column", "not a column", "not columns"); got != c.want {
			t.Errorf("namesNotOf(%d, %d) = %q, want %q", c.n, c.total, got, c.want)
		}
	}
}

// TestHasObjectiveLine: an "o" line of a competition-format answer marks
// an optimising program; comments, "v" and "s" lines do not, nor does an
// "o" that starts a longer word.
func TestHasObjectiveLine(t *testing.T) {
	for _, c := range []struct {
		data string
		want bool
	}{
		{"c clasp\no -9\ns OPTIMUM FOUND\nv x1 -x2\n", true},
		{"s SATISFIABLE\nv x1 -x2 0\n", false},
		{"c o -9\nopt 3\n", false},
		{"", false},
	} {
		if got := hasObjectiveLine([]byte(c.data)); got != c.want {
			t.Errorf("%q: %v, want %v", c.data, got, c.want)
		}
	}
}
