package render

import (
	"bufio"
	"fmt"
	"io"
	"unicode/utf8"
)

// tcell is one character of a text picture with its background colour
// (a palette index or a colorXxx constant).
type tcell struct {
	r  rune
	bg int
}

// tgrid is a rectangle of characters that text pictures are composed on.
type tgrid struct {
	w, h  int
	cells []tcell
}

func newTGrid(w, h int) *tgrid {
	g := &tgrid{w: w, h: h, cells: make([]tcell, w*h)}
	for x := range g.cells {
		g.cells[x] = tcell{' ', colorNone}
	}
	return g
}

// newTGridStop is newTGrid clearing the cells in chunks of 2^20, nil
// once stop says stop (read now, then between chunks).
func newTGridStop(w, h int, stop *stopper) *tgrid {
	if stop.check() != nil {
		return nil
	}
	g := &tgrid{w: w, h: h, cells: make([]tcell, w*h)}
	for lo := 0; lo < len(g.cells); lo += 1 << 20 {
		if stop.check() != nil {
			return nil
		}
		for x := range g.cells[lo:min(lo+1<<20, len(g.cells))] {
			g.cells[lo+x] = tcell{' ', colorNone}
		}
	}
	return g
}

func (g *tgrid) set(x, y int, r rune, bg int) {
	if x >= 0 && y >= 0 && x < g.w && y < g.h {
		g.cells[y*g.w+x] = tcell{r, bg}
	}
}

// text writes s from (x, y) on, one rune per column.
func (g *tgrid) text(x, y int, s string, bg int) {
	for _, r := range s {
		g.set(x, y, r, bg)
		x++
	}
}

// blit copies src with its top-left corner at (x, y).
func (g *tgrid) blit(x, y int, src *tgrid) {
	for sy := range src.h {
		for sx := range src.w {
			c := src.cells[sy*src.w+sx]
			g.set(x+sx, y+sy, c.r, c.bg)
		}
	}
}

// write prints the grid, one line per row without trailing blanks; with ansi
// set, backgrounds become xterm 256-colour escape sequences.
func (g *tgrid) write(w io.Writer, ansi bool) error {
	bw := bufio.NewWriter(w)
	for y := range g.h {
		row := g.cells[y*g.w : (y+1)*g.w]
		end := len(row)
		for end > 0 && row[end-1].r == ' ' && (!ansi || row[end-1].bg == colorNone) {
			end--
		}
		cur := colorNone
		for i, c := range row[:end] {
			// A failed write (w fails once a drawing's context is done)
			// ends the grid, not only the row: rows of millions of cells.
			if i&0xffff == 0xffff {
				if err := bw.Flush(); err != nil {
					return err
				}
			}
			if ansi && c.bg != cur {
				switch {
				case c.bg == colorNone:
					bw.WriteString("\x1b[0m")
				case c.bg == colorConflict:
					fmt.Fprintf(bw, "\x1b[97;48;5;%dm", ansiCode(c.bg))
				default:
					fmt.Fprintf(bw, "\x1b[30;48;5;%dm", ansiCode(c.bg))
				}
				cur = c.bg
			}
			bw.WriteRune(c.r)
		}
		if ansi && cur != colorNone {
			bw.WriteString("\x1b[0m")
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// runeLen is the number of columns of s in a text picture.
func runeLen(s string) int { return utf8.RuneCountInString(s) }
