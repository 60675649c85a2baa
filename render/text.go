package render

import (
	"fmt"
	"io"
	"strings"
)

// textStyle says how a scene becomes characters.
type textStyle struct {
	ansi  bool     // colours, '·' for uncovered cells, box-drawing characters
	boxed bool     // piece borders instead of one symbol per cell
	stop  *stopper // nil: never stops
}

func (st textStyle) uncovered() string {
	if st.ansi {
		return markUncoveredANSI
	}
	return markUncoveredASCII
}

// cellText returns the symbol (padded to width w) and background of an owner.
func (st textStyle) cellText(s *scene, o int32, w int) (string, int) {
	pad := func(t string) string { return t + strings.Repeat(" ", max(0, w-runeLen(t))) }
	switch {
	case o >= 0:
		return pad(s.groups[o].sym), s.groups[o].color
	case o == ownUncovered:
		return pad(st.uncovered()), colorNone
	case o == ownConflict:
		return pad(markConflict), colorConflict
	}
	return pad(""), colorNone
}

func (st textStyle) bg(s *scene, o int32) int {
	_, bg := st.cellText(s, o, 0)
	return bg
}

// layerGrid draws layer l of s.
func (st textStyle) layerGrid(s *scene, l int) *tgrid {
	if s.planar() { // symbols at their ASCII-art positions, never boxed
		return st.planarGrid(s)
	}
	if st.boxed {
		return st.boxedGrid(s, l)
	}
	w := s.symWidth()
	g := newTGrid(s.nj*(w+1), s.ni)
	for i := range s.ni {
		for j := range s.nj {
			if st.stop.stop() {
				return g
			}
			t, bg := st.cellText(s, s.at(i, j, l), w)
			g.text(j*(w+1), i, t+" ", bg)
		}
	}
	return g
}

// Junction characters indexed by arms: up 1, down 2, left 4, right 8.
var (
	asciiJunction = []rune(" |||-+++-+++-+++")
	boxJunction   = []rune(" ╵╷│╴┘┐┤╶└┌├─┴┬┼")
)

// boxedGrid draws layer l with borders between different owners: cells are
// w+2 columns wide and one row high, borders one column or row.
func (st textStyle) boxedGrid(s *scene, l int) *tgrid {
	w := s.symWidth()
	stride := w + 3
	g := newTGrid(s.nj*stride+1, 2*s.ni+1)
	at := func(i, j int) int32 { return s.at(i, j, l) }
	hbar, vbar, junction := '-', '|', asciiJunction
	if st.ansi {
		hbar, vbar, junction = '─', '│', boxJunction
	}
	// inside returns the background of a non-border position between
	// positions of owner a and b: the owner's colour when they agree.
	inside := func(a, b int32) int {
		if a == b && a != ownBlank {
			return st.bg(s, a)
		}
		return colorNone
	}
	for i := 0; i <= s.ni; i++ {
		for j := 0; j <= s.nj; j++ {
			if st.stop.stop() {
				return g
			}
			x, y := j*stride, 2*i
			ul, ur, dl, dr := at(i-1, j-1), at(i-1, j), at(i, j-1), at(i, j)
			arms := 0
			if ul != ur {
				arms |= 1
			}
			if dl != dr {
				arms |= 2
			}
			if ul != dl {
				arms |= 4
			}
			if ur != dr {
				arms |= 8
			}
			bg := colorNone
			if arms == 0 {
				bg = inside(ul, dr)
			}
			g.set(x, y, junction[arms], bg)
			if j < s.nj { // horizontal border above cell (i, j)
				r, bg := ' ', inside(ur, dr)
				if ur != dr {
					r, bg = hbar, colorNone
				}
				for d := 1; d < stride; d++ {
					g.set(x+d, y, r, bg)
				}
			}
			if i < s.ni { // vertical border left of cell (i, j), then the cell
				r, bg := ' ', inside(dl, dr)
				if dl != dr {
					r, bg = vbar, colorNone
				}
				g.set(x, y+1, r, bg)
				if j < s.nj {
					t, bg := st.cellText(s, dr, w)
					g.text(x+1, y+1, " "+t+" ", bg)
				}
			}
		}
	}
	return g
}

// blockGrid draws a whole scene: an optional caption, then its layers side by
// side, each labelled l=0, l=1, ... when there are several.
func (st textStyle) blockGrid(s *scene, caption string) *tgrid {
	const gap = 3
	layers := make([]*tgrid, s.nl)
	names := make([]string, s.nl) // formatted once: a million layers took 0.7 s of Sprintf, three calls each
	width := 0
	for l := range s.nl {
		if st.stop.stop() {
			return newTGrid(0, 0)
		}
		layers[l] = st.layerGrid(s, l)
		names[l] = s.layerName(l)
		if l > 0 {
			width += gap
		}
		width += max(layers[l].w, runeLen(names[l]))
	}
	top := 0
	if caption != "" {
		top++
	}
	if s.nl > 1 {
		top++
	}
	// The sheet of a million layers (tens of millions of cells) takes a
	// few hundred milliseconds to clear: cleared in chunks that read the
	// context.
	g := newTGridStop(max(width, runeLen(caption)), top+layers[0].h, st.stop)
	if g == nil {
		return newTGrid(0, 0)
	}
	g.text(0, 0, caption, colorNone)
	x := 0
	for l, lg := range layers {
		if st.stop.stop() {
			return newTGrid(0, 0)
		}
		if s.nl > 1 {
			g.text(x, top-1, names[l], colorNone)
		}
		g.blit(x, top, lg)
		x += max(lg.w, runeLen(names[l])) + gap
	}
	return g
}

// flow places blocks left to right, wrapping at columns, with a blank line
// between rows of blocks.
func flow(blocks []*tgrid, columns int) *tgrid {
	const gap = 3
	type spot struct{ x, y int }
	spots := make([]spot, len(blocks))
	x, y, rowH, width := 0, 0, 0, 0
	for n, b := range blocks {
		if x > 0 && x+b.w > columns {
			x, y, rowH = 0, y+rowH+1, 0
		}
		spots[n] = spot{x, y}
		x += b.w + gap
		rowH = max(rowH, b.h)
		width = max(width, x-gap)
	}
	g := newTGrid(width, y+rowH)
	for n, b := range blocks {
		g.blit(spots[n].x, spots[n].y, b)
	}
	return g
}

// textLines is a list of lines printed around a text picture.
type textLines []string

func (t *textLines) add(format string, args ...any) { *t = append(*t, fmt.Sprintf(format, args...)) }

// wrapped adds the items separated by two spaces, wrapping at columns,
// the first line starting with head.
func (t *textLines) wrapped(head string, items []string, columns int) {
	line := head
	for _, it := range items {
		if runeLen(line) > runeLen(head) && runeLen(line)+2+runeLen(it) > columns {
			*t = append(*t, line)
			line = strings.Repeat(" ", runeLen(head))
		}
		if runeLen(line) > runeLen(head) {
			line += "  "
		}
		line += it
	}
	*t = append(*t, line)
}

// writeText prints the head lines, the grid and the foot lines.
// It writes nothing when st's context is done.
func (st textStyle) writeText(w io.Writer, head textLines, g *tgrid, foot textLines) error {
	if err := st.stop.check(); err != nil {
		return err
	}
	ansi := st.ansi
	for _, l := range head {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	if err := g.write(w, ansi); err != nil {
		return err
	}
	for _, l := range foot {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	return nil
}

// marksFoot explains the marks a tiling scene uses.
func (st textStyle) marksFoot(foot *textLines, s *scene) {
	if s.uncovered > 0 {
		foot.add("%s uncovered: %s", st.uncovered(), plural(s.uncovered, "cell"))
	}
	if s.conflicts > 0 {
		foot.add("%s conflict (covered twice or off the board): %s", markConflict, plural(s.conflicts, "position"))
	}
	if s.offBox > 0 {
		foot.add("%s of placements off the board not shown", plural(s.offBox, "cell"))
	}
	if s.invalid > 0 {
		foot.add("%s with an unknown piece or orientation not shown", plural(s.invalid, "placement"))
	}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
