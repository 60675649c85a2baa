package render

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/polytile/polytile/puzzle"
)

var errNoPuzzle = errors.New("render: no puzzle")

// Region draws the region of p: its cells ('#' in text, grey in pictures),
// with holes and the outside blank.
func Region(w io.Writer, p *puzzle.Puzzle, f Format, o Options) error {
	if p == nil {
		return errNoPuzzle
	}
	w = o.writer(w)
	stop := newStopper(o.Context)
	sc := regionScene(p, stop)
	if err := stop.check(); err != nil {
		return err
	}
	if f.Text() {
		var head textLines
		if o.Title != "" {
			head.add("%s", o.Title)
		}
		if e := p.Extent(); e != "" {
			head.add("region: %s, %s", plural(p.Area(), "cell"), e) // hex, triangle
		} else {
			head.add("region: %s, box %s", plural(p.Area(), "cell"), boxName(p))
		}
		st := textStyle{ansi: f == ANSI, boxed: o.Boxed, stop: stop}
		return st.writeText(w, head, st.blockGrid(sc, ""), nil)
	}
	return paintBlocks(w, f, o, []pblock{{sc: sc}}, 0, sceneCells(sc))
}

// boxName is the size of the region's bounding box as in puzzle files:
// W x H (x D), columns first. It is the board's size on the square grid
// only: a hex or triangle board is described by puzzle.Extent (its
// bounding box in the grid's coordinates is wider than its picture).
func boxName(p *puzzle.Puzzle) string {
	s := p.Region.Size
	if p.Dim == 3 {
		return fmt.Sprintf("%dx%dx%d", s.J, s.I, s.L)
	}
	return fmt.Sprintf("%dx%d", s.J, s.I)
}

// sceneCells is the width of a scene in cells, counting one cell per gap
// between layers.
func sceneCells(sc *scene) int {
	if sc.planar() {
		w, _ := sc.planarSize(100)
		return (w + 99) / 100
	}
	return sc.nl*sc.nj + sc.nl - 1
}

// Pieces draws every piece of p as given in the puzzle (orientation 0), each
// with a caption: its name, its number of copies ("x2", "x*" when
// unlimited) and its number of distinct orientations ("o8"). Each piece has
// its own colour.
func Pieces(w io.Writer, p *puzzle.Puzzle, f Format, o Options) error {
	if p == nil {
		return errNoPuzzle
	}
	w = o.writer(w)
	blocks, widest := pieceBlocks(p, f)
	if f.Text() {
		var head textLines
		if o.Title != "" {
			head.add("%s", o.Title)
		}
		head.add("%s", piecesSummary(p))
		st := textStyle{ansi: f == ANSI, boxed: o.Boxed, stop: newStopper(o.Context)}
		grids := make([]*tgrid, len(blocks))
		for n, b := range blocks {
			grids[n] = st.blockGrid(b.sc, b.caption)
		}
		return st.writeText(w, head, flow(grids, o.columns()), nil)
	}
	s := autoCell(o, widest)
	if o.CellSize <= 0 {
		s = min(s, 40)
	}
	return paintBlocksCell(w, f, o, blocks, 0, s)
}

// pieceBlocks returns a captioned block per piece and the width in cells of
// the widest.
func pieceBlocks(p *puzzle.Puzzle, f Format) (blocks []pblock, widest int) {
	syms, legend := symbols(p)
	blocks = make([]pblock, len(p.Pieces))
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		count := fmt.Sprintf("x%d", pc.Count)
		if pc.Unlimited {
			count = "x*"
		}
		caption := fmt.Sprintf("%s %s o%d", pc.Name, count, len(pc.Orients))
		if legend && f.Text() {
			caption = syms[k] + "=" + caption
		}
		blocks[k] = pblock{sc: pieceScene(p, k, syms[k], k), caption: caption}
		widest = max(widest, sceneCells(blocks[k].sc))
	}
	return blocks, widest
}

func piecesSummary(p *puzzle.Puzzle) string {
	area, unlimited := p.PieceArea()
	cells := plural(area, "cell")
	switch {
	case unlimited && area == 0:
		cells = "unlimited copies"
	case unlimited:
		cells += " + unlimited copies"
	}
	return fmt.Sprintf("%s, %s (name, x copies, o orientations)", plural(len(p.Pieces), "piece"), cells)
}

// Overview draws the whole puzzle on one picture: the region, captioned with
// its number of cells, followed by the pieces as drawn by Pieces, all at
// one cell size. It is what "polytile render PUZZLE" shows.
func Overview(w io.Writer, p *puzzle.Puzzle, f Format, o Options) error {
	if p == nil {
		return errNoPuzzle
	}
	w = o.writer(w) // its picture stops with o.Context like the others
	if f.Text() {
		if err := Region(w, p, f, o); err != nil {
			return err
		}
		if _, err := fmt.Fprintln(w); err != nil {
			return err
		}
		o.Title = ""
		return Pieces(w, p, f, o)
	}
	caption := fmt.Sprintf("board %s, %s", boxName(p), plural(p.Area(), "cell"))
	if e := p.Extent(); e != "" { // hex, triangle
		caption = fmt.Sprintf("board of %s, %s", plural(p.Area(), "cell"), e)
	}
	stop := newStopper(o.Context)
	region := pblock{sc: regionScene(p, stop), caption: caption}
	if err := stop.check(); err != nil {
		return err
	}
	pieces, widest := pieceBlocks(p, f)
	s := autoCell(o, max(sceneCells(region.sc), widest))
	if o.CellSize <= 0 {
		s = min(s, 48)
	}
	return paintBlocksCell(w, f, o, append([]pblock{region}, pieces...), 0, s)
}

// Tiling draws tiling t of p. Each placed piece has its piece's colour, the
// one Pieces draws it in, changed only where it would match a piece it
// touches (see Colors); text shows piece
// symbols, with a legend when they are not the piece names. Uncovered cells
// and conflicts are marked and counted under text pictures. t need not be
// valid: see the package documentation.
func Tiling(w io.Writer, p *puzzle.Puzzle, t puzzle.Tiling, f Format, o Options) error {
	if p == nil {
		return errNoPuzzle
	}
	w = o.writer(w)
	stop := newStopper(o.Context)
	syms, legend := symbols(p)
	sc := tilingScene(p, t, syms, colors(p, t, stop), stop)
	if err := stop.check(); err != nil {
		return err
	}
	if f.Text() {
		boxed := o.Boxed || f == ASCII && sc.ambiguous(stop)
		if err := stop.check(); err != nil {
			return err
		}
		st := textStyle{ansi: f == ANSI, boxed: boxed, stop: stop}
		var head, foot textLines
		if o.Title != "" {
			head.add("%s", o.Title)
		}
		if legend {
			legendFoot(&foot, p, syms, []puzzle.Tiling{t}, o.columns())
		}
		st.marksFoot(&foot, sc)
		return st.writeText(w, head, st.blockGrid(sc, ""), foot)
	}
	return paintBlocks(w, f, o, []pblock{{sc: sc}}, 0, sceneCells(sc))
}

// Gallery draws several tilings of p on one sheet in a grid, each captioned
// "#1", "#2", ... (with "covered/area" for a partial tiling). Each tiling is
// coloured as by Tiling, so that a piece has one colour throughout.
func Gallery(w io.Writer, p *puzzle.Puzzle, ts []puzzle.Tiling, f Format, o Options) error {
	if p == nil {
		return errNoPuzzle
	}
	if len(ts) == 0 {
		return errors.New("render: no tilings for the gallery")
	}
	w = o.writer(w)
	stop := newStopper(o.Context)
	syms, legend := symbols(p)
	blocks := make([]pblock, len(ts))
	ambiguous := false
	for n, t := range ts {
		sc := tilingScene(p, t, syms, colors(p, t, stop), stop)
		if err := stop.check(); err != nil {
			return err
		}
		blocks[n] = pblock{sc: sc, caption: galleryCaption(n, sc.uncovered, p.Area())}
		ambiguous = ambiguous || sc.ambiguous(stop)
	}
	if err := stop.check(); err != nil {
		return err
	}
	if f.Text() {
		st := textStyle{ansi: f == ANSI, boxed: o.Boxed || f == ASCII && ambiguous, stop: stop}
		var head, foot textLines
		if o.Title != "" {
			head.add("%s", o.Title)
		}
		if legend {
			legendFoot(&foot, p, syms, ts, o.columns())
		}
		grids := make([]*tgrid, len(blocks))
		for n, b := range blocks {
			grids[n] = st.blockGrid(b.sc, b.caption)
		}
		return st.writeText(w, head, flow(grids, o.columns()), foot)
	}
	cols := galleryColumns(len(ts))
	widest := 0
	for _, b := range blocks {
		widest = max(widest, sceneCells(b.sc))
	}
	return paintBlocks(w, f, o, blocks, cols, cols*(widest+2))
}

// galleryCaption is the caption of the n-th tiling (from 0) of a gallery:
// "#n+1", and "covered/area" when it leaves cells uncovered.
func galleryCaption(n, uncovered, area int) string {
	if uncovered > 0 {
		return fmt.Sprintf("#%d %d/%d", n+1, area-uncovered, area)
	}
	return fmt.Sprintf("#%d", n+1)
}

// galleryColumns is the number of columns of a picture gallery of n
// tilings: a square sheet.
func galleryColumns(n int) int { return int(math.Ceil(math.Sqrt(float64(n)))) }

// legendFoot lists "symbol=name" for the pieces placed in the tilings.
func legendFoot(foot *textLines, p *puzzle.Puzzle, syms []string, ts []puzzle.Tiling, columns int) {
	used := make([]bool, len(p.Pieces))
	for _, t := range ts {
		for _, pl := range t.Placements {
			if pl.Piece >= 0 && pl.Piece < len(used) {
				used[pl.Piece] = true
			}
		}
	}
	var items []string
	for k, u := range used {
		if u {
			items = append(items, syms[k]+"="+p.Pieces[k].Name)
		}
	}
	if len(items) > 0 {
		foot.wrapped("legend: ", items, columns)
	}
}

// paintBlocks draws blocks as SVG or PNG with an automatic cell size for
// cellsAcross cells in a row.
func paintBlocks(w io.Writer, f Format, o Options, blocks []pblock, cols, cellsAcross int) error {
	return paintBlocksCell(w, f, o, blocks, cols, autoCell(o, cellsAcross))
}

func paintBlocksCell(w io.Writer, f Format, o Options, blocks []pblock, cols, s int) error {
	cv, err := paintSheet(f, o, s, blocks, cols)
	if err != nil {
		return err
	}
	return cv.encode(w)
}

// Tilings draws the tilings ts of p: on one sheet (Gallery) for several
// in SVG or PNG, else each as Tiling draws it, one after another with a
// blank line between them, as a search streams them.
func Tilings(w io.Writer, p *puzzle.Puzzle, ts []puzzle.Tiling, f Format, o Options) error {
	if len(ts) > 1 && !f.Text() {
		return Gallery(w, p, ts, f, o)
	}
	for n, t := range ts {
		if n > 0 {
			if _, err := fmt.Fprintln(w); err != nil {
				return err
			}
		}
		if err := Tiling(w, p, t, f, o); err != nil {
			return err
		}
	}
	return nil
}
