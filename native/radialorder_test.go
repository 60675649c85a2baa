package native

import (
	"slices"
	"sync/atomic"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// radialReference is radialOrder's definition as first written: a stable
// sort of the cells by decreasing squared distance from the centre of the
// bounding box.
func radialReference(pr *problem) []int32 {
	reg := pr.pz.Region
	dist := func(c int32) int {
		x := pr.coord[c]
		di := 2*x.I - (2*reg.Lo.I + reg.Size.I - 1)
		dj := 2*x.J - (2*reg.Lo.J + reg.Size.J - 1)
		dl := 2*x.L - (2*reg.Lo.L + reg.Size.L - 1)
		return di*di + dj*dj + dl*dl
	}
	order := make([]int32, pr.nCells)
	for c := range order {
		order[c] = int32(c)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return dist(b) - dist(a) })
	return order
}

// gridProblem is the part of a problem radialOrder reads, for a w x h x d
// box with its cells in lattice order.
func gridProblem(w, h, d int) *problem {
	pr := &problem{pz: &puzzle.Puzzle{Region: &puzzle.Region{Size: puzzle.Cell{I: h, J: w, L: d}}}}
	for l := range d {
		for i := range h {
			for j := range w {
				pr.coord = append(pr.coord, puzzle.Cell{I: i, J: j, L: l})
			}
		}
	}
	pr.nCells = len(pr.coord)
	return pr
}

// TestRadialOrderDefinition: the radial order and its rank on example
// puzzles (2D, 3D, hexagons, a board with holes) and odd boxes are the
// definition's, ties in cell order.
func TestRadialOrderDefinition(t *testing.T) {
	var prs []*problem
	for _, f := range []string{"pentomino-10x6.yaml", "tetris-cube.yaml", "tetrahexes-7x4.yaml", "pentomino-8x8-hole.yaml", "diamond-13x13.yaml"} {
		prs = append(prs, newProblem(loadExample(t, f)))
	}
	prs = append(prs, gridProblem(7, 1, 1), gridProblem(1, 1, 9), gridProblem(5, 4, 3), gridProblem(64, 63, 1))
	// Distances past 2^43 (a sparse board 2^23 cells across): the keys do
	// not fit in one word with the cell, and the other sort runs.
	sparse := gridProblem(40, 1, 1)
	for c := range sparse.coord {
		sparse.coord[c].J *= 1 << 18
	}
	sparse.pz.Region.Size.J = 39<<18 + 1
	prs = append(prs, sparse)
	for n, pr := range prs {
		order, rank := radialOrder(pr)
		if want := radialReference(pr); !slices.Equal(order, want) {
			t.Errorf("problem %d: order %v, want %v", n, order[:min(12, len(order))], want[:min(12, len(want))])
		}
		for pos, c := range order {
			if rank[c] != int32(pos) {
				t.Fatalf("problem %d: rank[%d] = %d, want %d", n, c, rank[c], pos)
			}
		}
	}
}

// TestRadialOrderOnlyWhenUsed: the radial order is computed only for a
// search whose schedule (or maximum-coverage heuristic) is radial. Every
// search's set-up computed it, outside the reach of Ctrl-C: 0.6-2 s on a
// million cells with the old stable sort (now 0.12 s), and SIGINT on the
// first tiling of 1024x1024 monominoes and dominoes ran on to the watchdog.
func TestRadialOrderOnlyWhenUsed(t *testing.T) {
	p := loadExample(t, "pentomino-10x6.yaml")
	for _, c := range []struct {
		sched  string
		radial bool
	}{{"f", false}, {"e", false}, {"s", false}, {"e=11:f=3", false}, {"radial", true}, {"e=11:radial=3", true}} {
		r := testRun(t, p, Config{Algorithm: "fila", Schedule: c.sched})
		if got := r.radialOrder != nil && r.radialRank != nil; got != c.radial {
			t.Errorf("schedule %s: radial order computed %v, want %v", c.sched, got, c.radial)
		}
	}
	mp := newMCProblem(p)
	for _, h := range []heurKind{heurF, heurE, heurS, heurRadial} {
		s := newMCSearch(mp, 0, h, nil, new(atomic.Bool))
		if got := s.w.r.radialOrder != nil; got != (h == heurRadial) {
			t.Errorf("maximum coverage, heuristic %d: radial order computed %v", h, got)
		}
	}
}
