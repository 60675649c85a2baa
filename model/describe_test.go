package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

func describeYAML(t *testing.T, yaml string) *Info {
	t.Helper()
	p, err := puzzle.ParseWith(t.Context(), "t.yaml", []byte(yaml), "", puzzle.BuildOptions{Unplaceable: puzzle.DropAll, KeepEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	return Describe(p, "t.yaml")
}

// TestDescribeCounts checks Describe's figures against counts made by
// hand: two dominoes in a 2x2 square have 2 orientations and 4 images
// (2 lying, 2 standing) of 2 cells each, and the square's group has
// order 8.
func TestDescribeCounts(t *testing.T) {
	in := describeYAML(t, "name: sq\nboard: 2x2\npieces:\n  D: {shape: \"##\", count: 2}\n")
	if in.Cells != 4 || in.PieceArea != 4 || !in.AreaFeasible || in.Images != 4 || in.CoverEntries != 8 ||
		in.Symmetries != 8 || in.Bound != 4 || len(in.Pieces) != 1 {
		t.Fatalf("%+v", in)
	}
	if pc := in.Pieces[0]; pc.Name != "D" || pc.Size != 2 || pc.Count != 2 || pc.Orientations != 2 || pc.Images != 4 {
		t.Errorf("%+v", pc)
	}
	if got := in.PieceCounts(); got != "1 name, 2 copies" {
		t.Errorf("PieceCounts %q", got)
	}
}

// TestDescribeVerdict: the verdict follows the areas, the bound and the
// pieces that fit nowhere.
func TestDescribeVerdict(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"board: 2x2\npieces:\n  D: {shape: \"##\", count: 2}\n", "areas match"},
		{"board: 2x3\npieces:\n  D: {shape: \"##\", count: 2}\n", "no exact tiling by area: use --max-coverage"},
		{"board: 2x2\ncount: unlimited\npieces:\n  D: \"##\"\n", "area allows an exact tiling"},
		// Two Ts in 4x2: the areas match; the colours allow 8 cells
		// (bound_test.go), so the verdict is the areas'.
		{"board: 2x4\npieces:\n  T: {shape: \"###/.#.\", count: 2}\n", "areas match"},
		{"board: 2x2\npieces:\n  D: {shape: \"##\", count: 2}\n  I: \"###\"\n", "a piece fits nowhere: see below"},
		// The five tetrominoes cannot fill 5x4: T tilts the colours by 2,
		// the others by 0 (CoverageBound's signed checkerboard).
		{"board: 4x5\npieces:\n  I: \"####\"\n  O: \"##/##\"\n  T: \"###/.#.\"\n  S: \".##/##.\"\n  L: \"#./#./##\"\n",
			"no exact tiling: the coverage bound is below the area; use --max-coverage"},
	} {
		if got := describeYAML(t, c.yaml).Verdict(); got != c.want {
			t.Errorf("%q: verdict %q, want %q", c.yaml, got, c.want)
		}
	}
}

// TestDescribeText pins info's text for a small puzzle.
func TestDescribeText(t *testing.T) {
	var b bytes.Buffer
	if err := describeYAML(t, "name: sq\nboard: 2x2\npieces:\n  D: {shape: \"##\", count: 2}\n").WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := `puzzle          sq
board           2D, 4 cells, bounding box 2 rows x 2 columns
pieces          1 name, 2 copies, 4 cells (areas match)
images          4 (the ok set), 8 cover entries
symmetry        group of order 8 (rotations / reflections mapping the puzzle onto itself)
coverage bound  4 of 4 cells (area bound 4: total area of the pieces 4 <= 4)

piece  size  count  orientations  images
D      2     2      2 (free)      4
`
	if b.String() != want {
		t.Errorf("text:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestDescribeJSON: the JSON object reads back into an Info, keeps '<'
// and '>' unescaped, and names the pieces that fit nowhere.
func TestDescribeJSON(t *testing.T) {
	in := describeYAML(t, "board: 2x2\npieces:\n  D: {shape: \"##\", count: 2}\n  I: \"###\"\n")
	var b bytes.Buffer
	if err := in.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), `\u003c`) {
		t.Errorf("escaped: %s", b.String())
	}
	var back Info
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back.FitsNowhere) != 1 || back.FitsNowhere[0] != "I" || len(back.Pieces) != 1 || back.Images != in.Images {
		t.Errorf("%+v", back)
	}
}

func ExampleDescribe() {
	p, err := puzzle.Parse("sq.yaml", []byte("name: sq\nboard: 2x2\npieces:\n  D: {shape: \"##\", count: 2}\n"), "")
	if err != nil {
		fmt.Println(err)
		return
	}
	in := Describe(p, "sq.yaml")
	fmt.Println(in.Cells, in.Images, in.Verdict())
	in.WriteText(os.Stdout)
	// Output:
	// 4 4 areas match
	// puzzle          sq
	// board           2D, 4 cells, bounding box 2 rows x 2 columns
	// pieces          1 name, 2 copies, 4 cells (areas match)
	// images          4 (the ok set), 8 cover entries
	// symmetry        group of order 8 (rotations / reflections mapping the puzzle onto itself)
	// coverage bound  4 of 4 cells (area bound 4: total area of the pieces 4 <= 4)
	//
	// piece  size  count  orientations  images
	// D      2     2      2 (free)      4
}

// TestDescribePieceCounts: the names alone when each is one copy, else
// the names and the copies, finite and unlimited.
func TestDescribePieceCounts(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"board: 2x2\npieces:\n  D: \"##\"\n  E: \"##\"\n", "2"},
		{"board: 4x3\npieces:\n  L: {shape: \"#./#./##\", count: 2}\n  I: \"####\"\n", "2 names, 3 copies"},
		{"board: 4x3\npieces:\n  L: {shape: \"#./#./##\", count: 2}\n  I: {shape: \"####\", count: unlimited}\n  O: \"##/##\"\n", "3 names, 3 finite copies and 1 unlimited"},
		{"board: 4x3\ncount: unlimited\npieces:\n  L: \"#./#./##\"\n  I: \"####\"\n", "2 names, all unlimited"},
	} {
		if got := describeYAML(t, c.yaml).PieceCounts(); got != c.want {
			t.Errorf("%q: %q, want %q", c.yaml, got, c.want)
		}
	}
}
