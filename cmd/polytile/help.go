package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/internal/clihelp"
)

// This file holds the help command, the check that its text was written,
// and the flag groups every command's help lists (common first, then
// tuning, then cluster); internal/clihelp renders the text.

// helpWriteFailed turns a successful exit whose help text could not be
// written into exit 2 with the error.
func (a *app) helpWriteFailed(code int, out *clihelp.ErrWriter) int {
	if code != exitOK || out.Err == nil {
		return code
	}
	a.printErr(fmt.Errorf("writing the help to stdout: %w", out.Err))
	return exitUsage
}

// helpCmd is "polytile help [command]": an unknown topic is a usage
// error (exit 2) with the near names, as an unknown command is.
func helpCmd(root *cobra.Command) *cobra.Command {
	return clihelp.Command(root, "Help provides help for any command: polytile help solve is polytile solve --help.", func(msg string) error {
		return usageErr("%s (see %s --help)", msg, root.Name())
	})
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
		// A write error is kept by the command's output (clihelp.ErrWriter).
		_ = writeHelp(c.OutOrStdout(), c, clihelp.Width(a.stdout))
	})
}

// writeHelp writes c's help with polytile's flag groups, every line at
// most width columns (but for an example or a word longer than the
// width).
func writeHelp(w io.Writer, c *cobra.Command, width int) error {
	return clihelp.Write(w, c, width, clihelp.Groups{Titles: groupTitles, ByCommand: flagGroups})
}
