package native

import (
	"sync/atomic"
	"testing"
)

// TestLayoutFillReadsTheStop: a stop that arrives once the options loop of
// buildLayout is past its last check must still end the layout before its
// two passes over every set and slot (on a million-cell board of dominoes
// the fill alone wrote 64 M slots in 0.3 s, which with the load put Ctrl-C
// past its second). The flag is set while the last option is read, so
// only the later passes can see it; they must leave the table marked
// unbuilt (the multi-word model then builds no more: the search reads
// the flag before the model). Fails on the old code (the table was completed).
func TestLayoutFillReadsTheStop(t *testing.T) {
	p := bigBoard(t, 40) // 1,600 cells: the multi-word model
	w := newWorker(testRun(t, p, Config{Algorithm: "fila", Schedule: "e", NOF: true}))
	if f := w.buildFila(); f != nil {
		t.Fatal("a 64-bit model for 1,600 cells")
	}
	fs := &w.fw.fs
	var stop atomic.Bool
	fs.stop = &stop
	last := len(fs.opts) - 1
	cellsOf := func(i int, buf []int32) []int32 {
		if i == last {
			stop.Store(true)
		}
		return append(buf, w.fw.cells[w.fw.cstart[i]:w.fw.cstart[i+1]]...)
	}
	var tl tableLayout
	tl.buildLayout(fs, heurE, true, nil, cellsOf, nil)
	if tl.kind != -1 {
		t.Errorf("the stop flag set at the last of %d options: the layout was completed (kind %d), want it cut short (kind -1)", len(fs.opts), tl.kind)
	}
	stop.Store(false)
	tl.buildLayout(fs, heurE, true, nil, cellsOf, nil)
	if tl.kind != -1 {
		t.Errorf("kind %d after a second stop at the last option; want the layout cut short again", tl.kind)
	}
}
