package main

import (
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
