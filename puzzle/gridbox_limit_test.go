package puzzle

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestPlanarBoxLimit: a W x H board of the hex or triangle grid is a
// rhombus leaning by half a cell per row, so a board of few cells (1x5000:
// 5,000 hexagons, far under the cell limit) has a bounding box of 25
// million positions, over the limit of the board's box. It was refused by
// the region, at the board key's column 1, with "the board's bounding box
// has ... positions", a box the user never drew; it is now refused at the
// board's value, saying why. The boards at the limit still parse.
func TestPlanarBoxLimit(t *testing.T) {
	for _, c := range []struct {
		grid, board string
		ok          bool
	}{
		{"hex", "1x4097", false}, {"hex", "2x4096", false}, {"hex", "1x100000", false},
		{"triangle", "1x4096", false}, {"triangle", "1x100000", false},
		{"hex", "1x4096", true}, {"triangle", "1x4095", true}, {"hex", "1024x1024", true},
	} {
		src := fmt.Sprintf("grid: %s\nboard: %s\npieces:\n  A: \"#\"\n", c.grid, c.board)
		p, err := Parse("g.yaml", []byte(src), "")
		if c.ok {
			if err != nil || p.Area() < 1 {
				t.Errorf("%s %s: %v", c.grid, c.board, err)
			}
			continue
		}
		var pe *Error
		if err == nil || !errors.As(err, &pe) || pe.Line != 2 || pe.Col != 8 || !errors.Is(err, ErrLimit) ||
			!strings.Contains(err.Error(), "the "+c.grid+" board "+c.board+" is a rhombus leaning by half a cell per row") {
			t.Errorf("%s %s: %v; want a limit error at g.yaml:2:8 naming the rhombus", c.grid, c.board, err)
		}
	}
}
