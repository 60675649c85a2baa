package main

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// shownText is a string read from a shard result (the puzzle's title and
// file, the versions) as merge prints it: as it is when it is printable
// UTF-8, else Go-quoted, so that a file cannot send escape sequences or
// line breaks to the terminal.
func shownText(s string) string {
	if !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	for _, c := range s {
		if !unicode.IsPrint(c) {
			return strconv.Quote(s)
		}
	}
	return s
}
