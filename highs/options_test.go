//go:build cgo && !nohighs

package highs

import (
	"context"
	"errors"
	"slices"
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

// TestUnknownStringOptionRefused: a HiGHS option of string type that is
// not known to name no file is refused by the binding and reported by
// UnknownStringOption (compare's highs-cli backend), whatever its name: a
// later HiGHS may add a file option that FileOption's name rule misses.
// Taking icrash_strategy off the known list stands for such an option; on
// the code before knownStrings, CheckExtra accepted it.
func TestUnknownStringOptionRefused(t *testing.T) {
	opt := []Option{{Name: "icrash_strategy", Value: "ica"}}
	if err := CheckExtra(opt); err != nil {
		t.Fatalf("icrash_strategy=ica refused while known: %v", err)
	}
	if UnknownStringOption("icrash_strategy") || UnknownStringOption("mip_rel_gap") || UnknownStringOption("no_such_option") {
		t.Fatal("a known string option, a number option or an unknown name reported as an unknown string option")
	}
	saved := knownStrings
	defer func() { knownStrings = saved }()
	knownStrings = slices.DeleteFunc(slices.Clone(saved), func(s string) bool { return s == "icrash_strategy" })
	err := CheckExtra(opt)
	if err == nil || !strings.Contains(err.Error(), "takes a string") {
		t.Fatalf("icrash_strategy off the known list: CheckExtra = %v, want a refusal", err)
	}
	if !UnknownStringOption("icrash_strategy") {
		t.Fatal("UnknownStringOption(icrash_strategy) = false off the known list")
	}
}

// TestNumericOptionValues: a numeric HiGHS option's value is checked by
// polytile's rule for numbers (limits.ParseInt; decimal floats without a
// plus sign or NaN) where HiGHS's reading would take it: HiGHS wrapped
// integers silently (mip_max_nodes=4294967297 was accepted as 1, and
// 2147483648 refused as "Value -2147483648 ... below lower bound") and
// took +5. A value HiGHS refuses keeps HiGHS's message.
func TestNumericOptionValues(t *testing.T) {
	for _, c := range []struct {
		opt  Option
		ok   bool
		ours bool // refused by polytile's rule, where HiGHS would take it (or wrap it)
	}{
		{Option{"mip_max_nodes", "4294967297"}, false, true},
		{Option{"mip_max_nodes", "2147483648"}, false, true},
		{Option{"mip_max_nodes", "99999999999999999999"}, false, true},
		{Option{"mip_max_nodes", "+5"}, false, true},
		{Option{"mip_max_nodes", "1e3"}, false, false},
		{Option{"mip_max_nodes", "0x10"}, false, false},
		{Option{"mip_max_nodes", "2147483647"}, true, false},
		{Option{"mip_max_nodes", "12"}, true, false},
		{Option{"mip_heuristic_effort", "+0.5"}, false, true},
		{Option{"mip_heuristic_effort", "0x1p-2"}, false, false},
		{Option{"mip_heuristic_effort", "1e400"}, false, false},
		{Option{"mip_heuristic_effort", "0.25"}, true, false},
		{Option{"mip_heuristic_effort", "2.5e-1"}, true, false},
	} {
		err := CheckExtra([]Option{c.opt})
		if (err == nil) != c.ok {
			t.Errorf("%s=%s: %v, want accepted %v", c.opt.Name, c.opt.Value, err, c.ok)
			continue
		}
		if err != nil && !strings.Contains(err.Error(), c.opt.Name) {
			t.Errorf("%s=%s: %v does not name the option", c.opt.Name, c.opt.Value, err)
		}
		// CheckOptionValue (highs-cli) leaves what HiGHS refuses to the
		// highs binary's own words.
		if err := CheckOptionValue(c.opt); c.ok && err != nil || c.ours && err == nil {
			t.Errorf("CheckOptionValue %s=%s: %v, want accepted %v", c.opt.Name, c.opt.Value, err, c.ok)
		}
		var he *Error
		if err != nil && c.ours == errors.As(err, &he) {
			t.Errorf("%s=%s: %v; want polytile's refusal %v, HiGHS's %v", c.opt.Name, c.opt.Value, err, c.ours, !c.ours)
		}
	}
}
