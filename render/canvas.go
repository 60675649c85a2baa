package render

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Text of SVG and PNG pictures is set in Go Mono (Go Bold Mono for piece
// labels), embedded in the binary: every character advances 0.6 em, so a
// face is given by its advance in whole pixels, and SVG and PNG lay out the
// same text alike. SVG names the font with a monospace fallback.
//
// The chart metrics: a character 7 pixels wide (Go Mono of about 12 px),
// a line 16 pixels high with its baseline 11 below its top.
const (
	charW   = 7  // advance of one character of a chart
	lineH   = 16 // height of a line of text of a chart
	ascentH = 11 // baseline below the top of a line of a chart
)

// Go Mono's metrics per em (from the font's tables).
const (
	monoAdvance = 0.6001 // advance of every character
	monoAscent  = 0.945
	monoCap     = 0.722 // height of the capital letters
)

// face is the size and weight of a text: adv is the advance of one
// character in pixels.
type face struct {
	adv  int
	bold bool
}

var (
	chartFace   = face{adv: charW}
	captionFace = face{adv: 10} // titles, captions and layer names: 16.7 px
)

// labelFace is the face of piece labels in cells of s pixels: a fifth of
// the cell wide per character (20 px type in 60-pixel cells), bold.
func labelFace(s int) face { return face{adv: min(max(s/5, 5), 16), bold: true} }

// px is the font size (the em) in pixels.
func (f face) px() float64 { return float64(f.adv) / monoAdvance }

// width is the width of s in pixels.
func (f face) width(s string) int { return f.adv * runeLen(s) }

// line is the height of a line of text, ascent the baseline's distance
// below its top.
func (f face) line() int   { return int(math.Ceil(1.35 * f.px())) }
func (f face) ascent() int { return int(math.Ceil(monoAscent * f.px())) }

// capHalf is half the height of a capital letter: a label whose baseline
// is capHalf below a point is centred on it.
func (f face) capHalf() int { return int(math.Round(monoCap * f.px() / 2)) }

func textWidth(s string) int { return chartFace.width(s) }

// monoFonts holds Go Mono and Go Mono Bold, parsed once.
var monoFonts = sync.OnceValues(func() ([2]*opentype.Font, error) {
	var out [2]*opentype.Font
	for k, ttf := range [][]byte{gomono.TTF, gomonobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return out, fmt.Errorf("render: the embedded Go Mono font: %w", err)
		}
		out[k] = f
	}
	return out, nil
})

// anchor is the horizontal alignment of text at its x coordinate.
type anchor int

const (
	anchorStart anchor = iota
	anchorMiddle
	anchorEnd
)

// canvas is what SVG and PNG pictures are drawn on. Coordinates are whole
// pixels; the SVG and PNG of one picture get the same calls.
type canvas interface {
	// rect fills the pixels [x, x+w) x [y, y+h).
	rect(x, y, w, h int, c color.NRGBA, class string)
	// hatch fills the rectangle white with diagonal grey lines.
	hatch(x, y, w, h int)
	// line draws a horizontal or vertical line of the given width centred
	// on the pixel row or column (x0, y0) .. (x1, y1), ends included and
	// extended by half the width so that lines join at corners.
	line(x0, y0, x1, y1, width int, c color.NRGBA, class string)
	// text writes s in face f with its baseline at y.
	text(x, y int, s string, a anchor, class string, f face)
	// poly fills a polygon (hex and triangle cells, planar.go).
	poly(pts []fpt, c color.NRGBA, class string)
	// seg draws a line of any direction, extended by half its width at
	// both ends.
	seg(x0, y0, x1, y1 float64, width int, c color.NRGBA, class string)
}

// lineRect is the pixel rectangle covered by a line.
func lineRect(x0, y0, x1, y1, width int) image.Rectangle {
	h := width / 2
	return image.Rect(min(x0, x1)-h, min(y0, y1)-h, max(x0, x1)-h+width, max(y0, y1)-h+width)
}

// pngCanvas draws into an image. It is an RGBA image, for which package
// draw has fast paths.
type pngCanvas struct {
	img   *image.RGBA
	ras   rasterizer // for poly and seg
	faces map[face]font.Face
	err   error // the first error of text, reported by encode
}

func newPNGCanvas(w, h int) *pngCanvas {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(whiteRGB), image.Point{}, draw.Src)
	return &pngCanvas{img: img}
}

func (p *pngCanvas) fill(r image.Rectangle, c color.NRGBA) {
	op := draw.Src
	if c.A != 0xff {
		op = draw.Over
	}
	draw.Draw(p.img, r, image.NewUniform(c), image.Point{}, op)
}

func (p *pngCanvas) rect(x, y, w, h int, c color.NRGBA, _ string) {
	p.fill(image.Rect(x, y, x+w, y+h), c)
}

func (p *pngCanvas) hatch(x, y, w, h int) {
	r := image.Rect(x, y, x+w, y+h).Intersect(p.img.Bounds())
	p.fill(r, whiteRGB)
	c := color.RGBAModel.Convert(hatchRGB).(color.RGBA)
	for py := r.Min.Y; py < r.Max.Y; py++ {
		for px := r.Min.X; px < r.Max.X; px++ {
			if (px+py)%hatchStep == 0 {
				p.img.SetRGBA(px, py, c)
			}
		}
	}
}

// hatchStep is the distance in pixels between hatch lines along an axis.
const hatchStep = 6

func (p *pngCanvas) line(x0, y0, x1, y1, width int, c color.NRGBA, _ string) {
	p.fill(lineRect(x0, y0, x1, y1, width), c)
}

func (p *pngCanvas) poly(pts []fpt, c color.NRGBA, _ string) { p.ras.fillPoly(p.img, pts, c) }

func (p *pngCanvas) seg(x0, y0, x1, y1 float64, width int, c color.NRGBA, _ string) {
	p.ras.fillPoly(p.img, segPoly(fpt{x0, y0}, fpt{x1, y1}, float64(width)), c)
}

func (p *pngCanvas) text(x, y int, s string, a anchor, _ string, f face) {
	switch a {
	case anchorMiddle:
		x -= f.width(s) / 2
	case anchorEnd:
		x -= f.width(s)
	}
	ff, ok := p.faces[f]
	if !ok {
		fonts, err := monoFonts()
		if err == nil {
			k := 0
			if f.bold {
				k = 1
			}
			ff, err = opentype.NewFace(fonts[k], &opentype.FaceOptions{Size: f.px(), DPI: 72, Hinting: font.HintingFull})
		}
		if err != nil {
			p.err = cmp.Or(p.err, err)
			return
		}
		if p.faces == nil {
			p.faces = map[face]font.Face{}
		}
		p.faces[f] = ff
	}
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(blackRGB), Face: ff, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

func (p *pngCanvas) encode(w io.Writer) error {
	if p.err != nil {
		return p.err
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(w, p.img); err != nil {
		return fmt.Errorf("render: encoding PNG: %w", err)
	}
	return nil
}

// svgCanvas collects SVG elements.
type svgCanvas struct {
	w, h   int
	body   bytes.Buffer
	hatchd bool // the hatch pattern is used
}

func newSVGCanvas(w, h int) *svgCanvas {
	s := &svgCanvas{w: w, h: h}
	s.rect(0, 0, w, h, whiteRGB, "background")
	return s
}

func hexColor(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// paint returns the attributes of colour c for attribute name fill or stroke.
func paint(attr string, c color.NRGBA) string {
	s := fmt.Sprintf(` %s="%s"`, attr, hexColor(c))
	if c.A != 0xff {
		s += fmt.Sprintf(` %s-opacity="%s"`, attr, strconv.FormatFloat(float64(c.A)/255, 'f', 3, 64))
	}
	return s
}

func (s *svgCanvas) rect(x, y, w, h int, c color.NRGBA, class string) {
	fmt.Fprintf(&s.body, `<rect class="%s" x="%d" y="%d" width="%d" height="%d"%s/>`+"\n", class, x, y, w, h, paint("fill", c))
}

func (s *svgCanvas) hatch(x, y, w, h int) {
	s.hatchd = true
	fmt.Fprintf(&s.body, `<rect class="uncovered" x="%d" y="%d" width="%d" height="%d" fill="url(#hatch)"/>`+"\n", x, y, w, h)
}

func (s *svgCanvas) line(x0, y0, x1, y1, width int, c color.NRGBA, class string) {
	// The PNG line covers [v - width/2, v - width/2 + width) across.
	off := float64(width)/2 - float64(width/2)
	f := func(v int) string { return strconv.FormatFloat(float64(v)+off, 'f', -1, 64) }
	fmt.Fprintf(&s.body, `<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke-width="%d" stroke-linecap="square"%s/>`+"\n",
		class, f(x0), f(y0), f(x1), f(y1), width, paint("stroke", c))
}

func (s *svgCanvas) poly(pts []fpt, c color.NRGBA, class string) {
	fmt.Fprintf(&s.body, `<polygon class="%s" points="`, class)
	for k, p := range pts {
		if k > 0 {
			s.body.WriteByte(' ')
		}
		s.body.WriteString(svgNum(p.x) + "," + svgNum(p.y))
	}
	fmt.Fprintf(&s.body, `"%s/>`+"\n", paint("fill", c))
}

func (s *svgCanvas) seg(x0, y0, x1, y1 float64, width int, c color.NRGBA, class string) {
	fmt.Fprintf(&s.body, `<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke-width="%d" stroke-linecap="square"%s/>`+"\n",
		class, svgNum(x0), svgNum(y0), svgNum(x1), svgNum(y1), width, paint("stroke", c))
}

// svgNum formats a coordinate with two decimals at most.
func svgNum(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

func (s *svgCanvas) text(x, y int, t string, a anchor, class string, f face) {
	as := [...]string{"start", "middle", "end"}[a]
	fmt.Fprintf(&s.body, `<text class="%s" x="%d" y="%d" text-anchor="%s"`, class, x, y, as)
	if f != chartFace {
		fmt.Fprintf(&s.body, ` font-size="%s"`, svgNum(f.px()))
	}
	if f.bold {
		s.body.WriteString(` font-weight="bold"`)
	}
	s.body.WriteString(">")
	xml.EscapeText(&s.body, []byte(t))
	s.body.WriteString("</text>\n")
}

func (s *svgCanvas) encode(w io.Writer) error {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="'Go Mono', monospace" font-size="12">`+"\n", s.w, s.h, s.w, s.h)
	if s.hatchd {
		fmt.Fprintf(&b, `<defs><pattern id="hatch" width="%d" height="%d" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`, hatchStep, hatchStep)
		fmt.Fprintf(&b, `<rect width="%d" height="%d"%s/><line x1="0" y1="0" x2="0" y2="%d" stroke-width="2"%s/></pattern></defs>`+"\n",
			hatchStep, hatchStep, paint("fill", whiteRGB), hatchStep, paint("stroke", hatchRGB))
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("render: writing SVG: %w", err)
	}
	if _, err := w.Write(s.body.Bytes()); err != nil {
		return fmt.Errorf("render: writing SVG: %w", err)
	}
	if _, err := io.WriteString(w, "</svg>\n"); err != nil {
		return fmt.Errorf("render: writing SVG: %w", err)
	}
	return nil
}

// surface is a canvas that can be written out.
type surface interface {
	canvas
	encode(w io.Writer) error
}

// newSurface returns the canvas of an image format.
func newSurface(f Format, w, h int) (surface, error) {
	switch f {
	case SVG:
		return newSVGCanvas(w, h), nil
	case PNG:
		return newPNGCanvas(w, h), nil
	}
	return nil, fmt.Errorf("render: %v is not an image format", f)
}
