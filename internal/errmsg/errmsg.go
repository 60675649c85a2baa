// Package errmsg tidies an error message for a person at a terminal: it
// drops the system call from a file error and clips a long quoted value.
// Both rewrite the text, as the errors reach the printer formatted with
// %v as often as wrapped.
package errmsg

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// syscallPrefix matches the system call Go's file errors start with
// ("stat FILE: no such file or directory"), at the start of the message
// or after a context ("--names: "), before the errors people meet.
var syscallPrefix = regexp.MustCompile(`(^|: )(?:stat|lstat|open|read) (.+?): (no such file or directory|permission denied|not a directory|is a directory|too many levels of symbolic links|file name too long|input/output error)`)

// PlainPath drops the system call from a file error's message:
// "stat nofile.sol: no such file or directory" becomes
// "nofile.sol: no such file or directory".
func PlainPath(msg string) string {
	return syscallPrefix.ReplaceAllString(msg, "$1$2: $3")
}

// MaxQuoted is the longest quoted value a message shows whole: a name
// (puzzle.MaxNameBytes, 256) with room for its escapes.
const MaxQuoted = 320

// longQuoted matches a double-quoted Go string (%q) of more than
// MaxQuoted bytes in a message.
var longQuoted = regexp.MustCompile(`"(?:[^"\\]|\\.){` + strconv.Itoa(MaxQuoted) + `,}"`)

// ClipQuoted shortens every quoted value of more than MaxQuoted bytes in
// msg to its first 40 bytes and its length, never cutting a character or
// an escape: a flag's value of 100 KB echoed whole would make its error a
// screenful or more for one wrong argument.
func ClipQuoted(msg string) string {
	return longQuoted.ReplaceAllStringFunc(msg, func(q string) string {
		head := q[1:41]
		for !utf8.ValidString(head) && len(head) > 0 { // a rune cut at the end
			head = head[:len(head)-1]
		}
		if i := strings.LastIndexByte(head, '\\'); i >= len(head)-9 && i >= 0 {
			head = head[:i] // an escape cut short (\u2028 is 6 bytes, \U0001F600 10)
		}
		return fmt.Sprintf(`"%s..." (%d bytes)`, head, len(q)-2)
	})
}
