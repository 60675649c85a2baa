package textio

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 cells"}, {1, "1 cell"}, {2, "2 cells"}} {
		if got := Count(c.n, "cell"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	if got := Count(1, "copy", "copies") + ", " + Count(3, "copy", "copies"); got != "1 copy, 3 copies" {
		t.Errorf("irregular plural: %q", got)
	}
}
