package native

import (
	"context"
	"testing"
	"time"
)

// TestSolvePrefixAfterStop: a worker that starts a subproblem with FILA
// choices just as the stop flag is set (another worker reached the limit,
// or the context was cancelled, after this one read the flag) builds an
// incomplete FILA model (buildFila stops reading options) and must not
// replay the prefix into it. It panicked with "FILA prefix does not match
// its model" (seen once in go test ./... under load).
func TestSolvePrefixAfterStop(t *testing.T) {
	p := pentominoBox(t, 6, 10)
	cfg := Config{Algorithm: "fila", Schedule: "f", NOF: true, Workers: 2}
	sched, err := checkConfig(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	pr := newProblem(p)
	cn, err := newCanonCtx(context.Background(), pr, p.Symmetries())
	if err != nil {
		t.Fatal(err)
	}
	r := newRun(pr, pr, cn, cfg, sched, time.Now())
	r.parallel = true
	s := r.makeSplit(newWorker(r))
	if s == nil {
		t.Fatal("no split")
	}
	found := false
	for _, sp := range s.mine {
		if int(sp.dlx) == len(sp.prefix) {
			continue
		}
		found = true
		w := newWorker(r)
		r.stopFlag.Store(true)
		func() {
			defer func() {
				if v := recover(); v != nil {
					t.Fatalf("solvePrefix after the stop flag: panic %v", v)
				}
			}()
			w.solvePrefix(sp)
		}()
		break
	}
	if !found {
		t.Fatal("the split has no subproblem with FILA choices")
	}
}
