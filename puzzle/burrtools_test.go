package puzzle

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// burrShape writes one <voxel> node from the documented .xmpuzzle format:
// attributes x, y, z (the size) and type 0, then one state per voxel, x
// fastest, then y, then z; '#' filled, '_' empty. x is the column J, y the
// row I, z the layer L.
func burrShape(cells []Cell, name string) string {
	var e Cell
	in := map[Cell]bool{}
	for _, c := range cells {
		in[c] = true
		e = Cell{I: max(e.I, c.I+1), J: max(e.J, c.J+1), L: max(e.L, c.L+1)}
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<voxel x="%d" y="%d" z="%d" type="0"`, e.J, e.I, e.L)
	if name != "" {
		fmt.Fprintf(&b, ` name="%s"`, name)
	}
	b.WriteString(">")
	for z := range e.L {
		for y := range e.I {
			for x := range e.J {
				if in[Cell{I: y, J: x, L: z}] {
					b.WriteByte('#')
				} else {
					b.WriteByte('_')
				}
			}
		}
	}
	b.WriteString("</voxel>")
	return b.String()
}

// burrXML writes a puzzle as .xmpuzzle XML: shape 0 the result, then the
// pieces; one problem using each piece its count times.
func burrXML(spec Spec, comment string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?>` + "\n" + `<puzzle version="2"><gridType type="0"/><colors/><shapes>`)
	b.WriteString(burrShape(spec.Region, ""))
	for _, p := range spec.Pieces {
		b.WriteString(burrShape(p.Cells, p.Name))
	}
	b.WriteString(`</shapes><problems><problem name="` + spec.Name + `" state="0"><shapes>`)
	for k, p := range spec.Pieces {
		fmt.Fprintf(&b, `<shape id="%d" count="%d"/>`, k+1, p.Count)
	}
	b.WriteString(`</shapes><result id="0"/><bitmap/></problem></problems><comment>` + comment + `</comment></puzzle>`)
	return b.String()
}

func gzipped(t testing.TB, text string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A puzzle written as .xmpuzzle reads back with the images of its YAML
// original: the Soma cube (3D, rotations) and two pentomino rectangles as
// one-layer boxes (read as 2D with free pieces: turning a flat piece over
// in space mirrors it), whose solutions are then counted.
func TestBurrToolsMatchesYAML(t *testing.T) {
	for _, c := range []struct {
		file string
		all  int // solutions counted by brute force, 0: not counted
	}{
		{"soma.yaml", 0}, {"pentomino-20x3.yaml", 8}, {"pentomino-10x6.yaml", 0}, {"tetris-cube.yaml", 0},
	} {
		y, err := ParseFile(filepath.Join(examplesDir, c.file), "")
		if err != nil {
			t.Fatal(err)
		}
		spec, err := ParseSpec(c.file, mustRead(t, filepath.Join(examplesDir, c.file)), "")
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(c.file, ".yaml") + ".xmpuzzle"
		b, err := Parse(name, gzipped(t, burrXML(spec, "")), "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b.Dim != y.Dim || !slices.Equal(imageKeys(b), imageKeys(y)) {
			t.Errorf("%s: %dD, %d images; the YAML file %dD, %d images", name, b.Dim, b.Images.Len(), y.Dim, y.Images.Len())
		}
		if c.all > 0 {
			if got := countTilings(b); got != c.all {
				t.Errorf("%s: %d solutions, want %d", name, got, c.all)
			}
		}
	}
}

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// examples/soma.xmpuzzle (written by burrXML; go test ./puzzle -run
// BurrToolsExampleFile -update-corpus rewrites it) reads as the Soma cube.
func TestBurrToolsExampleFile(t *testing.T) {
	path := filepath.Join(examplesDir, "soma.xmpuzzle")
	if *updateCorpus {
		spec, err := ParseSpec("soma.yaml", mustRead(t, filepath.Join(examplesDir, "soma.yaml")), "")
		if err != nil {
			t.Fatal(err)
		}
		comment := "Piet Hein's Soma cube, written by polytile's tests from soma.yaml (go test ./puzzle -run BurrToolsExampleFile -update-corpus). Known counts: 240 solutions unique under the 48 symmetries of the cube, 11,520 in all."
		if err := os.WriteFile(path, gzipped(t, burrXML(spec, comment)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := ParseFile(path, "")
	if err != nil {
		t.Fatal(err)
	}
	y, err := ParseFile(filepath.Join(examplesDir, "soma.yaml"), "")
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "Soma cube" || !slices.Equal(imageKeys(b), imageKeys(y)) || len(b.Symmetries()) != 48 {
		t.Errorf("soma.xmpuzzle: %q, %d images, %d symmetries", b.Name, b.Images.Len(), len(b.Symmetries()))
	}
}

const burrHead = `<?xml version="1.0"?><puzzle version="2">`

func TestBurrToolsProblems(t *testing.T) {
	doc := burrHead + `<shapes><voxel x="2" y="1" z="1" type="0">##</voxel><voxel x="1" y="1" z="1" type="0" name="M">#</voxel>` +
		`<voxel x="3" y="1" z="1" type="0">###</voxel></shapes><problems>` +
		`<problem name="two"><shapes><shape id="1" count="2"/></shapes><result id="0"/></problem>` +
		`<problem name="three"><shapes><shape id="1" min="3" max="3"/></shapes><result id="2"/></problem>` +
		`</problems></puzzle>`
	_, err := Parse("a.xmpuzzle", []byte(doc), "")
	if err == nil || !strings.Contains(err.Error(), `a.xmpuzzle:1:1: the file has 2 problems (1 "two", 2 "three"): choose one with --from burrtools:N`) {
		t.Errorf("two problems: %v", err)
	}
	p, err := Parse("a.xmpuzzle", []byte(doc), "burrtools:2")
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "three" || p.Area() != 3 || len(p.Pieces) != 1 || p.Pieces[0].Name != "M" || p.Pieces[0].Count != 3 || p.Dim != 2 {
		t.Errorf("problem 2: %q, %d cells, %+v", p.Name, p.Area(), p.Pieces)
	}
	if _, err := Parse("a.xml", []byte(doc), "BurrTools:3"); err == nil || !strings.Contains(err.Error(), "problem 3 asked for, but the file has 2") {
		t.Errorf("problem 3: %v", err)
	}
	for _, f := range []string{"burrtools:0", "burrtools:x", "burrtools:1001"} {
		if _, err := Parse("a.xml", []byte(doc), f); err == nil || !strings.Contains(err.Error(), "the problem number must be 1 to 1000") {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestBurrToolsErrors(t *testing.T) {
	shapes := `<shapes><voxel x="2" y="2" z="1" type="0">####</voxel><voxel x="2" y="1" z="1" type="0">##</voxel></shapes>`
	problem := `<problems><problem><shapes><shape id="1" count="2"/></shapes><result id="0"/></problem></problems></puzzle>`
	ok := burrHead + shapes + problem
	if p, err := Parse("a.xmpuzzle", gzipped(t, ok), ""); err != nil || p.Area() != 4 || p.Pieces[0].Name != "S2" {
		t.Fatalf("the base case: %v", err)
	}
	deep := burrHead + strings.Repeat("<a>", 100) + strings.Repeat("</a>", 100) + shapes + problem
	for _, c := range []struct{ name, doc, want string }{
		{"grid", burrHead + `<gridType type="2"/>` + shapes + problem, "a.xmpuzzle:1:42: grid type 2 (spheres) is not supported: polytile reads BurrTools puzzles on the cube grid (type 0)"},
		{"variable result", strings.Replace(ok, "####", "###+", 1), "shape 1) has variable voxels ('+'): not supported"},
		{"variable piece", strings.Replace(ok, ">##<", ">#+<", 1), "shape 2 has variable voxels ('+'): not supported in a piece"},
		{"min max", strings.Replace(ok, `count="2"`, `min="1" max="2"`, 1), "shape 2 may be used 1 to 2 times: not supported"},
		{"colours", strings.Replace(strings.Replace(ok, "####", "#1###", 1), ">##<", ">#2#<", 1), "colour constraints are not supported"},
		{"holes", strings.Replace(ok, "<problem>", `<problem maxHoles="2">`, 1), "allows holes (maxHoles=2): not supported"},
		{"too few voxels", strings.Replace(ok, "####", "###", 1), "shape 1: 3 voxel states for a 2x2x1 space (4 voxels)"},
		{"too many voxels", strings.Replace(ok, "####", "#####", 1), "shape 1: more than the 4 voxels of a 2x2x1 space"},
		{"bad character", strings.Replace(ok, "####", "##x#", 1), "shape 1: unexpected character 'x' in the voxel states"},
		{"no size", strings.Replace(ok, `x="2" y="2"`, `y="2"`, 1), "shape 1: <voxel> needs attributes x, y and z >= 1"},
		{"huge size", strings.Replace(ok, `x="2" y="2"`, `x="100000" y="100000"`, 1), "shape 1: 100000x100000x1 voxels; the limit is 1048576"},
		{"negative", strings.Replace(ok, `x="2"`, `x="-2"`, 1), `<voxel> attribute x="-2": want a whole number >= 0`},
		{"no problem", burrHead + shapes + `</puzzle>`, "the file defines no problem"},
		{"bad result", strings.Replace(ok, `<result id="0"/>`, `<result id="7"/>`, 1), "has no valid result shape (result id 7; the file has 2 shapes)"},
		{"no result", strings.Replace(ok, `<result id="0"/>`, "", 1), "has no valid result shape"},
		{"bad piece id", strings.Replace(ok, `id="1"`, `id="5"`, 1), "piece shape id 5 does not exist"},
		{"result as piece", strings.Replace(ok, `id="1"`, `id="0"`, 1), "shape 1 is both the result and a piece"},
		{"no pieces", strings.Replace(ok, `count="2"`, `count="0"`, 1), "problem 1 has no pieces"},
		{"not xml", "hello", "a.xmpuzzle:1:1: no <puzzle> element: not a BurrTools file"},
		{"bad xml", burrHead + "<a></b>", "a.xmpuzzle:1: invalid XML: element <a> closed by </b>"},
		{"wrong root", `<?xml version="1.0"?><burr/>`, "a BurrTools file has one root element <puzzle>, not <burr>"},
		{"version", `<puzzle version="7">` + shapes + problem, `puzzle version "7" is not supported`},
		{"unclosed", burrHead + shapes, "invalid XML: unexpected EOF"},
		{"depth", deep, "XML elements nested more than 64 deep, the limit"},
		{"empty", "", "a.xmpuzzle:1:1: empty input"},
	} {
		for _, data := range [][]byte{[]byte(c.doc), gzipped(t, c.doc)} {
			_, err := Parse("a.xmpuzzle", data, "")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: error %v, want %q", c.name, err, c.want)
			}
		}
	}
	// not gzip after the magic bytes
	if _, err := Parse("a.xmpuzzle", []byte{0x1f, 0x8b, 1, 2, 3}, ""); err == nil || !strings.Contains(err.Error(), "not a valid gzip stream") {
		t.Errorf("bad gzip: %v", err)
	}
	trunc := gzipped(t, ok)
	if _, err := Parse("a.xmpuzzle", trunc[:len(trunc)-6], ""); err == nil || !strings.Contains(err.Error(), "corrupt gzip data") {
		t.Errorf("truncated gzip: %v", err)
	}
}

// A gzip bomb (a small file that expands to far more than the limit) is
// refused after MaxBurrToolsXML bytes, quickly.
func TestBurrToolsGzipBomb(t *testing.T) {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zeros := make([]byte, 1<<20)
	for range 17 { // 17 MiB, just above the limit
		if _, err := zw.Write(zeros); err != nil {
			t.Fatal(err)
		}
	}
	zw.Close()
	start := time.Now()
	_, err := Parse("bomb.xmpuzzle", buf.Bytes(), "")
	if err == nil || !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "bomb.xmpuzzle:1:1: the file decompresses to more than 16777216 bytes") {
		t.Errorf("bomb: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("bomb refused after %v", d)
	}
	t.Logf("%d compressed bytes refused in %v", buf.Len(), time.Since(start))
}

// The voxel order of the documented format, by hand: voxel n of an X x Y x
// Z space is x = n mod X, y = n / X mod Y, z = n / (X Y); colour digits
// follow their voxel.
func TestBurrToolsVoxelOrder(t *testing.T) {
	br := &burrReader{name: "a"}
	v := &burrVoxel{sx: 3, sy: 2, sz: 2}
	v.text.WriteString("#12__ _#_\n_#__#0_")
	br.shapes = []*burrVoxel{v}
	if err := br.voxelCells(v); err != nil {
		t.Fatal(err)
	}
	// filled: n = 0 (0,0,0), 4 (x1,y1,z0), 7 (x1,y0,z1), 10 (x1,y1,z1)
	want := []Cell{{I: 0, J: 0, L: 0}, {I: 1, J: 1, L: 0}, {I: 0, J: 1, L: 1}, {I: 1, J: 1, L: 1}}
	if !slices.Equal(v.cells, want) || !v.coloured || v.variable {
		t.Errorf("cells %v coloured %v, want %v", v.cells, v.coloured, want)
	}
}

// TestBurrToolsVoxelTotal: the filled voxels of all the shapes together are
// counted while they are read, so a file of many big shapes is refused at
// the first shape over the total (it used to hold every shape's voxels,
// up to 1,048,576 each in 16 MiB of XML, before any total was checked).
func TestBurrToolsVoxelTotal(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?>` + "\n" + `<puzzle version="2"><gridType type="0"/><colors/><shapes>`)
	const shapes, side = 13, 100 // 13 shapes of 100x100x10 filled voxels
	for range shapes {
		fmt.Fprintf(&b, `<voxel x="%d" y="%d" z="10" type="0">`, side, side)
		b.WriteString(strings.Repeat("#", side*side*10))
		b.WriteString("</voxel>")
	}
	b.WriteString(`</shapes><problems><problem name="p" state="0"><shapes><shape id="1" count="1"/></shapes><result id="0"/><bitmap/></problem></problems></puzzle>`)
	_, err := Parse("many.xmpuzzle", []byte(b.String()), "")
	want := fmt.Sprintf("shape %d: the shapes of the file hold more than %d filled voxels together", maxBurrVoxels/(side*side*10)+1, maxBurrVoxels)
	if err == nil || !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want a limit error %q", err, want)
	}
}
