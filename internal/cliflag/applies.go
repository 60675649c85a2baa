package cliflag

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Rule says whether a flag applies given the values of the command's
// flags: "" when it does, else the reason it does not ("applies to
// --backend highs").
type Rule func(fs *pflag.FlagSet) string

// Rules classifies the flags of one command: the rule of each flag by name.
type Rules map[string]Rule

// Set gives each of names the rule r and returns rs.
func (rs Rules) Set(r Rule, names ...string) Rules {
	for _, n := range names {
		rs[n] = r
	}
	return rs
}

// Cond is a condition on the values of a command's flags.
type Cond func(fs *pflag.FlagSet) bool

// Is is the condition that the flag name has the value value.
func Is(name, value string) Cond {
	return func(fs *pflag.FlagSet) bool { return Value(fs, name) == value }
}

// Not is the condition that c is false.
func Not(c Cond) Cond { return func(fs *pflag.FlagSet) bool { return !c(fs) } }

// Refuse is the rule that gives why when the flags meet when.
func Refuse(when Cond, why string) Rule {
	return func(fs *pflag.FlagSet) string {
		if when(fs) {
			return why
		}
		return ""
	}
}

// First is the rule that gives the first reason any of rules gives.
func First(rules ...Rule) Rule {
	return func(fs *pflag.FlagSet) string {
		for _, r := range rules {
			if why := r(fs); why != "" {
				return why
			}
		}
		return ""
	}
}

// Always applies.
func Always(*pflag.FlagSet) string { return "" }

// Needs is the rule of a flag that only means something together with the
// flag other.
func Needs(other string) Rule {
	return func(fs *pflag.FlagSet) string {
		if f := fs.Lookup(other); f == nil || !f.Changed {
			return "only applies with --" + other
		}
		return ""
	}
}

// ValueIn is the rule of a flag that applies when the flag other has one
// of values (compared in lower case).
func ValueIn(other string, values ...string) Rule {
	return func(fs *pflag.FlagSet) string {
		v := strings.ToLower(Value(fs, other))
		for _, g := range values {
			if v == g {
				return ""
			}
		}
		if v == "" {
			return "applies to --" + other + " " + strings.Join(values, ", ") + ", and no --" + other + " was given"
		}
		return "applies to --" + other + " " + strings.Join(values, ", ") + ", not to --" + other + " " + v
	}
}

// Value is the value of the flag name in fs as a string, "" when fs has
// no such flag.
func Value(fs *pflag.FlagSet, name string) string {
	if f := fs.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

// IsTrue reports whether the flag name in fs is "true".
func IsTrue(fs *pflag.FlagSet, name string) bool { return Value(fs, name) == "true" }

// NotApplicableError is a flag given where it does not apply.
type NotApplicableError struct {
	// Flag is the flag's name; Why is its rule's reason.
	Flag, Why string
}

// Error is "--flag why".
func (e *NotApplicableError) Error() string { return "--" + e.Flag + " " + e.Why }

// CheckApplies returns a *NotApplicableError for the first flag given to
// cmd (in pflag's sorted order) whose rule in rules, else in global, says
// it does not apply. A flag with no rule passes: a test of the command
// tree should see that every flag has one.
func CheckApplies(cmd *cobra.Command, rules, global Rules) error {
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if err != nil {
			return
		}
		rule, ok := rules[f.Name]
		if !ok {
			rule, ok = global[f.Name]
		}
		if !ok {
			return
		}
		if why := rule(cmd.Flags()); why != "" {
			err = &NotApplicableError{Flag: f.Name, Why: strings.TrimSpace(why)}
		}
	})
	return err
}
