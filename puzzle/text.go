package puzzle

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// unsafeRune reports whether r must not appear in a name that polytile
// prints: control characters (C0, DEL, C1: terminal escapes start with
// them), line and paragraph separators, bidirectional formatting characters
// (which reorder what a terminal shows) and the zero-width no-break space.
func unsafeRune(r rune) bool {
	return unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Bidi_Control, r) ||
		unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r) || r == 0xfeff
}

// checkName refuses a name that is too long or holds an unsafe character;
// what says which name it is ("the puzzle's name").
func checkName(pos Pos, what, name string) error {
	if len(name) > MaxNameBytes {
		return limitErr(pos, "%s is %d bytes long; the limit is %d", what, len(name), MaxNameBytes)
	}
	if !utf8.ValidString(name) {
		return Errorf(pos, "%s is not valid UTF-8", what)
	}
	for _, r := range name {
		if unsafeRune(r) {
			return Errorf(pos, "%s %s contains the character %s: control, line-separator and bidirectional-formatting characters are not allowed in names (they would reach the terminal)",
				what, quoteName(name), describeRune(r))
		}
	}
	return nil
}

// describeRune names a character for a message: its code point and, for the
// common controls, what it is.
func describeRune(r rune) string {
	names := map[rune]string{0: "NUL", 0x07: "BEL", 0x08: "BS", 0x09: "tab", 0x0a: "line feed", 0x0d: "carriage return",
		0x1b: "ESC", 0x7f: "DEL", 0x9b: "CSI", 0x200e: "LRM", 0x200f: "RLM", 0x202e: "RLO", 0x202d: "LRO", 0xfeff: "BOM"}
	if n, ok := names[r]; ok {
		return fmt.Sprintf("%U (%s)", r, n)
	}
	return fmt.Sprintf("%U", r)
}

// quoteName quotes a name with every unsafe or non-printable character
// escaped, so that the message itself is safe to print.
func quoteName(s string) string {
	const show = 40
	if utf8.RuneCountInString(s) > show {
		s = string([]rune(s)[:show]) + "..."
	}
	return fmt.Sprintf("%+q", s)
}

// SafeText returns s with every character that is unsafe on a terminal
// (see checkName) replaced by its \u escape, for names that do not come
// from a validated puzzle (file names).
func SafeText(s string) string {
	if !strings.ContainsFunc(s, unsafeRune) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}
