package cliflag

import (
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// tree is a root with a persistent flag and a subcommand with a string,
// a boolean, a slice and an optional-value int flag.
func tree() (root, sub *cobra.Command) {
	root = &cobra.Command{Use: "root"}
	root.PersistentFlags().BoolP("quiet", "q", false, "")
	sub = &cobra.Command{Use: "sub", Run: func(*cobra.Command, []string) {}}
	sub.Flags().StringP("output", "o", "-", "")
	sub.Flags().String("mode", "", "")
	sub.Flags().Bool("nof", true, "")
	sub.Flags().StringSlice("backends", nil, "")
	sub.Flags().Int("volume", 0, "")
	sub.Flags().Lookup("volume").NoOptDefVal = "1"
	root.AddCommand(sub)
	return root, sub
}

// TestVisit: every flag is seen, a persistent one only on the command
// that declares it (twice there: as a local and a persistent flag).
func TestVisit(t *testing.T) {
	root, _ := tree()
	var got []string
	Visit(root, func(c *cobra.Command, f *pflag.Flag) { got = append(got, c.Name()+" --"+f.Name) })
	want := "root --quiet,root --quiet,sub --backends,sub --mode,sub --nof,sub --output,sub --volume"
	if strings.Join(got, ",") != want {
		t.Errorf("visited %v, want %s", got, want)
	}
}

// TestSetOnce: a second, different value is refused naming both, the
// same value passes, a slice stays repeatable, a boolean stays boolean,
// and only the flags refuseEmpty names refuse "".
func TestSetOnce(t *testing.T) {
	root, sub := tree()
	SetOnce(root, func(name string) bool { return name == "output" }, nil)
	fs := sub.Flags()
	out := fs.Lookup("output").Value
	if err := out.Set("a.txt"); err != nil {
		t.Fatal(err)
	}
	if err := out.Set("a.txt"); err != nil {
		t.Errorf("the same value again: %v", err)
	}
	if err := out.Set("b.txt"); err == nil || err.Error() != `--output was already given as "a.txt": give it once` {
		t.Errorf("a second value: %v", err)
	}
	if err := out.Set(""); err == nil || !strings.Contains(err.Error(), "--output was given an empty file name") {
		t.Errorf("an empty file name: %v", err)
	}
	if err := fs.Lookup("mode").Value.Set(""); err != nil {
		t.Errorf("an empty value of a flag that names no file: %v", err)
	}
	b, ok := fs.Lookup("nof").Value.(interface{ IsBoolFlag() bool })
	if !ok || !b.IsBoolFlag() {
		t.Error("--nof is no longer boolean for pflag")
	}
	sl := fs.Lookup("backends").Value
	if sl.Set("a") != nil || sl.Set("b") != nil || sl.String() != "[a,b]" {
		t.Errorf("a slice flag is not repeatable: %s", sl)
	}
}

// wrapped is a value with an interface of its own around a Once.
type wrapped struct{ *Once }

func (wrapped) Extra() {}

// TestSetOnceWrap: wrap's value replaces the flag's, and still takes one
// value.
func TestSetOnceWrap(t *testing.T) {
	root, sub := tree()
	SetOnce(root, nil, func(o *Once) pflag.Value {
		if o.Name == "volume" {
			return wrapped{o}
		}
		return nil
	})
	v := sub.Flags().Lookup("volume").Value
	if _, ok := v.(interface{ Extra() }); !ok {
		t.Fatalf("wrap was not applied: %T", v)
	}
	if v.Set("2") != nil || v.Set("3") == nil {
		t.Error("the wrapped value does not take one value")
	}
}

// TestSpacedValue: an optional-value flag followed by a word it takes is
// found (long and short names); a word it does not take, a flag with a
// required value, a word after "--" or one written with '=' is not.
func TestSpacedValue(t *testing.T) {
	_, sub := tree()
	sub.Flags().BoolP("count", "c", false, "")
	ok := func(f *pflag.Flag, s string) bool {
		if f.Value.Type() == "bool" {
			_, err := strconv.ParseBool(s)
			return err == nil
		}
		_, err := strconv.Atoi(s)
		return err == nil
	}
	for _, c := range []struct {
		args      []string
		arg, next string
		flagFound string
	}{
		{[]string{"p.yaml", "--volume", "3"}, "--volume", "3", "volume"},
		{[]string{"--nof", "false", "p.yaml"}, "--nof", "false", "nof"},
		{[]string{"-c", "true", "p.yaml"}, "-c", "true", "count"},
		{[]string{"--volume", "x", "p.yaml"}, "", "", ""},
		{[]string{"-o", "3", "p.yaml"}, "", "", ""},
		{[]string{"--", "--volume", "3"}, "", "", ""},
		{[]string{"--volume=3", "4"}, "", "", ""},
	} {
		arg, next, f := SpacedValue(sub, c.args, ok)
		name := ""
		if f != nil {
			name = f.Name
		}
		if arg != c.arg || next != c.next || name != c.flagFound {
			t.Errorf("%v: %q %q %q, want %q %q %q", c.args, arg, next, name, c.arg, c.next, c.flagFound)
		}
	}
}
