// Command polytile turns polyomino and polycube tiling puzzles into every
// form a user needs: the ok / cover sets and the exact-cover matrix, a
// binary program solved by HiGHS or written as LP / MPS / DLX / Pyomo, the
// native DLX and FILA backtrackers, and a comparator of all of them.
//
// Run "polytile help" for the commands. Exit codes: 0 success, 1 the solver
// ran but found no solution (or backends disagree in compare), 2 bad input
// or usage, 130 interrupted by SIGINT, 143 stopped by SIGTERM.
package main

import (
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/puzzle"
)

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Exit))
}

func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "polytile",
		Short: "Polyomino and polycube tiling puzzles: exact cover, MIP, DLX and FILA",
		Long: `polytile reads a tiling puzzle (a YAML file, Knuth's box-and-pieces spec, or
a BurrTools .xmpuzzle file) and turns it into every form you need:

  info      the puzzle's cells, pieces, images (the ok / cover sets), bounds
  render    a picture of the board and pieces (ascii, ansi, svg, png)
  solve     count or find tilings with the native DLX / FILA solvers, or
            solve the binary program in-process with HiGHS; --max-coverage
            finds the best near-miss of an infeasible puzzle
  export    write the program as LP / MPS for any MIP solver, the exact-cover
            matrix for Knuth's dlx3 (or dlx1), CNF / OPB for SAT and
            pseudo-Boolean solvers, or a runnable Pyomo script
  check     read an external solver's solution file back, verify and draw it
  compare   run several backends on the same puzzles and check they agree
  bench     the benchmark suite of the FILA article on this machine
  merge     add up the results of a count split into shards (solve --shard)

PUZZLE is a file path or - for stdin. Exit codes: 0 success, 1 no solution
(or a disagreement in compare, or a count cut short by --time-limit), 2 bad
input or usage, 130/143 interrupted.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Example: `  polytile info examples/pentomino-10x6.yaml
  polytile solve examples/pentomino-10x6.yaml --count --unique
  polytile solve examples/tetris-7x7.yaml --max-coverage --render ansi
  polytile export examples/tetris-7x7.yaml --format lp --max-coverage -o t.lp`,
	}
	root.PersistentFlags().BoolVarP(&a.quiet, "quiet", "q", false, "no progress line")
	root.PersistentFlags().BoolVarP(&a.verbose, "verbose", "v", false, "show solver logs (HiGHS output) on stderr")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		return cliflag.CheckApplies(cmd, flagRules[cmd.Name()], globalFlags) // applies.go
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageErr("%v (see %s --help)", err, c.CommandPath())
	})
	root.CompletionOptions.DisableDefaultCmd = true
	// unknownCommandErr (lifecycle.go) adds the suggestions on one line.
	root.DisableSuggestions = true
	root.SuggestionsMinimumDistance = 2
	a.setHelp(root)
	for _, add := range []func() *cobra.Command{a.infoCmd, a.renderCmd, a.solveCmd, a.exportCmd, a.checkCmd, a.compareCmd, a.benchCmd, a.mergeCmd, a.versionCmd} {
		root.AddCommand(add())
	}
	return root
}

// addFromFlag adds the --from flag of every command that reads a puzzle,
// checked when it is parsed: a bad one is the flag's fault, not the file's.
func addFromFlag(fs *pflag.FlagSet, from *string) {
	fs.Var(&cliflag.Checked{P: from, Check: puzzle.CheckFormat}, "from", "input format: "+puzzle.FormatList()+" for problem N (default: by extension)")
}
