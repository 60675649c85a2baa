//go:build cgo && !nohighs

package highs

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestExtraOptions: options passed through by name reach HiGHS; an
// unknown name or a bad value is an error carrying HiGHS's own message,
// and options the binding owns are refused before HiGHS sees them.
func TestExtraOptions(t *testing.T) {
	p := progPuzzle(t, "dominoes 3x3", "###/###/###", map[string]int{"D": 0}, progArts, puzzle.Free)
	pr := mustProg(t, p, progVariants[2])
	for _, c := range []struct {
		opt  Option
		want string // in HiGHS's message
	}{
		{Option{"no_such_option", "1"}, "no_such_option"},
		{Option{"mip_heuristic_effort", "lots"}, "mip_heuristic_effort"},
		{Option{"mip_heuristic_effort", "-3"}, "mip_heuristic_effort"},
	} {
		_, err := SolveProgram(context.Background(), pr, Options{Extra: []Option{c.opt}})
		var he *Error
		if !errors.As(err, &he) || !strings.Contains(he.Message, c.want) {
			t.Errorf("%v: %v, want an *Error with HiGHS's message naming %q", c.opt, err, c.want)
		}
		t.Logf("%v: %v", c.opt, err)
	}
	// The option takes effect: HiGHS's feasibility jump heuristic finds the
	// first solution of this program (a "J" row in the log) unless it is
	// switched off by name.
	jump := func(extra []Option) bool {
		var log []string
		res, err := SolveProgram(context.Background(), pr, Options{Extra: extra, Log: func(s string) { log = append(log, s) }})
		if err != nil || !res.Optimal {
			t.Fatalf("%v: %+v, %v", extra, res, err)
		}
		for _, l := range log {
			if strings.HasPrefix(l, " J ") {
				return true
			}
		}
		return false
	}
	if !jump(nil) || jump([]Option{{"mip_heuristic_run_feasibility_jump", "false"}}) {
		t.Error("mip_heuristic_run_feasibility_jump=false did not switch the heuristic off")
	}
	for _, name := range []string{"time_limit", "threads", "output_flag", "log_file", "mip_rel_gap"} {
		if _, err := SolveProgram(context.Background(), pr, Options{Extra: []Option{{name, "1"}}}); err == nil {
			t.Errorf("reserved option %s accepted", name)
		}
		if _, err := ParseOption(name + "=1"); err == nil {
			t.Errorf("ParseOption accepted reserved %s", name)
		}
	}
	for _, bad := range []string{"", "=1", "key", "key="} {
		if _, err := ParseOption(bad); err == nil {
			t.Errorf("ParseOption(%q) accepted", bad)
		}
	}
	if o, err := ParseOption(" mip_heuristic_effort = 0.3 "); err != nil || o != (Option{"mip_heuristic_effort", "0.3"}) {
		t.Errorf("ParseOption: %+v, %v", o, err)
	}
}
