package render

import (
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// tetrominoes is a 5x8 box with two copies of five free tetrominoes: copies
// of one piece may touch, which forces boxed text.
func tetrominoes(t testing.TB) *puzzle.Puzzle {
	art := []struct{ name, art string }{{"I", "####"}, {"L", "#../#../##"}, {"O", "##/##"}, {"S", ".##/##."}, {"T", "###/.#."}}
	var specs []puzzle.PieceSpec
	for _, a := range art {
		specs = append(specs, piece(t, a.name, a.art, 2, puzzle.Free))
	}
	return mustPuzzle(t, "tetrominoes", 2, "########/########/########/########/########", specs...)
}

// randomTilings returns n tilings of p found by randomised brute force,
// with some placements dropped from every other one (partial tilings).
func randomTilings(t testing.TB, p *puzzle.Puzzle, n int, seed uint64) []puzzle.Tiling {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []puzzle.Tiling
	for len(out) < n {
		ts := solve(p, 1, rng)
		if len(ts) == 0 {
			t.Fatalf("%s: no tiling", p.Name)
		}
		tl := ts[0]
		if len(out)%2 == 1 {
			var keep []puzzle.Placement
			for _, pl := range tl.Placements {
				if rng.IntN(3) > 0 {
					keep = append(keep, pl)
				}
			}
			tl.Placements = keep
		}
		out = append(out, tl)
	}
	return out
}

// symbolAt returns the expected text symbol of every region cell (row-major
// over the region's box): the owner's piece symbol, '_' if uncovered, ' '
// outside the region. It relies on puzzle.Owners, not on this package's scene.
func expectedSymbols(p *puzzle.Puzzle, t puzzle.Tiling, syms []string, uncovered string) [][]string {
	reg := p.Region
	own := p.Owners(t)
	out := make([][]string, reg.Size.I)
	for i := range out {
		out[i] = make([]string, reg.Size.J)
		for j := range out[i] {
			out[i][j] = " "
			c := puzzle.Cell{I: reg.Lo.I + i, J: reg.Lo.J + j, L: reg.Lo.L}
			if n := reg.Index(c); n >= 0 {
				out[i][j] = uncovered
				if own[n] >= 0 {
					out[i][j] = syms[t.Placements[own[n]].Piece]
				}
			}
		}
	}
	return out
}

// Compact text shows the owner's symbol in every cell, and boxed text draws
// a border between two cells exactly when their owners differ.
func TestTextMatchesOwners(t *testing.T) {
	pent, _ := pent3x5(t)
	tet := tetrominoes(t)
	boxedSeen, compactSeen := 0, 0
	for _, p := range []*puzzle.Puzzle{pent, tet} {
		syms, _ := symbols(p)
		for n, tl := range randomTilings(t, p, 40, uint64(len(p.Pieces))) {
			for _, forceBox := range []bool{false, true} {
				out := string(render(t, func(w io.Writer) error { return Tiling(w, p, tl, ASCII, Options{Boxed: forceBox}) }))
				lines := strings.Split(out, "\n")
				want := expectedSymbols(p, tl, syms, "_")
				own := p.Owners(tl)
				if strings.HasPrefix(out, "+") {
					boxedSeen++
					checkBoxed(t, p, lines, want, own)
				} else {
					compactSeen++
					if forceBox {
						t.Fatalf("%s #%d: Boxed option ignored:\n%s", p.Name, n, out)
					}
					for i, row := range want {
						line := lines[i] + strings.Repeat(" ", 2*len(row))
						for j, s := range row {
							if got := line[2*j : 2*j+1]; got != s {
								t.Fatalf("%s #%d: cell (%d,%d) shows %q, want %q\n%s", p.Name, n, i, j, got, s, out)
							}
						}
					}
				}
			}
		}
	}
	if boxedSeen == 0 || compactSeen == 0 {
		t.Errorf("boxed %d, compact %d pictures: both kinds should occur", boxedSeen, compactSeen)
	}
}

func checkBoxed(t *testing.T, p *puzzle.Puzzle, lines []string, want [][]string, own []int) {
	t.Helper()
	reg := p.Region
	owner := func(i, j int) int {
		n := reg.Index(puzzle.Cell{I: reg.Lo.I + i, J: reg.Lo.J + j})
		if n < 0 {
			return -2
		}
		return own[n]
	}
	at := func(y, x int) byte {
		if y < len(lines) && x < len(lines[y]) {
			return lines[y][x]
		}
		return ' '
	}
	pic := strings.Join(lines, "\n")
	for i, row := range want {
		for j, s := range row {
			if got := string(at(2*i+1, 4*j+2)); got != s {
				t.Fatalf("cell (%d,%d) shows %q, want %q\n%s", i, j, got, s, pic)
			}
			if j > 0 {
				border := at(2*i+1, 4*j) == '|'
				if differ := owner(i, j-1) != owner(i, j); border != differ {
					t.Fatalf("cells (%d,%d) and (%d,%d): border %v, owners differ %v\n%s", i, j-1, i, j, border, differ, pic)
				}
			}
			if i > 0 {
				border := at(2*i, 4*j+2) == '-'
				if differ := owner(i-1, j) != owner(i, j); border != differ {
					t.Fatalf("cells (%d,%d) and (%d,%d): border %v, owners differ %v\n%s", i-1, j, i, j, border, differ, pic)
				}
			}
		}
	}
}

var ansiEscape = regexp.MustCompile("\x1b\\[[0-9;]*m")

// ANSI text without its escapes shows the same symbols as ASCII text, with
// '·' for uncovered cells, and the colours of touching pieces differ.
func TestANSIMatchesASCII(t *testing.T) {
	p, _ := pent3x5(t)
	for _, tl := range randomTilings(t, p, 10, 3) {
		ascii := string(render(t, func(w io.Writer) error { return Tiling(w, p, tl, ASCII, Options{}) }))
		ansi := string(render(t, func(w io.Writer) error { return Tiling(w, p, tl, ANSI, Options{}) }))
		plain := ansiEscape.ReplaceAllString(ansi, "")
		plain = strings.ReplaceAll(plain, markUncoveredANSI, markUncoveredASCII)
		var trimmed []string
		for _, l := range strings.Split(plain, "\n") {
			trimmed = append(trimmed, strings.TrimRight(l, " "))
		}
		if got := strings.Join(trimmed, "\n"); got != ascii {
			t.Fatalf("ANSI without colours:\n%s\nASCII:\n%s", got, ascii)
		}
	}
}

func TestAmbiguousTextIsBoxed(t *testing.T) {
	p, tl := cube(t) // all pieces are D
	out := string(render(t, func(w io.Writer) error { return Tiling(w, p, tl, ASCII, Options{}) }))
	if !strings.Contains(out, "+---") {
		t.Errorf("touching copies of D should be boxed:\n%s", out)
	}
	// ANSI tells them apart by colour and stays compact.
	out = string(render(t, func(w io.Writer) error { return Tiling(w, p, tl, ANSI, Options{}) }))
	if strings.Contains(out, "─") {
		t.Errorf("ANSI should stay compact:\n%s", out)
	}
}

func TestSymbols(t *testing.T) {
	mk := func(names ...string) *puzzle.Puzzle {
		var specs []puzzle.PieceSpec
		for _, n := range names {
			specs = append(specs, piece(t, n, "#", 1, puzzle.Free))
		}
		return mustPuzzle(t, "s", 2, strings.Repeat("#", len(names)), specs...)
	}
	cases := []struct {
		names  []string
		want   []string
		legend bool
	}{
		{[]string{"F", "I", "x", "7"}, []string{"F", "I", "x", "7"}, false},
		{[]string{"alpha", "beta", "Alpha"}, []string{"a", "b", "A"}, true},
		{[]string{"alpha", "apple", "avocado"}, []string{"a", "A", "B"}, true},
		{[]string{"_", "!"}, []string{"A", "B"}, true},
		{[]string{"é1", "L"}, []string{"A", "L"}, true},
	}
	for _, c := range cases {
		got, legend := symbols(mk(c.names...))
		if strings.Join(got, ",") != strings.Join(c.want, ",") || legend != c.legend {
			t.Errorf("symbols(%q) = %q, %v; want %q, %v", c.names, got, legend, c.want, c.legend)
		}
	}
	// Beyond 62 pieces symbols get two characters, still all distinct.
	var names []string
	for n := range 70 {
		names = append(names, "p"+string(rune('0'+n/10))+string(rune('0'+n%10)))
	}
	got, legend := symbols(mk(names...))
	seen := map[string]bool{}
	for _, s := range got {
		if len(s) != 2 || seen[s] {
			t.Fatalf("70 pieces: bad or repeated symbol %q in %q", s, got)
		}
		seen[s] = true
	}
	if !legend {
		t.Error("70 pieces: want a legend")
	}
}

func TestParseFormat(t *testing.T) {
	for _, s := range []string{"ascii", "TEXT", "ansi", "colour", "svg", " png "} {
		f, err := ParseFormat(s)
		if err != nil {
			t.Errorf("ParseFormat(%q): %v", s, err)
			continue
		}
		if g, _ := ParseFormat(f.String()); g != f {
			t.Errorf("%v does not round-trip", f)
		}
	}
	if _, err := ParseFormat("jpeg"); err == nil {
		t.Error("jpeg accepted")
	}
	for name, want := range map[string]Format{"a.SVG": SVG, "x/b.png": PNG, "c.txt": ASCII, "d.ans": ANSI} {
		if f, ok := FormatForFile(name); !ok || f != want {
			t.Errorf("FormatForFile(%q) = %v, %v", name, f, ok)
		}
	}
	if _, ok := FormatForFile("e.pdf"); ok {
		t.Error("pdf accepted")
	}
}
