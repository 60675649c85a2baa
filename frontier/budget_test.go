package frontier

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// TestOutOfReachRefusedUpFront checks that puzzles beyond the engine are
// refused with an *OutOfReachError within a second: a wide 3D box (its
// window does not fit a state key), many distinct one-copy pieces (the
// copies-used combinations), and a small memory budget.
func TestOutOfReachRefusedUpFront(t *testing.T) {
	cube := func(n int) *puzzle.Puzzle {
		var cells []puzzle.Cell
		for _, c := range [][3]int{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}} {
			cells = append(cells, puzzle.Cell{I: c[0], J: c[1], L: c[2]})
		}
		return mustPuzzle(t, puzzle.Spec{Name: "cube", Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: n, Height: n, Depth: n}),
			Pieces: []puzzle.PieceSpec{{Name: "L", Cells: cells, Unlimited: true, Policy: puzzle.Free}}})
	}
	many := func() *puzzle.Puzzle {
		var ps []puzzle.PieceSpec
		for _, n := range pentominoNames {
			ps = append(ps, puzzle.PieceSpec{Name: n, Cells: art(t, pentominoArt[n]), Count: 1, Policy: puzzle.Free})
		}
		for _, n := range tetrominoNames {
			ps = append(ps, puzzle.PieceSpec{Name: n, Cells: art(t, tetrominoArt[n]), Count: 1, Policy: puzzle.Free})
		}
		return boxPuzzle(t, 8, 10, ps...)
	}
	cases := []struct {
		name string
		p    *puzzle.Puzzle
		opt  Options
	}{
		{"tetracubes 8x8x8", cube(8), Options{}},
		{"12 pentominoes and 5 tetrominoes 8x10", many(), Options{}},
		{"12 pentominoes 6x10 in 1 MiB", pentominoes(t, 6, 10, 1), Options{MaxMemory: 1 << 20}},
	}
	for _, tc := range cases {
		start := time.Now()
		_, err := Count(context.Background(), tc.p, tc.opt)
		took := time.Since(start)
		var oor *OutOfReachError
		if !errors.As(err, &oor) || !errors.Is(err, ErrOutOfReach) {
			t.Errorf("%s: error %v, want an *OutOfReachError", tc.name, err)
			continue
		}
		if took > time.Second {
			t.Errorf("%s: refused after %v, want under a second", tc.name, took)
		}
		t.Logf("%s: %v (%v)", tc.name, err, took)
	}
}

// TestBudgetStopsRun checks that a run whose layers outgrow the memory
// budget stops with an *OutOfReachError, and that the same puzzle in a
// budget that holds it is counted.
func TestBudgetStopsRun(t *testing.T) {
	p := dominoes(t, 16, 16) // 2^16 states in the largest layer
	_, err := Count(context.Background(), p, Options{MaxMemory: 1 << 20})
	if !errors.Is(err, ErrOutOfReach) {
		t.Fatalf("16x16 dominoes in 1 MiB: %v, want ErrOutOfReach", err)
	}
	res, err := Count(context.Background(), p, Options{MaxMemory: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if res.States > budget(64<<20, slotBytes(2), 1) {
		t.Errorf("largest layer %d states, beyond the budget", res.States)
	}
}

// TestStopNotCounted checks that a count stopped by its context returns
// within a second with no count and an error wrapping ErrNotCounted and
// the context's error.
func TestStopNotCounted(t *testing.T) {
	p := tetrominoes(t, 10, 10) // seconds of work
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		start := time.Now()
		res, err := Count(ctx, p, Options{Workers: workers})
		took := time.Since(start)
		cancel()
		if res != nil || !errors.Is(err, ErrNotCounted) || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("workers %d: %v, %v; want no result and ErrNotCounted", workers, res, err)
		}
		if took > 200*time.Millisecond+time.Second {
			t.Errorf("workers %d: stopped after %v", workers, took)
		}
	}
}

// TestWorkersSameCounts checks that splitting the layers among workers
// gives the serial counts (all, unique, and a count beyond 2^64).
func TestWorkersSameCounts(t *testing.T) {
	cases := []struct {
		name string
		p    *puzzle.Puzzle
		all  string
	}{
		{"tetrominoes 8x8", tetrominoes(t, 8, 8), "19077209438"},
		{"dominoes 12x14", dominoes(t, 12, 14), kasteleyn(12, 14).String()},
		{"L-trominoes 9x9", boxPuzzle(t, 9, 9, unlimited(t, "L3", "##/#.")), "1193600"},
	}
	for _, tc := range cases {
		serial, err := Count(context.Background(), tc.p, Options{Unique: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{2, 3} {
			par, err := Count(context.Background(), tc.p, Options{Unique: true, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			if par.All.String() != tc.all || serial.All.String() != tc.all || par.Unique.Cmp(serial.Unique) != 0 {
				t.Errorf("%s: %d workers %v / %v unique, serial %v / %v, want %s", tc.name, w, par.All, par.Unique, serial.All, serial.Unique, tc.all)
			}
		}
	}
}

// TestBudgetHoldsMemory checks that the heap a run obtains from the
// system stays within the memory budget plus a small constant, for a run
// that fits (tetrominoes 8x8 in 16 MiB) and one stopped at the budget
// (tetrominoes 10x10 in 64 MiB: 262,144 states, which its up-front
// estimate passes and its largest layer of 751,005 states outgrows).
func TestBudgetHoldsMemory(t *testing.T) {
	const slack = 16 << 20
	for _, tc := range []struct {
		name   string
		p      *puzzle.Puzzle
		budget int64
		fits   bool
	}{
		{"tetrominoes 8x8", tetrominoes(t, 8, 8), 16 << 20, true},
		{"tetrominoes 10x10", tetrominoes(t, 10, 10), 64 << 20, false},
	} {
		runtime.GC()
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		_, err := Count(context.Background(), tc.p, Options{MaxMemory: tc.budget})
		runtime.ReadMemStats(&m1)
		var oor *OutOfReachError
		if tc.fits != (err == nil) || !tc.fits && (!errors.As(err, &oor) || oor.Estimate != 0) {
			t.Errorf("%s in %d MiB: %v, want a stop at the budget during the run", tc.name, tc.budget>>20, err)
		}
		if grown := int64(m1.HeapSys) - int64(m0.HeapSys); grown > tc.budget+slack {
			t.Errorf("%s: the heap grew by %d MiB, beyond the budget of %d MiB and %d MiB", tc.name, grown>>20, tc.budget>>20, slack>>20)
		}
		t.Logf("%s: heap from the system %d -> %d MiB", tc.name, m0.HeapSys>>20, m1.HeapSys>>20)
	}
}

// TestUnlimitedOutOfReachRefusedFast checks that puzzles of unlimited
// pieces whose layers outgrow the default 1 GiB budget are refused up
// front: with an *OutOfReachError, in well under the seconds a run takes
// to reach the budget (3 s allowed for a loaded machine; the time is
// logged), and before any large allocation (the bytes allocated during
// the call, runtime.MemStats.TotalAlloc, stay under 64 MiB). Before the
// line estimate, such a run stopped only when a table reached the budget,
// after 3-15 s and 1 GiB. fill-41x41 doubles its layers a cell along the
// first row, the five tetrominoes on 13x13 triple them.
func TestUnlimitedOutOfReachRefusedFast(t *testing.T) {
	read := func(name string) *puzzle.Puzzle {
		p, err := puzzle.ParseFileWith(context.Background(), filepath.Join("..", "examples", name), "", puzzle.BuildOptions{Unplaceable: puzzle.DropAll, KeepEmpty: true})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	fill, tetris := read("fill-41x41.yaml"), read("tetris-13x13.yaml")
	cases := []struct {
		name   string
		p      *puzzle.Puzzle
		maxCov bool
	}{
		{"fill-41x41 count", fill, false},
		{"fill-41x41 max coverage", fill, true},
		{"tetris-13x13 count", tetris, false},
		{"tetris-13x13 max coverage", tetris, true},
	}
	const maxAlloc = 64 << 20
	for _, tc := range cases {
		runtime.GC()
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		start := time.Now()
		var err error
		if tc.maxCov {
			_, err = MaxCoverage(context.Background(), tc.p, Options{})
		} else {
			_, err = Count(context.Background(), tc.p, Options{})
		}
		took := time.Since(start)
		runtime.ReadMemStats(&m1)
		var oor *OutOfReachError
		if !errors.As(err, &oor) || !errors.Is(err, ErrOutOfReach) {
			t.Errorf("%s: error %v, want an *OutOfReachError", tc.name, err)
			continue
		}
		if oor.Estimate <= float64(oor.Budget) || oor.Budget == 0 {
			t.Errorf("%s: estimate %.3g, budget %d: not refused up front", tc.name, oor.Estimate, oor.Budget)
		}
		if took > 3*time.Second {
			t.Errorf("%s: refused after %v, want well under 3 s", tc.name, took)
		}
		if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > maxAlloc {
			t.Errorf("%s: %d MiB allocated before the refusal, want under %d MiB", tc.name, alloc>>20, maxAlloc>>20)
		}
		t.Logf("%s: %v (%v, %d MiB allocated)", tc.name, err, took, (m1.TotalAlloc-m0.TotalAlloc)>>20)
	}
}
