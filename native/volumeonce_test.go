package native

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// volumePuzzles are boards above 64 cells where the volume filter matters:
// holes, walls that split the board, several components, 3D, finite and
// unlimited pieces.
func volumePuzzles(t testing.TB) []*puzzle.Puzzle {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 11))
	var out []*puzzle.Puzzle
	// P in unlimited supply, so that the big component usually has an
	// area the pieces can fill and the filter keeps some options.
	pieces := func(unlimited, split bool, count int) []puzzle.PieceSpec {
		var ps []puzzle.PieceSpec
		for i, n := range []string{"I", "L", "P", "U"} {
			ps = append(ps, puzzle.PieceSpec{Name: n, Cells: art(t, pentominoArt[n]), Count: count + i%2,
				Unlimited: n == "P" || unlimited && i == 0, Policy: puzzle.Free})
		}
		// Unlimited O4 too on the split boards: with sizes 4 and 5 every
		// area from 12 up is fillable, whatever the two boards' areas are.
		ps = append(ps, puzzle.PieceSpec{Name: "O4", Cells: art(t, tetrominoArt["O4"]), Count: 2, Unlimited: split,
			Policy: puzzle.Free})
		return ps
	}
	for trial := range 6 {
		rows, cols := 9+trial, 11+2*trial
		var region []puzzle.Cell
		wall := cols / 2
		for i := range rows {
			for j := range cols {
				// a wall with one gap (trial even) or none (two boards)
				if j == wall && (trial%2 == 1 || i != rows/2) {
					continue
				}
				if i%2 == 1 && j%2 == 1 && rng.IntN(4) == 0 { // scattered holes that isolate no cell
					continue
				}
				region = append(region, puzzle.Cell{I: i, J: j})
			}
		}
		p, err := puzzle.New(puzzle.Spec{Name: fmt.Sprint("walls ", trial), Dim: 2, Region: region,
			Pieces: pieces(trial%3 == 0, trial%2 == 1, 1+trial%3)})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	cubes := []puzzle.PieceSpec{
		{Name: "L", Cells: art(t, "###/#.."), Unlimited: true, Policy: puzzle.Free},
		{Name: "V", Cells: art(t, "##/#."), Count: 3, Policy: puzzle.Free},
	}
	out = append(out, mustPuzzle(t, puzzle.Spec{Name: "box 5x5x4", Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: 5, Height: 5, Depth: 4}), Pieces: cubes}))
	return out
}

// The local floods give the same answer as one full flood fill per option,
// whatever the probe length (1 forces the fallback on most options).
func TestFilterOnceLocalMatchesFull(t *testing.T) {
	for _, p := range volumePuzzles(t) {
		pr := newProblem(p)
		v := newVolume(pr)
		perClass := volumePerClass(pr, v)
		want := make([]bool, pr.options())
		dropped := 0
		for k := range want {
			want[k] = filterOnceFull(pr, newVolume(pr), perClass, k)
			if !want[k] {
				dropped++
			}
		}
		if dropped == 0 || dropped == len(want) {
			t.Errorf("%s: the filter drops %d of %d options; the case tests nothing", p.Name, dropped, len(want))
		}
		for _, probe := range []int{1, 3, 12, 1000} {
			lf := newLocalFlood(pr, newVolume(pr), perClass)
			lf.probe = probe
			if probe == 12 {
				lf.next = math.MaxUint32 - 40 // the tags run out during the options
			}
			for k := range want {
				if got := lf.ok(k); got != want[k] {
					t.Fatalf("%s, probe %d, option %d: local %v, full %v", p.Name, probe, k, got, want[k])
				}
			}
		}
		keep, err := filterOnce(context.Background(), pr)
		if err != nil {
			t.Fatal(err)
		}
		for k := range want {
			if keep[k] != want[k] {
				t.Fatalf("%s: filterOnce option %d = %v, want %v", p.Name, k, keep[k], want[k])
			}
		}
	}
}

// sums against a plain dynamic programme over single copies.
func TestVolumeSums(t *testing.T) {
	for _, p := range volumePuzzles(t) {
		pr := newProblem(p)
		v := newVolume(pr)
		rng := rand.New(rand.NewPCG(3, 5))
		for range 20 {
			counts := make([]int, len(pr.classes))
			for c := range counts {
				counts[c] = rng.IntN(40) - 1 // -1: unlimited
			}
			v.sums(counts)
			want := make([]bool, pr.nCells+1)
			want[0] = true
			for c, cl := range pr.classes {
				n := counts[c]
				if n < 0 {
					n = pr.nCells
				}
				for range n {
					for a := pr.nCells; a >= cl.size; a-- {
						want[a] = want[a] || want[a-cl.size]
					}
				}
			}
			for a := range want {
				if bitSet(v.reach, a) != want[a] {
					t.Fatalf("%s, counts %v: area %d reachable %v, want %v", p.Name, counts, a, !want[a], want[a])
				}
			}
		}
	}
}

func TestFilterOnceCancelled(t *testing.T) {
	p := volumePuzzles(t)[0]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := filterOnce(ctx, newProblem(p)); err == nil {
		t.Error("a cancelled context did not stop the volume filter")
	}
}

// BenchmarkFilterOnceBox16 is the volume pre-filter on a 4,096-cell box with
// 120,960 images (L and T tetracubes, unlimited); with one full flood fill
// per option it took 5.7 s (one run, same machine, against 0.10 s).
func BenchmarkFilterOnceBox16(b *testing.B) {
	p := mustPuzzle(b, puzzle.Spec{Name: "box 16", Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: 16, Height: 16, Depth: 16}), Pieces: []puzzle.PieceSpec{
		{Name: "L", Cells: art(b, "###/#.."), Unlimited: true, Policy: puzzle.Free},
		{Name: "T", Cells: art(b, "###/.#."), Unlimited: true, Policy: puzzle.Free},
	}})
	pr := newProblem(p)
	b.ResetTimer()
	for range b.N {
		if _, err := filterOnce(context.Background(), pr); err != nil {
			b.Fatal(err)
		}
	}
}

// stripProblem is a 1 x n strip with unlimited dominoes: nearly every
// option splits the strip into two parts longer than the probe, the case
// the local floods cannot decide (a domino at an odd offset leaves two odd
// parts: the filter drops it).
func stripProblem(t testing.TB, n int) *problem {
	t.Helper()
	return newProblem(mustPuzzle(t, puzzle.Spec{Name: "strip", Dim: 2,
		Region: puzzle.Box(puzzle.Dims{Width: n, Height: 1, Depth: 1}),
		Pieces: []puzzle.PieceSpec{{Name: "D", Cells: art(t, "##"), Unlimited: true, Policy: puzzle.Free}}}))
}

// TestFilterOnceStripBounded: on a long strip the volume pre-filter's whole
// floods are bounded by fallbackBudget and read the context in between, and
// every option it drops is one the plain definition drops. With one full
// flood fill per split option (the code before the budget) the 1x131072
// strip took minutes (a 2x32768 strip: 80 s of an 80.5 s solve) and read
// its context only every 1,024 options, seconds apart: both subtests
// failed.
func TestFilterOnceStripBounded(t *testing.T) {
	pr := stripProblem(t, 131072)
	t.Run("bounded", func(t *testing.T) {
		if raceEnabled {
			t.Skip("1-2 s of floods, over 10 s under the race detector (the plain run times it)")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		start := time.Now()
		keep, err := filterOnce(ctx, pr)
		if err != nil {
			t.Fatalf("volume filter of a 1x131072 strip not done after %v: %v", time.Since(start), err)
		}
		v := newVolume(pr)
		perClass := volumePerClass(pr, v)
		dropped, checked := 0, 0
		for k, ok := range keep {
			if ok {
				continue
			}
			dropped++
			if checked < 50 {
				checked++
				if filterOnceFull(pr, v, perClass, k) {
					t.Fatalf("option %d dropped, but the plain definition keeps it", k)
				}
			}
		}
		// Half the options leave two odd parts; those past the budget are
		// kept undecided.
		if dropped == 0 {
			t.Fatal("the filter dropped no option: nothing was decided")
		}
		t.Logf("%d options, %d dropped, %v", len(keep), dropped, time.Since(start))
	})
	t.Run("stops", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		start := time.Now()
		_, err := filterOnce(ctx, pr)
		if d := time.Since(start); d > time.Second {
			t.Fatalf("volume filter stopped %v after the start (cancelled at 50ms), err %v", d, err)
		}
	})
}
