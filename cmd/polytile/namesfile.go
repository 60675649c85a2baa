package main

import (
	"bytes"
	"strings"
)

// isLP reports whether data starts (after blank lines and backslash
// comments) with the objective section of a CPLEX LP file: Maximize,
// Minimize or one of their other spellings, as polytile export and
// glpsol --wlp write them. check --names read any text as an LP file
// (its words taken as column names), so a puzzle or a solution given by
// mistake was blamed on the solution file ("573 columns, 88 names given")
// or, with a solver that names its columns, not noticed at all.
func isLP(data []byte) bool {
	for line := range bytes.Lines(data) { // no copy of a file of up to 256 MiB
		if i := bytes.IndexByte(line, '\\'); i >= 0 {
			line = line[:i]
		}
		line = bytes.TrimLeft(line, " \t\r\n")
		f := strings.Fields(string(line[:min(len(line), 64)])) // the first word is short

		if len(f) == 0 {
			continue
		}
		switch strings.ToLower(f[0]) {
		case "maximize", "maximise", "maximum", "max", "minimize", "minimise", "minimum", "min":
			return true
		}
		return false
	}
	return false
}
