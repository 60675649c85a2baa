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
