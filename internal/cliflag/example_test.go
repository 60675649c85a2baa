package cliflag_test

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/internal/cliflag"
)

// A bounded flag refuses a value outside its range when it is parsed, with
// a typed error; a rule refuses a flag that does not apply.
func Example() {
	var jobs int
	cmd := &cobra.Command{Use: "solve PUZZLE", Args: cliflag.ExactArgs(1, "PUZZLE"), RunE: func(*cobra.Command, []string) error { return nil }}
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	cliflag.IntVarP(cmd.Flags(), &jobs, "jobs", "j", 1, 1, 256, "workers")
	cmd.Flags().Bool("count", false, "count every solution")

	cmd.SetArgs([]string{"p.yaml", "-j", "1000"})
	err := cmd.Execute()
	var re *cliflag.RangeError
	fmt.Println(errors.As(err, &re), re.Lo, re.Hi)

	rules := cliflag.Rules{}.Set(cliflag.Always, "count").Set(cliflag.Needs("count"), "jobs")
	cmd.SetArgs([]string{"p.yaml", "-j", "4"})
	cmd.PreRunE = func(c *cobra.Command, _ []string) error { return cliflag.CheckApplies(c, rules, nil) }
	fmt.Println(cmd.Execute())
	// Output:
	// true 1 256
	// --jobs only applies with --count
}
