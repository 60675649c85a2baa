package puzzle

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestGridParseErrors: every grid-related mistake is an *Error naming file,
// line and column (none of these inputs parsed before the grid key; the
// hex art, 3D and named-set refusals are new).
func TestGridParseErrors(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"unknown grid", "grid: hexagonal\nboard: 3x3\npieces:\n  A: \"#\"\n",
			`g.yaml:1:7: grid must be square, hex or triangle, not "hexagonal"`},
		{"grid not a scalar", "grid: [hex]\nboard: 3x3\npieces:\n  A: \"#\"\n",
			`g.yaml:1:7: grid must be square, hex or triangle`},
		{"hex art off parity", "grid: hex\nboard: \"# #/# #\"\npieces:\n  A: \"#\"\n",
			`g.yaml:2:13: the board: '#' at art row 2, column 1 lies between two hexagons: in hex art each row is offset by half a cell, and a cell's row and column (from 1) add up to an even number (e.g. "# #/ # #")`},
		{"hex piece off parity", "grid: hex\nboard: 3x3\npieces:\n  A: \"##\"\n",
			`g.yaml:4:8: piece "A": '#' at art row 1, column 2 lies between two hexagons: in hex art each row is offset by half a cell, and a cell's row and column (from 1) add up to an even number (e.g. "# #/ # #")`},
		{"hex 3D box", "grid: hex\nboard: 3x3x2\npieces:\n  A: \"#\"\n",
			`g.yaml:2:8: the hex grid is planar: give the board as W x H, not "3x3x2"`},
		{"triangle layers", "grid: triangle\nboard:\n  - \"##\"\n  - \"##\"\npieces:\n  A: \"#\"\n",
			`g.yaml:3:3: the triangle grid is planar: a board of layers is supported on the square grid only`},
		{"hex 3D cells", "grid: hex\nboard: [[0, 0, 0], [0, 1, 0]]\npieces:\n  A: \"#\"\n",
			`g.yaml:2:9: the board: the hex grid is planar: a cell is [row, column], not [row, column, layer]`},
		{"hex empty board list", "grid: hex\nboard: []\npieces:\n  A: \"#\"\n",
			`g.yaml:2:8: the board is an empty list: give W x H, ASCII art or a list of cells [row, column]`},
		{"named set on hex", "grid: hex\nboard: 5x5\npieces: pentominoes\n",
			`g.yaml:3:9: piece set pentominoes is a set of polyominoes or polycubes, for the square grid (the hex grid's sets: monohexes, dihexes, trihexes, tetrahexes, pentahexes, one-sided-monohexes, one-sided-dihexes, one-sided-trihexes, one-sided-tetrahexes, one-sided-pentahexes)`},
		{"bad cell list", "grid: triangle\nboard: [[0, 0], 3]\npieces:\n  A: \"#\"\n",
			`g.yaml:2:17: the board: expected a list of cells [row, column], ASCII art (a string such as ".#/##" or a | block), or a list of layers of ASCII art (3D)`},
		{"triangle box over the limit", "grid: triangle\nboard: 1024x513\npieces:\n  A: \"#\"\n",
			`g.yaml:2:8: the board 1024x513 has 1050624 triangles; the limit is 1048576`},
		{"triangle at of odd parity", "grid: triangle\nboard: 3x3\npieces:\n  A:\n    shape: \"##\"\n    at: [0, 1]\n  B: \"##\"\ncount: unlimited\n",
			`g.yaml:6:5: piece "A": at [0, 1]: on the triangle grid a piece is placed with the top-left corner of its drawing at a row and column that add up to an even number (an up triangle's position)`},
		{"monoiamond up on down board", "grid: triangle\nboard: \".#\"\npieces:\n  A:\n    shape: \"#\"\n    orientations: fixed\n",
			`g.yaml:4:3: piece "A" fits nowhere in the board`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("g.yaml", []byte(c.in), "")
			if err == nil {
				t.Fatalf("accepted; want %q", c.want)
			}
			if err.Error() != c.want {
				t.Errorf("got  %q\nwant %q", err.Error(), c.want)
			}
			var pe *Error
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Errorf("error %v does not name line and column", err)
			}
		})
	}
}

// TestGridParse checks the documented coordinates: hex art at column
// 2q - r, triangle art positions as they are, W x H rhombi, explicit cells.
func TestGridParse(t *testing.T) {
	parse := func(src string) *Puzzle {
		t.Helper()
		p, err := Parse("g.yaml", []byte(src), "")
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := parse("grid: hex\nboard: |\n  ..# #\n  .# # #\n  # # #\npieces:\n  A: \"#\"\ncount: unlimited\n")
	want := []Cell{{J: 1}, {J: 2}, {I: 1, J: 1}, {I: 1, J: 2}, {I: 1, J: 3}, {I: 2, J: 1}, {I: 2, J: 2}, {I: 2, J: 3}}
	if !slices.Equal(p.Region.Cells, want) || p.Grid != Hex || p.Dim != 2 {
		t.Errorf("hex art cells %v, want %v", p.Region.Cells, want)
	}
	// A hexagon of 7 is symmetric under all 12 transforms.
	p = parse("grid: hex\nboard: \". # #/.# # #/. # #\"\npieces:\n  A: \"#\"\ncount: unlimited\n")
	if n := len(p.Symmetries()); n != 12 {
		t.Errorf("the 7-hexagon board has %d symmetries, want 12", n)
	}
	p = parse("grid: triangle\nboard: 2x2\npieces:\n  A: \"#\"\ncount: unlimited\n")
	want = []Cell{{J: 1}, {J: 2}, {J: 3}, {J: 4}, {I: 1, J: 2}, {I: 1, J: 3}, {I: 1, J: 4}, {I: 1, J: 5}}
	if !slices.Equal(p.Region.Cells, want) {
		t.Errorf("triangle 2x2 cells %v, want %v", p.Region.Cells, want)
	}
	if n := len(p.Symmetries()); n != 4 {
		t.Errorf("the triangle 2x2 rhombus has %d symmetries, want 4", n)
	}
	// A hexagon of six triangles: 12 symmetries, and the monoiamond has
	// one image per triangle (up and down).
	p = parse("grid: triangle\nboard: \"###/###\"\npieces:\n  A: \"#\"\ncount: unlimited\n")
	if n := len(p.Symmetries()); n != 12 {
		t.Errorf("the triangle hexagon has %d symmetries, want 12", n)
	}
	if n := p.Images.Len(); n != 6 {
		t.Errorf("monoiamond images %d, want 6", n)
	}
	// Explicit cells equal the art.
	a := parse("grid: hex\nboard: \"# # #/ # #\"\npieces:\n  A: [[0, 0], [0, 1]]\n  B: \"# #/ #\"\n")
	if !slices.Equal(a.Region.Cells, []Cell{{}, {J: 1}, {J: 2}, {I: 1, J: 1}, {I: 1, J: 2}}) {
		t.Errorf("hex board %v", a.Region.Cells)
	}
	if !a.Pieces[0].Shape.Equal(Shape{{}, {J: 1}}) || !a.Pieces[1].Shape.Equal(Shape{{}, {J: 1}, {I: 1, J: 1}}) {
		t.Errorf("hex pieces %v %v", a.Pieces[0].Shape, a.Pieces[1].Shape)
	}
}

// TestTriangleFixedPieces: a fixed piece keeps its triangles' directions
// (translations of the triangle grid); free pieces reach both.
func TestTriangleFixedPieces(t *testing.T) {
	p, err := Parse("g.yaml", []byte("grid: triangle\nboard: \"####\"\norientations: fixed\npieces:\n  U: \"#\"\n  D: \".#\"\ncount: unlimited\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range []int{2, 2} {
		if n := p.Images.PieceStart[k+1] - p.Images.PieceStart[k]; n != want {
			t.Errorf("piece %s: %d images, want %d", p.Pieces[k].Name, n, want)
		}
		for n := p.Images.PieceStart[k]; n < p.Images.PieceStart[k+1]; n++ {
			c := p.Region.Cells[p.Images.Cells(n)[0]]
			if Up(c) != (k == 0) {
				t.Errorf("piece %s placed on %v", p.Pieces[k].Name, c)
			}
		}
	}
}

// TestGridSets: the named sets of the hex and triangle grids have the
// known numbers of free and one-sided pieces, each piece connected and of
// the set's size, no two the same under the set's group.
func TestGridSets(t *testing.T) {
	cases := []struct {
		grid, set string
		n         int
	}{
		{"hex", "trihexes", 3}, {"hex", "tetrahexes", 7}, {"hex", "pentahexes", 22},
		{"hex", "one-sided-tetrahexes", 10}, {"hex", "one-sided-pentahexes", 33},
		{"triangle", "tetriamonds", 3}, {"triangle", "pentiamonds", 4}, {"triangle", "hexiamonds", 12},
		{"triangle", "one-sided-hexiamonds", 19}, {"triangle", "moniamonds", 1},
	}
	for _, c := range cases {
		pol := "free"
		if strings.HasPrefix(c.set, "one-sided") {
			pol = "rotate"
		}
		src := "grid: " + c.grid + "\nboard: 30x30\norientations: " + pol + "\npieces: " + c.set + "\n"
		p, err := Parse("s.yaml", []byte(src), "")
		if err != nil {
			t.Fatalf("%s: %v", c.set, err)
		}
		if len(p.Pieces) != c.n || len(p.Classes) != c.n {
			t.Errorf("%s: %d pieces in %d classes, want %d", c.set, len(p.Pieces), len(p.Classes), c.n)
		}
		size := len(p.Pieces[0].Shape)
		for k := range p.Pieces {
			if len(p.Pieces[k].Shape) != size {
				t.Errorf("%s: piece %s has %d cells, piece A %d", c.set, p.Pieces[k].Name, len(p.Pieces[k].Shape), size)
			}
		}
	}
	for _, src := range []string{
		"board: 6x6\npieces: hexiamonds\n",
		"grid: hex\nboard: 6x6\npieces: hexiamonds\n",
		"grid: triangle\nboard: 6x6\npieces: pentominoes\n",
	} {
		if _, err := Parse("s.yaml", []byte(src), ""); err == nil {
			t.Errorf("%q accepted", src)
		} else {
			t.Log(err)
		}
	}
}
