package compare

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// Tiny puzzles on which every backend answers in well under a second.
const (
	// lTrominoes: four free L trominoes in a 3x4 rectangle (count).
	lTrominoes = "name: L trominoes 3x4\nboard: 4x3\norientations: free\ncount: 4\npieces:\n  L: \"#./##\"\n"
	// mixed: an L tetromino, an I tromino, an O tetromino, a domino and two
	// monominoes in a 3x5 rectangle (count; sizes differ, one piece has
	// two copies).
	mixed = "name: mixed 3x5\nboard: 5x3\norientations: free\npieces:\n  L: \"#./#./##\"\n  I: \"###\"\n  O: \"##/##\"\n  D: \"##\"\n  M:\n    shape: \"#\"\n    count: 2\n"
	// lCorner: unlimited L trominoes in a 3x3 square (max-coverage: no
	// exact tiling of 3x3 by L trominoes).
	lCorner = "name: L trominoes 3x3\nboard: 3x3\norientations: free\ncount: unlimited\npieces:\n  L: \"#./##\"\n"
	// tDomino: a T tetromino and a domino in 2x3: the area matches, but the
	// T leaves two cells apart (count 0, then max-coverage).
	tDomino = "name: T and domino 2x3\nboard: 3x2\norientations: free\npieces:\n  T: \"###/.#.\"\n  D: \"##\"\n"
)

func parse(t testing.TB, src string) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.Parse("test.yaml", []byte(src), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// bruteCount counts the exact tilings of p by a depth-first search over the
// first empty cell, knowing nothing of the solvers: all solutions, and the
// unique ones (classes under p.Symmetries, by the smallest canonical key of
// the images of each solution).
func bruteCount(p *puzzle.Puzzle) (all, unique int64) {
	byCell := make([][]int, p.Area())
	for n := range p.Images.Len() {
		for _, c := range p.Images.Cells(n) {
			byCell[c] = append(byCell[c], n)
		}
	}
	used := make([]int, len(p.Pieces))
	free := make([]bool, p.Area())
	for n := range free {
		free[n] = true
	}
	syms := p.Symmetries()
	classes := map[string]bool{}
	var chosen []puzzle.Placement
	var rec func()
	rec = func() {
		c := slices.Index(free, true)
		if c < 0 {
			for k := range p.Pieces {
				if !p.Pieces[k].Unlimited && used[k] != p.Pieces[k].Count {
					return
				}
			}
			all++
			best := ""
			for _, g := range syms {
				var img puzzle.Tiling
				for _, pl := range chosen {
					q, _ := p.MapPlacement(g, pl)
					img.Placements = append(img.Placements, q)
				}
				if k := p.Canonical(img); best == "" || k < best {
					best = k
				}
			}
			classes[best] = true
			return
		}
		for _, n := range byCell[c] {
			pl := p.Images.Place[n]
			if !p.Pieces[pl.Piece].Unlimited && used[pl.Piece] == p.Pieces[pl.Piece].Count {
				continue
			}
			cells := p.Images.Cells(n)
			if slices.ContainsFunc(cells, func(m int32) bool { return !free[m] }) {
				continue
			}
			for _, m := range cells {
				free[m] = false
			}
			used[pl.Piece]++
			chosen = append(chosen, pl)
			rec()
			chosen = chosen[:len(chosen)-1]
			used[pl.Piece]--
			for _, m := range cells {
				free[m] = true
			}
		}
	}
	rec()
	return all, int64(len(classes))
}

// haveHiGHS reports whether the HiGHS binding is compiled in.
func haveHiGHS() bool {
	prog, err := model.NewProgram(parse(nilTB{}, lCorner), model.ProgramOptions{Mode: model.MaxCoverage})
	if err != nil {
		return false
	}
	_, err = highs.SolveProgram(context.Background(), prog, highs.Options{})
	return !errors.Is(err, highs.ErrUnavailable)
}

// nilTB lets parse run outside a test (the constants parse).
type nilTB struct{ testing.TB }

func (nilTB) Helper()           {}
func (nilTB) Fatal(args ...any) { panic(args) }

// rowOf returns the row of a backend.
func rowOf(t *testing.T, tab *Table, backend string) *Row {
	t.Helper()
	for _, r := range tab.Rows {
		if r.Backend == backend {
			return r
		}
	}
	t.Fatalf("no row %q in %s", backend, tab.Title())
	return nil
}

func mustParseList(t *testing.T, reg *Registry, list string) []Backend {
	t.Helper()
	bs, err := reg.ParseList(list)
	if err != nil {
		t.Fatal(err)
	}
	return bs
}

func dump(tabs []*Table) string {
	var b strings.Builder
	Write(&b, &Report{Tables: tabs}, Text)
	return b.String()
}
