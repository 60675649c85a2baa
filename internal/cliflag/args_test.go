package cliflag

import (
	"errors"
	"testing"

	"github.com/spf13/cobra"
)

// argsCmd is "root sub PUZZLE" with a bounded optional-value --volume, a
// boolean --nof and a string --output.
func argsCmd() *cobra.Command {
	root := &cobra.Command{Use: "root"}
	sub := &cobra.Command{Use: "sub PUZZLE", Args: ExactArgs(1, "PUZZLE"), RunE: func(*cobra.Command, []string) error { return nil }}
	var vol int
	IntVarP(sub.Flags(), &vol, "volume", "", 0, -1, 100, "")
	sub.Flags().Lookup("volume").NoOptDefVal = "1"
	sub.Flags().Bool("nof", true, "")
	sub.Flags().StringP("output", "o", "-", "")
	root.AddCommand(sub)
	return root
}

// TestExactArgs: a wrong count is an *ArgCountError naming the command,
// what it takes and the count (singular for one); the right count passes.
func TestExactArgs(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sub"}, "root sub needs PUZZLE (got 0 arguments); see root sub --help"},
		{[]string{"sub", "a", "b"}, "root sub needs PUZZLE (got 2 arguments); see root sub --help"},
		{[]string{"sub", "a"}, ""},
	} {
		root := argsCmd()
		root.SetArgs(c.args)
		err := root.Execute()
		var ac *ArgCountError
		switch {
		case c.want == "":
			if err != nil {
				t.Errorf("%v: %v", c.args, err)
			}
		case !errors.As(err, &ac) || ac.Want != "PUZZLE" || ac.Got != len(c.args)-1 || err.Error() != c.want:
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
	if got := (&ArgCountError{Command: "p version", Want: "no arguments", Got: 1}).Error(); got != "p version needs no arguments (got 1 argument); see p version --help" {
		t.Errorf("one argument: %q", got)
	}
}

// TestExplainArgCount: an argument count error that comes from an
// optional-value flag written with its value after a space becomes a
// *SpacedValueError that still unwraps to the count; a word the flag does
// not take, a flag with a required value or another error is left alone.
func TestExplainArgCount(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sub", "p.yaml", "--volume", "3"}, "--volume 3: write --volume=3 (a value of --volume follows '='; after a space \"3\" is read as an argument, and root sub takes PUZZLE); see root sub --help"},
		{[]string{"sub", "--nof", "false", "p.yaml"}, "--nof false: write --nof=false (a value of --nof follows '='; after a space \"false\" is read as an argument, and root sub takes PUZZLE); see root sub --help"},
		{[]string{"sub", "p.yaml", "--volume", "101"}, ""},
		{[]string{"sub", "p.yaml", "--nof", "q.yaml"}, ""},
		{[]string{"sub", "p.yaml", "q.yaml", "-o", "x"}, ""},
	} {
		root := argsCmd()
		root.SetArgs(c.args)
		cmd, err := root.ExecuteC()
		var ac *ArgCountError
		if !errors.As(err, &ac) {
			t.Fatalf("%v: %v, want an argument count error", c.args, err)
		}
		hint := ExplainArgCount(cmd, c.args[1:], err)
		var sv *SpacedValueError
		switch {
		case c.want == "":
			if hint != nil {
				t.Errorf("%v: %v, want nil", c.args, hint)
			}
		case !errors.As(hint, &sv) || hint.Error() != c.want:
			t.Errorf("%v: %v, want %q", c.args, hint, c.want)
		case !errors.As(hint, &ac):
			t.Errorf("%v: the hint does not unwrap to the count", c.args)
		}
	}
	if ExplainArgCount(argsCmd(), []string{"--volume", "3"}, errors.New("other")) != nil {
		t.Error("an error that is no argument count error was explained")
	}
}

// TestOptionalValueOK: a boolean takes a boolean, a bounded integer an
// integer in its range, any other flag nothing.
func TestOptionalValueOK(t *testing.T) {
	sub := argsCmd().Commands()[0]
	fl := sub.Flags()
	for _, c := range []struct {
		flag, s string
		want    bool
	}{
		{"nof", "false", true}, {"nof", "1", true}, {"nof", "p.yaml", false},
		{"volume", "3", true}, {"volume", "-1", true}, {"volume", "101", false}, {"volume", "+3", false},
		{"output", "x", false},
	} {
		if got := OptionalValueOK(fl.Lookup(c.flag), c.s); got != c.want {
			t.Errorf("--%s %s: %t, want %t", c.flag, c.s, got, c.want)
		}
	}
}
