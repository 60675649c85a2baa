package native

import (
	"os"
	"testing"
	"time"
)

func TestDebugPar(t *testing.T) {
	if os.Getenv("POLYTILE_DEBUG") == "" {
		t.Skip()
	}
	p := tetrisCube(t)
	cfg := Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "auto", Workers: 2}
	sched, _ := checkConfig(&cfg)
	pr := newProblem(p)
	cn := newCanon(pr, p.Symmetries())
	red, _ := chooseRedundancy(pr, cn, "auto")
	pr = pr.subset(red.keep)
	cn.filterClass = red.class
	cn.stab = stabilisers(pr, cn, red.class)
	r := newRun(pr, pr, cn, cfg, sched, time.Now())
	r.forceItem = newDLX(pr).classItem[red.class]
	split := newWorker(r)
	var subs [][]int32
	for depth := 1; ; depth++ {
		subs = subs[:0]
		deeper := split.expand(depth, &subs)
		t.Logf("depth %d: %d subproblems, deeper %v", depth, len(subs), deeper)
		if len(subs) >= splitTarget || !deeper {
			break
		}
	}
	w := newWorker(r)
	var times []float64
	for _, s := range subs {
		c0 := cpuNow()
		w.solvePrefix(s)
		times = append(times, (cpuNow() - c0).Seconds())
	}
	tot, mx := 0.0, 0.0
	for _, x := range times {
		tot += x
		mx = max(mx, x)
	}
	t.Logf("total %.2fs max %.3fs models %d unique %d", tot, mx, w.filaModels, w.unique)
}
