package native

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// symmetricCases are tiny puzzles with the symmetric key: unlimited
// pieces, copies (counts > 1), two names of one class, one-sided pieces
// whose mirror image is their twin, a placement constraint, an empty
// cell, and generators that combine.
var symmetricCases = []struct {
	name, yaml string
}{
	{"dominoes-r180", "board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: rotate180\n"},
	{"dominoes-r90", "board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: rotate90\n"},
	{"dominoes-mv", "board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: mirror-vertical\n"},
	{"dominoes-diag", "board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: mirror-diagonal\n"},
	{"dominoes-mv-mh", "board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: [mirror-vertical, mirror-horizontal]\n"},
	{"dominoes-6x4-r180", "board: 6x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: rotate180\n"},
	{"v3x4-r180", "board: 4x3\ncount: 4\npieces: {V: '##/#.'}\nsymmetric: rotate180\n"},
	{"v3x4-mv", "board: 4x3\ncount: 4\npieces: {V: '##/#.'}\nsymmetric: mirror-vertical\n"},
	{"v3x4-mh", "board: 4x3\ncount: 4\npieces: {V: '##/#.'}\nsymmetric: mirror-horizontal\n"},
	{"x4l-r90", "board: 5x5\npieces: {X: '.#./###/.#.', L: {shape: '#.../####', count: 4}}\nsymmetric: rotate90\n"},
	{"x4l-r180", "board: 5x5\npieces: {X: '.#./###/.#.', L: {shape: '#.../####', count: 4}}\nsymmetric: rotate180\n"},
	{"x4l-mv", "board: 5x5\npieces: {X: '.#./###/.#.', L: {shape: '#.../####', count: 4}}\nsymmetric: mirror-vertical\n"},
	{"x4p-r90", "board: 5x5\npieces: {X: '.#./###/.#.', P: {shape: '##/##/#.', count: 4}}\nsymmetric: rotate90\n"},
	{"l2io-r180", "board: 4x4\npieces: {L: {shape: '#./#./##', count: 2}, I: '####', O: '##/##'}\nsymmetric: rotate180\n"},
	{"l2io-mv", "board: 4x4\npieces: {L: {shape: '#./#./##', count: 2}, I: '####', O: '##/##'}\nsymmetric: mirror-vertical\n"},
	{"twins-r180", "board: 4x4\npieces: {L: '#./#./##', Lb: '#./#./##', I: '####', O: '##/##'}\nsymmetric: rotate180\n"},
	{"onesided-mv", "board: 6x4\norientations: rotate\npieces: {S: '.##/##.', Z: '##./.##', L: '#./#./##', J: '.#/.#/##', I: '####', O: '##/##'}\nsymmetric: mirror-vertical\n"},
	{"onesided-mh", "board: 6x4\norientations: rotate\npieces: {S: '.##/##.', Z: '##./.##', L: '#./#./##', J: '.#/.#/##', I: '####', O: '##/##'}\nsymmetric: mirror-horizontal\n"},
	{"onesided-r180", "board: 6x4\norientations: rotate\npieces: {S: '.##/##.', Z: '##./.##', L: '#./#./##', J: '.#/.#/##', I: '####', O: '##/##'}\nsymmetric: rotate180\n"},
	{"onesided2-mv", "board: 4x4\norientations: rotate\ncount: 2\npieces: {L: '#./#./##', J: '.#/.#/##'}\nsymmetric: mirror-vertical\n"},
	{"onesided-unl-mh", "board: 4x4\norientations: rotate\ncount: unlimited\npieces: {L: '#./#./##', J: '.#/.#/##'}\nsymmetric: mirror-horizontal\n"},
	{"onesided-unl-diag", "board: 4x4\norientations: rotate\ncount: unlimited\npieces: {L: '#./#./##', J: '.#/.#/##'}\nsymmetric: mirror-diagonal\n"},
	{"constrained-r90", "board: 5x5\npieces: {X: '.#./###/.#.', L: {shape: '#.../####', count: 4}}\nconstraints: {X: {at: [1, 1]}}\nsymmetric: rotate90\n"},
	{"empty-r180", "board: 5x3\nempty: [[1, 2]]\ncount: unlimited\npieces: {D: '##'}\nsymmetric: rotate180\n"},
	{"mixed-r180", "board: 4x4\npieces: {D: {shape: '##', count: 2}, T: {shape: '###/.#.', count: 2}, I: {shape: '###', count: unlimited}}\nsymmetric: rotate180\n"},
	{"pent-6x5-mv", "board: 6x5\npieces: {L: '#.../####', N: '##../.###', P: '##/##/#.', U: '#.#/###', V: '#../#../###', Y: '.#../####'}\nsymmetric: mirror-vertical\n"},
}

func parseYAML(t testing.TB, name, src string) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.Parse(name+".yaml", []byte(src), "yaml")
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// cellMap is an independent statement of a named symmetry: the map of
// board coordinates about the centre of the region's bounding box.
func cellMap(p *puzzle.Puzzle, name string) func(puzzle.Cell) puzzle.Cell {
	lo, sz := p.Region.Lo, p.Region.Size
	h, w := sz.I-1, sz.J-1
	return func(c puzzle.Cell) puzzle.Cell {
		i, j := c.I-lo.I, c.J-lo.J
		var a, b int
		switch name {
		case "rotate180":
			a, b = h-i, w-j
		case "rotate90":
			a, b = j, h-i
		case "mirror-vertical":
			a, b = i, w-j
		case "mirror-horizontal":
			a, b = h-i, j
		case "mirror-diagonal":
			a, b = j, i
		case "mirror-antidiagonal":
			a, b = w-j, h-i
		default:
			panic(name)
		}
		return puzzle.Cell{I: a + lo.I, J: b + lo.J}
	}
}

// bruteSymmetric enumerates every tiling by brute force (bruteSolve) and
// keeps those whose partition of the board the named symmetries map onto
// itself (the test cases give different shapes to different classes, so
// the partition decides the pieces). Unique counts one per class under the
// puzzle's group among the symmetric tilings.
func bruteSymmetric(t testing.TB, p *puzzle.Puzzle, names []string) (all, unique int64) {
	t.Helper()
	tilings, _ := bruteSolve(t, p)
	cellsKey := func(cs []puzzle.Cell) string {
		cs = slices.Clone(cs)
		slices.SortFunc(cs, puzzle.Cell.Compare)
		return fmt.Sprint(cs)
	}
	sym := map[string]puzzle.Tiling{}
	for key, tl := range tilings {
		parts := map[string]bool{}
		var pieces [][]puzzle.Cell
		for _, pl := range tl.Placements {
			var cs []puzzle.Cell
			for _, c := range p.Pieces[pl.Piece].Orients[pl.Orient] {
				cs = append(cs, c.Add(pl.At))
			}
			parts[cellsKey(cs)] = true
			pieces = append(pieces, cs)
		}
		ok := true
		for _, n := range names {
			f := cellMap(p, n)
			for _, cs := range pieces {
				var m []puzzle.Cell
				for _, c := range cs {
					m = append(m, f(c))
				}
				ok = ok && parts[cellsKey(m)]
			}
		}
		if ok {
			sym[key] = tl
		}
	}
	reps := map[string]bool{}
	for key, tl := range sym {
		best := key
		for _, g := range p.Symmetries() {
			var m puzzle.Tiling
			for _, pl := range tl.Placements {
				q, _ := p.MapPlacement(g, pl)
				m.Placements = append(m.Placements, q)
			}
			if k := p.Canonical(m); sym[k].Placements != nil && k < best {
				best = k
			}
		}
		reps[best] = true
	}
	return int64(len(sym)), int64(len(reps))
}

func symmetricNames(src string) []string {
	_, after, _ := strings.Cut(src, "symmetric: ")
	after = strings.Trim(strings.TrimSpace(after), "[]")
	var out []string
	for _, n := range strings.Split(after, ",") {
		out = append(out, strings.TrimSpace(n))
	}
	return out
}

// TestSymmetricAgainstBruteForce counts the symmetric solutions of every
// case with the native solver (as dlx and as fila, counting and listing
// unique ones) and compares them with brute force; every solution listed
// must verify (Verify checks the symmetry too).
func TestSymmetricAgainstBruteForce(t *testing.T) {
	nonzero := 0
	for _, tc := range symmetricCases {
		t.Run(tc.name, func(t *testing.T) {
			p := parseYAML(t, tc.name, tc.yaml)
			wantAll, wantUniq := bruteSymmetric(t, p, symmetricNames(tc.yaml))
			if wantAll > 0 {
				nonzero++
			}
			for _, alg := range []string{"dlx", "fila"} {
				var got []puzzle.Tiling
				res, err := Solve(context.Background(), p, Config{Algorithm: alg, OnSolution: func(tl puzzle.Tiling) { got = append(got, tl) }})
				if err != nil {
					t.Fatal(err)
				}
				if res.All != wantAll || res.Unique != wantUniq {
					t.Errorf("%s: %d solutions (%d unique), brute force %d (%d)", alg, res.All, res.Unique, wantAll, wantUniq)
				}
				seen := map[string]bool{}
				for _, tl := range got {
					if _, err := p.Verify(tl, true); err != nil {
						t.Fatalf("%s: %v", alg, err)
					}
					seen[p.Canonical(tl)] = true
				}
				if int64(len(seen)) != wantAll {
					t.Errorf("%s: %d distinct solutions streamed, want %d", alg, len(seen), wantAll)
				}
				u, err := Solve(context.Background(), p, Config{Algorithm: alg, Unique: true, Limit: 1000})
				if err != nil {
					t.Fatal(err)
				}
				if int64(len(u.First)) != wantUniq {
					t.Errorf("%s --unique: %d listed, want %d", alg, len(u.First), wantUniq)
				}
			}
		})
	}
	if nonzero < len(symmetricCases)/2 {
		t.Errorf("only %d of %d cases have symmetric solutions: the test says little", nonzero, len(symmetricCases))
	}
}

// TestSymmetricExamples checks the two example files with the symmetric
// key: the squares' count is OEIS A224850's T(6,8) = 106; the tetromino
// pairs' count is checked against brute force (all 3,106 tilings of the
// board, filtered by the symmetry).
func TestSymmetricExamples(t *testing.T) {
	for _, c := range []struct {
		file        string
		all, unique int64
		brute       bool
	}{
		{"squares-8x6-symmetric.yaml", 106, 106, false},
		{"tetrominoes-8x5-double-r180.yaml", 26, 13, true},
	} {
		p, err := puzzle.ParseFile("../examples/"+c.file, "")
		if err != nil {
			t.Fatal(err)
		}
		res, err := Solve(context.Background(), p, Config{Algorithm: "fila"})
		if err != nil {
			t.Fatal(err)
		}
		if res.All != c.all || res.Unique != c.unique {
			t.Errorf("%s: %d (%d unique), want %d (%d)", c.file, res.All, res.Unique, c.all, c.unique)
		}
		if c.brute && !testing.Short() {
			all, uniq := bruteSymmetric(t, p, p.Symmetric.Names)
			if all != c.all || uniq != c.unique {
				t.Errorf("%s: brute force %d (%d unique), want %d (%d)", c.file, all, uniq, c.all, c.unique)
			}
		}
	}
}

// TestSymmetricSquaresOEIS counts the tilings of n x k rectangles by
// integer-sided squares that both mirrors map onto themselves, and
// compares them with OEIS A224850 (C. H. Gribble: tilings whose orbit
// under the rectangle's group D2 has one element), for 1 <= n < k <= 8.
func TestSymmetricSquaresOEIS(t *testing.T) {
	a224850 := map[[2]int]int64{
		{2, 3}: 1, {2, 4}: 3, {2, 5}: 2, {2, 6}: 5, {2, 7}: 3, {2, 8}: 8,
		{3, 4}: 1, {3, 5}: 2, {3, 6}: 2, {3, 7}: 3, {3, 8}: 3,
		{4, 5}: 3, {4, 6}: 12, {4, 7}: 5, {4, 8}: 25,
		{5, 6}: 6, {5, 7}: 7, {5, 8}: 11,
		{6, 7}: 17, {6, 8}: 106,
		{7, 8}: 44,
	}
	for k := 2; k <= 8; k++ {
		a224850[[2]int{1, k}] = 1
	}
	for nk, want := range a224850 {
		n, k := nk[0], nk[1]
		var b strings.Builder
		fmt.Fprintf(&b, "board: %dx%d\ncount: unlimited\npieces:\n", k, n)
		for s := 1; s <= n; s++ {
			row := strings.Repeat("#", s)
			fmt.Fprintf(&b, "  S%d: \"%s\"\n", s, strings.TrimSuffix(strings.Repeat(row+"/", s), "/"))
		}
		b.WriteString("symmetric: [mirror-vertical, mirror-horizontal]\n")
		p := parseYAML(t, fmt.Sprintf("squares-%dx%d", n, k), b.String())
		res, err := Solve(context.Background(), p, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if res.All != want {
			t.Errorf("%d x %d: %d symmetric tilings, A224850 has %d", n, k, res.All, want)
		}
	}
}
