package puzzle

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// orientKeys is the set of orientations of a piece, as sorted keys: equal
// for two pieces exactly when they are the same shape up to the policy.
func orientKeys(pc *Piece) []string {
	var out []string
	for _, o := range pc.Orients {
		out = append(out, o.Key())
	}
	slices.Sort(out)
	return out
}

// The generated sets give the pieces of the hand-written examples, name for
// name, up to orientation, and so the same images.
func TestSetsMatchExamples(t *testing.T) {
	for _, c := range []struct{ file, set string }{
		{"pentomino-10x6.yaml", "pentominoes"},
		{"onesided-18x5.yaml", "one-sided-pentominoes"},
		{"tetrominoes-5x4.yaml", "tetrominoes"},
		{"soma.yaml", "soma"},
		{"tetris-cube.yaml", "tetris-cube"},
	} {
		data, err := os.ReadFile(filepath.Join(examplesDir, c.file))
		if err != nil {
			t.Fatal(err)
		}
		want, err := Parse(c.file, data, "")
		if err != nil {
			t.Fatal(err)
		}
		// the same file with its pieces mapping replaced by the set name
		text := string(data)
		text = text[:strings.Index(text, "\npieces:")] + "\npieces: " + c.set + "\n"
		got, err := Parse(c.file, []byte(text), "")
		if err != nil {
			t.Fatalf("%s with pieces: %s: %v", c.file, c.set, err)
		}
		if len(got.Pieces) != len(want.Pieces) {
			t.Fatalf("%s: set %s has %d pieces, the file %d", c.file, c.set, len(got.Pieces), len(want.Pieces))
		}
		for k := range want.Pieces {
			w := &want.Pieces[k]
			g := got.Piece(w.Name)
			if g < 0 {
				t.Errorf("%s: set %s has no piece %s", c.file, c.set, w.Name)
				continue
			}
			if !slices.Equal(orientKeys(&got.Pieces[g]), orientKeys(w)) {
				t.Errorf("%s: piece %s of set %s is %s, the file's is %s", c.file, w.Name, c.set, got.Pieces[g].Shape.Art(), w.Shape.Art())
			}
		}
		if got.Images.Len() != want.Images.Len() || len(got.Symmetries()) != len(want.Symmetries()) {
			t.Errorf("%s: set %s gives %d images and %d symmetries, the file %d and %d", c.file, c.set,
				got.Images.Len(), len(got.Symmetries()), want.Images.Len(), len(want.Symmetries()))
		}
	}
}

func TestPieceListForms(t *testing.T) {
	parse := func(src string) (*Puzzle, error) { return Parse("a.yaml", []byte(src), "") }
	p, err := parse("board: 8x8\npieces:\n  - pentominoes\n  - Q: \"##/##\"\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Pieces) != 13 || p.Piece("Q") != 12 || p.Piece("F") != 0 {
		t.Errorf("pentominoes + Q: %d pieces", len(p.Pieces))
	}
	p, err = parse("board: 10x10\ncount: 3\npieces:\n  - set: tetrominoes\n    prefix: t\n    count: 2\n    orientations: fixed\n  - trominoes\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"tI", "tO", "tT", "tS", "tL"} {
		k := p.Piece(name)
		if k < 0 || p.Pieces[k].Count != 2 || p.Pieces[k].Policy != Fixed {
			t.Errorf("piece %s: %+v", name, k)
		}
	}
	if k := p.Piece("V"); k < 0 || p.Pieces[k].Count != 3 || p.Pieces[k].Policy != Free {
		t.Errorf("trominoes take the top-level count and orientations")
	}
	// a polyomino set on a 3D board: flat polycubes
	if p, err = parse("board: 3x4x5\norientations: rotate\npieces: pentominoes\n"); err != nil || p.Dim != 3 || len(p.Pieces) != 12 {
		t.Errorf("pentominoes in 3x4x5: %v", err)
	}
}

func TestPieceListErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"board: 4x4\npieces: octominoes\n", `a.yaml:2:9: unknown piece set "octominoes" (known sets: monominoes, dominoes,`},
		{"board: 4x4\npieces:\n  - tetrominoes\n  - tetrominoes\n", `a.yaml:4:5: duplicate piece "I" (first defined at a.yaml:3:5)`},
		{"board: 8x8\npieces:\n  - tetrominoes\n  - pentominoes\n", `a.yaml:4:5: duplicate piece "I"`},
		{"board: 8x8\npieces:\n  - I: \"####\"\n  - tetrominoes\n", `a.yaml:4:5: duplicate piece "I" (first defined at a.yaml:3:5)`},
		{"board: 4x4\npieces: soma\n", "a.yaml:2:9: piece set soma is a set of polycubes but the board is 2D"},
		{"board: 4x4\npieces:\n  - set: tetrominoes\n    colour: red\n", `a.yaml:4:5: unknown key "colour" in a set entry (allowed: set, count, orientations, prefix)`},
		{"board: 4x4\npieces:\n  - set: [a]\n", "a.yaml:3:10: a piece set is given by its name"},
		{"board: 4x4\npieces:\n  - set:\n", "a.yaml:3:9: a piece set is given by its name"},
		{"board: 4x4\npieces:\n  - set: tetrominoes\n    count: 0\n", "a.yaml:4:12: count must be an integer >= 1 or unlimited, not 0"},
		{"board: 4x4\npieces:\n  - [a]\n", "a.yaml:3:5: a list of pieces holds set names"},
		{"board: 4x4\npieces: []\n", "a.yaml:2:1: the puzzle has no pieces"},
		{"board: 4x4\npieces:\n  - \"\"\n", "a.yaml:3:5: a piece set is given by its name"},
		{"board: 4x4\npieces:\n  - Pentominoes\n", `unknown piece set "Pentominoes"`},
		{"board: 4x4\npieces:\n  - I: \"#####\"\n", `piece "I" fits nowhere`},
	} {
		_, err := Parse("a.yaml", []byte(c.src), "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
	// more than MaxPieces pieces through sets: refused at the limit
	var b strings.Builder
	b.WriteString("board: 100x100\npieces:\n")
	for k := range 70 { // 70 x 60 = 4,200 pieces
		fmt.Fprintf(&b, "  - {set: one-sided-hexominoes, prefix: p%d}\n", k)
	}
	_, err := Parse("a.yaml", []byte(b.String()), "")
	if err == nil || !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "more than 4096 pieces") {
		t.Errorf("70 hexomino sets: %v", err)
	}
}
