package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// setOnceFlags makes every single-valued flag of root and its commands
// refuse a second, different value (exit 2 naming both): `--format lp
// --format mps`, `-o a.txt -o b.txt`, `--backend dlx --backend fila` or
// `--nof --nof=false` would otherwise take the last value silently and
// drop the first one typed. The same value again (`-q -q`) passes.
// Repeatable flags (string arrays and slices: --highs-option, -b,
// --solver-option) are left alone. An explicit empty value of a flag that
// names a file (pathFlags) is refused too. runMain applies it to the command tree
// it executes; rootCmd's own values are untouched, so tests that set
// flag values directly still can.
func setOnceFlags(root *cobra.Command) {
	cliflag.SetOnce(root, func(name string) bool { return pathFlags[name] }, func(o *cliflag.Once) pflag.Value {
		if b, ok := o.Value.(boundedFlag); ok {
			return &onceBounded{Once: o, b: b}
		}
		return nil
	})
}

// pathFlags are the flags whose value names a file or directory (of any
// command). An explicit empty value of one is refused: it is an unset
// variable, not a choice. Other string flags keep "" (--heuristic= is
// the canonical word of dlx's schedule in a count key).
// TestEmptyPathFlagsRefused fails on a flag that speaks of a FILE or
// DIR and is not listed here.
var pathFlags = map[string]bool{
	"output": true, "checkpoint": true, "count-key": true, "puzzle": true,
	"start": true, "highs-options-file": true, "names": true, "chart": true,
	"update": true, "examples": true, "dlx-solver": true,
}

// onceBounded keeps a numeric flag's range; Set is cliflag.Once's.
type onceBounded struct {
	*cliflag.Once
	b boundedFlag
}

func (o *onceBounded) bounds() (lo, hi string) { return o.b.bounds() }

// Every numeric flag of every command is registered through one of the
// helpers below (integers read by limits.ParseInt: decimal digits, a
// minus sign only in front of a negative number; the others refuse a
// plus sign the same way), which refuse a value outside its range when the flag is
// parsed (exit 2, naming the range). A flag has one error message, the
// same whether the value is malformed, signed or out of range
// (TestNumericFlagOneMessage). TestNumericFlagsBounded walks the
// commands and fails on a numeric flag registered any other way.

// boundedFlag is a numeric flag with a range.
type boundedFlag interface {
	pflag.Value
	// bounds formats the smallest and largest accepted values.
	bounds() (lo, hi string)
}

// intValue is an int flag limited to [lo, hi].
type intValue struct {
	p      *int
	lo, hi int
}

func (v *intValue) Set(s string) error {
	n, err := limits.ParseInt(s, int64(v.lo), int64(v.hi))
	if err != nil {
		return fmt.Errorf("want an integer from %d to %d", v.lo, v.hi)
	}
	*v.p = int(n)
	return nil
}
func (v *intValue) String() string           { return strconv.Itoa(*v.p) }
func (v *intValue) Type() string             { return "int" }
func (v *intValue) bounds() (string, string) { return strconv.Itoa(v.lo), strconv.Itoa(v.hi) }

// int64Value is an int64 flag limited to [lo, hi].
type int64Value struct {
	p      *int64
	lo, hi int64
}

func (v *int64Value) Set(s string) error {
	n, err := limits.ParseInt(s, v.lo, v.hi)
	if err != nil {
		return fmt.Errorf("want an integer from %d to %d", v.lo, v.hi)
	}
	*v.p = n
	return nil
}
func (v *int64Value) String() string { return strconv.FormatInt(*v.p, 10) }
func (v *int64Value) Type() string   { return "int" }
func (v *int64Value) bounds() (string, string) {
	return strconv.FormatInt(v.lo, 10), strconv.FormatInt(v.hi, 10)
}

// durationValue is a duration flag limited to [lo, hi].
type durationValue struct {
	p      *time.Duration
	lo, hi time.Duration
}

func (v *durationValue) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err == nil {
		err = limits.CheckSign(s) // as the integers (limits.ParseInt)
	}
	// One message whatever is wrong (syntax, sign or range), as the
	// integers: +5s and -5s get the same one.
	if err != nil || d < v.lo || d > v.hi {
		return fmt.Errorf("want a duration such as 30s or 5m from %v to %v", v.lo, v.hi)
	}
	*v.p = d
	return nil
}
func (v *durationValue) String() string {
	if *v.p == 0 {
		return "0" // what pflag takes for a zero default, left out of the help
	}
	return v.p.String()
}
func (v *durationValue) Type() string             { return "duration" }
func (v *durationValue) bounds() (string, string) { return v.lo.String(), v.hi.String() }

// floatValue is a float64 flag limited to [lo, hi] (NaN refused).
type floatValue struct {
	p      *float64
	lo, hi float64
}

func (v *floatValue) Set(s string) error {
	x, err := limits.ParseDecimal(s, false) // decimal only, as the integers
	if err != nil || x < v.lo || x > v.hi {
		return fmt.Errorf("want a number from %g to %g", v.lo, v.hi)
	}
	*v.p = x
	return nil
}
func (v *floatValue) String() string { return strconv.FormatFloat(*v.p, 'g', -1, 64) }
func (v *floatValue) Type() string   { return "float64" }
func (v *floatValue) bounds() (string, string) {
	return strconv.FormatFloat(v.lo, 'g', -1, 64), strconv.FormatFloat(v.hi, 'g', -1, 64)
}

// rangeNote is appended to a flag's help text.
func rangeNote(lo, hi string) string { return fmt.Sprintf(" (%s to %s)", lo, hi) }

// intFlag registers an int flag (shorthand may be "") accepting [lo, hi].
func intFlag(fs *pflag.FlagSet, p *int, name, shorthand string, value, lo, hi int, usage string) *pflag.Flag {
	*p = value
	v := &intValue{p: p, lo: lo, hi: hi}
	return fs.VarPF(v, name, shorthand, usage+rangeNote(v.bounds()))
}

// int64Flag registers an int64 flag accepting [lo, hi].
func int64Flag(fs *pflag.FlagSet, p *int64, name string, value, lo, hi int64, usage string) *pflag.Flag {
	*p = value
	v := &int64Value{p: p, lo: lo, hi: hi}
	return fs.VarPF(v, name, "", usage+rangeNote(v.bounds()))
}

// durationFlag registers a duration flag accepting [lo, hi].
func durationFlag(fs *pflag.FlagSet, p *time.Duration, name string, value, lo, hi time.Duration, usage string) *pflag.Flag {
	*p = value
	v := &durationValue{p: p, lo: lo, hi: hi}
	return fs.VarPF(v, name, "", usage+rangeNote(v.bounds()))
}

// floatFlag registers a float64 flag accepting [lo, hi].
func floatFlag(fs *pflag.FlagSet, p *float64, name string, value, lo, hi float64, usage string) *pflag.Flag {
	*p = value
	v := &floatValue{p: p, lo: lo, hi: hi}
	return fs.VarPF(v, name, "", usage+rangeNote(v.bounds()))
}

// visitFlags calls fn for every command under root and each of its
// local and persistent flags (cliflag.Visit): the flag-rule tests walk the
// tree with it.
var visitFlags = cliflag.Visit

// settingFlags names solve's flag of each native setting IdleSettings
// examines (mergePuzzle reads the same names).
var settingFlags = []struct {
	setting native.Settings
	name    string
}{
	{native.SetFilaAt, "fila-at"},
	{native.SetSchedule, "heuristic"},
	{native.SetNOF, "nof"},
	{native.SetVolume, "volume"},
	{native.SetRedundancy, "redundancy"},
	{native.SetWorkers, "jobs"},
}

// givenSettings is the set of native settings whose flags were given
// (changed reports a flag given by name, as pflag.FlagSet.Changed).
func givenSettings(changed func(name string) bool) native.Settings {
	var given native.Settings
	for _, s := range settingFlags {
		if changed(s.name) {
			given |= s.setting
		}
	}
	return given
}

// idleFlags refuses (exit 2) a flag that would do nothing:
// native.Config.IdleSettings says when and why, for solve as for
// compare's native options. maxCoverage asks for the maximum-coverage
// search (p unused); else p is the puzzle (nil: nothing to say yet): with
// an unlimited piece a --fila-at N or a --heuristic with levels, with the
// symmetric key every flag of the FILA search given (f.given) and a
// --redundancy that names a piece. fila says
// that --fila-at is read (--backend fila). The other native flags on
// maximum coverage are refused by their flag rule (applies.go, with
// IdleSettings's reason).
func idleFlags(p *puzzle.Puzzle, maxCoverage bool, f *solveFlags, fila bool) error {
	given := f.given
	if !fila || maxCoverage {
		given &^= native.SetFilaAt
	}
	cfg := native.Config{FilaAt: f.filaAt, Schedule: f.heuristic, Redundancy: f.redundancy}
	for _, i := range cfg.IdleSettings(p, maxCoverage, given) {
		switch i.Setting {
		case native.SetFilaAt:
			return usageErr("%s", i.Explain(fmt.Sprintf("--fila-at %d", f.filaAt), "--fila-at", ""))
		case native.SetSchedule:
			given := "--heuristic " + f.heuristic
			if f.heuristic == "" {
				given = `--heuristic ""` // --heuristic= (the default, given)
			}
			return usageErr("%s", i.Explain(given, "--heuristic", "--heuristic "+i.Instead))
		case native.SetNOF:
			return usageErr("%s", i.Explain(fmt.Sprintf("--nof=%t", f.nof), "--nof", ""))
		case native.SetVolume:
			return usageErr("%s", i.Explain("--volume", "--volume", ""))
		case native.SetRedundancy:
			return usageErr("%s", i.Explain("--redundancy "+f.redundancy, "--redundancy", ""))
		case native.SetWorkers:
			return usageErr("%s", i.Explain(fmt.Sprintf("--jobs %d", f.workers), "--jobs", ""))
		}
	}
	return nil
}

// exactArgs is cobra.ExactArgs with a message that names the argument.
// The error is an argCountError: runMain turns it into spaceValueHint's
// message when an optional-value flag was given its value after a space.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			msg := fmt.Sprintf("%s needs %s (got %s); see %s --help", cmd.CommandPath(), what, textio.Count(len(args), "argument"), cmd.CommandPath())
			return &exitError{code: exitUsage, err: &argCountError{msg: msg, want: what}}
		}
		return nil
	}
}

// argCountError is a command given the wrong number of arguments.
type argCountError struct {
	msg  string
	want string // what the command takes ("PUZZLE")
}

func (e *argCountError) Error() string { return e.msg }

// spaceValueHint explains an argument count error of cmd, run with the
// command line args, that comes from a flag with an optional value
// (--volume, --nof and every boolean) written with its value after a
// space: pflag reads "--volume 3" as --volume with its default and the
// argument 3. It returns the usage error "write --volume=3", or nil when
// no such flag is followed by a word that is a valid value for it.
func spaceValueHint(cmd *cobra.Command, args []string, e *argCountError) error {
	arg, next, f := cliflag.SpacedValue(cmd, args, optionalValueOK)
	if f == nil {
		return nil
	}
	return usageErr("%s %s: write --%s=%s (a value of --%s follows '='; after a space %q is read as an argument, and %s takes %s); see %s --help",
		arg, next, f.Name, next, f.Name, next, cmd.CommandPath(), e.want, cmd.CommandPath())
}

// optionalValueOK says whether s is a value the optional-value flag f
// takes: a boolean for a boolean flag, an integer in range for a
// bounded one.
func optionalValueOK(f *pflag.Flag, s string) bool {
	if f.Value.Type() == "bool" {
		_, err := strconv.ParseBool(s)
		return err == nil
	}
	b, ok := f.Value.(boundedFlag)
	if !ok || f.Value.Type() != "int" {
		return false
	}
	lo, hi := b.bounds()
	l, err1 := strconv.ParseInt(lo, 10, 64)
	h, err2 := strconv.ParseInt(hi, 10, 64)
	if err1 != nil || err2 != nil {
		return false
	}
	_, err := limits.ParseInt(s, l, h)
	return err == nil
}
