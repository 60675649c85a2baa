package cliout

import (
	"fmt"
	"strings"
)

// StdinOnce refuses "-" (standard input) for more than one of paths, each
// named in the message by what (what[i] for paths[i]): the first to read
// stdin would take all of it, leaving the next an empty input.
func StdinOnce(what []string, paths ...string) error {
	var from []string
	for i, p := range paths {
		if p == "-" {
			from = append(from, what[i])
		}
	}
	if len(from) > 1 {
		return fmt.Errorf("%s read - (stdin), which can be read only once: give all but one of them as files", strings.Join(from, " and "))
	}
	return nil
}

// Given returns the paths that are given (not "").
func Given(paths ...string) []string {
	var out []string
	for _, p := range paths {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
