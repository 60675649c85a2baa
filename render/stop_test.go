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
// scene, the grid), stop within a fraction of a second of a
// cancellation, with the context's error (they never read it).
func TestDrawingStopsOnCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds million-cell puzzles")
	}
	tall := parsed(t, "board: 1x1x1048576\ncount: unlimited\npieces:\n  I: \"#\"\n")
	stopsWithin(t, "Region 1x1x1048576", 500*time.Millisecond, func(ctx context.Context) error {
		return Region(io.Discard, tall, ASCII, Options{Context: ctx})
	})
	flat := parsed(t, "board: 1024x1024\ncount: unlimited\npieces:\n  I: \"#\"\n")
	var tl puzzle.Tiling
	for _, c := range flat.Region.Cells {
		tl.Placements = append(tl.Placements, puzzle.Placement{Piece: 0, Orient: 0, At: c})
	}
	stopsWithin(t, "colorsContext 1024x1024", 500*time.Millisecond, func(ctx context.Context) error {
		_, err := colorsContext(ctx, flat, tl)
		return err
	})
	stopsWithin(t, "Tiling 1024x1024", 500*time.Millisecond, func(ctx context.Context) error {
		return Tiling(io.Discard, flat, tl, ASCII, Options{Context: ctx})
	})
}
