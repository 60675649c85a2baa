package native

import (
	"testing"
	"time"
)

// TestFilaLayoutStops sets the stop flag at ten moments spread over the
// build of a big multi-word FILA model (unlimited L tetrominoes on 200x200:
// FILA starts on the whole board) and requires each build to return within
// half a second of the flag. A flag that arrived while a heuristic's image
// list table was being laid out (or after the last check of the options
// loop) left the table marked unbuilt, and the loop over the search levels
// then laid it out again for every level, each time clearing its
// 40,000-cell tables before reading the flag: tens of seconds (seen as
// 'solve --time-limit 3s' on a 300x300 hex board running for over a minute
// about one time in eight). On that code at least one of the ten builds
// here misses the deadline.
func TestFilaLayoutStops(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("builds a puzzle with 700,000 images")
	}
	p := bigBoard(t, 200)
	cfg := Config{Algorithm: "fila", Schedule: "f", NOF: true}
	sched, err := checkConfig(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	pr := newProblem(p)
	cn := newCanon(pr, p.Symmetries())
	start := time.Now()
	if f := newWorker(newRun(pr, pr, cn, cfg, sched, time.Now())).buildFila(); f != nil {
		t.Fatal("a 64-bit model for 40,000 cells")
	}
	full := time.Since(start)
	for k := range 10 {
		r := newRun(pr, pr, cn, cfg, sched, time.Now())
		w := newWorker(r)
		d := full * time.Duration(2*k+1) / 20
		timer := time.AfterFunc(d, func() { r.stopFlag.Store(true) })
		done := make(chan time.Duration, 1)
		go func() {
			t0 := time.Now()
			w.buildFila()
			done <- time.Since(t0)
		}()
		select {
		case took := <-done:
			if took > d+500*time.Millisecond {
				t.Errorf("flag set after %v (full build %v): the build returned after %v", d, full, took)
			}
		case <-time.After(d + 3*time.Second):
			t.Fatalf("flag set after %v (full build %v): the build had not returned 3 s later", d, full)
		}
		timer.Stop()
	}
}
