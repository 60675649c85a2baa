package frontier

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// TestMaxCoverageAgainstNative compares the frontier optimum with native
// maximum coverage (proven optimal) on random small puzzles of every grid.
func TestMaxCoverageAgainstNative(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 2))
	kinds := []struct {
		grid puzzle.Grid
		dim  int
	}{{puzzle.Square, 2}, {puzzle.Square, 3}, {puzzle.Hex, 2}, {puzzle.Triangle, 2}}
	tested, short := 0, 0
	for n := 0; tested < 200 && n < 4000; n++ {
		kind := kinds[n%len(kinds)]
		spec := randomSpec(rng, kind.grid, kind.dim)
		p, err := puzzle.NewWith(context.Background(), spec, puzzle.BuildOptions{Unplaceable: puzzle.DropAll})
		if err != nil {
			continue
		}
		tested++
		res, err := MaxCoverage(context.Background(), p, Options{})
		if err != nil {
			t.Fatalf("puzzle %d: %v", n, err)
		}
		nr, err := native.MaxCoverage(context.Background(), p, native.DefaultMaxCoverageConfig())
		if err != nil {
			t.Fatalf("puzzle %d: native: %v", n, err)
		}
		if !nr.Optimal || nr.Covered != res.Covered {
			t.Errorf("puzzle %d (%v, %dD, %d cells): frontier %d, native %d (optimal %v)", n, kind.grid, kind.dim, p.Area(), res.Covered, nr.Covered, nr.Optimal)
		}
		if res.Covered < res.Bound {
			short++
		}
	}
	t.Logf("%d puzzles, %d below the area and colouring bound", tested, short)
	if tested < 200 || short < 20 {
		t.Fatalf("only %d puzzles, %d where the bound is not tight", tested, short)
	}
}

// TestMaxCoverageExamples compares the frontier optimum with the native
// search on every example it reaches (the others are refused as out of
// reach, in under a second each), and checks the published optima.
func TestMaxCoverageExamples(t *testing.T) {
	files, err := filepath.Glob("../examples/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	want := map[string]int{"tetris-7x7.yaml": 48, "tetrominoes-5x4.yaml": 16, "fill-11x11.yaml": 121}
	reached := 0
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			t.Fatal(err)
		}
		p, err := puzzle.ParseFileWith(context.Background(), f, "", puzzle.BuildOptions{Unplaceable: puzzle.DropAll, KeepEmpty: true})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if p.Symmetric != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		start := time.Now()
		res, err := MaxCoverage(ctx, p, Options{MaxMemory: 32 << 20})
		cancel()
		took := time.Since(start)
		if errors.Is(err, ErrOutOfReach) || errors.Is(err, ErrNotCounted) {
			t.Logf("%s: %v after %v", filepath.Base(f), err, took)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		reached++
		nr, err := native.MaxCoverage(context.Background(), p, native.DefaultMaxCoverageConfig())
		if err != nil {
			t.Fatal(err)
		}
		if nr.Covered != res.Covered || !nr.Optimal {
			t.Errorf("%s: frontier %d, native %d (optimal %v)", f, res.Covered, nr.Covered, nr.Optimal)
		}
		if w, ok := want[filepath.Base(f)]; ok && res.Covered != w {
			t.Errorf("%s: frontier %d, published %d", f, res.Covered, w)
		}
		t.Logf("%s: coverage %d of %d (bound %d, rounds %v, %d states, %v)", filepath.Base(f), res.Covered, res.Area, res.Bound, res.Rounds, res.States, took)
	}
	if reached < 3 {
		t.Errorf("only %d examples reached", reached)
	}
}
