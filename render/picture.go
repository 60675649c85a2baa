package render

import (
	"fmt"
	"math"
)

// Limits of cell sizes and picture areas of SVG and PNG pictures.
const (
	minAutoCell = 6        // the automatic cell size never goes below this ...
	maxAutoCell = 64       // ... nor above this: large enough to read at a glance
	minCell     = 2        // unless the picture would exceed maxPixels
	maxCell     = 256      // Options.CellSize is clamped to [minCell, maxCell]
	maxPixels   = 40 << 20 // largest picture, in pixels
	// maxPlanarCells bounds the cells of an SVG or PNG picture on the hex
	// or triangle grid, which draws one polygon per cell (a 1000x1000 hex
	// board was a 565 MB SVG built in 1.9 GB): about 140 MB of SVG.
	maxPlanarCells = 250_000
	labelCell      = 14 // smallest cell size that carries a label
)

// pic holds the geometry of an SVG or PNG picture.
type pic struct {
	s      int // cell size
	thick  int // width of piece and region boundaries
	margin int
	labels bool
	stop   *stopper // nil: never stops
}

func newPic(s int, labels bool) pic {
	thick := max(2, s/8)
	return pic{s: s, thick: thick, margin: max(10, 2*thick), labels: labels && s >= labelCell}
}

// pblock is one scene of a picture with an optional caption above it.
type pblock struct {
	sc      *scene
	caption string
}

func (pc pic) layerGap() int { return max(10, pc.s/2) }

// blockGap separates blocks; it is wider than layerGap so that the layers of
// one block stay together.
func (pc pic) blockGap() int { return max(24, pc.s) }

// layerWidth is the width of the slot of layer l, label included.
func (pc pic) layerWidth(sc *scene, l int) int {
	if sc.planar() {
		w, _ := sc.planarSize(pc.s)
		return w
	}
	w := sc.nj * pc.s
	if sc.nl > 1 {
		w = max(w, captionFace.width(sc.layerName(l)))
	}
	return w
}

func (pc pic) blockSize(b pblock) (w, h int) {
	for l := range b.sc.nl {
		if l > 0 {
			w += pc.layerGap()
		}
		w += pc.layerWidth(b.sc, l)
	}
	w = max(w, captionFace.width(b.caption))
	h = b.sc.ni * pc.s
	if b.sc.planar() {
		_, h = b.sc.planarSize(pc.s)
	}
	if b.caption != "" {
		h += captionFace.line()
	}
	if b.sc.nl > 1 {
		h += captionFace.line()
	}
	if b.caption != "" || b.sc.nl > 1 {
		h += pc.thick
	}
	return w, h
}

func (pc pic) drawBlock(cv canvas, b pblock, x, y int) {
	lineH, ascentH := captionFace.line(), captionFace.ascent()
	if b.caption != "" {
		cv.text(x, y+ascentH, b.caption, anchorStart, "caption", captionFace)
		y += lineH
	}
	if b.sc.nl > 1 {
		y += lineH
	}
	// The thick lines along the top of the board stick out above it (by
	// more at a hexagon's or triangle's apex): room for them below the
	// text.
	if b.caption != "" || b.sc.nl > 1 {
		y += pc.thick
	}
	for l := range b.sc.nl {
		if b.sc.nl > 1 {
			cv.text(x, y-lineH+ascentH, b.sc.layerName(l), anchorStart, "layer", captionFace)
		}
		pc.drawLayer(cv, b.sc, l, x, y)
		x += pc.layerWidth(b.sc, l) + pc.layerGap()
	}
}

// drawLayer draws layer l of sc with its top-left corner at (ox, oy): fills,
// thin lines inside pieces, thick lines along boundaries, labels.
func (pc pic) drawLayer(cv canvas, sc *scene, l, ox, oy int) {
	if sc.planar() {
		pc.drawPlanar(cv, sc, ox, oy)
		return
	}
	s := pc.s
	at := func(i, j int) int32 { return sc.at(i, j, l) }
	// Fills, one rectangle per run of equal owners along a row.
	for i := range sc.ni {
		if pc.stop.check() != nil {
			return
		}
		for j := 0; j < sc.nj; {
			o := at(i, j)
			e := j + 1
			for e < sc.nj && at(i, e) == o {
				e++
			}
			x, y, w := ox+j*s, oy+i*s, (e-j)*s
			switch {
			case o >= 0:
				cv.rect(x, y, w, s, fillRGB(sc.groups[o].color), "cell")
			case o == ownUncovered:
				cv.hatch(x, y, w, s)
			case o == ownConflict:
				cv.rect(x, y, w, s, conflictRGB, "conflict")
			}
			j = e
		}
	}
	// kind of the edge between two positions: 0 none, 1 thin, 2 thick.
	kind := func(a, b int32) int {
		switch {
		case a == b && a == ownBlank:
			return 0
		case a == b:
			return 1
		}
		return 2
	}
	for _, want := range []int{1, 2} {
		width, col, class := 1, thinRGBA, "grid"
		if want == 2 {
			width, col, class = pc.thick, blackRGB, "edge"
		}
		for i := 0; i <= sc.ni; i++ { // horizontal lines, merged into runs
			for j := 0; j < sc.nj; {
				if kind(at(i-1, j), at(i, j)) != want {
					j++
					continue
				}
				e := j + 1
				for e < sc.nj && kind(at(i-1, e), at(i, e)) == want {
					e++
				}
				cv.line(ox+j*s, oy+i*s, ox+e*s, oy+i*s, width, col, class)
				j = e
			}
		}
		for j := 0; j <= sc.nj; j++ { // vertical lines
			for i := 0; i < sc.ni; {
				if kind(at(i, j-1), at(i, j)) != want {
					i++
					continue
				}
				e := i + 1
				for e < sc.ni && kind(at(e, j-1), at(e, j)) == want {
					e++
				}
				cv.line(ox+j*s, oy+i*s, ox+j*s, oy+e*s, width, col, class)
				i = e
			}
		}
	}
	if pc.labels {
		pc.drawLabels(cv, sc, l, ox, oy)
	}
}

// drawLabels writes each group's name near the centre of the group's cells
// in the layer: on the centre of one of its cells, or on the middle of the
// line between two of its cells, whichever is nearest (a domino's label sits
// on its middle), when the name fits.
func (pc pic) drawLabels(cv canvas, sc *scene, l, ox, oy int) {
	type acc struct{ n, si, sj int }
	sums := make([]acc, len(sc.groups))
	for i := range sc.ni {
		for j := range sc.nj {
			if o := sc.at(i, j, l); o >= 0 {
				sums[o] = acc{sums[o].n + 1, sums[o].si + i, sums[o].sj + j}
			}
		}
	}
	// Candidate spots in half cells: (2i+1, 2j+1) is the centre of cell
	// (i, j), (2i+1, 2j+2) the middle of its right side.
	best := make([][2]int, len(sc.groups))
	bestD := make([]float64, len(sc.groups))
	for g := range bestD {
		bestD[g] = math.Inf(1)
	}
	try := func(g int32, hi, hj int) {
		a := sums[g]
		di := float64(hi) - float64(2*a.si+a.n)/float64(a.n)
		dj := float64(hj) - float64(2*a.sj+a.n)/float64(a.n)
		if d := di*di + dj*dj; d < bestD[g]-1e-9 {
			best[g], bestD[g] = [2]int{hi, hj}, d
		}
	}
	for i := range sc.ni {
		for j := range sc.nj {
			o := sc.at(i, j, l)
			if o < 0 {
				continue
			}
			try(o, 2*i+1, 2*j+1)
			if sc.at(i, j+1, l) == o {
				try(o, 2*i+1, 2*j+2)
			}
			if sc.at(i+1, j, l) == o {
				try(o, 2*i+2, 2*j+1)
			}
		}
	}
	lf := labelFace(pc.s)
	for g, grp := range sc.groups {
		if sums[g].n == 0 || grp.name == "" || lf.width(grp.name) > 2*pc.s-4 {
			continue
		}
		x, y := ox+best[g][1]*pc.s/2, oy+best[g][0]*pc.s/2
		cv.text(x, y+lf.capHalf(), grp.name, anchorMiddle, "label", lf)
	}
}

// sheet lays blocks out in rows: cols per row when cols > 0, else as many as
// fit in maxWidth. It returns the picture size and a function that draws it.
func (pc pic) sheet(title string, blocks []pblock, cols, maxWidth int) (w, h int, draw func(canvas)) {
	gap := pc.blockGap()
	type spot struct{ x, y int }
	spots := make([]spot, len(blocks))
	slot := 0
	if cols > 0 {
		for _, b := range blocks {
			bw, _ := pc.blockSize(b)
			slot = max(slot, bw)
		}
	}
	top := pc.margin
	if title != "" {
		top += captionFace.line() + 4 + pc.thick
	}
	x, y, rowH, width := 0, 0, 0, 0
	for n, b := range blocks {
		bw, bh := pc.blockSize(b)
		if cols > 0 {
			bw = slot
		}
		if x > 0 && (cols > 0 && n%cols == 0 || cols <= 0 && x+bw > maxWidth-2*pc.margin) {
			x, y, rowH = 0, y+rowH+gap, 0
		}
		spots[n] = spot{x, y}
		x += bw + gap
		rowH = max(rowH, bh)
		width = max(width, x-gap)
	}
	w = max(width, captionFace.width(title)) + 2*pc.margin
	h = top + y + rowH + pc.margin
	return w, h, func(cv canvas) {
		if title != "" {
			cv.text(pc.margin, pc.margin+captionFace.ascent(), title, anchorStart, "title", captionFace)
		}
		for n, b := range blocks {
			pc.drawBlock(cv, b, pc.margin+spots[n].x, top+spots[n].y)
		}
	}
}

// autoCell chooses the cell size for blocks of cellsAcross cells in a row of
// the picture: the user's choice, else what fills maxWidth, within limits.
func autoCell(o Options, cellsAcross int) int {
	if o.CellSize > 0 {
		return min(max(o.CellSize, minCell), maxCell)
	}
	s := (o.maxWidth() - 20) / max(cellsAcross, 1)
	return min(max(s, minAutoCell), maxAutoCell)
}

// paint lays out and encodes a picture of blocks, shrinking the cells when
// the picture would exceed maxPixels.
func paintSheet(f Format, o Options, s int, blocks []pblock, cols int) (surface, error) {
	st := newStopper(o.Context)
	w, h, draw, err := fitSheet(o, s, blocks, cols, st)
	if err != nil {
		return nil, err
	}
	cv, err := newSurface(f, w, h)
	if err != nil {
		return nil, err
	}
	draw(cv)
	if err := st.check(); err != nil {
		return nil, err
	}
	return cv, nil
}

// fitSheet lays out blocks with cell size s, shrinking the cells while the
// picture would exceed maxPixels; an error when even minCell is too large.
func fitSheet(o Options, s int, blocks []pblock, cols int, st *stopper) (w, h int, draw func(canvas), err error) {
	cells := 0
	for _, b := range blocks {
		if b.sc.planar() {
			for _, x := range b.sc.own {
				if x != ownBlank {
					cells++
				}
			}
		}
	}
	if err := checkPlanarCells(cells); err != nil {
		return 0, 0, nil, err
	}
	for {
		pc := newPic(s, o.Labels)
		pc.stop = st
		w, h, draw := pc.sheet(o.Title, blocks, cols, max(o.maxWidth(), 200))
		if int64(w)*int64(h) > maxPixels && s > minCell {
			s = max(minCell, s*3/4)
			continue
		}
		if int64(w)*int64(h) > maxPixels {
			return 0, 0, nil, fmt.Errorf("render: the picture would be %dx%d pixels, more than the limit of %d", w, h, maxPixels)
		}
		return w, h, draw, nil
	}
}

// checkPlanarCells refuses a hex or triangle picture of more than
// maxPlanarCells cells.
func checkPlanarCells(cells int) error {
	if cells > maxPlanarCells {
		return fmt.Errorf("render: an SVG or PNG picture of %d hexagons or triangles is more than the limit of %d (one polygon each); draw it as text", cells, maxPlanarCells)
	}
	return nil
}
