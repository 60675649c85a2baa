package puzzle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const examplesDir = "../examples"

// exampleFact is what the problem statement of an example file fixes.
type exampleFact struct {
	dim, cells, pieces int
	symmetries         int  // size of the symmetry group
	unlimited          bool // unlimited supply (maximum coverage); else the pieces fill the board exactly
	images             int  // known number of images, 0 if none is published
}

var exampleFacts = map[string]exampleFact{
	"pentomino-10x6.yaml":       {2, 60, 12, 4, false, 2056}, // images: FILA article
	"pentomino-10x6.knuth":      {2, 60, 12, 4, false, 2056},
	"pentomino-12x5.yaml":       {2, 60, 12, 4, false, 0},
	"pentomino-15x4.yaml":       {2, 60, 12, 4, false, 0},
	"pentomino-20x3.yaml":       {2, 60, 12, 4, false, 0},
	"pentomino-8x8-hole.yaml":   {2, 60, 12, 8, false, 0},
	"pentomino-8x8-square.yaml": {2, 64, 13, 8, false, 0},
	"hexomino-15x14.yaml":       {2, 210, 35, 4, false, 0},
	"onesided-18x5.yaml":        {2, 90, 18, 4, false, 0},
	"tetris-cube.yaml":          {3, 64, 12, 24, false, 0},
	"diamond-13x13.yaml":        {2, 80, 17, 4, false, 0},
	"soma.yaml":                 {3, 27, 7, 48, false, 0},
	"soma.xmpuzzle":             {3, 27, 7, 48, false, 0},
	"fill-11x11.yaml":           {2, 121, 5, 4, true, 0},
	"fill-41x41.yaml":           {2, 1681, 5, 4, true, 0},
	"fill-61x61.yaml":           {2, 3721, 9, 1, true, 0},
	"tetris-7x7.yaml":           {2, 49, 5, 8, true, 0},
	"tetris-13x13.yaml":         {2, 169, 5, 8, true, 0},
	"tetris-21x21.yaml":         {2, 441, 5, 8, true, 0},
	"tetris-61x61.yaml":         {2, 3721, 5, 8, true, 0},
	"tetrominoes-5x4.yaml":      {2, 20, 5, 4, false, 0},
	"t-tetromino-10x10.yaml":    {2, 100, 1, 8, true, 0},
	// placement constraints: the group keeps only the symmetries that map
	// the constraint onto itself
	"pentomino-8x8-square-centre.yaml": {2, 64, 13, 8, false, 0},
	"pentomino-8x8-square-corner.yaml": {2, 64, 13, 2, false, 0},
	"pentomino-8x8-x-centre.yaml":      {2, 64, 13, 8, false, 0},
	"pentomino-8x8-empty.yaml":         {2, 60, 12, 8, false, 0},
	"pentomino-8x8-empty-corner.yaml":  {2, 60, 12, 2, false, 0},
	"pentomino-10x6-x-fixed.yaml":      {2, 60, 12, 1, false, 0},
	"pentomino-10x6-x-left.yaml":       {2, 60, 12, 2, false, 0},
	// hex and triangle grids: a rhombus has 4 symmetries, a parallelogram 2
	"hexiamonds-6x6.yaml":       {2, 72, 12, 4, false, 0},
	"hexiamonds-9x4.yaml":       {2, 72, 12, 2, false, 0},
	"tetrahexes-7x4.yaml":       {2, 28, 7, 2, false, 0},
	"tetrahexes-rectangle.yaml": {2, 28, 7, 2, false, 0},
	// symmetric solutions (the key does not change the group)
	"squares-8x6-symmetric.yaml":       {2, 48, 6, 4, true, 0},
	"tetrominoes-8x5-double-r180.yaml": {2, 40, 5, 4, false, 0},
}

// Every puzzle file in examples/ parses, is listed in its README, and has
// the cells, pieces and symmetry group its problem statement implies.
func TestExamples(t *testing.T) {
	entries, err := os.ReadDir(examplesDir)
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(examplesDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range entries {
		name := e.Name()
		ext := filepath.Ext(name)
		if e.IsDir() || (ext != ".yaml" && ext != ".knuth" && ext != ".xmpuzzle") {
			continue
		}
		seen++
		t.Run(name, func(t *testing.T) {
			if !strings.Contains(string(readme), "`"+name+"`") {
				t.Errorf("not listed in examples/README.md")
			}
			p, err := ParseFile(filepath.Join(examplesDir, name), "")
			if err != nil {
				t.Fatal(err)
			}
			f, ok := exampleFacts[name]
			if !ok {
				t.Fatalf("no facts for %s in exampleFacts", name)
			}
			if p.Dim != f.dim || p.Area() != f.cells || len(p.Pieces) != f.pieces {
				t.Errorf("dim %d, %d cells, %d pieces; want %d, %d, %d", p.Dim, p.Area(), len(p.Pieces), f.dim, f.cells, f.pieces)
			}
			if n := len(p.Symmetries()); n != f.symmetries {
				t.Errorf("%d symmetries, want %d", n, f.symmetries)
			}
			area, unlimited := p.PieceArea()
			if unlimited != f.unlimited || (!unlimited && area != p.Area()) {
				t.Errorf("pieces: area %d, unlimited %v; want unlimited %v or area %d", area, unlimited, f.unlimited, p.Area())
			}
			if p.Images.Len() == 0 || (f.images > 0 && p.Images.Len() != f.images) {
				t.Errorf("%d images, want %d", p.Images.Len(), f.images)
			}
			if p.Name == "" {
				t.Error("no name")
			}
		})
	}
	if seen != len(exampleFacts) {
		t.Errorf("%d puzzle files in examples/, %d in exampleFacts", seen, len(exampleFacts))
	}
}

// The Tetris Cube shapes give the FILA article's 1,416 oriented piece images
// (the sum over pieces of orientations x size): an independent check of the
// piece data.
func TestTetrisCubePieceImages(t *testing.T) {
	p, err := ParseFile(filepath.Join(examplesDir, "tetris-cube.yaml"), "")
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, pc := range p.Pieces {
		sum += len(pc.Orients) * pc.Size()
	}
	if sum != 1416 {
		t.Errorf("sum of orientations x size is %d, want 1,416 (FILA article)", sum)
	}
}

// Known solution counts of the small examples, recounted by brute force
// (Algorithm X over the images): all solutions, i.e. the unique count times
// the size of the symmetry group.
func TestExampleSolutionCounts(t *testing.T) {
	cases := []struct {
		file string
		all  int
		long bool
	}{
		{"pentomino-20x3.yaml", 8, false},      // 2 unique x 4
		{"soma.yaml", 11520, true},             // 240 unique x 48, about a second
		{"pentomino-8x8-hole.yaml", 520, true}, // 65 unique x 8, about a second
	}
	for _, c := range cases {
		if c.long && testing.Short() {
			continue
		}
		p, err := ParseFile(filepath.Join(examplesDir, c.file), "")
		if err != nil {
			t.Fatal(err)
		}
		if got := countTilings(p); got != c.all {
			t.Errorf("%s: %d solutions, want %d", c.file, got, c.all)
		}
	}
}

// countTilings counts the exact tilings of a puzzle whose pieces are used
// once each, by Algorithm X: items are the cells and the pieces, options
// the images; it always branches on the item with fewest options left.
func countTilings(p *Puzzle) int {
	nItems := p.Area() + len(p.Pieces)
	x := &xcover{
		opts:    make([][]int32, p.Images.Len()),
		byItem:  make([][]int32, nItems),
		blocked: make([]int32, p.Images.Len()),
		avail:   make([]int32, nItems),
		done:    make([]bool, nItems),
	}
	for n, pl := range p.Images.Place {
		items := append([]int32{int32(p.Area() + pl.Piece)}, p.Images.Cells(n)...)
		x.opts[n] = items
		for _, i := range items {
			x.byItem[i] = append(x.byItem[i], int32(n))
			x.avail[i]++
		}
	}
	return x.count()
}

type xcover struct {
	opts    [][]int32 // items of each option
	byItem  [][]int32 // options holding each item
	blocked []int32   // options conflicting with chosen ones (> 0)
	avail   []int32   // per item, options still open
	done    []bool    // items covered
}

func (x *xcover) count() int {
	best := -1
	for i, d := range x.done {
		if !d && (best < 0 || x.avail[i] < x.avail[best]) {
			best = i
		}
	}
	if best < 0 {
		return 1
	}
	total := 0
	for _, o := range x.byItem[best] {
		if x.blocked[o] != 0 {
			continue
		}
		x.choose(o, 1)
		total += x.count()
		x.choose(o, -1)
	}
	return total
}

// choose covers (d = 1) or uncovers (d = -1) the items of option o, blocking
// or releasing every option that shares one of them.
func (x *xcover) choose(o int32, d int32) {
	for _, i := range x.opts[o] {
		x.done[i] = d > 0
		for _, o2 := range x.byItem[i] {
			if (d > 0 && x.blocked[o2] == 0) || (d < 0 && x.blocked[o2] == 1) {
				for _, i2 := range x.opts[o2] {
					x.avail[i2] -= d
				}
			}
			x.blocked[o2] += d
		}
	}
}
