package polyform

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Known counts (OEIS A001168 fixed polyominoes, A000105 free, A000988
// one-sided; A001931 fixed polycubes, A038119 polycubes up to rotation and
// reflection, A000162 up to rotation).
func TestCounts(t *testing.T) {
	cases := []struct {
		dim    int
		fixed  []int
		free   []int // up to rotations and reflections
		rotate []int // up to rotations (one-sided; mirror images apart)
	}{
		{2, []int{1, 2, 6, 19, 63, 216, 760}, []int{1, 1, 2, 5, 12, 35, 108}, []int{1, 1, 2, 7, 18, 60, 196}},
		{3, []int{1, 3, 15, 86, 534}, []int{1, 1, 2, 7, 23}, []int{1, 1, 2, 8, 29}},
	}
	for _, c := range cases {
		for k := range c.fixed {
			n := k + 1
			f, err := Fixed(n, c.dim)
			if err != nil {
				t.Fatal(err)
			}
			fr, _ := Classes(n, c.dim, true)
			ro, _ := Classes(n, c.dim, false)
			if len(f) != c.fixed[k] || len(fr) != c.free[k] || len(ro) != c.rotate[k] {
				t.Errorf("dim %d, n %d: fixed %d free %d one-sided %d; want %d %d %d",
					c.dim, n, len(f), len(fr), len(ro), c.fixed[k], c.free[k], c.rotate[k])
			}
		}
	}
}

func TestLimits(t *testing.T) {
	for _, c := range [][2]int{{0, 2}, {-1, 3}, {MaxCells2D + 1, 2}, {MaxCells3D + 1, 3}, {3, 4}, {3, 1}} {
		if _, err := Fixed(c[0], c[1]); err == nil {
			t.Errorf("Fixed(%d, %d): no error", c[0], c[1])
		}
	}
}

// Every set has the stated number of pieces, distinct names, and pieces
// that are distinct under the set's group.
func TestSets(t *testing.T) {
	want := map[string]int{
		"monominoes": 1, "dominoes": 1, "trominoes": 2, "tetrominoes": 5, "pentominoes": 12,
		"pentominoes-conway": 12, "hexominoes": 35, "heptominoes": 108,
		"one-sided-monominoes": 1, "one-sided-dominoes": 1, "one-sided-trominoes": 2,
		"one-sided-tetrominoes": 7, "one-sided-pentominoes": 18, "one-sided-hexominoes": 60,
		"one-sided-heptominoes": 196, "tetracubes": 8, "pentacubes": 29, "soma": 7, "tetris-cube": 12,
	}
	if len(Names()) != len(want) {
		t.Errorf("%d sets, want %d", len(Names()), len(want))
	}
	for _, name := range Names() {
		s, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Pieces) != want[name] {
			t.Errorf("%s: %d pieces, want %d", name, len(s.Pieces), want[name])
		}
		names, keys := map[string]bool{}, map[string]bool{}
		mirror := !slices.Contains([]string{"tetracubes", "pentacubes", "soma", "tetris-cube"}, name) && name[:4] != "one-"
		for _, p := range s.Pieces {
			k := Canonical(p.Shape, s.Dim, mirror).Key()
			if names[p.Name] || keys[k] {
				t.Errorf("%s: piece %s repeats a name or a shape", name, p.Name)
			}
			names[p.Name], keys[k] = true, true
		}
	}
	if _, err := Lookup(strings.Repeat("x", 1000)); err == nil || len(err.Error()) > 600 {
		t.Errorf("a long unknown name is echoed whole: %d bytes", len(err.Error()))
	}
	if _, err := Lookup("octominoes"); err == nil || !strings.Contains(err.Error(), "pentominoes, pentominoes-conway") {
		t.Errorf("unknown set: %v", err)
	}
}

// The letters name the shapes they are drawn after: checked against an
// independent description of each pentomino by invariants (bounding box,
// chirality, sorted neighbour counts of its cells, longest straight line),
// worked out by hand from the letter shapes; the 12 descriptions differ.
func TestPentominoLetters(t *testing.T) {
	want := map[string]string{
		"F": "3x3 chiral 11123 3", "I": "1x5 11222 5", "L": "2x4 chiral 11222 4", "N": "2x4 chiral 11222 3",
		"P": "2x3 chiral 12223 3", "T": "3x3 11123 3", "U": "2x3 11222 3", "V": "3x3 11222 3",
		"W": "3x3 11222 2", "X": "3x3 11114 3", "Y": "2x4 chiral 11123 4", "Z": "3x3 chiral 11222 3",
	}
	s, _ := Lookup("pentominoes")
	for _, p := range s.Pieces {
		if got := describe(p.Shape); got != want[p.Name] {
			t.Errorf("%s: %s, want %s", p.Name, got, want[p.Name])
		}
	}
	c, _ := Lookup("pentominoes-conway")
	conwayOf := map[string]string{"O": "I", "Q": "L", "R": "F", "S": "N"}
	for _, p := range c.Pieces {
		g := p.Name
		if x, ok := conwayOf[g]; ok {
			g = x
		}
		if got := describe(p.Shape); got != want[g] {
			t.Errorf("Conway %s: %s, want %s (Golomb %s)", p.Name, got, want[g], g)
		}
	}
}

func describe(s Shape) string {
	in := map[Cell]bool{}
	var e Cell
	for _, c := range s {
		in[c] = true
		e = Cell{I: max(e.I, c.I+1), J: max(e.J, c.J+1)}
	}
	var deg []byte
	run := 0
	for _, c := range s {
		d := 0
		for _, n := range []Cell{{I: c.I + 1, J: c.J}, {I: c.I - 1, J: c.J}, {I: c.I, J: c.J + 1}, {I: c.I, J: c.J - 1}} {
			if in[n] {
				d++
			}
		}
		deg = append(deg, byte('0'+d))
		for _, dir := range []Cell{{I: 1}, {J: 1}} {
			k := 0
			for x := c; in[x]; x = (Cell{I: x.I + dir.I, J: x.J + dir.J}) {
				k++
			}
			run = max(run, k)
		}
	}
	slices.Sort(deg)
	out := fmt.Sprintf("%dx%d", min(e.I, e.J), max(e.I, e.J))
	if Chiral(s, 2) {
		out += " chiral"
	}
	return fmt.Sprintf("%s %s %d", out, deg, run)
}

// Of the 35 hexominoes 24 cover 3 black and 3 white cells of a checkerboard
// and 11 cover 4 and 2 (the known split behind the 15x14 colouring proof).
func TestHexominoColours(t *testing.T) {
	s, _ := Lookup("hexominoes")
	split := map[int]int{}
	for _, p := range s.Pieces {
		black := 0
		for _, c := range p.Shape {
			if (c.I+c.J)%2 == 0 {
				black++
			}
		}
		split[max(black, 6-black)]++
	}
	if split[3] != 24 || split[4] != 11 || len(split) != 2 {
		t.Errorf("hexominoes by colours: %v, want 24 at 3/3 and 11 at 4/2", split)
	}
}
