package model

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// TestNewCoverContextStops: the cover of a million cells is built within
// a fraction of a second of a cancellation (NewCover never read a
// context: about a second for 1024x1024), and uncancelled it is NewCover's.
func TestNewCoverContextStops(t *testing.T) {
	if testing.Short() {
		t.Skip("a million cells")
	}
	p, err := puzzle.Parse("mono.yaml", []byte("board: 1024x1024\ncount: 1048576\npieces:\n  I: \"#\"\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	if _, err := NewCoverContext(ctx, p); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
	cancelled := time.Since(start)
	start = time.Now()
	c, err := NewCoverContext(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	// Relative to the whole build, which a loaded machine slows as much.
	if full := time.Since(start); cancelled > 100*time.Millisecond && cancelled > full/5 {
		t.Errorf("a cancelled build took %v (the whole build %v)", cancelled, full)
	}
	want := NewCover(p)
	if !slices.Equal(c.items, want.items) || !slices.Equal(c.start, want.start) || !slices.Equal(c.Items, want.Items) {
		t.Error("NewCoverContext differs from NewCover")
	}
}
