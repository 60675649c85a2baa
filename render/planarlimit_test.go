package render

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestPlanarPictureCellLimit: an SVG or PNG picture of a hex or triangle
// board draws one polygon per cell; a 1000x1000 hex board was a 565 MB SVG
// built in 1.9 GB. Above maxPlanarCells cells both the cheap check and the
// drawing refuse at once; the text picture still works, and the square
// grid (drawn by outlines) is not limited by cells.
func TestPlanarPictureCellLimit(t *testing.T) {
	hex := func(w, h int) *puzzle.Puzzle {
		t.Helper()
		p, err := puzzle.Parse("h.yaml", []byte("grid: hex\nboard: "+strconv.Itoa(w)+"x"+strconv.Itoa(h)+"\ncount: unlimited\npieces:\n  D: \"# #\"\n"), "")
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	big := hex(600, 600) // 360,000 hexagons
	if _, _, err := CheckPicture(big, 1, SVG, Options{}); err == nil || !strings.Contains(err.Error(), "more than the limit of 250000") {
		t.Errorf("CheckPicture of 360,000 hexagons: %v", err)
	}
	var out bytes.Buffer
	if err := Tiling(&out, big, puzzle.Tiling{}, SVG, Options{}); err == nil || out.Len() > 0 {
		t.Errorf("Tiling SVG of 360,000 hexagons: %v, %d bytes", err, out.Len())
	}
	small := hex(100, 100)
	if _, _, err := CheckPicture(small, 1, SVG, Options{}); err != nil {
		t.Errorf("10,000 hexagons: %v", err)
	}
	// Twenty-six tilings of 10,000 cells are more than the limit.
	if _, _, err := CheckPicture(small, 26, SVG, Options{}); err == nil {
		t.Error("a gallery of 260,000 hexagons passed")
	}
}
