package frontier

import (
	"context"
	"testing"
	"time"
)

// TestChoose checks the automatic choice: FILA for the 12 pentominoes one
// each on 10x6 (their copies-used combinations), the frontier for
// dominoes and tetrominoes in unlimited supply, each decided quickly.
func TestChoose(t *testing.T) {
	cases := []struct {
		name     string
		frontier bool
		build    func() Choice
	}{
		{"12 pentominoes 10x6", false, func() Choice { return Choose(context.Background(), pentominoes(t, 6, 10, 1), Options{}) }},
		{"dominoes 8x8", true, func() Choice { return Choose(context.Background(), dominoes(t, 8, 8), Options{}) }},
		{"tetrominoes 8x8", true, func() Choice { return Choose(context.Background(), tetrominoes(t, 8, 8), Options{}) }},
		{"pentominoes unlimited 6x10", true, func() Choice { return Choose(context.Background(), pentominoes(t, 6, 10, 0), Options{}) }},
	}
	for _, tc := range cases {
		start := time.Now()
		c := tc.build()
		if took := time.Since(start); took > time.Second {
			t.Errorf("%s: chosen in %v", tc.name, took)
		}
		if c.Frontier != tc.frontier || c.Reason == "" {
			t.Errorf("%s: frontier %v (%s), want %v", tc.name, c.Frontier, c.Reason, tc.frontier)
		}
		t.Logf("%s: %s", tc.name, c.Reason)
	}
}
