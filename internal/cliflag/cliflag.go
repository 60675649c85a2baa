// Package cliflag holds generic rules for the flags of a cobra command
// tree: numeric flags with a range (Bounded, refusing a value with a
// *RangeError), walking every flag, making a single-valued flag refuse a
// second, different value, the rules that say when a flag applies
// (CheckApplies, a *NotApplicableError), and argument counts
// (ExactArgs, an *ArgCountError) explained by an optional-value flag
// whose value was written after a space (a *SpacedValueError).
package cliflag

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Visit calls fn for every command under root (root included) and each of
// its local and persistent flags. A persistent flag is seen only on the
// command that declares it, and twice there (cobra lists it among the
// local flags too).
func Visit(root *cobra.Command, fn func(c *cobra.Command, f *pflag.Flag)) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		visit := func(f *pflag.Flag) { fn(c, f) }
		c.LocalFlags().VisitAll(visit)
		c.PersistentFlags().VisitAll(visit)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// Once is a flag value that takes one value, given any number of times:
// the same value again passes, another is refused naming both. With
// RefuseEmpty an explicit empty value is refused too (a flag that names a
// file, given an unset variable).
type Once struct {
	pflag.Value
	// Name is the flag's name, for the messages.
	Name string
	// RefuseEmpty refuses the value "".
	RefuseEmpty bool
	given       bool
	raw         string
}

// Set sets the wrapped value the first time, and refuses a different
// value after that.
func (o *Once) Set(s string) error {
	if s == "" && o.RefuseEmpty {
		return fmt.Errorf("--%s was given an empty file name: give a file, or leave the flag out", o.Name)
	}
	if o.given && s != o.raw {
		return fmt.Errorf("--%s was already given as %q: give it once", o.Name, o.raw)
	}
	if err := o.Value.Set(s); err != nil {
		return err
	}
	o.given, o.raw = true, s
	return nil
}

// onceBool keeps a boolean flag boolean for pflag (its help shows no
// "(default false)"); Set is Once's.
type onceBool struct {
	*Once
	isBool bool
}

func (o *onceBool) IsBoolFlag() bool { return o.isBool }

// onceBounded keeps a Bounded flag's range; Set is Once's.
type onceBounded struct {
	*Once
	b Bounded
}

func (o *onceBounded) Bounds() (lo, hi string) { return o.b.Bounds() }

// SetOnce wraps every single-valued flag under root (Visit) in a Once:
// array and slice flags, which are repeatable, are left alone.
// refuseEmpty says which flags refuse an empty value. wrap, when not nil,
// may return a value of its own around the Once (to keep an interface of
// the flag's value that Once hides); nil keeps the Once (for a boolean
// flag, a Once that pflag still sees as boolean; for a Bounded one, a
// Once that is still Bounded).
func SetOnce(root *cobra.Command, refuseEmpty func(name string) bool, wrap func(o *Once) pflag.Value) {
	seen := map[*pflag.Flag]bool{}
	Visit(root, func(_ *cobra.Command, f *pflag.Flag) {
		if seen[f] {
			return
		}
		seen[f] = true
		t := f.Value.Type()
		if strings.HasSuffix(t, "Array") || strings.HasSuffix(t, "Slice") {
			return
		}
		o := &Once{Value: f.Value, Name: f.Name, RefuseEmpty: refuseEmpty != nil && refuseEmpty(f.Name)}
		if wrap != nil {
			if v := wrap(o); v != nil {
				f.Value = v
				return
			}
		}
		if b, ok := o.Value.(Bounded); ok {
			f.Value = &onceBounded{Once: o, b: b}
			return
		}
		if b, ok := o.Value.(interface{ IsBoolFlag() bool }); ok {
			f.Value = &onceBool{Once: o, isBool: b.IsBoolFlag()}
			return
		}
		f.Value = o
	})
}

// SpacedValue finds, in the command line args of cmd, a flag with an
// optional value (a boolean, or one with a NoOptDefVal) written with its
// value after a space: pflag reads "--volume 3" as --volume with its
// default and the argument 3. valueOK says whether a word is a value the
// flag takes. It returns the flag as typed, the word after it and the
// flag, or a nil flag when there is none (arguments after "--" are not
// looked at).
func SpacedValue(cmd *cobra.Command, args []string, valueOK func(f *pflag.Flag, s string) bool) (arg, next string, flag *pflag.Flag) {
	for i := 0; i+1 < len(args); i++ {
		arg, next := args[i], args[i+1]
		if arg == "--" {
			break
		}
		var f *pflag.Flag
		switch {
		case strings.HasPrefix(arg, "--") && !strings.Contains(arg, "="):
			f = cmd.Flags().Lookup(arg[2:])
		case len(arg) == 2 && arg[0] == '-' && arg[1] != '-':
			f = cmd.Flags().ShorthandLookup(arg[1:])
		}
		if f == nil || f.NoOptDefVal == "" || strings.HasPrefix(next, "-") || !valueOK(f, next) {
			continue
		}
		return arg, next, f
	}
	return "", "", nil
}
