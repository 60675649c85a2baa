package main

import (
	"os"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestFloatFlagsDecimal: every float flag reads decimal numbers only, as
// the integer flags do (TestIntFlagsDecimal). Before the fix --mip-gap
// took 0x1p-2 as 0.25 and 0x_1p-2 too: the test failed.
func TestFloatFlagsDecimal(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	seen := 0
	visitFlags(a.rootCmd(), func(c *cobra.Command, f *pflag.Flag) {
		v, ok := f.Value.(*floatValue)
		if !ok {
			return
		}
		seen++
		for _, good := range []string{"0.25", "1e-3", "0", "2.5E1"} {
			if err := v.Set(good); err != nil {
				t.Errorf("%s --%s %s: %v", c.CommandPath(), f.Name, good, err)
			}
		}
		for _, bad := range []string{"0x1p-2", "0X1P-2", "0x_1p-2", "1_0", "0x10"} {
			if err := v.Set(bad); err == nil {
				t.Errorf("%s --%s accepts %q (read as %g)", c.CommandPath(), f.Name, bad, *v.p)
			}
		}
	})
	if seen == 0 {
		t.Fatal("no float flag found; the walk is broken")
	}
}
