package render

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"

	"github.com/polytile/polytile/puzzle"
)

// Pictures of the hex and triangle grids (puzzle.Hex, puzzle.Triangle).
// A scene keeps the puzzle's cell coordinates; here they become polygons:
//
//   - hex: pointy-top hexagons s pixels wide (flat side to flat side),
//     hexagon (r, q) centred at x = s(q - r/2), y = 1.5 R r with
//     R = s/sqrt(3), as in the ASCII art (column 2q - r);
//   - triangle: equilateral triangles with edges s pixels long, the one at
//     (i, j) spanning x from s j/2 to s(j/2 + 1) in the strip of row i, up
//     when i + j is even.
//
// Text draws the cells' outlines, as boxed square pictures do: lines
// between different owners, none inside a piece, a symbol in every cell
// (planarGrid).

// fpt is a point in pixels.
type fpt struct{ x, y float64 }

// planarCell returns the vertices of cell c (absolute coordinates) for cell
// size s, and the neighbour across the edge from vertex k to vertex k+1.
func planarCell(g puzzle.Grid, c puzzle.Cell, s float64, pts []fpt, nbs []puzzle.Cell) ([]fpt, []puzzle.Cell) {
	if g == puzzle.Hex {
		r := s / math.Sqrt(3)
		cx, cy := s*(float64(c.J)-float64(c.I)/2), 1.5*r*float64(c.I)
		for k := range 6 {
			a := (-90 + 60*float64(k)) * math.Pi / 180
			pts = append(pts, fpt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
		}
		for _, d := range [6]puzzle.Cell{{I: -1}, {J: 1}, {I: 1, J: 1}, {I: 1}, {J: -1}, {I: -1, J: -1}} {
			nbs = append(nbs, c.Add(d))
		}
		return pts, nbs
	}
	h := s * math.Sqrt(3) / 2
	x0, x1, xm := s*float64(c.J)/2, s*(float64(c.J)/2+1), s*float64(c.J+1)/2
	top, bot := h*float64(c.I), h*float64(c.I+1)
	left, right := c.Add(puzzle.Cell{J: -1}), c.Add(puzzle.Cell{J: 1})
	if puzzle.Up(c) {
		pts = append(pts, fpt{x0, bot}, fpt{x1, bot}, fpt{xm, top})
		nbs = append(nbs, c.Add(puzzle.Cell{I: 1}), right, left)
	} else {
		pts = append(pts, fpt{x0, top}, fpt{x1, top}, fpt{xm, bot})
		nbs = append(nbs, c.Add(puzzle.Cell{I: -1}), right, left)
	}
	return pts, nbs
}

// planar reports whether the scene is on the hex or triangle grid.
func (s *scene) planar() bool { return s.grid != puzzle.Square }

// cellAt is the absolute cell of position (i, j) of layer 0.
func (s *scene) cellAt(i, j int) puzzle.Cell { return s.lo.Add(puzzle.Cell{I: i, J: j}) }

// planarBounds returns the extent of the polygons of the scene's drawn
// positions (all positions when none is drawn) for cell size sz.
func (s *scene) planarBounds(sz float64) (lo, hi fpt) {
	lo, hi = fpt{math.Inf(1), math.Inf(1)}, fpt{math.Inf(-1), math.Inf(-1)}
	var pts []fpt
	any := false
	for pass := 0; pass < 2 && !any; pass++ {
		for i := range s.ni {
			for j := range s.nj {
				if pass == 0 && s.at(i, j, 0) == ownBlank {
					continue
				}
				any = true
				pts, _ = planarCell(s.grid, s.cellAt(i, j), sz, pts[:0], nil)
				for _, p := range pts {
					lo = fpt{math.Min(lo.x, p.x), math.Min(lo.y, p.y)}
					hi = fpt{math.Max(hi.x, p.x), math.Max(hi.y, p.y)}
				}
			}
		}
	}
	if !any { // an empty box
		return fpt{}, fpt{}
	}
	return lo, hi
}

// planarSize is the picture size of a planar scene in pixels.
func (s *scene) planarSize(sz int) (w, h int) {
	lo, hi := s.planarBounds(float64(sz))
	return int(math.Ceil(hi.x - lo.x)), int(math.Ceil(hi.y - lo.y))
}

// drawPlanar draws a hex or triangle scene with its top-left corner at
// (ox, oy): fills, thin lines inside pieces, thick lines along boundaries,
// labels.
func (pc pic) drawPlanar(cv canvas, sc *scene, ox, oy int) {
	sz := float64(pc.s)
	lo, _ := sc.planarBounds(sz)
	dx, dy := float64(ox)-lo.x, float64(oy)-lo.y
	var pts []fpt
	var nbs []puzzle.Cell
	shape := func(i, j int) {
		pts, nbs = planarCell(sc.grid, sc.cellAt(i, j), sz, pts[:0], nbs[:0])
		for k := range pts {
			pts[k].x += dx
			pts[k].y += dy
		}
	}
	for i := range sc.ni {
		for j := range sc.nj {
			if pc.stop.stop() {
				return
			}
			o := sc.at(i, j, 0)
			if o == ownBlank {
				continue
			}
			shape(i, j)
			switch {
			case o >= 0:
				cv.poly(pts, fillRGB(sc.groups[o].color), "cell")
			case o == ownUncovered:
				cv.poly(pts, neutralRGB, "uncovered")
			case o == ownConflict:
				cv.poly(pts, conflictRGB, "conflict")
			}
		}
	}
	owner := func(c puzzle.Cell) int32 {
		d := c.Sub(sc.lo)
		return sc.at(d.I, d.J, 0)
	}
	for _, want := range []int{1, 2} {
		width, col, class := 1, thinRGBA, "grid"
		if want == 2 {
			width, col, class = pc.thick, blackRGB, "edge"
		}
		for i := range sc.ni {
			for j := range sc.nj {
				a := sc.at(i, j, 0)
				if a == ownBlank {
					continue
				}
				shape(i, j)
				here := sc.cellAt(i, j)
				for k, nb := range nbs {
					b := owner(nb)
					if b != ownBlank && nb.Compare(here) < 0 {
						continue // drawn from the other side
					}
					kind := 2
					if a == b {
						kind = 1
					}
					if kind == want {
						p, q := pts[k], pts[(k+1)%len(pts)]
						cv.seg(p.x, p.y, q.x, q.y, width, col, class)
					}
				}
			}
		}
	}
	if pc.labels {
		pc.planarLabels(cv, sc, dx, dy)
	}
}

// planarLabels writes each group's name inside its cells: on the centre
// of a cell, or on the middle of the edge between two of its triangles
// (the centre of the rhombus they form, which has more room), whichever is
// nearest to the centre of all the group's cells among the spots where
// the label fits inside the cells' thick edges. A label that fits nowhere
// is set smaller, down to 5-pixel characters, and else left out.
func (pc pic) planarLabels(cv canvas, sc *scene, dx, dy float64) {
	sz := float64(pc.s)
	centre := func(c puzzle.Cell) fpt {
		pts, _ := planarCell(sc.grid, c, sz, nil, nil)
		var m fpt
		for _, p := range pts {
			m.x += p.x / float64(len(pts))
			m.y += p.y / float64(len(pts))
		}
		return m
	}
	// room is the radius of the circle around a spot that stays clear of
	// the edges: a hexagon's or triangle's inscribed circle, or a
	// rhombus's, less half a thick line and a pixel.
	cellRoom, pairRoom := sz/2, 0.0
	if sc.grid == puzzle.Triangle {
		cellRoom, pairRoom = sz/(2*math.Sqrt(3)), sz*math.Sqrt(3)/4
	}
	margin := float64(pc.thick)/2 + 1
	type spot struct {
		at   fpt
		room float64
	}
	spots := make([][]spot, len(sc.groups))
	type acc struct {
		n    int
		x, y float64
	}
	sums := make([]acc, len(sc.groups))
	var nbs []puzzle.Cell
	for i := range sc.ni {
		for j := range sc.nj {
			o := sc.at(i, j, 0)
			if o < 0 {
				continue
			}
			here := sc.cellAt(i, j)
			c := centre(here)
			sums[o] = acc{sums[o].n + 1, sums[o].x + c.x, sums[o].y + c.y}
			spots[o] = append(spots[o], spot{c, cellRoom - margin})
			if pairRoom == 0 {
				continue
			}
			_, nbs = planarCell(sc.grid, here, sz, nil, nbs[:0])
			for _, nb := range nbs {
				d := nb.Sub(sc.lo)
				if nb.Compare(here) > 0 && sc.at(d.I, d.J, 0) == o {
					m := centre(nb)
					spots[o] = append(spots[o], spot{fpt{(c.x + m.x) / 2, (c.y + m.y) / 2}, pairRoom - margin})
				}
			}
		}
	}
	for g, grp := range sc.groups {
		if sums[g].n == 0 || grp.name == "" {
			continue
		}
		mx, my := sums[g].x/float64(sums[g].n), sums[g].y/float64(sums[g].n)
		for lf := labelFace(pc.s); lf.adv >= 5; lf.adv-- {
			w, h := float64(lf.width(grp.name)), 2*float64(lf.capHalf())
			need := math.Hypot(w/2, h/2)
			best, bestD := -1, math.Inf(1)
			for k, sp := range spots[g] {
				d := math.Hypot(sp.at.x-mx, sp.at.y-my)
				if sp.room >= need && d < bestD-1e-9 {
					best, bestD = k, d
				}
			}
			if best >= 0 {
				at := spots[g][best].at
				cv.text(int(math.Round(at.x+dx)), int(math.Round(at.y+dy))+lf.capHalf(), grp.name, anchorMiddle, "label", lf)
				break
			}
		}
	}
}

// planarGrid draws a hex or triangle scene as text with outlines: lines
// between cells of different owners and along the region's boundary, none
// between the cells of one piece, and each cell's symbol inside it (see
// hexGrid and triangleGrid). Symbols too wide for a cell (more than 3
// characters on the hex grid, 2 on the triangle grid) are drawn without
// outlines, each at its position in the puzzle format's ASCII art.
func (st textStyle) planarGrid(s *scene) *tgrid {
	w := s.symWidth()
	switch {
	case s.grid == puzzle.Hex && w <= 3:
		return st.hexGrid(s)
	case s.grid == puzzle.Triangle && w <= 2:
		return st.triangleGrid(s)
	}
	return st.artGrid(s)
}

// artCols returns the range of ASCII-art columns of the scene's drawn
// cells (triangle (i, j) at column j; hexagon (r, q) at column 2q - r);
// lo > hi when nothing is drawn.
func (s *scene) artCols() (lo, hi int) {
	lo, hi = math.MaxInt, math.MinInt
	for i := range s.ni {
		for j := range s.nj {
			if s.at(i, j, 0) != ownBlank {
				x := s.artCol(i, j)
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
	return lo, hi
}

// artCol is the ASCII-art column of position (i, j).
func (s *scene) artCol(i, j int) int {
	c := s.cellAt(i, j)
	if s.grid == puzzle.Hex {
		return 2*c.J - c.I
	}
	return c.J
}

// artGrid draws each cell's symbol at its position in the puzzle format's
// ASCII art, w characters per art column.
func (st textStyle) artGrid(s *scene) *tgrid {
	w := s.symWidth()
	lo, hi := s.artCols()
	if lo > hi {
		return newTGrid(0, s.ni)
	}
	g := newTGrid((hi-lo+1)*w, s.ni)
	for i := range s.ni {
		for j := range s.nj {
			if st.stop.stop() {
				return g
			}
			o := s.at(i, j, 0)
			if o == ownBlank {
				continue
			}
			t, bg := st.cellText(s, o, w)
			g.text((s.artCol(i, j)-lo)*w, i, t, bg)
		}
	}
	return g
}

// hexGrid draws pointy-top hexagons two lines high, their centres four
// columns apart and rows shifted by two columns, as in the pictures; two
// rows of three, A above B:
//
//	 / \ / \ / \
//	| A   A   A |
//	 \ / \ / \ / \
//	  | B   B   B |
//	   \ / \ / \ /
//
// Hexagon (i, j) of the scene has its symbol on line 2i+1 centred on
// column 2(art column - lo) + 2; its walls '|' are two columns to either
// side and its slanted edges on the lines above and below.
func (st textStyle) hexGrid(s *scene) *tgrid {
	w := s.symWidth()
	lo, hi := s.artCols()
	if lo > hi {
		return newTGrid(0, 2*s.ni+1)
	}
	g := newTGrid(2*(hi-lo)+5, 2*s.ni+1)
	// The six edges, clockwise from the upper left: the neighbour's
	// offset and the edge's character and offset from the centre.
	type edge struct {
		di, dj, dx, dy int
		r              rune
	}
	edges := [6]edge{
		{-1, -1, -1, -1, '/'}, {-1, 0, 1, -1, '\\'}, {0, 1, 2, 0, '|'},
		{1, 1, 1, 1, '/'}, {1, 0, -1, 1, '\\'}, {0, -1, -2, 0, '|'},
	}
	for i := range s.ni {
		for j := range s.nj {
			if st.stop.stop() {
				return g
			}
			o := s.at(i, j, 0)
			if o == ownBlank {
				continue
			}
			x, y := 2*(s.artCol(i, j)-lo)+2, 2*i+1
			t, bg := st.cellText(s, o, w)
			g.text(x-1, y, "   ", bg)
			g.text(x-w/2, y, t, bg)
			for k, e := range edges {
				if s.at(i+e.di, j+e.dj, 0) != o {
					g.set(x+e.dx, y+e.dy, e.r, colorNone)
					continue
				}
				g.set(x+e.dx, y+e.dy, ' ', bg)
				// The corner between this edge and the next one is
				// inside the piece when both neighbours are.
				n := edges[(k+1)%6]
				if s.at(i+n.di, j+n.dj, 0) == o {
					cx, cy := [6]int{0, 2, 2, 0, -2, -2}[k], [6]int{-1, -1, 1, 1, 1, -1}[k]
					g.set(x+cx, y+cy, ' ', bg)
				}
			}
		}
	}
	return g
}

// triangleGrid draws triangles three lines high and six columns wide at
// the base, each three columns from the next, with horizontal edges as
// '_' on the last line of the row above; two rows of four, A above B:
//
//	   ____________
//	  /           /
//	 /A  A  A  A /
//	/___________/_____
//	     /           /
//	    /B  B  B  B /
//	   /___________/
//
// Triangle (i, j) of the scene spans columns 3j .. 3j+5 (j counted from
// the leftmost art column) and lines 3i+1 .. 3i+3, its symbol on the
// middle line at column 3j+2.
func (st textStyle) triangleGrid(s *scene) *tgrid {
	w := s.symWidth()
	lo, hi := s.artCols()
	if lo > hi {
		return newTGrid(0, 3*s.ni+1)
	}
	g := newTGrid(3*(hi-lo)+6, 3*s.ni+1)
	for i := range s.ni {
		for j := range s.nj {
			if st.stop.stop() {
				return g
			}
			o := s.at(i, j, 0)
			if o == ownBlank {
				continue
			}
			x, y := 3*(s.artCol(i, j)-lo), 3*i+1
			t, bg := st.cellText(s, o, w)
			left, right := s.at(i, j-1, 0) != o, s.at(i, j+1, 0) != o
			side := func(border bool, x, y int, r rune) {
				if border {
					g.set(x, y, r, colorNone)
				} else {
					g.set(x, y, ' ', bg)
				}
			}
			if puzzle.Up(s.cellAt(i, j)) {
				g.text(x+2, y+1, "  ", bg)
				g.text(x+1, y+2, "    ", bg)
				side(left, x+2, y, '/')
				side(left, x+1, y+1, '/')
				side(left, x, y+2, '/')
				side(right, x+3, y, '\\')
				side(right, x+4, y+1, '\\')
				side(right, x+5, y+2, '\\')
			} else {
				g.text(x+1, y, "    ", bg)
				g.text(x+2, y+1, "  ", bg)
				side(left, x, y, '\\')
				side(left, x+1, y+1, '\\')
				side(left, x+2, y+2, '\\')
				side(right, x+5, y, '/')
				side(right, x+4, y+1, '/')
				side(right, x+3, y+2, '/')
			}
			g.text(x+2, y+1, t, bg)
		}
	}
	// Horizontal edges, between an up triangle and the down triangle
	// below it, on the up triangle's last line: drawn after the slopes
	// so that a base continues through a vertex that no slope crosses.
	for i := -1; i < s.ni; i++ {
		for j := range s.nj {
			if st.stop.stop() {
				return g
			}
			if !puzzle.Up(s.cellAt(i, j)) {
				continue
			}
			a, b := s.at(i, j, 0), s.at(i+1, j, 0)
			if a == b {
				continue
			}
			x, y := 3*(s.artCol(i, j)-lo), 3*i+3
			bg := colorNone
			if a != ownBlank {
				_, bg = st.cellText(s, a, 0)
			}
			g.text(x+1, y, "____", bg)
			if s.at(i, j-1, 0) == a {
				g.set(x, y, '_', bg)
			}
			if s.at(i, j+1, 0) == a {
				g.set(x+5, y, '_', bg)
			}
		}
	}
	return g
}

// rasterizer fills polygons of a PNG picture, antialiased.
type rasterizer struct{ z *vector.Rasterizer }

// fillPoly fills the polygon pts on img with colour c.
func (r *rasterizer) fillPoly(img *image.RGBA, pts []fpt, c color.NRGBA) {
	if len(pts) < 3 {
		return
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		minX, minY = math.Min(minX, p.x), math.Min(minY, p.y)
		maxX, maxY = math.Max(maxX, p.x), math.Max(maxY, p.y)
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1)
	box = box.Intersect(img.Bounds()) // the mask's origin is box.Min
	if box.Empty() {
		return
	}
	if r.z == nil {
		r.z = vector.NewRasterizer(box.Dx(), box.Dy())
	} else {
		r.z.Reset(box.Dx(), box.Dy())
	}
	ox, oy := float32(box.Min.X), float32(box.Min.Y)
	r.z.MoveTo(float32(pts[0].x)-ox, float32(pts[0].y)-oy)
	for _, p := range pts[1:] {
		r.z.LineTo(float32(p.x)-ox, float32(p.y)-oy)
	}
	r.z.ClosePath()
	r.z.Draw(img, box, image.NewUniform(c), image.Point{})
}

// segPoly is the rectangle of a line of the given width from p to q,
// extended by half the width at both ends so that lines join at corners.
func segPoly(p, q fpt, width float64) []fpt {
	dx, dy := q.x-p.x, q.y-p.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return nil
	}
	ux, uy := dx/l*width/2, dy/l*width/2 // along
	nx, ny := -uy, ux                    // across
	return []fpt{
		{p.x - ux + nx, p.y - uy + ny}, {q.x + ux + nx, q.y + uy + ny},
		{q.x + ux - nx, q.y + uy - ny}, {p.x - ux - nx, p.y - uy - ny},
	}
}
