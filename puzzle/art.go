package puzzle

import (
	"fmt"
	"strings"
)

// ArtCells reads the inline art of one layer: rows separated by '/' or
// newlines, '#' a cell, '.' or ' ' empty. Row 0 is the first row. It returns
// the cells in layer l. It is the simple form used by tests and examples;
// the file parsers report positions of their own.
func ArtCells(art string, l int) ([]Cell, error) {
	rows := strings.FieldsFunc(art, func(r rune) bool { return r == '/' || r == '\n' })
	var cells []Cell
	for i, row := range rows {
		for j, ch := range row {
			switch ch {
			case '#':
				cells = append(cells, Cell{I: i, J: j, L: l})
			case '.', ' ', '\r':
			default:
				return nil, fmt.Errorf("row %d, column %d: unexpected %q in art (use '#' and '.')", i+1, j+1, ch)
			}
		}
	}
	return cells, nil
}
