package main

import (
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestRepeatedFlagRefused: a single-valued flag given twice with different
// values is exit 2 naming both, the same value twice passes, and a
// repeatable flag stays repeatable. Before the fix the last value won
// silently (export --format lp --format mps wrote MPS, exit 0; solve -j 2
// -j 3 ran 3 workers): the refused cases exited 0.
func TestRepeatedFlagRefused(t *testing.T) {
	p := example("pentomino-20x3.yaml")
	out := t.TempDir()
	for _, c := range []struct {
		args []string
		want string // "" : exit 0
	}{
		{[]string{"export", example("tetris-7x7.yaml"), "--format", "lp", "--format", "mps", "-o", out + "/t.x"}, `--format was already given as "lp"`},
		{[]string{"solve", p, "--count", "-q", "-j", "2", "-j", "3"}, `--jobs was already given as "2"`},
		{[]string{"solve", p, "-q", "--nof", "--nof=false"}, `--nof was already given as "true"`},
		{[]string{"solve", p, "-q", "--time-limit", "5s", "--time-limit=6s"}, `--time-limit was already given as "5s"`},
		{[]string{"solve", p, "-q", "-o", out + "/a.txt", "--output", out + "/b.txt"}, `--output was already given as`},
		{[]string{"info", p, "-q", "--quiet=false"}, `--quiet was already given as "true"`},
		{[]string{"solve", p, "--count", "-q", "-j", "2", "--jobs=2", "-q", "--nof", "--nof"}, ""},
		{[]string{"compare", p, "-q", "-b", "dlx", "-b", "fila", "--time-limit", "20s"}, ""},
	} {
		code, _, errs := run(t, "", c.args...)
		switch {
		case c.want == "" && code != exitOK:
			t.Errorf("%v: exit %d, want 0: %s", c.args, code, errs)
		case c.want != "" && (code != exitUsage || !strings.Contains(errs, c.want)):
			t.Errorf("%v: exit %d, %q; want exit 2 with %q", c.args, code, errs, c.want)
		}
	}
	if _, err := os.Stat(out + "/t.x"); !os.IsNotExist(err) {
		t.Errorf("a refused export wrote its file: %v", err)
	}
}

// TestEveryFlagTakesOneValue walks every command after setOnceFlags: each
// flag that is not an array or a slice refuses a second, different value,
// and keeps its range (numflags.go) and its boolean-ness.
func TestEveryFlagTakesOneValue(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	root := a.rootCmd()
	setOnceFlags(root)
	checked := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		check := func(f *pflag.Flag) {
			name := c.CommandPath() + " --" + f.Name
			typ := f.Value.Type()
			if strings.HasSuffix(typ, "Array") || strings.HasSuffix(typ, "Slice") {
				return
			}
			if _, ok := f.Value.(boundedFlag); !ok && numericType.MatchString(typ) {
				t.Errorf("%s lost its range", name)
			}
			if typ == "bool" {
				if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
					t.Errorf("%s is no longer a boolean flag for pflag", name)
				}
			}
			first := f.DefValue
			if err := f.Value.Set(first); err != nil {
				if f.NoOptDefVal == "" {
					return // a default shown in words (--render's "")
				}
				first = f.NoOptDefVal
				if err := f.Value.Set(first); err != nil {
					return
				}
			}
			if err := f.Value.Set(first); err != nil {
				t.Errorf("%s %q twice: %v", name, first, err)
			}
			other := "true"
			if first == "true" {
				other = "false"
			}
			if err := f.Value.Set(other); err == nil || !strings.Contains(err.Error(), "already given") {
				t.Errorf("%s %q then %q: %v, want refused as given twice", name, first, other, err)
			}
			checked++
		}
		c.LocalFlags().VisitAll(check)
		c.PersistentFlags().VisitAll(check)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	t.Logf("%d flags checked", checked)
	if checked < 60 {
		t.Fatalf("only %d flags checked; the walk is broken", checked)
	}
}
