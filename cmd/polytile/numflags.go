package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"github.com/polytile/polytile/internal/limits"
)

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
	// integers: +5s and -5s were told apart.
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
