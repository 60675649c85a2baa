package export

import (
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// countingWriter counts the bytes written to it and samples the live heap
// every 256 kB (peak: the largest HeapAlloc seen).
type countingWriter struct{ n, next, peak int64 }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	if c.n >= c.next {
		c.next = c.n + 256<<10
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		c.peak = max(c.peak, int64(m.HeapAlloc))
	}
	return len(p), nil
}

var _ io.Writer = (*countingWriter)(nil)

// TestCNFMemoryFlat: WriteCNF streams its clauses (two passes: count, then
// write) instead of holding them, so the live heap while it writes grows by
// less than the file (about 3 MB for 8 MB; the old code 29 MB). Holding one slice per clause took about 4 bytes
// per byte written: a 300x300 fill with unlimited tetrominoes (within the
// image limit) ran out of memory at 4 GB. Here: 30x30, about 10 MB of CNF.
func TestCNFMemoryFlat(t *testing.T) {
	row := strings.Repeat("#", 30)
	board := strings.TrimSuffix(strings.Repeat(row+"/", 30), "/")
	p := build(t, "30x30", board,
		pc{"I", "####", 0, puzzle.Free}, pc{"O", "##/##", 0, puzzle.Free}, pc{"T", "###/.#.", 0, puzzle.Free},
		pc{"S", ".##/##.", 0, puzzle.Free}, pc{"L", "#./#./##", 0, puzzle.Free})
	pr := program(t, p, model.ProgramOptions{Mode: model.Exact})
	var before runtime.MemStats
	var w countingWriter
	runtime.GC()
	runtime.ReadMemStats(&before)
	if err := WriteCNF(&w, pr, SATOptions{MinCovered: -1}); err != nil {
		t.Fatal(err)
	}
	grew := w.peak - int64(before.HeapAlloc)
	t.Logf("%d bytes written, live heap grew by at most %d", w.n, grew)
	if w.n < 5<<20 {
		t.Fatalf("only %d bytes written: the case is too small to tell", w.n)
	}
	if grew > w.n {
		t.Errorf("the live heap grew by %d bytes while writing a %d-byte file: WriteCNF holds the clauses", grew, w.n)
	}
}
