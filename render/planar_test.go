package render

import (
	"bytes"
	"fmt"
	"image/png"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// planarCase is a tiny hex or triangle puzzle with one tiling: piece k at
// at[k] in orientation 0.
type planarCase struct {
	name, src string
	at        []puzzle.Cell
	text      string // the text picture's grid
}

var planarCases = []planarCase{
	{"hex", "grid: hex\norientations: fixed\nboard: \"# # #/ # # #\"\npieces:\n  A: \"# # #\"\n  B: \"# # #\"\n",
		[]puzzle.Cell{{I: 0, J: 0}, {I: 1, J: 1}},
		" / \\ / \\ / \\\n| A   A   A |\n \\ / \\ / \\ / \\\n  | B   B   B |\n   \\ / \\ / \\ /"},
	{"triangle", "grid: triangle\norientations: fixed\nboard: \"####/.####\"\npieces:\n  A: \"####\"\n  B: \"####\"\n",
		[]puzzle.Cell{{I: 0, J: 0}, {I: 1, J: 1}},
		"   ____________\n  /           /\n /A  A  A  A /\n/___________/_____\n     /           /\n    /B  B  B  B /\n   /___________/"},
}

func (c planarCase) build(t *testing.T) (*puzzle.Puzzle, puzzle.Tiling) {
	t.Helper()
	p, err := puzzle.Parse(c.name+".yaml", []byte(c.src), "")
	if err != nil {
		t.Fatal(err)
	}
	var tl puzzle.Tiling
	for k, at := range c.at {
		tl.Placements = append(tl.Placements, puzzle.Placement{Piece: k, Orient: 0, At: at})
	}
	if _, err := p.Verify(tl, true); err != nil {
		t.Fatal(err)
	}
	return p, tl
}

// boundaryEdges counts, from the grid's neighbours alone, the edges a
// picture of tiling tl draws thick: those on the region's boundary and
// those between two pieces.
func boundaryEdges(p *puzzle.Puzzle, tl puzzle.Tiling) int {
	owner := map[puzzle.Cell]int{}
	for k, pl := range tl.Placements {
		for _, c := range p.Pieces[pl.Piece].Orients[pl.Orient] {
			owner[c.Add(pl.At)] = k
		}
	}
	twice := 0
	for c, o := range owner {
		for _, nb := range p.Grid.Neighbors(c, nil) {
			if on, ok := owner[nb]; !ok {
				twice += 2
			} else if on != o {
				twice++
			}
		}
	}
	return twice / 2
}

// TestPlanarPictures: the text of a hex and a triangle tiling draws the
// outlines of the pieces with each cell's symbol inside (a golden picture
// of a tiny board); the SVG has one polygon per
// cell and one thick line per boundary edge (counted from the grid's
// neighbours); the PNG has the SVG's size.
func TestPlanarPictures(t *testing.T) {
	for _, c := range planarCases {
		t.Run(c.name, func(t *testing.T) {
			p, tl := c.build(t)
			var txt bytes.Buffer
			if err := Tiling(&txt, p, tl, ASCII, Options{}); err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, l := range strings.Split(txt.String(), "\n") {
				lines = append(lines, strings.TrimRight(l, " "))
			}
			if got := strings.Join(lines, "\n"); !strings.Contains(got, c.text) {
				t.Errorf("text picture\n%s\nwant the lines\n%s", got, c.text)
			}
			var svg bytes.Buffer
			if err := Tiling(&svg, p, tl, SVG, Options{CellSize: 20}); err != nil {
				t.Fatal(err)
			}
			s := svg.String()
			if n, want := strings.Count(s, `<polygon class="cell"`), p.Area(); n != want {
				t.Errorf("%d cell polygons, want %d", n, want)
			}
			if n, want := strings.Count(s, `<line class="edge"`), boundaryEdges(p, tl); n != want {
				t.Errorf("%d thick edges, want %d", n, want)
			}
			var img bytes.Buffer
			if err := Tiling(&img, p, tl, PNG, Options{CellSize: 20}); err != nil {
				t.Fatal(err)
			}
			m, err := png.Decode(&img)
			if err != nil {
				t.Fatal(err)
			}
			var w, h int
			if _, err := fmtSscanSize(s, &w, &h); err != nil {
				t.Fatal(err)
			}
			if b := m.Bounds(); b.Dx() != w || b.Dy() != h {
				t.Errorf("PNG %v, SVG %dx%d", b, w, h)
			}
		})
	}
}

// fmtSscanSize reads the width and height of an SVG picture.
func fmtSscanSize(svg string, w, h *int) (int, error) {
	i := strings.Index(svg, "<svg ")
	return fmt.Sscanf(svg[i:], `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d"`, w, h)
}
