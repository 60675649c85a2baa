package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/internal/clihelp"
)

// helpWriteFailed turns a successful exit whose help could not be
// written into exit 2.
func (a *app) helpWriteFailed(code int, out *clihelp.ErrWriter) int {
	if code != exitOK || out.Err == nil {
		return code
	}
	a.printErr(fmt.Errorf("writing the help to stdout: %w", out.Err))
	return exitUsage
}

// groupTitles head the flag groups of a command that has more than one.
var groupTitles = []string{"Common flags:", "Tuning flags:", "Cluster flags:"}

// flagGroups lists each command's flags by group, in the order the help
// shows them (clihelp.Groups).
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

// setHelp sets up root's help command, every command's help at the
// width of a's stdout, and --version.
func (a *app) setHelp(root *cobra.Command) {
	clihelp.Install(root, clihelp.Setup{
		Groups:   helpGroups,
		Width:    func() int { return clihelp.Width(a.stdout) },
		HelpLong: "Help provides help for any command: polytile help solve is polytile solve --help.",
		Unknown:  func(msg string) error { return usageErr("%s (see %s --help)", msg, root.Name()) },
		Version:  versionString(),
	})
}

var helpGroups = clihelp.Groups{Titles: groupTitles, ByCommand: flagGroups}

func writeHelp(w io.Writer, c *cobra.Command, width int) error {
	return clihelp.Write(w, c, width, helpGroups)
}
