package highs_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// Settings out of range or malformed are a *SettingError naming the
// setting; valid ones reach Options unchanged.
func ExampleSettings_Resolve() {
	opt, err := highs.Settings{MIPGap: 0.01, Threads: 2}.Resolve()
	fmt.Println(opt.MIPRelGap, opt.Threads, err)
	_, err = highs.Settings{Threads: 1000}.Resolve()
	var se *highs.SettingError
	fmt.Println(errors.As(err, &se), se.Setting)
	// Output:
	// 0.01 2 <nil>
	// true --threads 1000
}

func TestSettingsResolveRefusals(t *testing.T) {
	for _, c := range []struct {
		s       highs.Settings
		setting string
	}{
		{highs.Settings{MIPGap: -1}, "--mip-gap -1"},
		{highs.Settings{MIPGap: math.NaN()}, "--mip-gap NaN"},
		{highs.Settings{MIPGap: 2e6}, "--mip-gap 2e+06"},
		{highs.Settings{Threads: -1}, "--threads -1"},
		{highs.Settings{Threads: highs.MaxThreads + 1}, fmt.Sprintf("--threads %d", highs.MaxThreads+1)},
		{highs.Settings{Extra: []string{"novalue"}}, "--highs-option"},
		{highs.Settings{Extra: []string{"log_file=x"}}, "--highs-option"},
	} {
		_, err := c.s.Resolve()
		var se *highs.SettingError
		if !errors.As(err, &se) || se.Setting != c.setting || !strings.HasPrefix(err.Error(), c.setting+": ") {
			t.Errorf("%+v: %v, want a SettingError of %q", c.s, err, c.setting)
		}
	}
	opt, err := highs.Settings{MIPGap: highs.MaxMIPGap, Threads: highs.MaxThreads}.Resolve()
	if err != nil || opt.MIPRelGap != highs.MaxMIPGap || opt.Threads != highs.MaxThreads {
		t.Errorf("the bounds themselves: %+v, %v", opt, err)
	}
}

func TestIsOptionError(t *testing.T) {
	if !highs.IsOptionError(fmt.Errorf("x: %w", &highs.Error{Call: "Highs_setOptionValue(foo)"})) {
		t.Error("a refused Highs_set call is an option error")
	}
	if highs.IsOptionError(&highs.Error{Call: "Highs_run"}) || highs.IsOptionError(errors.New("Highs_set")) {
		t.Error("only a refused Highs_set call is an option error")
	}
}

func TestFormatGap(t *testing.T) {
	for g, want := range map[float64]string{0: "0.00%", 0.0125: "1.25%", 54: "5400.00%", math.Inf(1): "Large", math.NaN(): "Large"} {
		if got := highs.FormatGap(g); got != want {
			t.Errorf("FormatGap(%v) = %q, want %q", g, got, want)
		}
	}
}

// The progress line of maximum coverage shows the bound on cells and
// the gap of the summary, not HiGHS's raw dual bound and gap: on 21x21
// with a first solution of 8, bound 440 and (440 - 8) / 8.
func TestProgressLineBoundOnCells(t *testing.T) {
	p, err := puzzle.ParseFile("../examples/tetris-21x21.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := model.NewProgram(p, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.DefaultFormulation})
	if err != nil {
		t.Fatal(err)
	}
	got := highs.ProgressLine(prog, highs.Progress{Objective: 8, DualBound: 441.0, Gap: 54.125, Nodes: 3})
	if want := "HiGHS  nodes 3  0.000 s  best 8  bound 440  gap 5400.00%"; got != want {
		t.Errorf("progress %q, want %q", got, want)
	}
	got = highs.ProgressLine(prog, highs.Progress{Objective: math.Inf(-1), Nodes: 0})
	if got != "HiGHS  nodes 0  0.000 s" {
		t.Errorf("progress before a solution: %q", got)
	}
}
