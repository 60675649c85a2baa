package textio

import (
	"strings"
	"unicode/utf8"
)

// Wrap fills each paragraph (line) of text to at most width columns,
// breaking between words; a word longer than width stays whole on its
// own line. Columns are counted in runes.
func Wrap(text string, width int) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		var b strings.Builder
		col := 0
		for _, word := range strings.Fields(line) {
			n := utf8.RuneCountInString(word)
			switch {
			case col == 0:
			case col+1+n > width:
				b.WriteByte('\n')
				col = 0
			default:
				b.WriteByte(' ')
				col++
			}
			b.WriteString(word)
			col += n
		}
		lines[i] = b.String()
	}
	return strings.Join(lines, "\n")
}
