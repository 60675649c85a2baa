package puzzle

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestSymmetriesContextCancelled: under a context done before the start,
// a region of fewer than 65,536 cells still gets its whole group
// (mapRegion reads the context every 65,536 cells, so it never gives up
// on it: the greedy tiling of a cancelled maximum coverage relies on
// that), and a larger one gets the context's error, not a smaller group;
// mapRegion says which by its error, errNoMap or the context's.
func TestSymmetriesContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		w, h int
		want int // group order, 0: the context's error
	}{{10, 6, 4}, {255, 255, 8}, {300, 300, 0}, {400, 200, 0}} {
		row := strings.Repeat("#", c.w)
		p, err := Parse("box.yaml", []byte("board: |\n"+strings.Repeat("  "+row+"\n", c.h)+"count: unlimited\npieces: {I: '#'}\n"), "yaml")
		if err != nil {
			t.Fatal(err)
		}
		syms, err := p.SymmetriesContext(ctx)
		switch {
		case c.want == 0 && !errors.Is(err, context.Canceled):
			t.Errorf("%dx%d: %d symmetries, err %v; want the context's error", c.w, c.h, len(syms), err)
		case c.want > 0 && (err != nil || len(syms) != c.want):
			t.Errorf("%dx%d: %d symmetries, err %v; want %d", c.w, c.h, len(syms), err, c.want)
		}
		// A transform that maps the box onto another box: no map.
		if _, err := p.mapRegion(context.Background(), Transform{Perm: [3]int8{1, 0, 2}, Sign: [3]int8{1, 1, 1}}); (c.w != c.h) != errors.Is(err, errNoMap) {
			t.Errorf("%dx%d: transpose: err %v", c.w, c.h, err)
		}
	}
}
