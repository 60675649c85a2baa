package render

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// FuzzTiling draws arbitrary, mostly invalid tilings (unknown pieces and
// orientations, overlaps, placements off the board and far away) in every
// format: no panic, no error, valid SVG and PNG, and touching pieces still
// get different colours.
func FuzzTiling(f *testing.F) {
	f.Add([]byte{1, 1, 4, 4, 1, 1, 2, 5, 4, 1, 2, 1, 6, 6, 1})
	f.Add([]byte{0, 0, 0, 0, 0, 3, 9, 255, 0, 2})
	bar, _ := bars(f)
	cb, _ := cube(f)
	var planar []*puzzle.Puzzle // hex and triangle puzzles (planar_test.go)
	for _, c := range planarCases {
		p, err := puzzle.Parse(c.name+".yaml", []byte(strings.ReplaceAll(c.src, "fixed", "free")), "")
		if err != nil {
			f.Fatal(err)
		}
		planar = append(planar, p)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 200 {
			return
		}
		for _, p := range append([]*puzzle.Puzzle{bar, cb}, planar...) {
			var tl puzzle.Tiling
			for n := 0; n+5 <= len(data); n += 5 {
				d := data[n : n+5]
				at := puzzle.Cell{I: int(d[2]%12) - 4, J: int(d[3]%12) - 4, L: int(d[4]%3) - 1}
				if d[4] == 255 {
					at.I = 1 << 20 // very far away: not drawn, only counted
				}
				tl.Placements = append(tl.Placements, puzzle.Placement{Piece: int(d[0]%4) - 1, Orient: int(d[1]%10) - 1, At: at})
			}
			for _, format := range []Format{ASCII, ANSI, SVG, PNG} {
				var b bytes.Buffer
				// Cells of 16 pixels (labels drawn): what is fuzzed is the
				// tiling, and small pictures keep the executions fast.
				if err := Tiling(&b, p, tl, format, Options{Labels: true, CellSize: 16}); err != nil {
					t.Fatalf("%v: %v", format, err)
				}
				switch format {
				case SVG:
					parseSVG(t, b.Bytes())
				case PNG:
					decodePNG(t, b.Bytes())
				}
			}
			if err := Gallery(io.Discard, p, []puzzle.Tiling{tl, tl}, ASCII, Options{}); err != nil {
				t.Fatal(err)
			}
			col := Colors(p, tl)
			for pr := range touching(p, tl) {
				if col[pr[0]] == col[pr[1]] {
					t.Fatalf("touching placements %d and %d share colour %d", pr[0], pr[1], col[pr[0]])
				}
			}
		}
	})
}
