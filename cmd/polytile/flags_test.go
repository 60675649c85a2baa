package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/internal/errmsg"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestEveryFlagIsClassified walks every flag of every command: each must
// have a rule in flagRules (or be a global flag), and every rule must name
// a flag that exists. A new flag cannot be added without saying when it
// applies.
func TestEveryFlagIsClassified(t *testing.T) {
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	root := a.rootCmd()
	seen := map[string]bool{}
	for _, cmd := range root.Commands() {
		if cmd.Hidden || cmd.Name() == "help" {
			continue
		}
		seen[cmd.Name()] = true
		rules, ok := flagRules[cmd.Name()]
		if !ok {
			t.Errorf("command %s has no entry in flagRules", cmd.Name())
			continue
		}
		cmd.InitDefaultHelpFlag()
		names := map[string]bool{}
		visit := func(f *pflag.Flag) {
			names[f.Name] = true
			if _, ok := rules[f.Name]; !ok {
				if _, ok := globalFlags[f.Name]; !ok {
					t.Errorf("%s --%s: not classified in flagRules (say when it applies)", cmd.Name(), f.Name)
				}
			}
		}
		cmd.LocalFlags().VisitAll(visit)
		cmd.InheritedFlags().VisitAll(visit)
		for name := range rules {
			if !names[name] {
				t.Errorf("flagRules[%s] has a rule for --%s, which the command does not have", cmd.Name(), name)
			}
		}
	}
	for name := range flagRules {
		if !seen[name] {
			t.Errorf("flagRules has a command %s that does not exist", name)
		}
	}
	var _ *cobra.Command = root
}

// A flag that does not apply is an error (exit 2, naming the flag and
// why), never ignored. Each of these was silently ignored before (or, for
// export, accepted in one case and refused in the other).
func TestInapplicableFlagsAreErrors(t *testing.T) {
	pent := example("pentomino-10x6.yaml")
	t7 := example("tetris-7x7.yaml")
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"solve", pent, "--backend", "highs", "--shard", "0/2"}, "--shard"},
		{[]string{"solve", pent, "--backend", "highs", "-j", "2"}, "--jobs"},
		{[]string{"solve", pent, "--backend", "highs", "--stats"}, "--stats"},
		{[]string{"solve", pent, "--backend", "highs", "--heuristic", "e"}, "--heuristic"},
		{[]string{"solve", pent, "--backend", "highs", "--nof"}, "--nof"},
		{[]string{"solve", pent, "--backend", "highs", "--fila-at", "3"}, "--fila-at"},
		{[]string{"solve", pent, "--backend", "highs", "--volume"}, "--volume"},
		{[]string{"solve", pent, "--backend", "highs", "--redundancy", "X"}, "--redundancy"},
		{[]string{"solve", pent, "--backend", "highs", "--formulation", "seed"}, "--formulation"},
		{[]string{"solve", pent, "--backend", "dlx", "--nof"}, "--nof"},
		{[]string{"solve", pent, "--backend", "dlx", "--fila-at", "3"}, "--fila-at"},
		{[]string{"solve", pent, "--mip-gap", "0.1"}, "--mip-gap"},
		{[]string{"solve", pent, "--threads", "1"}, "--threads"},
		{[]string{"solve", pent, "--highs-option", "mip_heuristic_effort=0.1"}, "--highs-option"},
		{[]string{"solve", t7, "--max-coverage", "--formulation", "seed"}, "--formulation"},
		{[]string{"solve", t7, "--max-coverage", "--strengthen"}, "--strengthen"},
		{[]string{"solve", t7, "--max-coverage", "--no-warm-start"}, "--no-warm-start"},
		{[]string{"solve", t7, "--max-coverage", "-j", "2"}, "--jobs"},
		{[]string{"solve", t7, "--max-coverage", "--volume"}, "--volume"},
		{[]string{"solve", t7, "--max-coverage", "--stats"}, "--stats"},
		{[]string{"solve", t7, "--max-coverage", "--backend", "highs", "--no-warm-start", "--heuristic", "e"}, "--heuristic"},
		{[]string{"export", pent, "--format", "lp", "--formulation", "packing"}, "--formulation"},
		{[]string{"export", pent, "--format", "lp", "--strengthen"}, "--strengthen"},
		{[]string{"export", t7, "--format", "dlx", "--max-coverage", "--formulation", "seed"}, "--formulation"},
		{[]string{"export", t7, "--format", "lp", "--dialect", "dlx1"}, "--dialect"},
		{[]string{"export", t7, "--format", "cnf", "--max-coverage", "--strengthen"}, "--strengthen"},
		{[]string{"export", t7, "--format", "lp", "--max-coverage", "--min-covered", "40"}, "--min-covered"},
		{[]string{"export", t7, "--format", "pyomo", "--symmetry", "pin"}, "--symmetry"},
		{[]string{"export", t7, "--format", "dlx", "--start", "x.mst"}, "--start"},
		{[]string{"export", t7, "--format", "lp", "--start-time", "5s"}, "--start-time"},
		{[]string{"compare", pent, "--dlx-count", "x(\\d+)"}, "--dlx-count"},
		{[]string{"compare", pent, "--section", "s"}, "--section"},
		{[]string{"compare", t7, "--task", "max-coverage", "--enum-limit", "3"}, "--enum-limit"},
	} {
		code, out, errs := run(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.flag) || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %.80q; want exit 2 naming %s", c.args, code, errs, out, c.flag)
		}
	}
	// ... and the same flags where they apply are accepted.
	for _, args := range [][]string{
		{"solve", pent, "--backend", "fila", "--nof", "--fila-at", "3", "--heuristic", "e", "--volume", "-j", "1", "--stats", "--redundancy", "auto", "-q"},
		{"solve", pent, "--backend", "dlx", "--heuristic", "s", "--shard", "0/1", "-q"},
		{"solve", t7, "--max-coverage", "--heuristic", "s", "-q"},
		{"export", t7, "--format", "lp", "--max-coverage", "--formulation", "packing", "--strengthen", "-o", "-"},
		{"export", pent, "--format", "dlx"},
	} {
		if code, _, errs := run(t, "", args...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
}

// TestFormatFlagMissingIsSaid: a format-specific export flag without any
// --format said "applies to --format dlx, not to --format" (an empty name);
// it now says that no --format was given.
func TestFormatFlagMissingIsSaid(t *testing.T) {
	code, _, errs := run(t, "", "export", example("tetris-7x7.yaml"), "--dialect", "dlx1")
	if code != 2 || !strings.Contains(errs, "no --format was given") {
		t.Errorf("exit %d, want 2 saying no --format was given: %s", code, errs)
	}
}

// numericType matches the pflag type names of numeric flags.
var numericType = regexp.MustCompile(`^(u?int(8|16|32|64)?|float(32|64)|duration|count)(Slice|Array)?$`)

// boundExempt lists numeric flags that are bounded some other way.
var boundExempt = map[string]string{}

// TestNumericFlagsBounded walks every command's flags: each numeric flag
// must be registered with a range (flags.go), its default inside it, and
// values just outside it refused. A numeric flag added without a bound
// fails here.
func TestNumericFlagsBounded(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	seen := 0
	cliflag.Visit(a.rootCmd(), func(c *cobra.Command, f *pflag.Flag) {
		b, ok := f.Value.(cliflag.Bounded)
		if !ok {
			if numericType.MatchString(f.Value.Type()) && boundExempt[c.Name()+" --"+f.Name] == "" {
				t.Errorf("%s --%s is a numeric flag (%s) without a bound: register it with cliflag.IntVarP, Int64Var or DurationVar",
					c.CommandPath(), f.Name, f.Value.Type())
			}
			return
		}
		seen++
		lo, hi := b.Bounds()
		if !strings.Contains(f.Usage, lo) || !strings.Contains(f.Usage, hi) {
			t.Errorf("%s --%s: the help does not state the range %s to %s", c.CommandPath(), f.Name, lo, hi)
		}
		for _, bad := range outside(b) {
			if err := b.Set(bad); err == nil {
				t.Errorf("%s --%s accepts %s, outside %s..%s", c.CommandPath(), f.Name, bad, lo, hi)
			}
		}
		if err := b.Set(f.DefValue); err != nil {
			t.Errorf("%s --%s: default %s outside its range: %v", c.CommandPath(), f.Name, f.DefValue, err)
		}
	})
	if seen < 8 {
		t.Fatalf("only %d bounded flags found; the walk is broken", seen)
	}
}

// outside returns values just beyond a flag's range, and absurd ones.
func outside(b cliflag.Bounded) []string {
	switch v := b.(type) {
	case *cliflag.Int:
		return []string{fmt.Sprint(int64(v.Lo) - 1), fmt.Sprint(int64(v.Hi) + 1), "99999999999999999999"}
	case *cliflag.Int64:
		return []string{fmt.Sprint(v.Lo - 1), fmt.Sprint(v.Hi + 1), "99999999999999999999"}
	case *cliflag.Duration:
		return []string{(v.Lo - time.Nanosecond).String(), (v.Hi + time.Second).String(), "-5s"}
	}
	return nil
}

// TestNumericFlagsRefused: the values of issue 11 are usage errors (exit 2)
// naming the range, before any work; -j 99999999999 used to die out of
// memory and --time-limit -5s was accepted by solve.
func TestNumericFlagsRefused(t *testing.T) {
	ex := example("pentomino-10x6.yaml")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"solve", ex, "--count", "-j", "99999999999"}, "from 1 to 256"},
		{[]string{"solve", ex, "--count", "-j", "10000"}, "from 1 to 256"},
		{[]string{"solve", ex, "--time-limit", "-5s"}, "from 0s to"},
		{[]string{"solve", ex, "--limit", "-1"}, "from 0 to"},
		{[]string{"solve", ex, "--fila-at", "99999999999"}, "from 0 to 1048576"},
		{[]string{"solve", ex, "--volume=-7"}, "from -1 to 1048576"},
		{[]string{"compare", ex, "--enum-limit", "0"}, "from 1 to"},
		{[]string{"compare", ex, "--time-limit", "-1s"}, "from 0s to"},
		{[]string{"bench", "--time-limit", "-1s"}, "from 0s to"},
		{[]string{"compare", ex, "--backends", "fila:j=100000"}, "from 1 to 256"},
	}
	for _, c := range cases {
		code, _, errs, _ := runWithin(t, 20*time.Second, c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("polytile %s: exit %d, stderr %q; want exit 2 naming %q", strings.Join(c.args, " "), code, errs, c.want)
		}
	}
}

// TestLongFlagValueClipped: a wrong flag value of 100 KB was echoed whole
// in its error (100 KB on stderr for "-j 999...", 200 KB for --from,
// which quoted it twice). Every quoted value past maxQuoted bytes is now
// clipped to 40 bytes and its length; the message still names the flag.
func TestLongFlagValueClipped(t *testing.T) {
	long := strings.Repeat("9", 100_000)
	pz := example("pentomino-10x6.yaml")
	for _, args := range [][]string{
		{"solve", pz, "-j", long},
		{"info", pz, "--from", long},
		{"solve", pz, "--heuristic", long},
		{"solve", pz, "--backend", long},
		{"solve", pz, "--shard", long},
		{"compare", pz, "--backends", long},
		{"export", pz, "--format", long},
	} {
		code, _, errs := run(t, "", args...)
		if code != exitUsage || len(errs) > 1000 || !strings.Contains(errs, `"9999999999999999999999999999999999999999..." (100000 bytes)`) {
			t.Errorf("%s %s: exit %d, %d bytes on stderr: %.300s", args[0], args[2], code, len(errs), errs)
		}
	}
	// Escapes and multi-byte characters are not cut in the middle.
	for _, v := range []string{strings.Repeat("é", 400), strings.Repeat(`\u2028`, 100), strings.Repeat("a\\\"", 200)} {
		got := errmsg.ClipQuoted(`x "` + v + `" y`)
		if !utf8.ValidString(got) || !strings.HasSuffix(got, `bytes) y`) || len(got) > 80 {
			t.Errorf("clipQuoted of %.20q...: %q", v, got)
		}
	}
	if short := `unknown backend "fila:x"`; errmsg.ClipQuoted(short) != short {
		t.Errorf("a short value was changed: %q", errmsg.ClipQuoted(short))
	}
}

// TestIntFlagsDecimal: every integer flag of every command reads decimal
// only. Before the fix the flags parsed with strconv.ParseInt(s, 0, 64):
// "010" was 8 (octal), "0x10" 16 and "08" refused. A plus sign and a
// minus zero are refused too (TestNumberSyntaxOneRule).
func TestIntFlagsDecimal(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	seen := 0
	cliflag.Visit(a.rootCmd(), func(c *cobra.Command, f *pflag.Flag) {
		var lo, hi int64
		get := func() int64 { return 0 }
		switch v := f.Value.(type) {
		case *cliflag.Int:
			lo, hi, get = int64(v.Lo), int64(v.Hi), func() int64 { return int64(*v.P) }
		case *cliflag.Int64:
			lo, hi, get = v.Lo, v.Hi, func() int64 { return *v.P }
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

// TestEmptyPathFlagsRefused: every flag of every command that names a
// file or directory (pathFlags; every string flag is either there or in
// notPaths), given an empty value (--checkpoint "$UNSET"), is exit 2
// naming the flag, before anything runs. `solve --count --checkpoint ""`
// counted without a checkpoint, `--count-key ""` wrote no key and
// `merge --puzzle ""` checked no puzzle, each without a word.
func TestEmptyPathFlagsRefused(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	root := a.rootCmd()
	setOnceFlags(root)
	n := 0
	cliflag.Visit(root, func(c *cobra.Command, f *pflag.Flag) {
		if f.Value.Type() != "string" {
			return
		}
		if !pathFlags[f.Name] {
			if !notPaths[f.Name] {
				t.Errorf("%s --%s (%q): a new string flag; list it in pathFlags if it names a file, else in notPaths here", c.CommandPath(), f.Name, f.Usage)
			}
			return
		}
		n++
		err := f.Value.Set("")
		if err == nil || !strings.Contains(err.Error(), "--"+f.Name) {
			t.Errorf("%s --%s \"\": %v, want an error naming the flag", c.CommandPath(), f.Name, err)
		}
	})
	if n < 10 {
		t.Fatalf("only %d string flags found; the walk is broken", n)
	}
	ex := example("pentomino-10x6.yaml")
	dir := t.TempDir()
	for _, args := range [][]string{
		{"solve", ex, "--count", "--checkpoint", ""},
		{"solve", ex, "--count", "--shard", "0/200", "--json", "-o", dir + "/r.json", "--count-key="},
		{"merge", "--puzzle=", dir},
	} {
		code, _, errs := run(t, "", args...)
		if code != exitUsage || !strings.Contains(errs, "empty file name") {
			t.Errorf("%v: exit %d, %q; want exit 2 about the empty file name", args, code, errs)
		}
	}
}

// notPaths are the string flags that name no file: their "" is a value
// (--heuristic= is dlx's schedule in a count key; --from= the default).
var notPaths = map[string]bool{
	"format": true, "formulation": true, "from": true, "mode": true, "render": true,
	"solver": true, "symmetry": true, "dlx-count": true, "section": true, "task": true,
	"dialect": true, "start-format": true, "backend": true, "heuristic": true,
	"redundancy": true, "count-key-recipe": true, "shard": true,
}

// TestJSONOutputNameSaid: `solve --json -o FILE` without the .json
// extension is the picture (the JSON goes to -o only as FILE.json); the
// refusal said only "the picture format is not known from the file
// name", of a picture the user did not ask for; so did --jsonl -o
// x.jsonl. It now says where the JSON goes.
func TestJSONOutputNameSaid(t *testing.T) {
	for _, out := range []string{filepath.Join(t.TempDir(), "result"), "/dev/null"} {
		code, _, errs := run(t, "", "solve", example("tetrominoes-5x4.yaml"), "--count", "--json", "-o", out)
		if code != exitUsage || !strings.Contains(errs, "-o FILE.json") {
			t.Errorf("--json -o %s: exit %d, %q; want exit 2 saying -o FILE.json", out, code, errs)
		}
		code, _, errs = run(t, "", "solve", example("tetrominoes-5x4.yaml"), "--limit", "2", "--jsonl", "-o", out+".jsonl")
		if code != exitUsage || !strings.Contains(errs, "stdout") {
			t.Errorf("--jsonl -o %s.jsonl: exit %d, %q; want exit 2 saying --jsonl goes to stdout", out, code, errs)
		}
	}
}

// TestBadFlagValueNamesTheFlag: a bad value of a flag was reported as the
// puzzle file's fault or without the flag: "--from /nonexist" said
// "FILE: unknown puzzle format "/nonexist"", --heuristic and --redundancy
// said "native: ..." (--heuristic after reading the puzzle, so a missing
// file hid it), --mode and --formulation "mode must be ...". Each now
// names its flag (exit 2); --from and --heuristic before any file is read.
func TestBadFlagValueNamesTheFlag(t *testing.T) {
	pz := example("pentomino-10x6.yaml")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"info", pz, "--from", "/nonexist"}, `invalid argument "/nonexist" for "--from" flag: unknown puzzle format`},
		{[]string{"info", "missing.yaml", "--from", "burrtools:0"}, `for "--from" flag: format "burrtools:0": the problem number must be 1 to 1000`},
		{[]string{"render", pz, "--from", "yamll"}, `for "--from" flag`},
		{[]string{"solve", pz, "--from", "/nonexist"}, `for "--from" flag`},
		{[]string{"export", pz, "--format", "lp", "--from", "x"}, `for "--from" flag`},
		{[]string{"check", pz, "t.sol", "--from", "x"}, `for "--from" flag`},
		{[]string{"compare", pz, "--from", "x"}, `for "--from" flag`},
		{[]string{"merge", ".", "--puzzle", pz, "--from", "x"}, `for "--from" flag`},
		{[]string{"solve", "missing.yaml", "--heuristic", "zz"}, `--heuristic: schedule "zz": unknown heuristic`},
		{[]string{"solve", pz, "--redundancy", "zz"}, `--redundancy: no piece named "zz"`},
		{[]string{"export", pz, "--format", "lp", "--mode", "zz"}, `--mode: mode must be exact or max-coverage`},
		{[]string{"export", pz, "--format", "lp", "--max-coverage", "--formulation", "zz"}, `--formulation: formulation must be seed or packing`},
	}
	for _, c := range cases {
		code, _, errs := run(t, "", c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, want 2 and %q: %s", strings.Join(c.args, " "), code, c.want, errs)
		}
	}
}

// TestFloatFlagsDecimal: every float flag reads decimal numbers only, as
// the integer flags do (TestIntFlagsDecimal). Before the fix --mip-gap
// took 0x1p-2 as 0.25 and 0x_1p-2 too: the test failed.
func TestFloatFlagsDecimal(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	seen := 0
	cliflag.Visit(a.rootCmd(), func(c *cobra.Command, f *pflag.Flag) {
		v, ok := f.Value.(*cliflag.Float)
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
				t.Errorf("%s --%s accepts %q (read as %g)", c.CommandPath(), f.Name, bad, *v.P)
			}
		}
	})
	if seen == 0 {
		t.Fatal("no float flag found; the walk is broken")
	}
}

// TestNumericFlagOneMessage: every bounded numeric flag of every command
// answers every bad value (malformed, a plus sign, a minus sign, below
// or above its range, overflowing int64) with one message that states
// its range, as the integer flags always did; a duration flag said
// "want a duration such as 30s or 5m from 0s to ..." for +5s but "want
// a duration from 0s to ..." for -5s.
func TestNumericFlagOneMessage(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	seen := 0
	cliflag.Visit(a.rootCmd(), func(c *cobra.Command, f *pflag.Flag) {
		b, ok := f.Value.(cliflag.Bounded)
		if !ok {
			return
		}
		seen++
		var bad []string
		switch v := b.(type) {
		case *cliflag.Int:
			bad = []string{"+1", "abc", "1e9", "0x10", "1_0", " 1", fmt.Sprint(int64(v.Lo) - 1), fmt.Sprint(int64(v.Hi) + 1), "99999999999999999999", "-99999999999999999999"}
		case *cliflag.Int64:
			bad = []string{"+1", "abc", "1e9", "0x10", "1_0", " 1", fmt.Sprint(v.Lo - 1), fmt.Sprint(v.Hi + 1), "99999999999999999999", "-99999999999999999999"}
		case *cliflag.Duration:
			bad = []string{"+5s", "-5s", "abc", "5", "1e9s", (v.Lo - time.Nanosecond).String(), (v.Hi + time.Second).String(), "99999999999999999999h", "-99999999999999999999h"}
		case *cliflag.Float:
			bad = []string{"+1", "abc", "NaN", "0x1p-2", "1_0", "-1e400", "1e400", fmt.Sprint(v.Lo - 1 - math.Abs(v.Lo)), fmt.Sprint(v.Hi + 1 + math.Abs(v.Hi))}
		default:
			t.Errorf("%s --%s: bounded flag of type %T not covered by this test", c.CommandPath(), f.Name, b)
			return
		}
		lo, hi := b.Bounds()
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

// TestNumberSyntaxOneRule: every number typed to polytile is read by one
// rule (limits.ParseInt): decimal digits, a minus sign only in front of a
// negative number, no plus sign, spaces or digit separators, leading
// zeros decimal. The table is every numeric flag of every command
// (walked: integers, durations, floats), --shard I/N and auto/N, the
// environment --shard auto reads, and compare's backend options. -j +5
// and --time-limit +5s were accepted while --shard +1/2 was refused.
// Fails on the old code (every flag's "+1", compare's fila:j=+2).
func TestNumberSyntaxOneRule(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	seen := map[string]int{}
	cliflag.Visit(a.rootCmd(), func(c *cobra.Command, f *pflag.Flag) {
		name := c.CommandPath() + " --" + f.Name
		var bad []string
		switch f.Value.(type) {
		case *cliflag.Int, *cliflag.Int64:
			bad = []string{"+1", "+0", "-0", " 1", "1 ", "\t1", "1_0", "0x1", "１", "1\n", ""}
		case *cliflag.Duration:
			bad = []string{"+1s", " 1s", "1s ", "1_0s"}
		case *cliflag.Float:
			bad = []string{"+1", " 1", "1 ", "1_0", "0x1p0"}
		default:
			return
		}
		seen[f.Value.Type()]++
		for _, s := range bad {
			if err := f.Value.Set(s); err == nil {
				t.Errorf("%s accepts %q", name, s)
			}
		}
	})
	if seen["int"] < 6 || seen["duration"] < 3 || seen["float64"] < 1 {
		t.Fatalf("numeric flags found: %v; the walk is broken", seen)
	}
	ex := example("pentomino-12x5.yaml")
	for _, s := range []string{"+1/2", "1/+2", " 1/2", "1/2 ", "1_0/20", "-0/2", "auto/+2", "auto/ 2"} {
		if code, _, errs := run(t, "", "solve", ex, "--count", "--shard", s); code != exitUsage || !strings.Contains(errs, "--shard") {
			t.Errorf("--shard %q: exit %d %s", s, code, errs)
		}
	}
	for _, env := range []string{"POLYTILE_SHARD_COUNT=+2", "JOB_COMPLETION_INDEX=+1", "JOB_COMPLETION_INDEX=-0"} {
		k, v, _ := strings.Cut(env, "=")
		t.Setenv("POLYTILE_SHARD_COUNT", "2")
		t.Setenv(k, v)
		if code, _, errs := run(t, "", "solve", ex, "--count", "--shard", "auto"); code != exitUsage || !strings.Contains(errs, k) {
			t.Errorf("%s: exit %d %s", env, code, errs)
		}
		os.Unsetenv("JOB_COMPLETION_INDEX")
	}
	for _, b := range []string{"fila:j=+2", "fila:at=+1", "fila:j=1_0", "fila:j=-0"} {
		if code, _, errs := run(t, "", "compare", ex, "--backends", b); code != exitUsage || !strings.Contains(errs, b[len("fila:"):]) {
			t.Errorf("compare --backends %s: exit %d %s", b, code, errs)
		}
	}
	// The problem number of --from burrtools:N too.
	for _, f := range []string{"burrtools:+1", "burrtools: 1", "burrtools:1_0"} {
		if code, _, errs := run(t, "", "info", example("soma.xmpuzzle"), "--from", f); code != exitUsage || !strings.Contains(errs, "problem number") {
			t.Errorf("--from %s: exit %d %s", f, code, errs)
		}
	}
	// Leading zeros are decimal, in --shard as in every flag.
	code, out, errs := run(t, "", "solve", ex, "--count", "--shard", "01/02", "--json")
	if code != 0 || !strings.Contains(out, `"index": 1,`) || !strings.Contains(out, `"count": 2,`) {
		t.Errorf("--shard 01/02: exit %d %s", code, errs)
	}
}

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
// and keeps its range (flags.go) and its boolean-ness.
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
			if _, ok := f.Value.(cliflag.Bounded); !ok && numericType.MatchString(typ) {
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

// TestHeuristicLevelsBounded: solve --heuristic and a compare backend's
// schedule refuse a level out of 1..1048576 or written with spaces (exit
// 2, naming the range), and compare refuses an option given twice. All of
// these used to run (the last repeated option winning).
func TestHeuristicLevelsBounded(t *testing.T) {
	pz := example("pentomino-20x3.yaml")
	for _, h := range []string{"e=99999999999:f=3", "f=2147483648", "e=9223372036854775807:f=3", "e= 11", "e=11 ", "e=+11", "e=1048577"} {
		code, stdout, errs := run(t, "", "solve", pz, "--count", "--heuristic", h)
		if code != 2 || stdout != "" || !strings.Contains(errs, "1 to 1048576") {
			t.Errorf("--heuristic %q: exit %d, stderr %q", h, code, errs)
		}
	}
	if code, _, errs := run(t, "", "solve", pz, "--max-coverage", "--heuristic", "f=2147483648"); code != 2 || !strings.Contains(errs, "1 to 1048576") {
		t.Errorf("--max-coverage --heuristic f=2147483648: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := run(t, "", "solve", pz, "--count", "--heuristic", "e=1048576:f=3"); code != 0 {
		t.Errorf("--heuristic e=1048576:f=3 (the largest level): exit %d, stderr %q", code, errs)
	}
	for _, c := range []struct{ spec, want string }{
		{"fila:e=99999999999:f=3", "1 to 1048576"},
		{"fila:j=2,j=3", "given twice"},
		{"fila:r=none,r=auto", "given twice"},
	} {
		code, stdout, errs := run(t, "", "compare", pz, "-b", c.spec)
		if code != 2 || stdout != "" || !strings.Contains(errs, c.want) {
			t.Errorf("compare -b %s: exit %d, stderr %q", c.spec, code, errs)
		}
	}
}

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

// TestOptionalValueAfterSpace: a flag whose value is optional (--volume,
// --nof and every boolean) given its value after a space reads the value
// as an extra argument; the error says how to write it (issue 34 item 3)
// instead of only counting the arguments. A wrong count with no such flag
// keeps the count message.
func TestOptionalValueAfterSpace(t *testing.T) {
	pz := example("pentomino-10x6.yaml")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", pz, "--volume", "3"}, "write --volume=3 "},
		{[]string{"solve", "--nof", "false", pz}, "write --nof=false "},
		{[]string{"info", pz, "--json", "true"}, "write --json=true "},
		{[]string{"export", pz, "--strengthen", "0", "--format", "lp"}, "write --strengthen=0 "},
		{[]string{"solve", "--volume", pz, pz}, "needs PUZZLE (got 2 arguments)"},
		{[]string{"solve", pz, pz, "--nof"}, "needs PUZZLE (got 2 arguments)"},
		{[]string{"solve", pz, "--nof", "maybe"}, "needs PUZZLE (got 2 arguments)"},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}
