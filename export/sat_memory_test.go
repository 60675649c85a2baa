package export

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// countingWriter counts the bytes written to it and samples the heap every
// 256 kB (peak: the largest HeapAlloc seen). With collect set it samples
// every MiB after a garbage collection, so that peak is the live heap
// alone, whatever the collector's pacing left unswept.
type countingWriter struct {
	n, next, peak int64
	collect       bool
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	if c.n >= c.next {
		c.next = c.n + 256<<10
		if c.collect {
			c.next = c.n + 1<<20
			runtime.GC()
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		c.peak = max(c.peak, int64(m.HeapAlloc))
	}
	return len(p), nil
}

var _ io.Writer = (*countingWriter)(nil)

// fill30 is a 30x30 board with unlimited free tetrominoes (about 8 MB of CNF).
func fill30(t *testing.T) *model.Program {
	row := strings.Repeat("#", 30)
	board := strings.TrimSuffix(strings.Repeat(row+"/", 30), "/")
	p := build(t, "30x30", board,
		pc{"I", "####", 0, puzzle.Free}, pc{"O", "##/##", 0, puzzle.Free}, pc{"T", "###/.#.", 0, puzzle.Free},
		pc{"S", ".##/##.", 0, puzzle.Free}, pc{"L", "#./#./##", 0, puzzle.Free})
	return program(t, p, model.ProgramOptions{Mode: model.Exact})
}

// cancelledWriter fails every write, as atomicfile's writer does once the
// export is cancelled (Ctrl-C).
type cancelledWriter struct{}

func (cancelledWriter) Write([]byte) (int, error) { return 0, errors.New("cancelled") }

// TestCNFStopsOnCancel: a cancelled export (a writer that fails) stops the
// clause generation within 2^16 clauses, in the counting pass as in the
// writing pass, instead of generating the whole formula (SIGINT took 6-9 s
// to act on a 300x300 fill). Measured as a fraction of a full export's time.
func TestCNFStopsOnCancel(t *testing.T) {
	pr := fill30(t)
	start := time.Now()
	if err := WriteCNF(io.Discard, pr, SATOptions{MinCovered: -1}); err != nil {
		t.Fatal(err)
	}
	full := time.Since(start)
	start = time.Now()
	err := WriteCNF(cancelledWriter{}, pr, SATOptions{MinCovered: -1})
	stopped := time.Since(start)
	t.Logf("full %v, cancelled %v", full, stopped)
	if err == nil {
		t.Fatal("a failing writer gave no error")
	}
	if stopped > full/4 {
		t.Errorf("the cancelled export took %v, the full one %v: the generation did not stop", stopped, full)
	}
}

// TestCNFMemoryFlat: WriteCNF streams its clauses (two passes: count, then
// write) instead of holding them, so the live heap while it writes grows by
// less than the file (about 3 MB for 8 MB; the old code 29 MB). Holding
// one slice per clause took about 4 bytes per byte written: a 300x300 fill with unlimited tetrominoes (within the
// image limit) ran out of memory at 4 GB. Here: 30x30, about 10 MB of CNF.
func TestCNFMemoryFlat(t *testing.T) {
	pr := fill30(t)
	var before runtime.MemStats
	w := countingWriter{collect: true}
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
