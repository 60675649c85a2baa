package model

import (
	"fmt"
	"math"
	"regexp"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// pp is a piece for the test puzzles: art, count (0 = unlimited), policy.
type pp struct {
	name, art string
	count     int
	pol       puzzle.Policy
}

func build(t testing.TB, board string, pieces ...pp) *puzzle.Puzzle {
	t.Helper()
	region, err := puzzle.ArtCells(board, 0)
	if err != nil {
		t.Fatal(err)
	}
	var specs []puzzle.PieceSpec
	for _, q := range pieces {
		cells, err := puzzle.ArtCells(q.art, 0)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, puzzle.PieceSpec{Name: q.name, Cells: cells, Count: q.count, Unlimited: q.count == 0, Policy: q.pol})
	}
	p, err := puzzle.New(puzzle.Spec{Name: "test", Dim: 2, Region: region, Pieces: specs})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustProgram(t testing.TB, p *puzzle.Puzzle, opt ProgramOptions) *Program {
	t.Helper()
	pr, err := NewProgram(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

// allOptions lists every program variant.
var allOptions = []ProgramOptions{
	{Mode: Exact},
	{Mode: MaxCoverage, Formulation: Seed},
	{Mode: MaxCoverage, Formulation: Packing},
	{Mode: MaxCoverage, Formulation: Seed, Strengthen: true},
	{Mode: MaxCoverage, Formulation: Packing, Strengthen: true},
	{Mode: MaxCoverage, Formulation: Seed, Strengthen: true, Checkerboard: true},
	{Mode: MaxCoverage, Formulation: Packing, Checkerboard: true},
}

// symmetryOptions lists the variants with a symmetry-breaking row.
var symmetryOptions = []ProgramOptions{
	{Mode: Exact, Symmetry: PinPiece},
	{Mode: MaxCoverage, Formulation: Seed, Symmetry: PinPiece},
	{Mode: MaxCoverage, Formulation: Packing, Strengthen: true, Checkerboard: true, Symmetry: PinPiece},
	{Mode: MaxCoverage, Formulation: Seed, Symmetry: FixHole},
	{Mode: MaxCoverage, Formulation: Seed, Strengthen: true, Checkerboard: true, Symmetry: FixHole},
	{Mode: MaxCoverage, Formulation: Packing, Symmetry: FixHole},
	{Mode: MaxCoverage, Formulation: Packing, Strengthen: true, Symmetry: FixHole},
}

func TestSanitizeNames(t *testing.T) {
	got := SanitizeNames([]string{"F", "A-1", "A+1", "", "ü", "A_1", "x y", "F", "A_1_2"})
	want := []string{"F", "A_1", "A_1_2", "p", "__", "A_1_3", "x_y", "F_2", "A_1_2_2"}
	for n := range want {
		if got[n] != want[n] {
			t.Errorf("SanitizeNames[%d] = %q, want %q", n, got[n], want[n])
		}
	}
	long := SanitizeNames([]string{string(make([]byte, 100))})[0]
	if len(long) != MaxNameLen {
		t.Errorf("long name sanitized to %d bytes, want %d", len(long), MaxNameLen)
	}
}

var nameRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// TestNames checks that every column and row name is legal, unique, and
// that ColumnIndex inverts ColName, also for awkward piece names and 3D.
func TestNames(t *testing.T) {
	p := build(t, "####/####/###.", pp{"A-1", "##", 0, puzzle.Free}, pp{"A+1", "###", 2, puzzle.Free}, pp{"x y", "#./##", 1, puzzle.Rotate})
	cube, err := puzzle.New(puzzle.Spec{Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: 2, Height: 2, Depth: 3}), Pieces: []puzzle.PieceSpec{
		{Name: "L", Cells: []puzzle.Cell{{I: 0}, {I: 1}, {I: 1, J: 1}}, Count: 4, Policy: puzzle.Rotate},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []*puzzle.Puzzle{p, cube} {
		for _, opt := range allOptions {
			pr := mustProgram(t, q, opt)
			seen := map[string]bool{}
			for j := range pr.NumCols() {
				name := pr.ColName(j)
				if !nameRE.MatchString(name) || seen[name] {
					t.Errorf("%v: column %d name %q is illegal or repeated", opt, j, name)
				}
				seen[name] = true
				if got, ok := pr.ColumnIndex(name); !ok || got != j {
					t.Errorf("%v: ColumnIndex(%q) = %d, %v; want %d", opt, name, got, ok, j)
				}
			}
			for i := range pr.NumRows() {
				name := pr.RowName(i)
				if !nameRE.MatchString(name) || seen[name] {
					t.Errorf("%v: row %d name %q is illegal or repeated", opt, i, name)
				}
				seen[name] = true
			}
			for _, bad := range []string{"x_A_1_0_00_0", "x_Q_0_0_0", "y_9_9", "x_A_1_0", "obj", "z_"} {
				if j, ok := pr.ColumnIndex(bad); ok {
					t.Errorf("ColumnIndex(%q) = %d, want not found", bad, j)
				}
			}
		}
	}
	pr := mustProgram(t, p, ProgramOptions{Mode: MaxCoverage})
	if got := pr.ColName(0); got != "x_A_1_0_0_0" {
		t.Errorf("first column %q, want x_A_1_0_0_0", got)
	}
	if got := pr.ColName(pr.YCol(5)); got != "y_1_1" {
		t.Errorf("y of cell 5 is %q, want y_1_1", got)
	}
	if got := pr.RowName(5); got != "overlap_c_1_1" {
		t.Errorf("row 5 is %q, want overlap_c_1_1", got)
	}
	if got := pr.RowName(pr.CountRow(1)); got != "count_A_1_2" {
		t.Errorf("count row of A+1 is %q, want count_A_1_2", got)
	}
}

// entries collects the matrix as (row, col) -> coef.
type entry struct{ row, col int }

// TestRowsColumnsTranspose checks the two generators against each other:
// the matrix read by rows is the matrix read by columns, and both agree
// with NumNonzeros.
func TestRowsColumnsTranspose(t *testing.T) {
	p := build(t, "#####/#####/##.##/#####", pp{"T", "###/.#.", 2, puzzle.Free}, pp{"I", "##", 0, puzzle.Free}, pp{"O", "##/##", 1, puzzle.Free})
	sym := build(t, "#####/#####/#####/#####/#####", pp{"O", "##/##", 1, puzzle.Free}, pp{"I", "##", 0, puzzle.Free}, pp{"L", "#./#./##", 2, puzzle.Free})
	var progs []*Program
	for _, opt := range allOptions {
		progs = append(progs, mustProgram(t, p, opt), mustProgram(t, sym, opt))
	}
	for _, opt := range symmetryOptions {
		pr := mustProgram(t, sym, opt)
		if pr.PinRow() < 0 && pr.HoleRow() < 0 {
			t.Fatalf("%v: no symmetry row on a symmetric puzzle", opt)
		}
		progs = append(progs, pr)
	}
	for _, pr := range progs {
		opt := pr.Options
		byRow := map[entry]float64{}
		if err := pr.Rows(func(r *Row) error {
			for n, tm := range r.Terms {
				if n > 0 && tm.Index <= r.Terms[n-1].Index {
					t.Errorf("%v row %d: terms not increasing", opt, r.Index)
				}
				byRow[entry{r.Index, tm.Index}] = tm.Coef
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		byCol := map[entry]float64{}
		if err := pr.Columns(func(c *Column) error {
			for _, tm := range c.Terms {
				byCol[entry{tm.Index, c.Index}] = tm.Coef
			}
			if c.Cost != pr.Cost(c.Index) || c.Kind != pr.Kind(c.Index) {
				t.Errorf("%v column %d: Column and Cost/Kind disagree", opt, c.Index)
			}
			if lo, hi := pr.Bounds(c.Index); lo != c.Lower || hi != c.Upper {
				t.Errorf("%v column %d: Column and Bounds disagree", opt, c.Index)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if len(byRow) != len(byCol) || len(byRow) != pr.NumNonzeros() {
			t.Fatalf("%v: %d entries by row, %d by column, NumNonzeros %d", opt, len(byRow), len(byCol), pr.NumNonzeros())
		}
		for e, v := range byRow {
			if byCol[e] != v {
				t.Errorf("%v: entry %v is %v by row, %v by column", opt, e, v, byCol[e])
			}
		}
	}
}

// satisfies evaluates every row of pr on v.
func satisfies(pr *Program, v []float64) bool {
	ok := true
	_ = pr.Rows(func(r *Row) error {
		s := 0.0
		for _, tm := range r.Terms {
			s += tm.Coef * v[tm.Index]
		}
		switch r.Sense {
		case EQ:
			ok = ok && math.Abs(s-r.RHS) < 1e-9
		case LE:
			ok = ok && s <= r.RHS+1e-9
		case GE:
			ok = ok && s >= r.RHS-1e-9
		}
		return nil
	})
	for j := range pr.NumCols() {
		lo, hi := pr.Bounds(j)
		if v[j] < lo || v[j] > hi || v[j] != math.Trunc(v[j]) {
			ok = false
		}
	}
	return ok
}

// completion extends an x assignment by the only y and z the equality
// rows allow: y = number of images covering the cell, z = Σ y / g.
func completion(pr *Program, x []bool) []float64 {
	v := make([]float64, pr.NumCols())
	cover := make([]int, pr.Puzzle.Area())
	for n, on := range x {
		if on {
			v[n] = 1
			for _, c := range pr.Puzzle.Images.Cells(n) {
				cover[c]++
			}
		}
	}
	sum := 0
	if pr.HasY() {
		for c, k := range cover {
			v[pr.YCol(c)] = float64(k)
			sum += k
		}
	}
	if z := pr.ZCol(); z >= 0 {
		v[z] = float64(sum) / float64(pr.Bound.GCD)
	}
	return v
}

// TestProgramBruteForce enumerates every x assignment of tiny programs
// and checks that the feasible ones are exactly the valid tilings (exact
// tilings for Exact, partial ones for MaxCoverage) as judged by
// Puzzle.Verify, that the objective is the covered area, and that the
// optimum is the brute-force maximum coverage.
func TestProgramBruteForce(t *testing.T) {
	cases := []*puzzle.Puzzle{
		build(t, "###/###", pp{"I", "##", 0, puzzle.Free}, pp{"V", "##/#.", 1, puzzle.Free}),
		build(t, "###/#.#/###", pp{"I", "###", 2, puzzle.Free}, pp{"D", "##", 1, puzzle.Rotate}),
		build(t, "####/##..", pp{"L", "###/#..", 1, puzzle.Free}, pp{"I", "##", 2, puzzle.Fixed}),
		build(t, "###/###", pp{"I", "###", 0, puzzle.Free}),
	}
	for ci, p := range cases {
		nx := p.Images.Len()
		if nx > 20 {
			t.Fatalf("case %d has %d images, too many to enumerate", ci, nx)
		}
		tilings, best := exactTilings(p), maxCoverage(p)
		for _, opt := range allOptions {
			pr := mustProgram(t, p, opt)
			feasible, optimum := 0, -1.0
			x := make([]bool, nx)
			for mask := 0; mask < 1<<nx; mask++ {
				var tl puzzle.Tiling
				for n := range nx {
					x[n] = mask&(1<<n) != 0
					if x[n] {
						tl.Placements = append(tl.Placements, p.Images.Place[n])
					}
				}
				v := completion(pr, x)
				rep, err := p.Verify(tl, opt.Mode == Exact)
				valid := err == nil
				if got := satisfies(pr, v); got != valid {
					t.Fatalf("case %d %v: x=%b: program feasible %v, Verify valid %v (%v)", ci, opt, mask, got, valid, err)
				}
				if !valid {
					continue
				}
				feasible++
				obj := pr.Objective(v)
				want := float64(rep.Covered)
				if opt.Mode == Exact {
					want = 0
				}
				if obj != want {
					t.Errorf("case %d %v: objective %v, covered %v", ci, opt, obj, want)
				}
				optimum = max(optimum, obj)
				d, err := pr.Decode(v)
				if err != nil || p.Canonical(d) != p.Canonical(tl) {
					t.Errorf("case %d %v: Decode does not give the tiling back (%v)", ci, opt, err)
				}
			}
			if opt.Mode == Exact && feasible != tilings {
				t.Errorf("case %d: exact program has %d solutions, brute force %d", ci, feasible, tilings)
			}
			if opt.Mode == MaxCoverage && optimum != float64(best) {
				t.Errorf("case %d %v: optimum %v, brute-force maximum coverage %d", ci, opt, optimum, best)
			}
		}
	}
}

func TestVectorDecode(t *testing.T) {
	p := build(t, "####/####/####", pp{"L", "###/#..", 0, puzzle.Free}, pp{"O", "##/##", 1, puzzle.Free})
	tl := puzzle.Tiling{Placements: []puzzle.Placement{p.Images.Place[0], p.Images.Place[p.Images.Len()-1]}}
	if _, err := p.Verify(tl, false); err != nil {
		t.Skipf("test tiling overlaps: %v", err)
	}
	for _, opt := range allOptions {
		pr := mustProgram(t, p, opt)
		v, err := pr.Vector(tl)
		if err != nil {
			t.Fatal(err)
		}
		if opt.Mode == MaxCoverage && !satisfies(pr, v) {
			t.Errorf("%v: Vector of a valid partial tiling is infeasible", opt)
		}
		names := map[string]float64{}
		for j, x := range v {
			names[pr.ColName(j)] = x
		}
		for _, get := range []func() (puzzle.Tiling, error){
			func() (puzzle.Tiling, error) { return pr.Decode(v) },
			func() (puzzle.Tiling, error) { return pr.DecodeNames(names) },
		} {
			d, err := get()
			if err != nil || p.Canonical(d) != p.Canonical(tl) {
				t.Errorf("%v: decoded %v, %v; want %v", opt, d, err, tl)
			}
		}
		if _, err := pr.DecodeNames(map[string]float64{"x_Q_0_0_0": 1}); err == nil {
			t.Errorf("DecodeNames accepted a foreign column")
		}
		if _, err := pr.DecodeNames(map[string]float64{"X0000001": 1, "X0000002": 0}); err == nil {
			t.Errorf("DecodeNames accepted untranslated short names")
		}
		if d, err := pr.DecodeNames(nil); err != nil || len(d.Placements) != 0 {
			t.Errorf("DecodeNames(nil) = %v, %v; want the empty tiling", d, err)
		}
		if _, err := pr.Decode(v[1:]); err == nil {
			t.Errorf("Decode accepted a short vector")
		}
	}
	pr := mustProgram(t, p, ProgramOptions{})
	if _, err := pr.Vector(puzzle.Tiling{Placements: []puzzle.Placement{{Piece: 0, Orient: 0, At: puzzle.Cell{I: 5}}}}); err == nil {
		t.Errorf("Vector accepted a placement outside the board")
	}
}

func TestParseModeFormulation(t *testing.T) {
	for _, m := range []Mode{Exact, MaxCoverage} {
		if got, err := ParseMode(m.String()); err != nil || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	for _, f := range []Formulation{Seed, Packing} {
		if got, err := ParseFormulation(f.String()); err != nil || got != f {
			t.Errorf("ParseFormulation(%q) = %v, %v", f.String(), got, err)
		}
	}
	if _, err := ParseMode("max"); err == nil {
		t.Error("ParseMode accepted max")
	}
	if _, err := ParseFormulation(""); err == nil {
		t.Error("ParseFormulation accepted the empty string")
	}
}

func ExampleNewProgram() {
	board, _ := puzzle.ArtCells("###/###", 0)
	bar, _ := puzzle.ArtCells("###", 0)
	p, err := puzzle.New(puzzle.Spec{Dim: 2, Region: board, Pieces: []puzzle.PieceSpec{
		{Name: "I", Cells: bar, Count: 2, Policy: puzzle.Free},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	pr, err := NewProgram(p, ProgramOptions{Mode: MaxCoverage, Formulation: Seed})
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = pr.Rows(func(r *Row) error {
		fmt.Print(pr.RowName(r.Index), ":")
		for _, tm := range r.Terms {
			fmt.Printf(" %+g %s", tm.Coef, pr.ColName(tm.Index))
		}
		fmt.Println("", r.Sense, r.RHS)
		return nil
	})
	// Output:
	// overlap_c_0_0: +1 x_I_0_0_0 -1 y_0_0 = 0
	// overlap_c_0_1: +1 x_I_0_0_0 -1 y_0_1 = 0
	// overlap_c_0_2: +1 x_I_0_0_0 -1 y_0_2 = 0
	// overlap_c_1_0: +1 x_I_0_1_0 -1 y_1_0 = 0
	// overlap_c_1_1: +1 x_I_0_1_0 -1 y_1_1 = 0
	// overlap_c_1_2: +1 x_I_0_1_0 -1 y_1_2 = 0
	// count_I: +1 x_I_0_0_0 +1 x_I_0_1_0 <= 2
}
