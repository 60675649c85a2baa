package main

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestNumericFlagOneMessage: every bounded numeric flag of every command
// answers every bad value (malformed, a plus sign, a minus sign, below
// or above its range, overflowing int64) with one message that states
// its range, as the integer flags always did; a duration flag said
// "want a duration such as 30s or 5m from 0s to ..." for +5s but "want
// a duration from 0s to ..." for -5s.
func TestNumericFlagOneMessage(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	seen := 0
	visitFlags(a.rootCmd(), func(c *cobra.Command, f *pflag.Flag) {
		b, ok := f.Value.(boundedFlag)
		if !ok {
			return
		}
		seen++
		var bad []string
		switch v := b.(type) {
		case *intValue:
			bad = []string{"+1", "abc", "1e9", "0x10", "1_0", " 1", fmt.Sprint(int64(v.lo) - 1), fmt.Sprint(int64(v.hi) + 1), "99999999999999999999", "-99999999999999999999"}
		case *int64Value:
			bad = []string{"+1", "abc", "1e9", "0x10", "1_0", " 1", fmt.Sprint(v.lo - 1), fmt.Sprint(v.hi + 1), "99999999999999999999", "-99999999999999999999"}
		case *durationValue:
			bad = []string{"+5s", "-5s", "abc", "5", "1e9s", (v.lo - time.Nanosecond).String(), (v.hi + time.Second).String(), "99999999999999999999h", "-99999999999999999999h"}
		case *floatValue:
			bad = []string{"+1", "abc", "NaN", "0x1p-2", "1_0", "-1e400", "1e400", fmt.Sprint(v.lo - 1 - math.Abs(v.lo)), fmt.Sprint(v.hi + 1 + math.Abs(v.hi))}
		default:
			t.Errorf("%s --%s: bounded flag of type %T not covered by this test", c.CommandPath(), f.Name, b)
			return
		}
		lo, hi := b.bounds()
		first := ""
		for _, s := range bad {
			err := b.Set(s)
			if err == nil {
				t.Errorf("%s --%s accepts %q", c.CommandPath(), f.Name, s)
				continue
			}
			switch msg := err.Error(); {
			case first == "":
				first = msg
				if !strings.Contains(msg, lo) || !strings.Contains(msg, hi) {
					t.Errorf("%s --%s: %q does not state the range %s to %s", c.CommandPath(), f.Name, msg, lo, hi)
				}
			case msg != first:
				t.Errorf("%s --%s %s: %q; %s gave %q: one message for every bad value", c.CommandPath(), f.Name, s, msg, bad[0], first)
			}
		}
	})
	if seen < 8 {
		t.Fatalf("only %d bounded flags found; the walk is broken", seen)
	}
}
