package render

import (
	"io"
	"math"
	"strconv"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"

	"github.com/polytile/polytile/puzzle"
)

// TestPictureSizeReadable: the picture of one 10x6 solution is between 600
// and 1200 pixels wide (cells of at least 56 pixels; it was 340x232 with a
// 7x13 bitmap font), and its title, caption and label text is set at 16
// pixels or more.
func TestPictureSizeReadable(t *testing.T) {
	p, err := puzzle.Parse("p.yaml", []byte("name: Pentominoes 10x6\nboard: 10x6\npieces: pentominoes\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Labels: true, Title: p.Name}
	for _, f := range []Format{PNG, SVG} {
		w, h, err := CheckPicture(p, 1, f, o)
		if err != nil || w < 600 || w > 1200 || h < 360 {
			t.Errorf("%v: a 10x6 solution is %dx%d pixels (%v), want 600 to 1200 wide and 360 high or more", f, w, h, err)
		}
	}
	small, tl := pent3x5(t)
	b := render(t, func(w io.Writer) error { return Tiling(w, small, tl, SVG, Options{Labels: true, Title: "LPV"}) })
	for _, class := range []string{"title", "label"} {
		els := svgElements(t, b, class)
		if len(els) == 0 {
			t.Fatalf("no %s text", class)
		}
		for _, e := range els {
			if fs, err := strconv.ParseFloat(e["font-size"], 64); err != nil || fs < 16 {
				t.Errorf("%s %q: font size %q, want 16 px or more", class, e["text"], e["font-size"])
			}
		}
	}
}

// TestPlanarLabelsInsideCells: on hex and triangle boards the label of a
// piece never touches a thick line (piece and region boundaries): every
// point of its text box, as the SVG places it (Go Mono: 0.6 em wide
// characters, capitals 0.722 em high), is more than half a line width away
// from every thick line, at cell sizes from small to large. Some hexiamond
// labels sat on the edges of their triangles.
func TestPlanarLabelsInsideCells(t *testing.T) {
	srcs := []string{
		"grid: triangle\nboard: 6x2\ncount: 2\npieces: tetriamonds\n",
		"grid: triangle\nboard: 6x3\npieces: hexiamonds\n",
		"grid: hex\nboard: 6x4\ncount: 2\npieces: tetrahexes\n",
	}
	for _, src := range srcs {
		p, err := puzzle.Parse("p.yaml", []byte(src), "")
		if err != nil {
			t.Fatal(err)
		}
		ts := solve(p, 3, nil)
		if len(ts) == 0 {
			// A board the pieces do not tile: a partial tiling has labels too.
			ts = []puzzle.Tiling{{Placements: p.Images.Place[:1]}}
		}
		for _, s := range []int{16, 24, 32, 40, 60, 90} {
			for _, tl := range ts {
				b := render(t, func(w io.Writer) error { return Tiling(w, p, tl, SVG, Options{Labels: true, CellSize: s}) })
				labels := svgElements(t, b, "label")
				if s >= 40 && len(labels) < len(tl.Placements) {
					t.Errorf("%q at cell size %d: %d labels for %d pieces", src, s, len(labels), len(tl.Placements))
				}
				edges := svgElements(t, b, "edge")
				for _, l := range labels {
					x, y := num(t, l["x"]), num(t, l["y"])
					fs := num(t, l["font-size"])
					w := float64(len(l["text"])) * math.Round(fs*monoAdvance)
					h := monoCap * fs
					for _, pt := range boxPerimeter(x-w/2, y-h, x+w/2, y) {
						for _, e := range edges {
							d := segDist(pt[0], pt[1], num(t, e["x1"]), num(t, e["y1"]), num(t, e["x2"]), num(t, e["y2"]))
							if d <= num(t, e["stroke-width"])/2 {
								t.Fatalf("%q at cell size %d: label %q box (%.1f,%.1f)-(%.1f,%.1f) touches the edge %v", src, s, l["text"], x-w/2, y-h, x+w/2, y, e)
							}
						}
					}
				}
			}
		}
	}
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("number %q: %v", s, err)
	}
	return v
}

// boxPerimeter returns points every pixel or less along the sides of a box.
func boxPerimeter(x0, y0, x1, y1 float64) [][2]float64 {
	var out [][2]float64
	for k := 0.0; k <= 1; k += 1 / math.Max(1, math.Max(x1-x0, y1-y0)) {
		out = append(out, [2]float64{x0 + k*(x1-x0), y0}, [2]float64{x0 + k*(x1-x0), y1},
			[2]float64{x0, y0 + k*(y1-y0)}, [2]float64{x1, y0 + k*(y1-y0)})
	}
	return out
}

// segDist is the distance from (px, py) to the segment (x0, y0)-(x1, y1).
func segDist(px, py, x0, y0, x1, y1 float64) float64 {
	dx, dy := x1-x0, y1-y0
	k := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		k = math.Max(0, math.Min(1, ((px-x0)*dx+(py-y0)*dy)/l))
	}
	return math.Hypot(px-(x0+k*dx), py-(y0+k*dy))
}

// TestMonoMetrics checks the Go Mono metrics the layout uses against the
// embedded fonts' own tables, and that a face of advance adv draws every
// character exactly adv pixels wide in PNG, as the layout assumes.
func TestMonoMetrics(t *testing.T) {
	fonts, err := monoFonts()
	if err != nil {
		t.Fatal(err)
	}
	for k, f := range fonts {
		big, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 1000, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			t.Fatal(err)
		}
		m := big.Metrics()
		adv, _ := big.GlyphAdvance('M')
		got := [3]float64{float64(adv) / 64 / 1000, float64(m.Ascent) / 64 / 1000, float64(m.CapHeight) / 64 / 1000}
		want := [3]float64{monoAdvance, monoAscent, monoCap}
		for n := range got {
			if math.Abs(got[n]-want[n]) > 0.001 {
				t.Errorf("font %d: metric %d is %.4f em, the layout uses %.4f", k, n, got[n], want[n])
			}
		}
		for a := 5; a <= 16; a++ {
			fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: face{adv: a}.px(), DPI: 72, Hinting: font.HintingFull})
			if err != nil {
				t.Fatal(err)
			}
			if w := font.MeasureString(fc, "Wil1m").Round(); w != 5*a {
				t.Errorf("font %d, advance %d: 5 characters are %d pixels wide, want %d", k, a, w, 5*a)
			}
		}
	}
}
