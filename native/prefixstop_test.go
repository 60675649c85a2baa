package native

import "testing"

// TestSolvePrefixAfterStop: a worker that takes a subproblem with a FILA
// part just as the stop flag is set (another worker reached --limit, a
// deadline) builds an incomplete model; replaying the prefix in it
// panicked with "FILA prefix does not match its model" (seen once in a
// loaded test run of the whole package). Now the subproblem is left
// unfinished (w.stop) and nothing is counted.
func TestSolvePrefixAfterStop(t *testing.T) {
	p := loadExample(t, "pentomino-10x6.yaml")
	r := testRun(t, p, Config{Algorithm: "fila", Schedule: "f", NOF: true, Workers: 2})
	s := r.makeSplit(newWorker(r))
	if s == nil {
		t.Fatal("no split")
	}
	var sp *subproblem
	for n := range s.mine {
		if int(s.mine[n].dlx) < len(s.mine[n].prefix) {
			sp = &s.mine[n]
			break
		}
	}
	if sp == nil {
		t.Fatalf("none of the %d subproblems has a FILA part", len(s.mine))
	}
	r.stopFlag.Store(true)
	w := newWorker(r)
	w.solvePrefix(*sp)
	if !w.stop || w.all != 0 {
		t.Errorf("after the stop flag: stop %v, %d solutions counted", w.stop, w.all)
	}
}
