package render

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

func parsed(t *testing.T, yaml string) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.Parse("big.yaml", []byte(yaml), "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// stopsWithin runs draw with a context cancelled after 50 ms and fails
// unless it returns the context's error within d of the cancellation.
func stopsWithin(t *testing.T, what string, d time.Duration, draw func(ctx context.Context) error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	timer := time.AfterFunc(50*time.Millisecond, cancel)
	defer timer.Stop()
	start := time.Now()
	err := draw(ctx)
	took := time.Since(start)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("%s: err = %v after %v, want the context's error", what, err, took)
	}
	if took > 50*time.Millisecond+d {
		t.Errorf("%s: returned %v after the start, the context was cancelled after 50 ms", what, took)
	}
}

// TestDrawingStopsOnCancel: the text picture of a board of a million
// layers (render.Region's blockGrid took 3-4 s), and the colouring and
// picture of a tiling by a million monominoes (Colors' edge sort, the
// scene, the grid), stop within a second of a
// cancellation, with the context's error (they never read it).
func TestDrawingStopsOnCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds million-cell puzzles")
	}
	tall := parsed(t, "board: 1x1x1048576\ncount: unlimited\npieces:\n  I: \"#\"\n")
	stopsWithin(t, "Region 1x1x1048576", time.Second, func(ctx context.Context) error {
		return Region(io.Discard, tall, ASCII, Options{Context: ctx})
	})
	flat := parsed(t, "board: 1024x1024\ncount: unlimited\npieces:\n  I: \"#\"\n")
	var tl puzzle.Tiling
	for _, c := range flat.Region.Cells {
		tl.Placements = append(tl.Placements, puzzle.Placement{Piece: 0, Orient: 0, At: c})
	}
	stopsWithin(t, "colorsContext 1024x1024", time.Second, func(ctx context.Context) error {
		_, err := colorsContext(ctx, flat, tl)
		return err
	})
	stopsWithin(t, "Tiling 1024x1024", time.Second, func(ctx context.Context) error {
		return Tiling(io.Discard, flat, tl, ASCII, Options{Context: ctx})
	})
}

// TestScenesReadTheContext: the O(cells) loops of a scene (the region's
// cells, a tiling's placements, the ambiguity scan of a text picture)
// stop at a stopper that says stop, so a cancelled drawing does not go
// through a million cells first. They read no context before (a few ms
// each at a million cells: the whole region was marked, the whole scan
// run, and the tiling scene drew every placement).
func TestScenesReadTheContext(t *testing.T) {
	if testing.Short() {
		t.Skip("a million cells")
	}
	flat := parsed(t, "board: 1024x1024\ncount: unlimited\npieces:\n  I: \"#\"\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	owned := func(sc *scene) int {
		n := 0
		for _, o := range sc.own {
			if o >= 0 {
				n++
			}
		}
		return n
	}
	if n := owned(regionScene(flat, newStopper(ctx))); n > 1<<13 {
		t.Errorf("regionScene under a cancelled context marked %d cells", n)
	}
	var tl puzzle.Tiling
	for _, c := range flat.Region.Cells {
		tl.Placements = append(tl.Placements, puzzle.Placement{Piece: 0, Orient: 0, At: c})
	}
	colors := make([]int, len(tl.Placements))
	full := tilingScene(flat, tl, []string{"I"}, colors, nil)
	// A stopper that says stop after the placements were read (the
	// scene's later loops): only its owners are left to check.
	st := newStopper(context.Background())
	sc := tilingScene(flat, puzzle.Tiling{Placements: tl.Placements[:1]}, []string{"I"}, colors, st)
	if owned(sc) != 1 || owned(full) != len(tl.Placements) {
		t.Fatalf("owned %d and %d", owned(sc), owned(full))
	}
	st = newStopper(ctx)
	st.err = context.Canceled
	stopped := tilingScene(flat, tl, []string{"I"}, colors, st)
	if n := owned(stopped); n > 1<<13 {
		t.Errorf("tilingScene under a stopped stopper placed %d cells", n)
	}
	// Nor does it build the box and the groups of a drawing that will not
	// be made (a third of a second at a million placements, after the
	// cancellation: TestDrawingStopsOnCancel's Tiling ran past its second
	// on a loaded machine).
	if len(stopped.own) != 0 || len(stopped.groups) != 0 {
		t.Errorf("tilingScene under a stopped stopper built %d positions and %d groups", len(stopped.own), len(stopped.groups))
	}
	if full.ambiguous(st) {
		t.Error("ambiguous under a stopped stopper scanned the scene")
	}
	// Every group is "I" and neighbours differ: ambiguous when run.
	if !full.ambiguous(newStopper(context.Background())) {
		t.Error("a million touching I's are not ambiguous")
	}
	for name, draw := range map[string]func() error{
		"Region":   func() error { return Region(io.Discard, flat, ASCII, Options{Context: ctx}) },
		"Overview": func() error { return Overview(io.Discard, flat, SVG, Options{Context: ctx}) },
		"Tiling":   func() error { return Tiling(io.Discard, flat, tl, ASCII, Options{Context: ctx}) },
	} {
		if err := draw(); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

// TestSheetClearingStops: the sheet of a text picture (tens of millions
// of cells for a million layers, a few hundred milliseconds to clear) is
// not built once the context is done, and is blank when it is built. With
// blockGrid's sheet cleared in one loop and the million layer names
// formatted three times each, SIGINT on 'render' of a 1x1x1048576 board
// took 0.95-0.99 s to act when it came after the layers were drawn
// (cmd's TestLongPhasesStopOnSIGINT/render failed at 1.04 s in CI).
func TestSheetClearingStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if g := newTGridStop(4096, 1024, newStopper(ctx)); g != nil {
		t.Errorf("a sheet was cleared after the cancellation")
	}
	g := newTGridStop(3, 1<<20, newStopper(context.Background()))
	if g == nil || len(g.cells) != 3<<20 || g.cells[len(g.cells)-1] != (tcell{' ', colorNone}) {
		t.Fatalf("the sheet is not blank")
	}
}
