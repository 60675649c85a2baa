package main

import (
	"strings"
	"testing"
)

// TestRenderLabelsHexAndTriangleBoards: render labelled the hex board 7x4
// "box 10x4 hex" and the triangle board 6x6 "box 17x6 triangle" (their
// bounding boxes in grid coordinates, the rhombus leaning half a cell a
// row), and info said "bounding box 4 rows x 10 columns". Both now give
// the board as its picture shows it, the rows and the widest row, which
// for a board WxH is H rows of W hexagons (2W triangles). The square grid
// keeps its box.
func TestRenderLabelsHexAndTriangleBoards(t *testing.T) {
	for _, c := range []struct{ file, region, info, caption string }{
		{"tetrahexes-7x4.yaml", "region: 28 cells, 4 rows, up to 7 hexagons wide", "board           2D hex grid, 28 cells, 4 rows, up to 7 hexagons wide",
			"board of 28 cells, 4 rows, up to 7 hexagons wide"},
		{"hexiamonds-6x6.yaml", "region: 72 cells, 6 rows, up to 12 triangles wide", "board           2D triangle grid, 72 cells, 6 rows, up to 12 triangles wide",
			"board of 72 cells, 6 rows, up to 12 triangles wide"},
		{"pentomino-10x6.yaml", "region: 60 cells, box 10x6", "board           2D, 60 cells, bounding box 6 rows x 10 columns",
			"board 10x6, 60 cells"},
	} {
		code, out, errs := run(t, "", "render", example(c.file))
		if lines := strings.Split(out, "\n"); code != 0 || len(lines) < 2 || lines[1] != c.region {
			t.Errorf("render %s: exit %d, %q, want the second line %q: %s", c.file, code, out, c.region, errs)
		}
		if code, out, errs := run(t, "", "render", example(c.file), "--format", "svg"); code != 0 || !strings.Contains(out, ">"+c.caption+"<") {
			t.Errorf("render %s --format svg: exit %d, no caption %q: %s", c.file, code, c.caption, errs)
		}
		if code, out, errs := run(t, "", "info", example(c.file)); code != 0 || !strings.Contains(out, c.info+"\n") {
			t.Errorf("info %s: exit %d, %q, want %q: %s", c.file, code, out, c.info, errs)
		}
	}
}
