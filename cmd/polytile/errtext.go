package main

import "regexp"

// syscallPrefix matches the system call Go's file errors start with
// ("stat FILE: no such file or directory"), at the start of the message
// or after a context ("--names: "), before the errors people meet.
var syscallPrefix = regexp.MustCompile(`(^|: )(?:stat|lstat|open|read) (.+?): (no such file or directory|permission denied|not a directory|is a directory|too many levels of symbolic links|file name too long|input/output error)`)

// plainPathError drops the system call from a file error's message:
// "stat nofile.sol: no such file or directory" (check, merge) becomes
// "nofile.sol: no such file or directory", as the puzzle readers and the
// outputs say it. The errors reach printErr formatted with %v as often as
// wrapped, so the message is rewritten, not the chain walked.
func plainPathError(msg string) string {
	return syscallPrefix.ReplaceAllString(msg, "$1$2: $3")
}
