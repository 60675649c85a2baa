package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// unknownCommandErr rewrites cobra's "unknown command" error on one line.
// Cobra appends its suggestions as "\n\nDid you mean this?\n\t<name>\n",
// and printErr escapes every control character of a message (file names in
// messages come from the user), so the suggestion printed as a run of \u000a
// escapes. The root command has DisableSuggestions set, and this adds the
// suggestions back in a form that needs no newline or tab. Any other error is
// returned as it is.
func unknownCommandErr(root *cobra.Command, err error) error {
	if err == nil {
		return nil
	}
	var typed, path string
	if n, _ := fmt.Sscanf(err.Error(), "unknown command %q for %q", &typed, &path); n != 2 {
		return err
	}
	msg := fmt.Sprintf("unknown command %q for %q", typed, path)
	// SuggestionsFor honours DisableSuggestions only in cobra's own message,
	// so it still finds the near names here.
	if s := root.SuggestionsFor(typed); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	}
	return usageErr("%s (see %s --help)", msg, path)
}

// helpCmd is "polytile help [command]": cobra's own printed "Unknown help
// topic" and the usage for a name it did not know, and exited 0. Here an
// unknown topic is a usage error (exit 2) with the near names, as an
// unknown command is.
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

// openOutputErr is the error of an output that could not be opened. Waiting
// for the reader of a FIFO is the only wait in opening one: when the
// command's --time-limit ends there, it is the time limit (exit 1, as for a
// search cut short, docs/reliability.md), not bad usage; a signal keeps its
// own exit code (exitCode reads it), and anything else is exit 2.
func openOutputErr(ctx context.Context, flag string, err error) error {
	if errors.Is(err, context.DeadlineExceeded) && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &exitError{code: exitNoSolution, err: fmt.Errorf("%s: time limit reached (--time-limit counts from the start of the command): %w", flag, err)}
	}
	return usageErr("%s: %v", flag, err)
}
