package export

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// noComments is the size of a DLX file without its "|" comment lines.
func noComments(b []byte) int64 {
	var n int64
	for _, l := range bytes.SplitAfter(b, []byte("\n")) {
		if !bytes.HasPrefix(l, []byte("| ")) {
			n += int64(len(l))
		}
	}
	return n
}

// TestDLXSizeEstimate: the estimate that guards MaxDLXBytes is the size
// of the lines written, within the 24 bytes a piece item is allowed for
// its prefix, in both dialects, exact and packing.
func TestDLXSizeEstimate(t *testing.T) {
	p := build(t, "6x5", "######/######/######/######/######",
		pc{"L", "#./#./##", 3, puzzle.Free}, pc{"I", "###", 2, puzzle.Free}, pc{"O", "##/##", 1, puzzle.Free})
	c := model.NewCover(p)
	for _, opt := range []DLXOptions{{}, {Dialect: DLX1}, {MaxCoverage: true}, {Dialect: DLX1, MaxCoverage: true}} {
		var b bytes.Buffer
		if err := WriteDLXWith(&b, c, opt); err != nil {
			t.Fatal(err)
		}
		names, err := dlxNames(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		copies := dlxCopies(c, opt, names)
		est, got := dlxSize(c, opt, names, copies, nil), noComments(b.Bytes())
		slack := int64(24 * (len(c.Items) - c.Cells + len(copies)*3))
		if est < got || est > got+slack {
			t.Errorf("%+v: estimate %d, file %d bytes without comments", opt, est, got)
		}
	}
}

// TestDLXTooLargeRefused: a 4-line puzzle (100 cells, 1,048,576
// monominoes) asked dlx1 for 1.4 GB (a copy item per monomino, each
// image once per copy); it is refused before anything is written, in
// well under a second; the dlx3 file of the same puzzle is small.
func TestDLXTooLargeRefused(t *testing.T) {
	p := build(t, "100x1", strings.Repeat("#", 100), pc{"I", "#", 1 << 20, puzzle.Free})
	c := model.NewCover(p)
	var w countingWriter
	start := time.Now()
	err := WriteDLXWith(&w, c, DLXOptions{Dialect: DLX1})
	if err == nil || !strings.Contains(err.Error(), "more than the limit") || !strings.Contains(err.Error(), "--dialect dlx3") {
		t.Fatalf("err = %v", err)
	}
	if w.n != 0 {
		t.Errorf("%d bytes written before the refusal", w.n)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the refusal took %v", d)
	}
	if err := CheckDLX(c, DLXOptions{}); err != nil {
		t.Errorf("dlx3: %v", err)
	}
}

// ctxWriter fails once its context is done, as atomicfile's writer does.
type ctxWriter struct {
	ctx context.Context
	n   int64
}

func (c *ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	c.n += int64(len(p))
	return len(p), nil
}

// TestDLXStopsOnCancel: a cancelled DLX export returns at the next line
// instead of building every remaining line for nothing (the loops did
// not look at the write error).
func TestDLXStopsOnCancel(t *testing.T) {
	// 300 images, 40,000 copies: 12,000,000 lines, under the limit.
	p := build(t, "300x1", strings.Repeat("#", 300), pc{"I", "#", 40000, puzzle.Free})
	c := model.NewCover(p)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := &ctxWriter{ctx: ctx}
	start := time.Now()
	err := WriteDLXWith(w, c, DLXOptions{Dialect: DLX1})
	d := time.Since(start)
	if err == nil {
		t.Fatal("a cancelled export succeeded")
	}
	if d > 300*time.Millisecond {
		t.Errorf("the cancelled export took %v", d)
	}
}

// TestCheckDLXContextStops: naming and sizing the DLX file of a million
// cells stops at once on a cancelled context (it read none).
func TestCheckDLXContextStops(t *testing.T) {
	if testing.Short() {
		t.Skip("a million cells")
	}
	p := build(t, "1024x1024", strings.TrimSuffix(strings.Repeat(strings.Repeat("#", 1024)+"/", 1024), "/"), pc{"I", "#", 0, puzzle.Free})
	c := model.NewCover(p)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// The bound is relative to the whole check (about a second), which a
	// loaded machine slows as much as the cancelled calls.
	start := time.Now()
	if err := CheckDLXContext(context.Background(), c, DLXOptions{}); err != nil {
		t.Fatal(err)
	}
	bound := max(100*time.Millisecond, time.Since(start)/5)
	start = time.Now()
	if err := CheckDLXContext(ctx, c, DLXOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
	if d := time.Since(start); d > bound {
		t.Errorf("a cancelled check took %v (more than %v)", d, bound)
	}
	start = time.Now()
	if err := WriteDLXWith(&ctxWriter{ctx: ctx}, c, DLXOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("write: err = %v", err)
	}
	if d := time.Since(start); d > bound {
		t.Errorf("a cancelled write took %v (more than %v)", d, bound)
	}
}
