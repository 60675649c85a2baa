package puzzle

import (
	"fmt"
	"strings"
	"unicode"
)

// posFunc returns the file position of rune k of line r of a scalar's value
// (lines of the value are separated by '\n').
type posFunc func(r, k int) Pos

// artLimit bounds the cells of one art block and names them in the message.
type artLimit struct {
	max  int    // most cells allowed in all layers
	have int    // cells already read in earlier layers
	what string // "the board", "piece \"F\""
	grid Grid   // the hex grid reads cells at every other column
}

// parseArt reads one layer of ASCII art: rows separated by '/' or line
// breaks, '#' a cell, '.' or ' ' empty. Row 0 is the first row. Empty lines
// before the first and after the last row are ignored; every other row must
// have the length of the first ("ragged row" otherwise; on the hex and
// triangle grids, whose rows are offset, rows may differ). It returns the
// cells in layer l, at most lim.max - lim.have of them.
func parseArt(value string, l int, pos posFunc, lim artLimit) ([]Cell, error) {
	lines := strings.Split(value, "\n")
	first, last := 0, len(lines)
	for first < last && strings.TrimRight(lines[first], "\r") == "" {
		first++
	}
	for last > first && strings.TrimRight(lines[last-1], "\r") == "" {
		last--
	}
	if first == last {
		return nil, Errorf(pos(0, 0), "%s: empty ASCII art", lim.what)
	}
	var cells []Cell
	want, wantRow := -1, 0 // length of the first row, and its number
	i := 0                 // art row
	for r := first; r < last; r++ {
		line := strings.TrimSuffix(lines[r], "\r")
		j, start := 0, 0 // column in the art row, rune index where it starts
		k := 0           // rune index in the value line
		endRow := func() error {
			if want < 0 {
				want, wantRow = j, i
			} else if j != want && lim.grid == Square { // hex and triangle rows are offset: any length
				return Errorf(pos(r, start), "%s: ragged row: art row %d has %s, expected %d like row %d",
					lim.what, i+1, plural(j, "character"), want, wantRow+1)
			}
			i++
			j, start = 0, k+1
			return nil
		}
		for _, ch := range line {
			switch ch {
			case '/':
				if err := endRow(); err != nil {
					return nil, err
				}
				k++
				continue
			case '#':
				if lim.have+len(cells) >= lim.max {
					return nil, limitErr(pos(r, k), "%s has more than %d cells, the limit", lim.what, lim.max)
				}
				if lim.grid == Hex {
					if (i+j)&1 != 0 {
						return nil, Errorf(pos(r, k), "%s: '#' at art row %d, column %d lies between two hexagons: in hex art each row is offset by half a cell, and a cell's row and column (from 1) add up to an even number (e.g. \"# #/ # #\")",
							lim.what, i+1, j+1)
					}
					cells = append(cells, Cell{I: i, J: (j + i) / 2, L: l}) // axial (r, q), grid.go
					break
				}
				cells = append(cells, Cell{I: i, J: j, L: l})
			case '.', ' ':
			default:
				return nil, Errorf(pos(r, k), "%s: unexpected character %s in ASCII art (use '#' for a cell, '.' or ' ' for empty)",
					lim.what, quoteRune(ch))
			}
			j++
			k++
		}
		if err := endRow(); err != nil {
			return nil, err
		}
	}
	return cells, nil
}

// quoteRune quotes a character for a message: 'x' for printable ASCII,
// else its code point.
func quoteRune(r rune) string {
	switch {
	case r >= 0x21 && r <= 0x7e:
		return "'" + string(r) + "'"
	case r == '\t':
		return "a tab (U+0009)"
	case r == ' ':
		return "a space (U+0020)"
	case r > 0x7f && unicode.IsPrint(r):
		return fmt.Sprintf("'%c' (%U)", r, r)
	}
	return fmt.Sprintf("%U", r)
}

// plural formats a count with a noun: "1 character", "2 characters".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
