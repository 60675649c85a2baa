package textio

import "testing"

func TestSeconds(t *testing.T) {
	for _, c := range []struct {
		s    float64
		want string
	}{{0.1574, "0.157 s"}, {2.084, "2.08 s"}, {119.994, "119.99 s"}, {113.4, "113.40 s"}, {120, "2m0s"}, {3725.6, "1h2m6s"}} {
		if got := Seconds(c.s); got != c.want {
			t.Errorf("Seconds(%v) = %q, want %q", c.s, got, c.want)
		}
	}
}
