package puzzle

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

func mustParse(t *testing.T, name, data string) *Puzzle {
	t.Helper()
	p, err := Parse(name, []byte(data), "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sortedCells(cs []Cell) []Cell {
	out := slices.Clone(cs)
	slices.SortFunc(out, Cell.Compare)
	return out
}

// WxH is W columns (J) by H rows (I); art row 0 is the top line; in Knuth
// specs x is the column, y the row and z the layer.
func TestParseAxes(t *testing.T) {
	y := mustParse(t, "a.yaml", "board: 3x2\npieces:\n  L: \"#./##\"\n  I: \"###\"\ncount: 2\n")
	k := mustParse(t, "a.knuth", "[0-2][0-1]\n2|L 00 01 11\n2|I [0-2]0\n")
	for _, p := range []*Puzzle{y, k} {
		if p.Dim != 2 || p.Region.Size != (Cell{I: 2, J: 3, L: 1}) {
			t.Errorf("%s: dim %d, box %v; want 2 rows, 3 columns", p.Source, p.Dim, p.Region.Size)
		}
		if got := p.Pieces[0].Shape; !got.Equal(Shape{{}, {I: 1}, {I: 1, J: 1}}) {
			t.Errorf("%s: L is %v", p.Source, got)
		}
		if got := p.Pieces[1].Shape; !got.Equal(Shape{{}, {J: 1}, {J: 2}}) {
			t.Errorf("%s: I is %v, want a row", p.Source, got)
		}
		if p.Pieces[0].Count != 2 || p.Pieces[0].Policy != Free {
			t.Errorf("%s: count %d policy %v", p.Source, p.Pieces[0].Count, p.Pieces[0].Policy)
		}
	}
	y3 := mustParse(t, "b.yaml", "board: 2x3x4\npieces:\n  A: [\"##\", \"#.\"]\n")
	k3 := mustParse(t, "b.knuth", "[0-1][0-2][0-3]\nA 000 100 001\n")
	for _, p := range []*Puzzle{y3, k3} {
		if p.Dim != 3 || p.Region.Size != (Cell{I: 3, J: 2, L: 4}) {
			t.Errorf("%s: dim %d, box %v; want 3 rows, 2 columns, 4 layers", p.Source, p.Dim, p.Region.Size)
		}
		if got := p.Pieces[0].Shape; !got.Equal(Shape{{}, {L: 1}, {J: 1}}) {
			t.Errorf("%s: A is %v", p.Source, got)
		}
	}
	if y3.Pieces[0].Policy != Free || k3.Pieces[0].Policy != Rotate {
		t.Errorf("policies %v (YAML default) and %v (Knuth 3D); want free and rotate", y3.Pieces[0].Policy, k3.Pieces[0].Policy)
	}
}

func TestParseArtForms(t *testing.T) {
	want := []Cell{{J: 1}, {J: 2}, {I: 1}, {I: 1, J: 1}, {I: 2, J: 1}} // F
	forms := map[string]string{
		"plain":          "  F: .##/##./.#.\n",
		"double-quoted":  "  F: \".##/##./.#.\"\n",
		"single-quoted":  "  F: '.##/##./.#.'\n",
		"spaces":         "  F: \" ##/## / # \"\n",
		"literal block":  "  F: |\n    .##\n    ##.\n    .#.\n",
		"block, slashes": "  F: |-\n    .##/##.\n    .#.\n",
		"long form":      "  F:\n    shape: |\n      .##\n      ##.\n      .#.\n    count: 1\n",
		"one layer":      "  F: [\".##/##./.#.\"]\n",
	}
	for name, piece := range forms {
		spec, err := ParseSpec("f.yaml", []byte("board: 5x5\npieces:\n"+piece), "")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := sortedCells(spec.Pieces[0].Cells); !slices.Equal(got, want) {
			t.Errorf("%s: cells %v, want %v", name, got, want)
		}
	}
	// CRLF line breaks and a byte-order mark are fine
	crlf := "\ufeffboard: |\r\n  ##\r\n  #.\r\npieces:\r\n  V: \"##/#.\"\r\n"
	if p := mustParse(t, "crlf.yaml", crlf); p.Area() != 3 {
		t.Errorf("CRLF board has %d cells, want 3", p.Area())
	}
}

func TestParseBoardForms(t *testing.T) {
	for _, c := range []struct {
		board      string
		dim, cells int
		size       Cell
	}{
		{"10x6", 2, 60, Cell{I: 6, J: 10, L: 1}},
		{"10 X 6", 2, 60, Cell{I: 6, J: 10, L: 1}},
		{"4x4x4", 3, 64, Cell{I: 4, J: 4, L: 4}},
		{"3x1x1", 3, 3, Cell{I: 1, J: 3, L: 1}},
		{"|\n  #.#\n  ###", 2, 5, Cell{I: 2, J: 3, L: 1}},
		{"\"###/#.#\"", 2, 5, Cell{I: 2, J: 3, L: 1}},
		{"\n  - \"##/##\"\n  - |\n    #.\n    ..", 3, 5, Cell{I: 2, J: 2, L: 2}},
		{"[\"###\"]", 3, 3, Cell{I: 1, J: 3, L: 1}},
	} {
		spec, err := ParseSpec("b.yaml", []byte("board: "+c.board+"\npieces:\n  D: \"#\"\n"), "")
		if err != nil {
			t.Errorf("board %q: %v", c.board, err)
			continue
		}
		r, err := newRegion(spec.Region)
		if err != nil {
			t.Fatal(err)
		}
		if spec.Dim != c.dim || len(spec.Region) != c.cells || r.Size != c.size {
			t.Errorf("board %q: dim %d, %d cells, box %v; want %d, %d, %v", c.board, spec.Dim, len(spec.Region), r.Size, c.dim, c.cells, c.size)
		}
		if spec.pos.region != (Pos{File: "b.yaml", Line: 1, Col: 1}) {
			t.Errorf("board %q: region position %v, want the key", c.board, spec.pos.region)
		}
	}
}

func TestParseDefaultsAndOverrides(t *testing.T) {
	p := mustParse(t, "dir/my-puzzle.yaml", `# no name: the file's base name is used
board: 6x6
orientations: rotate
count: unlimited
pieces:
  D: "##"
  T:
    shape: "###/.#."
    count: 2
  L:
    shape: "#./##"
    orientations: fixed
  S:
    shape: ".##/##."
    count: 3
    orientations: free
`)
	if p.Name != "my-puzzle" {
		t.Errorf("name %q, want the file's base name", p.Name)
	}
	type want struct {
		count     int
		unlimited bool
		pol       Policy
		orients   int
		line, col int
	}
	wants := map[string]want{
		"D": {0, true, Rotate, 2, 6, 3},
		"T": {2, false, Rotate, 4, 7, 3},
		"L": {0, true, Fixed, 1, 10, 3},
		"S": {3, false, Free, 4, 13, 3},
	}
	for _, pc := range p.Pieces {
		w := wants[pc.Name]
		got := want{pc.Count, pc.Unlimited, pc.Policy, len(pc.Orients), pc.Pos.Line, pc.Pos.Col}
		if got != w {
			t.Errorf("piece %s: %+v, want %+v", pc.Name, got, w)
		}
		if pc.Pos.File != "dir/my-puzzle.yaml" {
			t.Errorf("piece %s: file %q", pc.Name, pc.Pos.File)
		}
	}
	named := mustParse(t, "x.yaml", "name: Twelve\nboard: 2x1\npieces:\n  D: \"##\"\n")
	if named.Name != "Twelve" || named.Source != "x.yaml" {
		t.Errorf("name %q source %q", named.Name, named.Source)
	}
}

// An alias of a scalar is followed; copies of one shape form one class.
func TestParseScalarAlias(t *testing.T) {
	p := mustParse(t, "a.yaml", "board: 5x2\npieces:\n  A: &bar \"#####\"\n  B: *bar\n")
	if len(p.Pieces) != 2 || !p.Pieces[0].Shape.Equal(p.Pieces[1].Shape) || len(p.Classes) != 1 {
		t.Errorf("pieces %d, classes %d", len(p.Pieces), len(p.Classes))
	}
}

// ParseSpec reads without validating: New's checks come with Parse.
func TestParseSpecLeavesValidationToNew(t *testing.T) {
	in := []byte("board: 3x3\npieces:\n  I: \"####\"\n")
	spec, err := ParseSpec("s.yaml", in, "")
	if err != nil {
		t.Fatalf("ParseSpec: %v", err)
	}
	if len(spec.Region) != 9 || len(spec.Pieces) != 1 || spec.Pieces[0].Pos != (Pos{"s.yaml", 3, 3}) {
		t.Errorf("spec %+v", spec)
	}
	if _, err := Parse("s.yaml", in, ""); err == nil {
		t.Error("Parse accepted a piece that fits nowhere")
	}
}

func TestParseFormatChoice(t *testing.T) {
	// the suffix chooses, the argument overrides
	for _, c := range []struct{ name, format, data string }{
		{"p.knuth", "", okKnuth},
		{"p.KNUTH", "", okKnuth},
		{"p.txt", "knuth", okKnuth},
		{"p.knuth", "yaml", okYAML},
		{"p", "", okYAML},
		{"p.yml", "", okYAML},
	} {
		p, err := Parse(c.name, []byte(c.data), c.format)
		if err != nil || p.Area() != 5 || len(p.Pieces) != 1 {
			t.Errorf("Parse(%q, %q): %v", c.name, c.format, err)
		}
	}
}

func TestParseFileStdin(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "stdin")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("board: 3x1\npieces:\n  I: \"#.##\"\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	old := os.Stdin
	os.Stdin = f
	defer func() { os.Stdin = old }()
	_, err = ParseFile("-", "")
	want := "<stdin>:3:3: piece \"I\" fits nowhere in the board"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

// knuthText writes a puzzle in the Knuth spec format, for cross-checks: the
// box cell by cell and each piece with its multiplicity.
func knuthText(t *testing.T, p *Puzzle) string {
	t.Helper()
	cell := func(c Cell) string {
		var b strings.Builder
		coords := []int{c.J, c.I}
		if p.Dim == 3 {
			coords = append(coords, c.L)
		}
		for _, v := range coords {
			d, err := knuthDigit(v)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteByte(d)
		}
		return b.String()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| %s, written by knuthText\n", p.Name)
	for n, c := range p.Region.Cells {
		if n > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(cell(c))
	}
	b.WriteByte('\n')
	for _, pc := range p.Pieces {
		switch {
		case pc.Count > 1 && p.Dim == 2:
			fmt.Fprintf(&b, "%d|", pc.Count)
		case pc.Count > 1:
			d, _ := knuthDigit(pc.Count)
			fmt.Fprintf(&b, "%c*", d)
		}
		b.WriteString(pc.Name)
		for _, c := range pc.Shape {
			b.WriteString(" " + cell(c))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// imageKey lists every image as a piece name and the sorted cells it covers.
func imageKeys(p *Puzzle) []string {
	var keys []string
	for n, pl := range p.Images.Place {
		keys = append(keys, fmt.Sprint(p.Pieces[pl.Piece].Name, p.Images.Cells(n)))
	}
	slices.Sort(keys)
	return keys
}

// The YAML and Knuth readers agree on the images of the same puzzle: the
// bundled 10x6 pair (2,056 images, FILA article), and 2D and 3D puzzles
// rewritten in the Knuth format.
func TestYAMLAndKnuthAgree(t *testing.T) {
	y, err := ParseFile("../examples/pentomino-10x6.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	k, err := ParseFile("../examples/pentomino-10x6.knuth", "")
	if err != nil {
		t.Fatal(err)
	}
	if y.Images.Len() != 2056 || k.Images.Len() != 2056 {
		t.Errorf("10x6 images: YAML %d, Knuth %d, want 2,056 each", y.Images.Len(), k.Images.Len())
	}
	if !slices.Equal(imageKeys(y), imageKeys(k)) {
		t.Error("10x6: the two files give different images")
	}
	for _, file := range []string{"soma.yaml", "tetris-cube.yaml", "pentomino-8x8-hole.yaml", "onesided-18x5.yaml"} {
		y, err := ParseFile("../examples/"+file, "")
		if err != nil {
			t.Fatal(err)
		}
		if file == "onesided-18x5.yaml" {
			// Knuth's polyomino-dlx always allows reflections: the images of
			// the one-sided set double up there (each chiral shape and its
			// twin get the same images).
			continue
		}
		text := knuthText(t, y)
		k, err := Parse(strings.TrimSuffix(file, ".yaml")+".knuth", []byte(text), "")
		if err != nil {
			t.Fatalf("%s in Knuth form: %v\n%s", file, err, text)
		}
		if y.Images.Len() != k.Images.Len() || !slices.Equal(imageKeys(y), imageKeys(k)) {
			t.Errorf("%s: YAML %d images, Knuth %d; the image sets differ", file, y.Images.Len(), k.Images.Len())
		}
	}
}

// The Tetris Cube and Soma examples agree image for image with Knuth specs
// typed in from the pieces' (x, y, z) cells, independently of the art.
func TestKnuth3DMatchesExamples(t *testing.T) {
	specs := map[string]string{
		"tetris-cube.yaml": `[0-3][0-3][0-3]
A 000 100 200 010 020
B 000 010 110 020 030
C 000 001 100 010 110
D 000 001 010 110 210 120
E 000 100 200 010 011
F 000 100 200 110 111
G 000 100 110 111 211
H 010 110 120 210 101 111
I 000 100 200 010 020 011
J 000 100 200 010 020 021
K 000 001 100 110 210
L 000 010 110 120 130
`,
		"soma.yaml": `[0-2][0-2][0-2]
V 000 100 010
L 000 100 200 010
T 000 100 200 110
Z 000 100 110 210
A 000 100 010 101
B 000 100 010 011
P 000 100 010 001
`,
	}
	for file, spec := range specs {
		y, err := ParseFile("../examples/"+file, "")
		if err != nil {
			t.Fatal(err)
		}
		k := mustParse(t, file+".knuth", spec)
		if !slices.Equal(imageKeys(y), imageKeys(k)) {
			t.Errorf("%s: YAML %d images, Knuth %d; the image sets differ", file, y.Images.Len(), k.Images.Len())
		}
	}
}

// Knuth's generators merge the placements of lines with one name; a second
// line giving the same shape in another orientation adds nothing.
func TestKnuthSameShapeTwice(t *testing.T) {
	once := mustParse(t, "a.knuth", "[0-3][0-2]\nL 00 01 02 12\n")
	twice := mustParse(t, "b.knuth", "[0-3][0-2]\nL 00 01 02 12\n| the mirror image, rotated\nL 00 10 20 01\n")
	if len(twice.Pieces) != 1 || !slices.Equal(imageKeys(once), imageKeys(twice)) {
		t.Errorf("pieces %d; images %d vs %d", len(twice.Pieces), once.Images.Len(), twice.Images.Len())
	}
	// ranges and sets in the box: the union of the cells (a cell listed
	// twice is an error, TestBadInputs)
	box := mustParse(t, "c.knuth", "[0-2][0-2] [3][1-3] [12]3 [02]4\nD 00 10\n")
	if box.Area() != 9+3+2+2 {
		t.Errorf("box has %d cells, want 16", box.Area())
	}
	// base-62 digits: z is 35, Z is 61
	wide := mustParse(t, "d.knuth", "[0-Z]0\n26|I 00 10\n")
	if wide.Area() != 62 || wide.Region.Size.J != 62 {
		t.Errorf("[0-Z]0 has %d cells", wide.Area())
	}
}

func benchmarkParse(b *testing.B, file string) {
	data, err := os.ReadFile("../examples/" + file)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseSpec(file, data, ""); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseSpecYAML(b *testing.B)   { benchmarkParse(b, "diamond-13x13.yaml") }
func BenchmarkParseSpecYAML3D(b *testing.B) { benchmarkParse(b, "tetris-cube.yaml") }
func BenchmarkParseSpecKnuth(b *testing.B)  { benchmarkParse(b, "pentomino-10x6.knuth") }
