package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/internal/clihelp"
)

// This file holds the help command, the check that its text was written,
// and the flag groups every command's help lists (common first, then
// tuning, then cluster); internal/clihelp renders the text.

// recordingWriter passes writes to w and keeps the first error: cobra
// writes help and usage text to its output and drops write errors, and
// `polytile solve --help > /dev/full` must not exit 0 with no help
// written.
type recordingWriter struct {
	w   io.Writer
	err error
}

func (r *recordingWriter) Write(p []byte) (int, error) {
	n, err := r.w.Write(p)
	if err != nil && r.err == nil {
		r.err = err
	}
	return n, err
}

// helpWriteFailed turns a successful exit whose help text could not be
// written into exit 2 with the error.
func (a *app) helpWriteFailed(code int, out *recordingWriter) int {
	if code != exitOK || out.err == nil {
		return code
	}
	a.printErr(fmt.Errorf("writing the help to stdout: %w", out.err))
	return exitUsage
}

// helpCmd is "polytile help [command]", in place of cobra's (which
// prints "Unknown help topic" and the usage and exits 0): an unknown
// topic is a usage error (exit 2) with the near names, as an unknown
// command is.
func helpCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Help provides help for any command: polytile help solve is polytile solve --help.",
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := root.Find(args)
			if err == nil && cmd != nil && len(rest) == 0 {
				cmd.InitDefaultHelpFlag()    // as cobra's help command, so
				cmd.InitDefaultVersionFlag() // that the text is --help's
				return cmd.Help()
			}
			msg := fmt.Sprintf("unknown help topic %q", strings.Join(args, " "))
			if (cmd == nil || cmd == root) && len(args) > 0 {
				if s := root.SuggestionsFor(args[0]); len(s) > 0 {
					msg += "; did you mean " + strings.Join(s, " or ") + "?"
				}
			}
			return usageErr("%s (see %s --help)", msg, root.Name())
		},
	}
}

// Flag groups, in the order the help lists them.
const (
	groupCommon = iota
	groupTuning
	groupCluster
	nGroups
)

// groupTitles heads each group of a command with more than one group; a
// command with common flags only heads them "Flags:".
var groupTitles = []string{"Common flags:", "Tuning flags:", "Cluster flags:"}

// flagGroups lists, per command (by its path below the root, "" for the
// root), the flags of each group in the order the help shows them. A
// flag of the command missing here is listed last among the common ones.
var flagGroups = map[string][][]string{
	"":       {{"help", "version", "quiet", "verbose"}},
	"info":   {{"json", "from", "help"}},
	"render": {{"format", "output", "labels", "from", "help"}},
	"solve": {
		{"count", "limit", "unique", "max-coverage", "backend", "time-limit", "render", "output", "json", "jsonl", "stats", "from", "help"},
		{"heuristic", "nof", "fila-at", "volume", "redundancy", "jobs", "formulation", "strengthen", "no-warm-start", "mip-gap", "threads", "highs-option"},
		{"shard", "checkpoint", "count-key"},
	},
	"export": {
		{"format", "mode", "max-coverage", "output", "from", "help"},
		{"formulation", "strengthen", "symmetry", "dialect", "min-covered", "start", "start-format", "start-time", "highs-options-file"},
	},
	"check": {
		{"solver", "names", "mode", "max-coverage", "render", "output", "json", "from", "help"},
		{"formulation", "strengthen", "symmetry"},
	},
	"compare": {
		{"backends", "task", "time-limit", "format", "output", "chart", "update", "section", "from", "help"},
		{"enum-limit", "dlx-solver", "dlx-count", "solver-option"},
	},
	"bench": {{"format", "output", "chart", "update", "time-limit", "examples", "help"}},
	"merge": {
		{"puzzle", "json", "from", "help"},
		{"backend", "heuristic", "fila-at", "nof", "volume", "redundancy"},
	},
	"version": {{"help"}},
	"help":    {{"help"}},
}

// setHelp makes root and its commands print writeHelp's text, wrapped
// to the width of a's stdout.
func (a *app) setHelp(root *cobra.Command) {
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		// A write error is kept by the command's output (recordingWriter).
		_ = writeHelp(c.OutOrStdout(), c, clihelp.Width(a.stdout))
	})
}

// writeHelp writes c's help with polytile's flag groups, every line at
// most width columns (but for an example or a word longer than the
// width).
func writeHelp(w io.Writer, c *cobra.Command, width int) error {
	return clihelp.Write(w, c, width, clihelp.Groups{Titles: groupTitles, ByCommand: flagGroups})
}
