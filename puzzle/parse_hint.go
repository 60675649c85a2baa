package puzzle

import (
	"bytes"
	"errors"
	"strings"
)

// formatHint adds to err, the error of reading data as format f (chosen
// from the file name or the default, YAML, when format is ""), which
// --from reads it when its bytes say it is another format: gzip data or
// XML (a BurrTools .xmpuzzle file) read as YAML or Knuth, and a Knuth
// file read as YAML. Stdin and an unknown extension default to YAML, and
// the YAML reader's message ("control character U+001F", a mapping
// expected) did not say why.
func formatHint(data []byte, format, f string, err error) error {
	if err == nil || f == FormatBurrTools {
		return err
	}
	var hint string
	switch {
	case len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b:
		hint = "the input is gzip-compressed: a BurrTools .xmpuzzle file? read it with --from burrtools"
	case format != "":
		return err // the format was asked for
	case looksXML(data):
		hint = "the input is XML: a BurrTools .xmpuzzle file? read it with --from burrtools"
	case f == FormatYAML && looksKnuth(data):
		hint = "the input looks like Knuth's polyomino format, a box line such as [0-9][0-5] first: read it with --from knuth"
	default:
		return err
	}
	var pe *Error
	if errors.As(err, &pe) {
		out := *pe
		out.Msg += " (" + hint + ")"
		return &out
	}
	return err
}

// looksXML reports whether data starts (after white space) with an XML
// declaration or a <puzzle> element.
func looksXML(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	return bytes.HasPrefix(t, []byte("<?xml")) || bytes.HasPrefix(t, []byte("<puzzle"))
}

// looksKnuth reports whether the first line that is not a Knuth comment
// ('|' first) or blank is a box line: cells in brackets, as [0-9][0-5].
func looksKnuth(data []byte) bool {
	for line := range strings.SplitSeq(string(data[:min(len(data), 1<<16)]), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "|") {
			continue
		}
		return strings.HasPrefix(t, "[") && strings.Contains(t, "]") && !strings.HasPrefix(t, "[[")
	}
	return false
}
