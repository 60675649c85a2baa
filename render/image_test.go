package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

func decodePNG(t testing.TB, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("invalid PNG: %v", err)
	}
	return img
}

func nrgba(c color.Color) color.NRGBA { return color.NRGBAModel.Convert(c).(color.NRGBA) }

// cellBox returns the pixel rectangle of cell (i, j) of layer l in a picture
// of one block (no title, no caption) with cell size s, of a box nj wide.
func cellBox(s, nj, nl, i, j, l int) image.Rectangle {
	pc := newPic(s, false)
	x, y := pc.margin, pc.margin
	if nl > 1 {
		y += captionFace.line() + pc.thick
		x += l * (max(nj*s, captionFace.width("l=0")) + pc.layerGap())
	}
	x, y = x+j*s, y+i*s
	return image.Rect(x, y, x+s, y+s)
}

func center(r image.Rectangle) image.Point {
	return image.Pt((r.Min.X+r.Max.X)/2+1, (r.Min.Y+r.Max.Y)/2+1)
}

func dark(c color.NRGBA) bool { return c.R < 40 && c.G < 40 && c.B < 40 }

// expectation of one position of a picture: a placement index, or one of
// the marks '_' (uncovered), '!' (conflict), ' ' (outside).
type expect struct {
	owner int
	mark  byte
}

// checkPNG checks the colour at the centre of every cell and the line between
// horizontally and vertically adjacent cells: black between different
// owners, a thin darker line between cells of one piece.
func checkPNG(t *testing.T, img image.Image, s, nl int, want [][][]expect, colors []int) {
	t.Helper()
	ni, nj := len(want[0]), len(want[0][0])
	for l := range nl {
		for i := range ni {
			for j := range nj {
				e := want[l][i][j]
				box := cellBox(s, nj, nl, i, j, l)
				got := nrgba(img.At(center(box).X, center(box).Y))
				switch {
				case e.mark == ' ':
					if got != whiteRGB {
						t.Errorf("outside (%d,%d,%d): %v, want white", i, j, l, got)
					}
				case e.mark == '!':
					if got != conflictRGB {
						t.Errorf("conflict (%d,%d,%d): %v, want red", i, j, l, got)
					}
				case e.mark == '_':
					whites, greys := 0, 0
					for y := box.Min.Y + 3; y < box.Max.Y-3; y++ {
						for x := box.Min.X + 3; x < box.Max.X-3; x++ {
							switch nrgba(img.At(x, y)) {
							case whiteRGB:
								whites++
							case hatchRGB:
								greys++
							}
						}
					}
					if whites == 0 || greys == 0 {
						t.Errorf("uncovered (%d,%d,%d): %d white and %d hatch pixels, want both", i, j, l, whites, greys)
					}
				default:
					if w := fillRGB(colors[e.owner]); got != w {
						t.Errorf("cell (%d,%d,%d) of placement %d: %v, want %v", i, j, l, e.owner, got, w)
					}
				}
				// The line on the left and top border of the cell.
				for _, nb := range []struct {
					di, dj int
					at     image.Point
				}{{0, -1, image.Pt(box.Min.X, center(box).Y)}, {-1, 0, image.Pt(center(box).X, box.Min.Y)}} {
					pi, pj := i+nb.di, j+nb.dj
					if pi < 0 || pj < 0 || e.mark != 0 {
						continue
					}
					o := want[l][pi][pj]
					line := nrgba(img.At(nb.at.X, nb.at.Y))
					fill := fillRGB(colors[e.owner])
					switch {
					case o.mark == 0 && o.owner == e.owner:
						if dark(line) || line == fill || line.R > fill.R || line.G > fill.G || line.B > fill.B {
							t.Errorf("inside placement %d at (%d,%d,%d): line %v, want thin and darker than %v", e.owner, i, j, l, line, fill)
						}
					default:
						if !dark(line) {
							t.Errorf("border of (%d,%d,%d) toward (%d,%d): %v, want dark", i, j, l, pi, pj, line)
						}
					}
				}
			}
		}
	}
}

// ownerGrid returns the expectations of a tiling from puzzle.Owners.
func ownerGrid(p *puzzle.Puzzle, tl puzzle.Tiling) [][][]expect {
	reg := p.Region
	own := p.Owners(tl)
	out := make([][][]expect, reg.Size.L)
	for l := range out {
		out[l] = make([][]expect, reg.Size.I)
		for i := range out[l] {
			out[l][i] = make([]expect, reg.Size.J)
			for j := range out[l][i] {
				e := expect{mark: ' '}
				if n := reg.Index(reg.Lo.Add(puzzle.Cell{I: i, J: j, L: l})); n >= 0 {
					e = expect{mark: '_'}
					if own[n] >= 0 {
						e = expect{owner: own[n]}
					}
				}
				out[l][i][j] = e
			}
		}
	}
	return out
}

func TestPNGPixels(t *testing.T) {
	pent, _ := pent3x5(t)
	cb, _ := cube(t)
	for _, p := range []*puzzle.Puzzle{pent, cb, tetrominoes(t)} {
		for n, tl := range randomTilings(t, p, 6, 5) {
			s := 10 + 4*n
			b := render(t, func(w io.Writer) error { return Tiling(w, p, tl, PNG, Options{CellSize: s}) })
			checkPNG(t, decodePNG(t, b), s, p.Region.Size.L, ownerGrid(p, tl), Colors(p, tl))
		}
	}
}

// The broken tiling: overlaps and a bar off the board are red, the rest is
// drawn normally.
func TestPNGBroken(t *testing.T) {
	p, tl := bars(t)
	rows := []string{"00000", "1111!", "_ 3_!", "    !", "    !", "    !", "    !"}
	want := [][][]expect{make([][]expect, len(rows))}
	for i, r := range rows {
		for _, ch := range r {
			e := expect{mark: byte(ch)}
			if ch >= '0' && ch <= '9' {
				e = expect{owner: int(ch - '0')}
			}
			want[0][i] = append(want[0][i], e)
		}
	}
	b := render(t, func(w io.Writer) error { return Tiling(w, p, tl, PNG, Options{CellSize: 16}) })
	checkPNG(t, decodePNG(t, b), 16, 1, want, Colors(p, tl))
}

// The PNG of the 3x5 tiling matches the golden picture pixel for pixel.
func TestPNGGolden(t *testing.T) {
	p, tl := pent3x5(t)
	b := render(t, func(w io.Writer) error {
		return Tiling(w, p, tl, PNG, Options{Labels: true, Title: "L, P, V"})
	})
	golden(t, "tiling.png", b, func(t testing.TB, b []byte) []byte {
		img := decodePNG(t, b)
		var out bytes.Buffer
		out.WriteString(img.Bounds().String() + "\n")
		for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
			for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
				c := nrgba(img.At(x, y))
				out.Write([]byte{c.R, c.G, c.B, c.A})
			}
		}
		return out.Bytes()
	})
}

// A 61x61 tiling by dominoes stays readable and reasonably small.
func TestPNG61(t *testing.T) {
	p := dominoBoard(t, 61)
	tl := dominoTiling(p, 61)
	if rep, _ := p.Verify(tl, false); !rep.Valid() || len(rep.Uncovered) != 1 {
		t.Fatalf("domino tiling: %+v", rep)
	}
	b := render(t, func(w io.Writer) error { return Tiling(w, p, tl, PNG, Options{Labels: true}) })
	img := decodePNG(t, b)
	sz := img.Bounds().Size()
	if sz.X != sz.Y || sz.X < 61*minAutoCell || sz.X > 1300 {
		t.Errorf("61x61 picture is %v, want square, at least %d and at most 1300 pixels", sz, 61*minAutoCell)
	}
	s := newPic(autoCell(Options{}, 61), false).s
	if s < 8 {
		t.Errorf("61x61 cells are %d pixels, want at least 8", s)
	}
	checkPNG(t, img, s, 1, ownerGrid(p, tl), Colors(p, tl))
	if len(b) > 1<<20 {
		t.Errorf("61x61 PNG has %d bytes", len(b))
	}
	// A 200x200 board shrinks to the minimum cell size, beyond MaxWidth.
	big := dominoBoard(t, 200)
	b = render(t, func(w io.Writer) error { return Tiling(w, big, dominoTiling(big, 200), PNG, Options{}) })
	if sz := decodePNG(t, b).Bounds().Size(); sz.X != 200*minAutoCell+2*newPic(minAutoCell, false).margin {
		t.Errorf("200x200 picture is %v", sz)
	}
}

func TestSVGValidAndLabels(t *testing.T) {
	p, tl := pent3x5(t)
	for _, c := range []struct {
		cell   int
		labels bool
		want   int
	}{{20, true, 3}, {8, true, 0}, {20, false, 0}} {
		b := render(t, func(w io.Writer) error { return Tiling(w, p, tl, SVG, Options{CellSize: c.cell, Labels: c.labels}) })
		labels := svgElements(t, b, "label")
		if len(labels) != c.want {
			t.Errorf("cell %d, labels %v: %d labels, want %d", c.cell, c.labels, len(labels), c.want)
		}
		names := map[string]bool{}
		for _, l := range labels {
			names[l["text"]] = true
		}
		if c.want > 0 && (!names["L"] || !names["P"] || !names["V"]) {
			t.Errorf("labels %v, want L, P and V", names)
		}
		// Cell rectangles cover the 15 cells exactly.
		area := 0
		for _, r := range svgElements(t, b, "cell") {
			w, _ := strconv.Atoi(r["width"])
			h, _ := strconv.Atoi(r["height"])
			area += w * h
		}
		if area != 15*c.cell*c.cell {
			t.Errorf("cell %d: cells cover %d px², want %d", c.cell, area, 15*c.cell*c.cell)
		}
	}
	// The big picture is valid XML too.
	big := dominoBoard(t, 61)
	b := render(t, func(w io.Writer) error { return Tiling(w, big, dominoTiling(big, 61), SVG, Options{Labels: true}) })
	if n := len(svgElements(t, b, "uncovered")); n != 1 {
		t.Errorf("61x61: %d hatched cells, want 1", n)
	}
}

func TestGallery(t *testing.T) {
	p, _ := pent3x5(t)
	ts := solve(p, 0, nil) // the 4 tilings of 3x5 by L, P, V
	if len(ts) != 4 {
		t.Fatalf("%d tilings", len(ts))
	}
	ts = append(ts, puzzle.Tiling{Placements: ts[0].Placements[:2]}) // a partial one
	b := render(t, func(w io.Writer) error { return Gallery(w, p, ts, SVG, Options{Title: "3x5"}) })
	caps := svgElements(t, b, "caption")
	if len(caps) != 5 {
		t.Fatalf("%d captions, want 5", len(caps))
	}
	xs, ys := map[string]bool{}, map[string]bool{}
	for n, c := range caps {
		want := "#" + strconv.Itoa(n+1)
		if n == 4 {
			want += " 10/15"
		}
		if !strings.Contains(normCaptions(caps), want) {
			t.Errorf("no caption %q in %v", want, normCaptions(caps))
		}
		xs[c["x"]], ys[c["y"]] = true, true
	}
	if len(xs) != 3 || len(ys) != 2 {
		t.Errorf("captions in %d columns and %d rows, want 3 and 2", len(xs), len(ys))
	}
	if n := len(svgElements(t, b, "uncovered")); n == 0 {
		t.Error("the partial tiling has no hatched cells")
	}
	pb := render(t, func(w io.Writer) error { return Gallery(w, p, ts, PNG, Options{Title: "3x5"}) })
	img := decodePNG(t, pb)
	svgW, svgH := svgSize(t, b)
	if img.Bounds().Dx() != svgW || img.Bounds().Dy() != svgH {
		t.Errorf("PNG %v, SVG %dx%d: want the same size", img.Bounds(), svgW, svgH)
	}
	if err := Gallery(io.Discard, p, nil, SVG, Options{}); err == nil {
		t.Error("empty gallery accepted")
	}
}

func normCaptions(caps []map[string]string) string {
	var s []string
	for _, c := range caps {
		s = append(s, c["text"])
	}
	return strings.Join(s, ",")
}

func svgSize(t testing.TB, b []byte) (int, int) {
	t.Helper()
	root := parseSVG(t, b)[0]
	w, _ := strconv.Atoi(root.attrs["width"])
	h, _ := strconv.Atoi(root.attrs["height"])
	return w, h
}

func TestRegionAndPiecesPictures(t *testing.T) {
	p := holed(t)
	b := render(t, func(w io.Writer) error { return Region(w, p, PNG, Options{CellSize: 12}) })
	img := decodePNG(t, b)
	for i := range p.Region.Size.I {
		for j := range p.Region.Size.J {
			c := center(cellBox(12, p.Region.Size.J, 1, i, j, 0))
			want := whiteRGB
			if p.Region.Index(puzzle.Cell{I: i, J: j}) >= 0 {
				want = neutralRGB
			}
			if got := nrgba(img.At(c.X, c.Y)); got != want {
				t.Errorf("region (%d,%d): %v, want %v", i, j, got, want)
			}
		}
	}
	pent, _ := pent3x5(t)
	b = render(t, func(w io.Writer) error { return Pieces(w, pent, SVG, Options{}) })
	caps := normCaptions(svgElements(t, b, "caption"))
	if caps != "L x1 o8,P x1 o8,V x1 o4" {
		t.Errorf("piece captions %q", caps)
	}
	decodePNG(t, render(t, func(w io.Writer) error { return Pieces(w, pent, PNG, Options{}) }))
}

func TestBadInput(t *testing.T) {
	p, tl := pent3x5(t)
	if err := Tiling(io.Discard, nil, tl, SVG, Options{}); err == nil {
		t.Error("nil puzzle accepted")
	}
	if err := Tiling(io.Discard, p, tl, Format(9), Options{}); err == nil {
		t.Error("unknown format accepted")
	}
	// Absurd cell sizes are clamped, not obeyed.
	b := render(t, func(w io.Writer) error { return Tiling(w, p, tl, PNG, Options{CellSize: 1 << 20}) })
	if sz := decodePNG(t, b).Bounds().Size(); sz.X > 5*maxCell+200 {
		t.Errorf("picture %v with a huge cell size", sz)
	}
}

func TestOverview(t *testing.T) {
	p, _ := pent3x5(t)
	b := render(t, func(w io.Writer) error { return Overview(w, p, SVG, Options{Title: "LPV"}) })
	if caps := normCaptions(svgElements(t, b, "caption")); caps != "board 5x3, 15 cells,L x1 o8,P x1 o8,V x1 o4" {
		t.Errorf("captions %q", caps)
	}
	// The board's cells are grey, each piece has its own colour.
	fills := map[string]int{}
	for _, r := range svgElements(t, b, "cell") {
		fills[r["fill"]]++
	}
	if len(fills) != 4 || fills[hexColor(neutralRGB)] != 3 {
		t.Errorf("cell fills %v, want 3 grey rows and 3 piece colours", fills)
	}
	decodePNG(t, render(t, func(w io.Writer) error { return Overview(w, p, PNG, Options{}) }))
	text := string(render(t, func(w io.Writer) error { return Overview(w, p, ASCII, Options{}) }))
	region := string(render(t, func(w io.Writer) error { return Region(w, p, ASCII, Options{}) }))
	pieces := string(render(t, func(w io.Writer) error { return Pieces(w, p, ASCII, Options{}) }))
	if text != region+"\n"+pieces {
		t.Errorf("text overview:\n%s", text)
	}
}

// TestTilingsSheet: several tilings in SVG are one sheet (Gallery), one
// tiling is the picture Tiling draws.
func TestTilingsSheet(t *testing.T) {
	p, _ := pent3x5(t)
	ts := solve(p, 0, nil)
	many := render(t, func(w io.Writer) error { return Tilings(w, p, ts, SVG, Options{}) })
	if n := strings.Count(string(many), "<svg"); n != 1 || len(svgElements(t, many, "caption")) != len(ts) {
		t.Errorf("%d svg elements, want 1 sheet of %d captions", n, len(ts))
	}
	one := render(t, func(w io.Writer) error { return Tilings(w, p, ts[:1], SVG, Options{}) })
	alone := render(t, func(w io.Writer) error { return Tiling(w, p, ts[0], SVG, Options{}) })
	if string(one) != string(alone) {
		t.Error("one tiling is not drawn as Tiling draws it")
	}
}
