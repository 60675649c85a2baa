package puzzle

import (
	"errors"
	"strings"
	"testing"
)

func parseString(t *testing.T, src string) (*Puzzle, error) {
	t.Helper()
	return Parse("c.yaml", []byte(src), "")
}

// TestConstraintImages checks what each constraint does to the images:
// at keeps the images with that top-left corner, region the images inside
// it, empty takes cells out of the region; a constraint that keeps every
// image changes nothing (the piece is merged with its twin).
func TestConstraintImages(t *testing.T) {
	base := "board: 5x4\npieces:\n  I: \"####\"\n  L: \"###/#..\"\n  L2: \"###/#..\"\n"
	p, err := parseString(t, base)
	if err != nil {
		t.Fatal(err)
	}
	all := func(p *Puzzle, k int) int { return p.Images.PieceStart[k+1] - p.Images.PieceStart[k] }
	if len(p.Classes) != 2 {
		t.Fatalf("L and L2 should form one class, have %d classes", len(p.Classes))
	}
	cases := []struct {
		name, extra string
		piece       string
		images      int
		classes     int
		check       func(cells []Cell) bool
	}{
		{"at", "constraints:\n  L: {at: [1, 2]}\n", "L", 8, 3, func(c []Cell) bool {
			lo := c[0]
			for _, x := range c {
				lo.I, lo.J = min(lo.I, x.I), min(lo.J, x.J)
			}
			return lo == Cell{I: 1, J: 2}
		}},
		{"region list", "constraints:\n  I: {region: [[0,0],[0,1],[0,2],[0,3],[1,0]]}\n", "I", 1, 2, nil},
		{"region art", "constraints:\n  L:\n    region: |\n      ###..\n      #....\n      .....\n      .....\n", "L", 1, 3, nil},
		{"vacuous region", "constraints:\n  L2:\n    region: |\n      #####\n      #####\n      #####\n      #####\n", "L2", -1, 2, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q, err := parseString(t, base+tc.extra)
			if err != nil {
				t.Fatal(err)
			}
			k := q.Piece(tc.piece)
			want := tc.images
			if want < 0 {
				want = all(p, k)
			}
			if got := all(q, k); got != want {
				t.Errorf("%d images, want %d", got, want)
			}
			if len(q.Classes) != tc.classes {
				t.Errorf("%d classes, want %d", len(q.Classes), tc.classes)
			}
			for n := q.Images.PieceStart[k]; n < q.Images.PieceStart[k+1]; n++ {
				var cells []Cell
				for _, m := range q.Images.Cells(n) {
					cells = append(cells, q.Region.Cells[m])
				}
				if tc.check != nil && !tc.check(cells) {
					t.Errorf("image %v breaks the constraint", cells)
				}
			}
		})
	}
	q, err := parseString(t, "board: 5x4\nempty: [[0,0],[3,4]]\npieces:\n  I: \"####\"\n")
	if err != nil {
		t.Fatal(err)
	}
	if q.Area() != 18 || q.Region.Index(Cell{}) >= 0 || q.Region.Index(Cell{I: 3, J: 4}) >= 0 {
		t.Errorf("empty cells still in the region (area %d)", q.Area())
	}
	if n := len(q.Symmetries()); n != 2 { // identity and the half turn
		t.Errorf("symmetry group of order %d, want 2", n)
	}
}

// TestConstraintVerify checks that Verify refuses a placement that breaks
// its piece's constraint, so that a tiling read back from an external
// solver is checked against it too.
func TestConstraintVerify(t *testing.T) {
	p, err := parseString(t, "board: 4x1\npieces:\n  D:\n    shape: \"##\"\n    at: [0, 2]\n  E: \"##\"\n")
	if err != nil {
		t.Fatal(err)
	}
	d, e := p.Piece("D"), p.Piece("E")
	good := Tiling{Placements: []Placement{{Piece: d, At: Cell{J: 2}}, {Piece: e, At: Cell{}}}}
	if _, err := p.Verify(good, true); err != nil {
		t.Fatalf("a valid tiling refused: %v", err)
	}
	bad := Tiling{Placements: []Placement{{Piece: d, At: Cell{}}, {Piece: e, At: Cell{J: 2}}}}
	if _, err := p.Verify(bad, true); err == nil || !strings.Contains(err.Error(), "placement constraint") {
		t.Fatalf("a tiling breaking the constraint accepted: %v", err)
	}
	if p.Allowed(bad.Placements[0]) || !p.Allowed(good.Placements[0]) {
		t.Error("Allowed disagrees with the constraint")
	}
}

// TestConstraint3D checks region and empty on a 3D board: a 2x2x2 cube
// without a corner, a V tricube confined to the top layer.
func TestConstraint3D(t *testing.T) {
	src := "board: 2x2x2\nempty: [[0,0,0]]\norientations: rotate\npieces:\n" +
		"  V:\n    shape: \"##/#.\"\n    region:\n      - \"..\"\n      - \"##/##\"\n" +
		"  A: {shape: \"##/#.\", at: [0, 0, 0]}\n" +
		"  D: \"#\"\n"
	p, err := parseString(t, src)
	if err != nil {
		t.Fatal(err)
	}
	v := p.Piece("V")
	for n := p.Images.PieceStart[v]; n < p.Images.PieceStart[v+1]; n++ {
		for _, m := range p.Images.Cells(n) {
			if p.Region.Cells[m].L != 1 {
				t.Fatalf("V image leaves layer 1: %v", p.Region.Cells[m])
			}
		}
	}
	if got := p.Images.PieceStart[v+1] - p.Images.PieceStart[v]; got != 4 {
		t.Errorf("V has %d images in layer 1, want 4", got)
	}
	if p.Area() != 7 {
		t.Errorf("area %d, want 7", p.Area())
	}
}

func TestConstraintErrors(t *testing.T) {
	head := "board: 5x4\npieces:\n  I: \"####\"\n  L: \"###/#..\"\n"
	cases := []struct{ name, src, want string }{
		{"at too short", head + "constraints:\n  L: {at: [1]}\n", "c.yaml:6:11: piece \"L\": at must be a cell [row, column]"},
		{"at 3D on 2D", head + "constraints:\n  L: {at: [1, 2, 0]}\n", "at must be a cell [row, column]"},
		{"at negative", head + "constraints:\n  L: {at: [-1, 2]}\n", "a coordinate must be an integer from 0 to 1048575, not \"-1\""},
		{"at huge", head + "constraints:\n  L: {at: [99999999999999999999, 2]}\n", "a coordinate must be an integer from 0"},
		{"at text", head + "constraints:\n  L: {at: [a, 2]}\n", "not \"a\""},
		{"at mapping", head + "constraints:\n  L: {at: {x: 1}}\n", "at must be a cell"},
		{"unknown piece", head + "constraints:\n  Q: {at: [0, 0]}\n", "constraints: no piece named \"Q\""},
		{"unknown key", head + "constraints:\n  L: {place: [0, 0]}\n", "unknown key \"place\""},
		{"no key", head + "constraints:\n  L: {}\n", "give at or region"},
		{"not a mapping", head + "constraints: [L]\n", "constraints must be a mapping"},
		{"twice", "board: 5x4\npieces:\n  L: {shape: \"###/#..\", at: [0, 0]}\nconstraints:\n  L: {at: [1, 1]}\n", "constrained twice"},
		{"fits nowhere", head + "constraints:\n  L: {at: [3, 3]}\n", "piece \"L\" fits nowhere in the board under its placement constraint"},
		{"region empty list", head + "constraints:\n  L: {region: []}\n", "region: an empty list"},
		{"region layers on 2D", head + "constraints:\n  L: {region: [\"##\", \"##\"]}\n", "the board is 2D"},
		{"region nothing", head + "constraints:\n  L: {region: \"...\"}\n", "fits nowhere"},
		{"empty off board", head + "empty: [[9, 9]]\n", "c.yaml:5:1: empty: cell (9,9) (row 9, column 9) is not a cell of the board"},
		{"empty all", "board: 2x1\nempty: \"##\"\npieces:\n  D: \"##\"\n", "every cell of the board is to stay empty"},
		{"empty scalar on 3D", "board: 2x2x2\nempty: \"##\"\npieces:\n  D: \"##\"\n", "the board is 3D"},
		{"empty number", head + "empty: 3\n", "empty"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseString(t, tc.src)
			if err == nil {
				t.Fatalf("accepted; want %q", tc.want)
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Errorf("not a *puzzle.Error: %v", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %q, want %q", err, tc.want)
			}
		})
	}
}

// TestClassIdentity pins what makes two pieces copies of one piece (one
// class): the same orientation set, the same kind of supply and, with a
// placement constraint, the same images (docs/formats.md). A fixed and a
// rotating domino stay two pieces even on a board that leaves them the same
// placements; a finite piece and an unlimited twin are two pieces.
func TestClassIdentity(t *testing.T) {
	for _, c := range []struct {
		src     string
		classes int
	}{
		{"board: 4x1\npieces:\n  A: \"##\"\n  B: \"##\"\n", 1},
		{"board: 4x1\npieces:\n  A: {shape: \"##\", orientations: fixed}\n  B: {shape: \"##\", orientations: rotate}\n", 2},
		{"board: 4x1\npieces:\n  A: {shape: \"##\", region: \"####\"}\n  B: \"##\"\n", 1},
		{"board: 4x1\npieces:\n  A: {shape: \"#\", count: unlimited}\n  B: \"#\"\n  C: \"##\"\n", 3},
		{"board: 4x1\npieces:\n  A: {shape: \"#\", count: unlimited}\n  B: {shape: \"#\", count: unlimited}\n", 1},
	} {
		p, err := parseString(t, c.src)
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		if len(p.Classes) != c.classes {
			t.Errorf("%q: %d classes, want %d", c.src, len(p.Classes), c.classes)
		}
	}
}
