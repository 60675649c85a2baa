package cliflag

import (
	"errors"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestCheckApplies: a given flag whose rule gives a reason is a
// *NotApplicableError naming it; a flag not given, one that applies, one
// without a rule and a global flag that applies pass; the first refused
// flag in sorted order is the one named.
func TestCheckApplies(t *testing.T) {
	rules := Rules{}.Set(Always, "format").
		Set(ValueIn("format", "lp", "mps"), "symmetry", "start").
		Set(Needs("start"), "start-time")
	global := Rules{}.Set(Always, "quiet")
	for _, c := range []struct {
		args []string
		flag string
		why  string
	}{
		{[]string{"--format", "LP", "--symmetry", "x"}, "", ""},
		{[]string{"--format", "cnf", "--symmetry", "x"}, "symmetry", "applies to --format lp, mps, not to --format cnf"},
		{[]string{"--symmetry", "x"}, "symmetry", "applies to --format lp, mps, and no --format was given"},
		{[]string{"--start-time", "1", "--symmetry", "x"}, "start-time", "only applies with --start"},
		{[]string{"--format", "mps", "--start", "s", "--start-time", "1", "-q", "--other", "y"}, "", ""},
	} {
		c0 := &cobra.Command{Use: "x", RunE: func(*cobra.Command, []string) error { return nil }}
		for _, n := range []string{"format", "symmetry", "start", "start-time", "other"} {
			c0.Flags().String(n, "", "")
		}
		c0.Flags().BoolP("quiet", "q", false, "")
		if err := c0.ParseFlags(c.args); err != nil {
			t.Fatal(err)
		}
		err := CheckApplies(c0, rules, global)
		var na *NotApplicableError
		switch {
		case c.flag == "":
			if err != nil {
				t.Errorf("%v: %v", c.args, err)
			}
		case !errors.As(err, &na) || na.Flag != c.flag || na.Why != c.why:
			t.Errorf("%v: %v, want --%s %s", c.args, err, c.flag, c.why)
		case err.Error() != "--"+c.flag+" "+c.why:
			t.Errorf("%v: message %q", c.args, err)
		}
	}
}

// TestValue: Value and IsTrue read a flag's value, "" for a missing flag.
func TestValue(t *testing.T) {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	fs.Bool("count", false, "")
	fs.String("mode", "exact", "")
	if err := fs.Parse([]string{"--count"}); err != nil {
		t.Fatal(err)
	}
	if !IsTrue(fs, "count") || IsTrue(fs, "mode") || Value(fs, "mode") != "exact" || Value(fs, "none") != "" {
		t.Errorf("count %t, mode %q, none %q", IsTrue(fs, "count"), Value(fs, "mode"), Value(fs, "none"))
	}
}

// TestRuleCombinators: Refuse gives its reason when the condition holds,
// Is and Not read a flag's value, and First gives the first reason.
func TestRuleCombinators(t *testing.T) {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	fs.String("backend", "fila", "")
	fs.Bool("max-coverage", false, "")
	highs := Is("backend", "highs")
	rule := First(Refuse(highs, "not with highs"), Refuse(Not(Is("max-coverage", "true")), "needs --max-coverage"))
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "needs --max-coverage"},
		{[]string{"--max-coverage"}, ""},
		{[]string{"--backend", "highs", "--max-coverage"}, "not with highs"},
		{[]string{"--backend", "highs"}, "not with highs"},
	} {
		_ = fs.Set("backend", "fila")
		_ = fs.Set("max-coverage", "false")
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		if got := rule(fs); got != c.want {
			t.Errorf("%v: %q, want %q", c.args, got, c.want)
		}
	}
}
