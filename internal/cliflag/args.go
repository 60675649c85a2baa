package cliflag

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/internal/textio"
)

// ArgCountError is a command given the wrong number of arguments.
type ArgCountError struct {
	// Command is the command's path ("polytile solve").
	Command string
	// Want names what the command takes ("PUZZLE").
	Want string
	// Got is the number of arguments given.
	Got int
}

// Error names the command, what it takes and the number given.
func (e *ArgCountError) Error() string {
	return fmt.Sprintf("%s needs %s (got %s); see %s --help", e.Command, e.Want, textio.Count(e.Got, "argument"), e.Command)
}

// ExactArgs is cobra.ExactArgs returning an *ArgCountError that says
// what the n arguments are (want).
func ExactArgs(n int, want string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return &ArgCountError{Command: cmd.CommandPath(), Want: want, Got: len(args)}
		}
		return nil
	}
}

// SpacedValueError is an optional-value flag written with its value after
// a space ("--volume 3"), which pflag reads as the flag with its default
// and an argument: the cause of an ArgCountError.
type SpacedValueError struct {
	// Arg and Value are the flag as typed and the word after it.
	Arg, Value string
	// Flag is the flag's name.
	Flag string
	// Count is the argument count error it explains.
	Count *ArgCountError
}

// Error says to write "--volume=3".
func (e *SpacedValueError) Error() string {
	return fmt.Sprintf("%s %s: write --%s=%s (a value of --%s follows '='; after a space %q is read as an argument, and %s takes %s); see %s --help",
		e.Arg, e.Value, e.Flag, e.Value, e.Flag, e.Value, e.Count.Command, e.Count.Want, e.Count.Command)
}

// Unwrap returns the argument count error.
func (e *SpacedValueError) Unwrap() error { return e.Count }

// ExplainArgCount returns a *SpacedValueError when err is an
// *ArgCountError of cmd, run with the command line args, and an
// optional-value flag among args is followed by a word that is a value of
// it (OptionalValueOK); else nil.
func ExplainArgCount(cmd *cobra.Command, args []string, err error) error {
	var ac *ArgCountError
	if !errors.As(err, &ac) {
		return nil
	}
	arg, next, f := SpacedValue(cmd, args, OptionalValueOK)
	if f == nil {
		return nil
	}
	return &SpacedValueError{Arg: arg, Value: next, Flag: f.Name, Count: ac}
}

// OptionalValueOK says whether s is a value the optional-value flag f
// takes: a boolean for a boolean flag, an integer in range for a Bounded
// integer flag.
func OptionalValueOK(f *pflag.Flag, s string) bool {
	if f.Value.Type() == "bool" {
		_, err := strconv.ParseBool(s)
		return err == nil
	}
	b, ok := f.Value.(Bounded)
	if !ok || f.Value.Type() != "int" {
		return false
	}
	lo, hi := b.Bounds()
	l, err1 := strconv.ParseInt(lo, 10, 64)
	h, err2 := strconv.ParseInt(hi, 10, 64)
	if err1 != nil || err2 != nil {
		return false
	}
	_, err := limits.ParseInt(s, l, h)
	return err == nil
}
