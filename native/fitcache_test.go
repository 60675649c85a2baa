package native

import (
	"fmt"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestFitCacheSpan: a 64-bit model keeps E's and S's fit caches for the
// levels it can select at (lvl0 and at most one more a cell of the
// model), not for every level of the run. With an unlimited piece the
// run has a level a cell of the board: here 1,602 for a 40x40 board whose
// piece B (fixed, one placement) fills all but an 8x8 corner, which
// unlimited 2x2 squares tile once after the hand-over. The buffer was
// 2 x 1,602 x maxSet words (8 bytes x maxSet a level of the board: 620
// MB for 61,440 pinned cells beside an 8x8 corner of unlimited
// hexominoes, maxSet 1,259); it is now at most 2 x 65 x maxSet. Every
// heuristic finds the one tiling.
func TestFitCacheSpan(t *testing.T) {
	const n, corner = 40, 8
	var b strings.Builder
	for r := range n {
		b.WriteString("      ")
		for c := range n {
			if r >= n-corner && c >= n-corner {
				b.WriteByte('.')
			} else {
				b.WriteByte('#')
			}
		}
		b.WriteByte('\n')
	}
	src := fmt.Sprintf("name: corner\nboard: %dx%d\npieces:\n  B:\n    orientations: fixed\n    shape: |\n%s  O: {shape: \"##/##\", count: unlimited}\n", n, n, b.String())
	p, err := puzzle.Parse("corner.yaml", []byte(src), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, sched := range []string{"e", "s", "f"} {
		r := testRun(t, p, Config{Algorithm: "fila", Schedule: sched, NOF: true})
		r.force = forcedItems(r.pr, r.cfg, nil)
		w := newWorker(r)
		w.dlxSearch()
		f := w.f64
		if f == nil {
			t.Fatalf("%s: no 64-bit model built", sched)
		}
		if w.all != 1 {
			t.Errorf("%s: %d tilings, want 1", sched, w.all)
		}
		if most := 2 * (f.fs.n + 1) * f.maxSet; f.maxSet == 0 || len(f.fitBuf) > most {
			t.Errorf("%s: fit caches of %d words for a model of %d cells (maxSet %d, %d levels in the run); want at most %d",
				sched, len(f.fitBuf), f.fs.n, f.maxSet, r.levels, most)
		}
	}
}
