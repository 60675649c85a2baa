package cliflag

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestBoundedValues: each bounded type reads a value in range, refuses
// one just outside it, a plus sign and a malformed one with one
// *RangeError naming the range, and keeps the old value when it refuses.
func TestBoundedValues(t *testing.T) {
	var i int
	var i64 int64
	var d time.Duration
	var x float64
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	IntVarP(fs, &i, "jobs", "j", 1, 1, 256, "workers")
	Int64Var(fs, &i64, "limit", 0, 0, 1e12, "solutions")
	DurationVar(fs, &d, "time-limit", 0, 0, time.Hour, "stop after")
	FloatVar(fs, &x, "gap", 1e-4, 0, 1, "relative gap")
	for _, c := range []struct {
		flag, good string
		bad        []string
		want       string
		read       func() string
	}{
		{"jobs", "256", []string{"0", "257", "+1", "0x10", "1_0", " 1", "-0", "99999999999999999999"}, "want an integer from 1 to 256", func() string { return fs.Lookup("jobs").Value.String() }},
		{"limit", "010", []string{"-1", "1000000000001", "+5", "1e3"}, "want an integer from 0 to 1000000000000", func() string { return fs.Lookup("limit").Value.String() }},
		{"time-limit", "30s", []string{"-5s", "+5s", "2h", "5", "abc"}, "want a duration such as 30s or 5m from 0s to 1h0m0s", func() string { return d.String() }},
		{"gap", "0.25", []string{"-0.1", "1.5", "NaN", "0x1p-2", "+0.5", "1e400"}, "want a number from 0 to 1", func() string { return fs.Lookup("gap").Value.String() }},
	} {
		f := fs.Lookup(c.flag)
		b, ok := f.Value.(Bounded)
		if !ok {
			t.Fatalf("--%s is not Bounded", c.flag)
		}
		lo, hi := b.Bounds()
		if !strings.HasSuffix(f.Usage, " ("+lo+" to "+hi+")") {
			t.Errorf("--%s usage %q does not end with its range", c.flag, f.Usage)
		}
		if err := b.Set(c.good); err != nil {
			t.Errorf("--%s %s: %v", c.flag, c.good, err)
		}
		kept := c.read()
		for _, s := range c.bad {
			err := b.Set(s)
			var re *RangeError
			switch {
			case !errors.As(err, &re):
				t.Errorf("--%s %q: %v, want a *RangeError", c.flag, s, err)
			case re.Value != s || re.Lo != lo || re.Hi != hi || err.Error() != c.want:
				t.Errorf("--%s %q: %+v %q, want %q", c.flag, s, re, err, c.want)
			}
			if c.read() != kept {
				t.Errorf("--%s %q changed the value to %s", c.flag, s, c.read())
			}
		}
	}
	if i != 256 || i64 != 10 || d != 30*time.Second || x != 0.25 {
		t.Errorf("read %d %d %v %g", i, i64, d, x)
	}
}

// TestBoundedDefaults: a default is set and shown as pflag shows it (a
// zero duration "0", a float in its shortest form).
func TestBoundedDefaults(t *testing.T) {
	var d time.Duration
	var x float64
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	DurationVar(fs, &d, "t", 0, 0, time.Minute, "")
	FloatVar(fs, &x, "x", 1e-4, 0, math.Inf(1), "")
	if got := fs.Lookup("t").DefValue; got != "0" {
		t.Errorf("zero duration shown as %q", got)
	}
	if got := fs.Lookup("x").DefValue; got != "0.0001" || x != 1e-4 {
		t.Errorf("float default %q (%g)", got, x)
	}
	if _, hi := fs.Lookup("x").Value.(Bounded).Bounds(); hi != "+Inf" {
		t.Errorf("infinite bound shown as %q", hi)
	}
}

// TestSetOnceKeepsBounds: after SetOnce a bounded flag is still Bounded
// with its range, refuses a second value and still refuses one outside
// its range with a *RangeError.
func TestSetOnceKeepsBounds(t *testing.T) {
	root, sub := tree()
	var j int
	IntVarP(sub.Flags(), &j, "jobs", "j", 1, 1, 8, "")
	SetOnce(root, nil, nil)
	v := sub.Flags().Lookup("jobs").Value
	b, ok := v.(Bounded)
	if !ok {
		t.Fatalf("--jobs lost its range: %T", v)
	}
	if lo, hi := b.Bounds(); lo != "1" || hi != "8" {
		t.Errorf("bounds %s..%s", lo, hi)
	}
	var re *RangeError
	if err := v.Set("9"); !errors.As(err, &re) {
		t.Errorf("9: %v, want a *RangeError", err)
	}
	if v.Set("4") != nil || v.Set("5") == nil || j != 4 {
		t.Errorf("not one value: j=%d", j)
	}
}

// TestChecked: the check runs when the flag is parsed, its error is the
// flag's, and a refused value leaves the old one.
func TestChecked(t *testing.T) {
	from := "yaml"
	errBad := errors.New("unknown format")
	c := &cobra.Command{Use: "x", RunE: func(*cobra.Command, []string) error { return nil }}
	c.Flags().Var(&Checked{P: &from, Check: func(s string) error {
		if s != "yaml" && s != "knuth" {
			return errBad
		}
		return nil
	}}, "from", "")
	c.SetArgs([]string{"--from", "xml"})
	if err := c.Execute(); !errors.Is(err, errBad) || from != "yaml" {
		t.Errorf("--from xml: %v, from %q", err, from)
	}
	if err := c.Flags().Set("from", "knuth"); err != nil || from != "knuth" {
		t.Errorf("--from knuth: %v, from %q", err, from)
	}
}
