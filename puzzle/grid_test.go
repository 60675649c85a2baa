package puzzle

import (
	"slices"
	"testing"
)

// growFixed enumerates the fixed polyforms of grid g with 1..n cells by
// adding a neighbour cell to every fixed polyform of one size less,
// normalising with the grid's translations: the counts depend only on
// Grid.Neighbors and Grid.Normalize.
func growFixed(g Grid, n int) [][]Shape {
	out := make([][]Shape, n+1)
	seeds := []Cell{{}}
	if g == Triangle {
		seeds = append(seeds, Cell{J: 1}) // a down triangle: not a translate of the up one
	}
	seen := map[string]bool{}
	for _, c := range seeds {
		s := g.Normalize([]Cell{c})
		if !seen[s.Key()] {
			seen[s.Key()] = true
			out[1] = append(out[1], s)
		}
	}
	for size := 2; size <= n; size++ {
		seen := map[string]bool{}
		for _, s := range out[size-1] {
			in := map[Cell]bool{}
			for _, c := range s {
				in[c] = true
			}
			for _, c := range s {
				for _, nb := range g.Neighbors(c, nil) {
					if in[nb] || nb.L != 0 { // planar polyforms
						continue
					}
					t := g.Normalize(append(slices.Clone([]Cell(s)), nb))
					if k := t.Key(); !seen[k] {
						seen[k] = true
						out[size] = append(out[size], t)
					}
				}
			}
		}
	}
	return out
}

// classes counts the orbits of shapes under the policy's group of grid g.
func classes(g Grid, shapes []Shape, p Policy) int {
	seen := map[string]bool{}
	n := 0
	for _, s := range shapes {
		if seen[s.Key()] {
			continue
		}
		n++
		os, _ := g.Orientations(s, p, 2)
		for _, o := range os {
			seen[o.Key()] = true
		}
	}
	return n
}

// TestPolyformCounts checks the grids' neighbours, normal forms and groups
// against the known numbers of polyhexes (OEIS A001207 fixed, A006535
// one-sided, A000228 free) and polyiamonds (A001420 fixed, A006534
// one-sided, A000577 free).
func TestPolyformCounts(t *testing.T) {
	cases := []struct {
		g                     Grid
		fixed, oneSided, free []int // sizes 1..
	}{
		{Hex, []int{1, 3, 11, 44, 186}, []int{1, 1, 3, 10, 33}, []int{1, 1, 3, 7, 22}},
		{Triangle, []int{2, 3, 6, 14, 36, 94}, []int{1, 1, 1, 4, 6, 19}, []int{1, 1, 1, 3, 4, 12}},
		{Square, []int{1, 2, 6, 19, 63}, []int{1, 1, 2, 7, 18}, []int{1, 1, 2, 5, 12}},
	}
	for _, tc := range cases {
		all := growFixed(tc.g, len(tc.fixed))
		for n := 1; n <= len(tc.fixed); n++ {
			got := []int{len(all[n]), classes(tc.g, all[n], Rotate), classes(tc.g, all[n], Free)}
			want := []int{tc.fixed[n-1], tc.oneSided[n-1], tc.free[n-1]}
			if !slices.Equal(got, want) {
				t.Errorf("%v grid, size %d: fixed, one-sided, free = %v, want %v", tc.g, n, got, want)
			}
		}
	}
}

// TestPlanarGroups checks that the 12 transforms of the hex and triangle
// grids are distinct isometries (they map neighbours onto neighbours), form
// a group with the rotations as a subgroup, and that rotations keep a
// chiral shape's handedness while mirrors do not.
func TestPlanarGroups(t *testing.T) {
	for _, g := range []Grid{Hex, Triangle} {
		all := g.Group(Free, 2)
		if len(all) != 12 || len(g.Group(Rotate, 2)) != 6 || len(g.Group(Fixed, 2)) != 1 {
			t.Fatalf("%v: group sizes %d, %d, %d", g, len(all), len(g.Group(Rotate, 2)), len(g.Group(Fixed, 2)))
		}
		var probe []Cell
		for i := -3; i <= 3; i++ {
			for j := -4; j <= 4; j++ {
				probe = append(probe, Cell{I: i, J: j})
			}
		}
		sig := func(f func(Cell) Cell) string { // the map on the probe, up to translation
			var img []Cell
			for _, c := range probe {
				img = append(img, f(c))
			}
			off := g.lo(img)
			var b []byte
			for _, c := range img {
				b = append(b, []byte(c.Sub(off).String())...)
			}
			return string(b)
		}
		sigs := map[string]int{}
		for n, tr := range all {
			for _, c := range probe {
				d := tr.Apply(c)
				if g == Triangle && Up(c) != Up(d) != (tr.Sign[0] < 0) {
					t.Errorf("%v %d: %v -> %v changes direction unexpectedly", g, n, c, d)
				}
				var want []Cell
				for _, nb := range g.Neighbors(c, nil) {
					want = append(want, tr.Apply(nb))
				}
				got := g.Neighbors(d, nil)
				slices.SortFunc(want, Cell.Compare)
				slices.SortFunc(got, Cell.Compare)
				if !slices.Equal(got, want) {
					t.Fatalf("%v %d: neighbours of %v map to %v, not the neighbours %v of %v", g, n, c, want, got, d)
				}
			}
			s := sig(tr.Apply)
			if prev, dup := sigs[s]; dup {
				t.Errorf("%v: transforms %d and %d are equal", g, prev, n)
			}
			sigs[s] = n
		}
		rot := map[string]bool{}
		for _, tr := range g.Group(Rotate, 2) {
			rot[sig(tr.Apply)] = true
		}
		for _, a := range all {
			for _, b := range all {
				s := sig(func(c Cell) Cell { return a.Apply(b.Apply(c)) })
				if _, ok := sigs[s]; !ok {
					t.Fatalf("%v: the product of two transforms is not in the group", g)
				}
				if rot[s] != (a.Det() == b.Det()) {
					t.Errorf("%v: rotation x mirror parity wrong", g)
				}
			}
		}
	}
}

// TestTriangleNormalize checks that normal forms on the triangle grid keep
// each triangle's direction and do not identify the two monoiamonds.
func TestTriangleNormalize(t *testing.T) {
	up := Triangle.Normalize([]Cell{{I: 5, J: 3}})
	down := Triangle.Normalize([]Cell{{I: 5, J: 4}})
	if up.Equal(down) || !Up(up[0]) || Up(down[0]) {
		t.Errorf("monoiamonds normalise to %v and %v", up, down)
	}
	if got := Triangle.Normalize([]Cell{{I: -3, J: -2}, {I: -3, J: -1}}); !got.Equal(Shape{{J: 1}, {J: 2}}) {
		t.Errorf("a down-up diamond normalises to %v", got)
	}
}
