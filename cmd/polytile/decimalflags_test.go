package main

import (
	"os"
	"strings"
	"testing"

	"github.com/polytile/polytile/compare"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestIntFlagsDecimal: every integer flag of every command reads decimal
// only. Before the fix the flags parsed with strconv.ParseInt(s, 0, 64):
// "010" was 8 (octal), "0x10" 16 and "08" refused. A plus sign and a
// minus zero are refused too (TestNumberSyntaxOneRule).
func TestIntFlagsDecimal(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	seen := 0
	visitFlags(a.rootCmd(), func(c *cobra.Command, f *pflag.Flag) {
		var lo, hi int64
		get := func() int64 { return 0 }
		switch v := f.Value.(type) {
		case *intValue:
			lo, hi, get = int64(v.lo), int64(v.hi), func() int64 { return int64(*v.p) }
		case *int64Value:
			lo, hi, get = v.lo, v.hi, func() int64 { return *v.p }
		default:
			return
		}
		seen++
		name := c.CommandPath() + " --" + f.Name
		for _, in := range []struct {
			s    string
			want int64
		}{{"010", 10}, {"08", 8}, {"0010", 10}, {"00", 0}} {
			err := f.Value.Set(in.s)
			switch {
			case in.want < lo || in.want > hi:
				if err == nil {
					t.Errorf("%s %s accepted outside %d..%d", name, in.s, lo, hi)
				}
			case err != nil:
				t.Errorf("%s %s: %v", name, in.s, err)
			case get() != in.want:
				t.Errorf("%s %s read as %d, want %d", name, in.s, get(), in.want)
			}
		}
		for _, bad := range []string{"0x10", "0o7", "0b1", "1_0", "1e1", " 1", "+9", "-0"} {
			if err := f.Value.Set(bad); err == nil {
				t.Errorf("%s accepts %q (read as %d)", name, bad, get())
			}
		}
	})
	if seen < 6 {
		t.Fatalf("only %d integer flags found; the walk is broken", seen)
	}
}

// TestIntFlagErrorNamesFlag: a refused integer exits 2 naming the flag and
// its range, and --limit 010 stops at 10 solutions, not 8.
func TestIntFlagErrorNamesFlag(t *testing.T) {
	code, _, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "-j", "0x10")
	if code != exitUsage || !strings.Contains(errs, "--jobs") || !strings.Contains(errs, "from 1 to 256") {
		t.Errorf("-j 0x10: exit %d, %q", code, errs)
	}
	code, out, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--limit", "010", "--json")
	if code != 0 || !strings.Contains(out, `"solutions": 10,`) {
		t.Errorf("--limit 010: exit %d, %s %s", code, out, errs)
	}
}

// TestNativeOptionBounds: the compare backends' integer options take the
// ranges of the matching solve flags; before the fix fila:j=0 was accepted
// though -j is 1 to 256.
func TestNativeOptionBounds(t *testing.T) {
	for _, c := range []struct {
		opt string
		ok  bool
	}{{"j=0", false}, {"j=1", true}, {"j=256", true}, {"j=257", false}, {"j=0x10", false}, {"j=010", true}, {"at=0", true}, {"at=-1", false}} {
		cfg, err := compare.NativeConfig("fila", []string{c.opt})
		if (err == nil) != c.ok {
			t.Errorf("fila:%s: err %v, want ok=%v", c.opt, err, c.ok)
		}
		if c.opt == "j=010" && cfg.Workers != 10 {
			t.Errorf("fila:j=010 read as %d workers", cfg.Workers)
		}
	}
}
