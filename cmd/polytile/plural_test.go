package main

import (
	"strings"
	"testing"
)

// TestArgumentCountSingular: "check needs PUZZLE SOLUTION (got 1
// arguments)" now says "got 1 argument" (and "got 3 arguments").
func TestArgumentCountSingular(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "a"}, "(got 1 argument)"},
		{[]string{"check", "a", "b", "c"}, "(got 3 arguments)"},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, code, errs, c.want)
		}
	}
}
