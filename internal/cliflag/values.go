package cliflag

import (
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"github.com/polytile/polytile/internal/limits"
)

// Bounded is a numeric flag value with a range. Every bounded value
// refuses a value outside its range when the flag is parsed, with one
// *RangeError whatever is wrong (syntax, sign or range), and reads
// numbers by the rules of package limits (decimal digits, a minus sign
// only in front of a negative number, no plus sign).
type Bounded interface {
	pflag.Value
	// Bounds formats the smallest and largest accepted values.
	Bounds() (lo, hi string)
}

// RangeError is a value a Bounded flag refuses.
type RangeError struct {
	// Value is the value given.
	Value string
	// Want names what the flag takes ("an integer").
	Want string
	// Lo and Hi are the range, formatted as Bounds does.
	Lo, Hi string
}

// Error is "want an integer from 1 to 256" (the flag is named by pflag).
func (e *RangeError) Error() string { return "want " + e.Want + " from " + e.Lo + " to " + e.Hi }

// rangeErr is the RangeError of value s of b.
func rangeErr(b Bounded, s, want string) error {
	lo, hi := b.Bounds()
	return &RangeError{Value: s, Want: want, Lo: lo, Hi: hi}
}

// Int is an int flag value limited to [Lo, Hi].
type Int struct {
	P      *int
	Lo, Hi int
}

// Set reads s into *P when it is a decimal integer in range.
func (v *Int) Set(s string) error {
	n, err := limits.ParseInt(s, int64(v.Lo), int64(v.Hi))
	if err != nil {
		return rangeErr(v, s, "an integer")
	}
	*v.P = int(n)
	return nil
}

// String formats *P.
func (v *Int) String() string { return strconv.Itoa(*v.P) }

// Type is pflag's name of the type.
func (v *Int) Type() string { return "int" }

// Bounds formats the range.
func (v *Int) Bounds() (lo, hi string) { return strconv.Itoa(v.Lo), strconv.Itoa(v.Hi) }

// Int64 is an int64 flag value limited to [Lo, Hi].
type Int64 struct {
	P      *int64
	Lo, Hi int64
}

// Set reads s into *P when it is a decimal integer in range.
func (v *Int64) Set(s string) error {
	n, err := limits.ParseInt(s, v.Lo, v.Hi)
	if err != nil {
		return rangeErr(v, s, "an integer")
	}
	*v.P = n
	return nil
}

// String formats *P.
func (v *Int64) String() string { return strconv.FormatInt(*v.P, 10) }

// Type is pflag's name of the type ("int", as Int's).
func (v *Int64) Type() string { return "int" }

// Bounds formats the range.
func (v *Int64) Bounds() (lo, hi string) {
	return strconv.FormatInt(v.Lo, 10), strconv.FormatInt(v.Hi, 10)
}

// Duration is a time.Duration flag value limited to [Lo, Hi].
type Duration struct {
	P      *time.Duration
	Lo, Hi time.Duration
}

// Set reads s into *P when it is a duration without a plus sign, in range.
func (v *Duration) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err == nil {
		err = limits.CheckSign(s)
	}
	if err != nil || d < v.Lo || d > v.Hi {
		return rangeErr(v, s, "a duration such as 30s or 5m")
	}
	*v.P = d
	return nil
}

// String is "0" for zero, the value pflag leaves out of the help.
func (v *Duration) String() string {
	if *v.P == 0 {
		return "0"
	}
	return v.P.String()
}

// Type is pflag's name of the type.
func (v *Duration) Type() string { return "duration" }

// Bounds formats the range.
func (v *Duration) Bounds() (lo, hi string) { return v.Lo.String(), v.Hi.String() }

// Float is a float64 flag value limited to [Lo, Hi] (NaN refused).
type Float struct {
	P      *float64
	Lo, Hi float64
}

// Set reads s into *P when it is a decimal number in range.
func (v *Float) Set(s string) error {
	x, err := limits.ParseDecimal(s, false)
	if err != nil || x < v.Lo || x > v.Hi {
		return rangeErr(v, s, "a number")
	}
	*v.P = x
	return nil
}

// String formats *P.
func (v *Float) String() string { return strconv.FormatFloat(*v.P, 'g', -1, 64) }

// Type is pflag's name of the type.
func (v *Float) Type() string { return "float64" }

// Bounds formats the range.
func (v *Float) Bounds() (lo, hi string) {
	return strconv.FormatFloat(v.Lo, 'g', -1, 64), strconv.FormatFloat(v.Hi, 'g', -1, 64)
}

// Checked is a string flag value that check accepts when the flag is
// parsed, so that a bad value is the flag's error.
type Checked struct {
	P     *string
	Check func(string) error
}

// Set stores s in *P when Check accepts it.
func (v *Checked) Set(s string) error {
	if err := v.Check(s); err != nil {
		return err
	}
	*v.P = s
	return nil
}

// String is *P.
func (v *Checked) String() string { return *v.P }

// Type is "string".
func (v *Checked) Type() string { return "string" }

// bounded registers b under name with its range appended to usage.
func bounded(fs *pflag.FlagSet, b Bounded, name, shorthand, usage string) *pflag.Flag {
	lo, hi := b.Bounds()
	return fs.VarPF(b, name, shorthand, usage+" ("+lo+" to "+hi+")")
}

// IntVarP registers an Int flag (shorthand may be "") with default value.
func IntVarP(fs *pflag.FlagSet, p *int, name, shorthand string, value, lo, hi int, usage string) *pflag.Flag {
	*p = value
	return bounded(fs, &Int{P: p, Lo: lo, Hi: hi}, name, shorthand, usage)
}

// Int64Var registers an Int64 flag with default value.
func Int64Var(fs *pflag.FlagSet, p *int64, name string, value, lo, hi int64, usage string) *pflag.Flag {
	*p = value
	return bounded(fs, &Int64{P: p, Lo: lo, Hi: hi}, name, "", usage)
}

// DurationVar registers a Duration flag with default value.
func DurationVar(fs *pflag.FlagSet, p *time.Duration, name string, value, lo, hi time.Duration, usage string) *pflag.Flag {
	*p = value
	return bounded(fs, &Duration{P: p, Lo: lo, Hi: hi}, name, "", usage)
}

// FloatVar registers a Float flag with default value.
func FloatVar(fs *pflag.FlagSet, p *float64, name string, value, lo, hi float64, usage string) *pflag.Flag {
	*p = value
	return bounded(fs, &Float{P: p, Lo: lo, Hi: hi}, name, "", usage)
}
