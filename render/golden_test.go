package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/polytile/polytile/puzzle"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites the file with -update.
// norm, if not nil, is applied to both sides before comparing.
func golden(t *testing.T, name string, got []byte, norm func(testing.TB, []byte) []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	g, w := got, want
	if norm != nil {
		g, w = norm(t, got), norm(t, want)
	}
	if !bytes.Equal(g, w) {
		if !utf8.Valid(g) || !utf8.Valid(w) {
			n := 0
			for n < min(len(g), len(w)) && g[n] == w[n] {
				n++
			}
			t.Errorf("%s differs from the golden file from byte %d of the normal form on (lengths %d, %d)", name, n, len(g), len(w))
			return
		}
		t.Errorf("%s differs from the golden file\n--- got:\n%s\n--- want:\n%s", name, g, w)
	}
}

// svgElement is one parsed element of an SVG document.
type svgElement struct {
	name  string
	attrs map[string]string
	text  string
}

// parseSVG decodes an SVG document into its elements in document order,
// failing the test if it is not well-formed XML.
func parseSVG(t testing.TB, b []byte) []svgElement {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	var out []svgElement
	var stack []int
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("invalid SVG: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			el := svgElement{name: e.Name.Local, attrs: map[string]string{}}
			for _, a := range e.Attr {
				el.attrs[a.Name.Local] = a.Value
			}
			stack = append(stack, len(out))
			out = append(out, el)
		case xml.CharData:
			if len(stack) > 0 {
				out[stack[len(stack)-1]].text += strings.TrimSpace(string(e))
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) != 0 || len(out) == 0 || out[0].name != "svg" {
		t.Fatalf("invalid SVG: %d unclosed elements, %d elements", len(stack), len(out))
	}
	return out
}

// normSVG returns the elements of an SVG document one per line as
// "name attr=value ... text", sorted: the picture's content independent of
// element order and formatting.
func normSVG(t testing.TB, b []byte) []byte {
	t.Helper()
	var lines []string
	for _, e := range parseSVG(t, b) {
		attrs := make([]string, 0, len(e.attrs))
		for k, v := range e.attrs {
			attrs = append(attrs, k+"="+strconv.Quote(v))
		}
		sort.Strings(attrs)
		line := e.name + " " + strings.Join(attrs, " ")
		if e.text != "" {
			line += " text=" + strconv.Quote(e.text)
		}
		lines = append(lines, line)
	}
	slices.Sort(lines)
	return []byte(strings.Join(lines, "\n") + "\n")
}

// svgElements returns the attributes (and "text") of the elements of a class.
func svgElements(t testing.TB, b []byte, class string) []map[string]string {
	t.Helper()
	var out []map[string]string
	for _, e := range parseSVG(t, b) {
		if e.attrs["class"] == class {
			m := maps.Clone(e.attrs)
			m["text"] = e.text
			out = append(out, m)
		}
	}
	return out
}

// Fixtures: small puzzles whose pictures are checked.

// pent3x5 is the 3x5 box with the L, P and V pentominoes and its first tiling
// found by brute force.
func pent3x5(t testing.TB) (*puzzle.Puzzle, puzzle.Tiling) {
	p := mustPuzzle(t, "LPV", 2, "#####/#####/#####",
		piece(t, "L", "####/#...", 1, puzzle.Free), piece(t, "P", "##/##/#.", 1, puzzle.Free), piece(t, "V", "#../#../###", 1, puzzle.Free))
	ts := solve(p, 1, nil)
	if len(ts) != 1 {
		t.Fatalf("3x5 with L, P, V: %d tilings, want a first one", len(ts))
	}
	return p, ts[0]
}

// bars is a 3x5 box with a hole, two 5-bars and unlimited monominoes (names
// longer than one character), and a broken tiling: one bar exact, one bar
// overlapping a monomino, one bar sticking out of the board, two cells
// uncovered.
func bars(t testing.TB) (*puzzle.Puzzle, puzzle.Tiling) {
	p := mustPuzzle(t, "bars", 2, "#####/#####/#.###",
		piece(t, "bar5", "#####", 2, puzzle.Free), piece(t, "mono", "#", 0, puzzle.Free))
	hor := 0
	if p.Pieces[0].Orients[0].Extent().J != 5 {
		hor = 1
	}
	return p, puzzle.Tiling{Placements: []puzzle.Placement{
		{Piece: 0, Orient: hor, At: puzzle.Cell{I: 0, J: 0}},
		{Piece: 0, Orient: hor, At: puzzle.Cell{I: 1, J: 0}},
		{Piece: 1, Orient: 0, At: puzzle.Cell{I: 1, J: 4}},
		{Piece: 1, Orient: 0, At: puzzle.Cell{I: 2, J: 2}},
		{Piece: 0, Orient: 1 - hor, At: puzzle.Cell{I: 2, J: 4}},
	}}
}

// cube is the 2x2x2 box with unlimited dominoes and its first tiling.
func cube(t testing.TB) (*puzzle.Puzzle, puzzle.Tiling) {
	p := mustPuzzle(t, "cube", 3, "##/##|##/##", piece(t, "D", "##", 0, puzzle.Rotate))
	ts := solve(p, 0, nil)
	if len(ts) != 9 { // the 2x2x2 box has 9 domino tilings
		t.Fatalf("2x2x2 dominoes: %d tilings, want 9", len(ts))
	}
	return p, ts[0]
}

// holed is a region with holes and a notch, for region pictures.
func holed(t testing.TB) *puzzle.Puzzle {
	return mustPuzzle(t, "holed", 2, "######/#.##.#/######/###...", piece(t, "mono", "#", 0, puzzle.Free))
}

func render(t testing.TB, f func(w io.Writer) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := f(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestTextGolden(t *testing.T) {
	pent, pentT := pent3x5(t)
	bar, barT := bars(t)
	cb, cbT := cube(t)
	hol := holed(t)
	cubes := solve(cb, 0, nil)
	cases := []struct {
		name string
		f    func(w io.Writer) error
	}{
		{"region.txt", func(w io.Writer) error { return Region(w, hol, ASCII, Options{Title: "holed"}) }},
		{"region.ans", func(w io.Writer) error { return Region(w, hol, ANSI, Options{}) }},
		{"pieces.txt", func(w io.Writer) error { return Pieces(w, pent, ASCII, Options{}) }},
		{"pieces-legend.txt", func(w io.Writer) error { return Pieces(w, bar, ASCII, Options{}) }},
		{"pieces.ans", func(w io.Writer) error { return Pieces(w, pent, ANSI, Options{}) }},
		{"tiling.txt", func(w io.Writer) error { return Tiling(w, pent, pentT, ASCII, Options{}) }},
		{"tiling-boxed.txt", func(w io.Writer) error { return Tiling(w, pent, pentT, ASCII, Options{Boxed: true}) }},
		{"tiling.ans", func(w io.Writer) error { return Tiling(w, pent, pentT, ANSI, Options{}) }},
		{"tiling-boxed.ans", func(w io.Writer) error { return Tiling(w, pent, pentT, ANSI, Options{Boxed: true}) }},
		{"broken.txt", func(w io.Writer) error { return Tiling(w, bar, barT, ASCII, Options{Title: "broken"}) }},
		{"broken.ans", func(w io.Writer) error { return Tiling(w, bar, barT, ANSI, Options{}) }},
		{"cube-region.txt", func(w io.Writer) error { return Region(w, cb, ASCII, Options{}) }},
		{"cube-tiling.txt", func(w io.Writer) error { return Tiling(w, cb, cbT, ASCII, Options{}) }},
		{"cube-tiling.ans", func(w io.Writer) error { return Tiling(w, cb, cbT, ANSI, Options{}) }},
		{"cube-pieces.txt", func(w io.Writer) error { return Pieces(w, cb, ASCII, Options{}) }},
		{"cube-gallery.txt", func(w io.Writer) error { return Gallery(w, cb, cubes[:4], ASCII, Options{Columns: 60}) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := render(t, c.f)
			b := render(t, c.f)
			if !bytes.Equal(a, b) {
				t.Fatal("two renders differ")
			}
			golden(t, c.name, a, nil)
		})
	}
}

func TestSVGGolden(t *testing.T) {
	pent, pentT := pent3x5(t)
	bar, barT := bars(t)
	cb, cbT := cube(t)
	cases := []struct {
		name string
		f    func(w io.Writer) error
	}{
		{"tiling.svg", func(w io.Writer) error { return Tiling(w, pent, pentT, SVG, Options{Labels: true, Title: "L, P, V"}) }},
		{"broken.svg", func(w io.Writer) error { return Tiling(w, bar, barT, SVG, Options{Labels: true}) }},
		{"cube.svg", func(w io.Writer) error { return Tiling(w, cb, cbT, SVG, Options{Labels: true, CellSize: 20}) }},
		{"region.svg", func(w io.Writer) error { return Region(w, holed(t), SVG, Options{}) }},
		{"gallery.svg", func(w io.Writer) error { return Gallery(w, pent, solve(pent, 0, nil), SVG, Options{CellSize: 12}) }},
		{"chart.svg", func(w io.Writer) error {
			return BarChart(w, Chart{Title: "bench", Axis: "time", Unit: "s", Bars: []Bar{
				{Label: "10x6", Series: "dlx", Value: 2.08}, {Label: "10x6", Series: "fila", Value: 0.157},
				{Label: "cube", Series: "dlx", Value: 113}, {Label: "cube", Series: "fila", Value: 17, Note: "best"}}}, SVG)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := render(t, c.f)
			if !bytes.Equal(a, render(t, c.f)) {
				t.Fatal("two renders differ")
			}
			golden(t, c.name, a, normSVG)
		})
	}
}

func ExampleFormat_String() {
	for _, f := range []Format{ASCII, ANSI, SVG, PNG} {
		g, _ := ParseFormat(strings.ToUpper(f.String()))
		fmt.Print(g, " ")
	}
	// Output: ascii ansi svg png
}
