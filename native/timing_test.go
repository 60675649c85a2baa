package native

import (
	"context"
	"fmt"
	"github.com/polytile/polytile/puzzle"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuNow returns the process CPU time (user + system).
func cpuNow() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestTimings prints wall and CPU times (best of POLYTILE_REPS runs) of the
// configurations named in POLYTILE_TIMINGS (comma separated: p1, p4, p5, ...).
// It is a measuring tool for the report, skipped unless asked for.
func TestTimings(t *testing.T) {
	names := os.Getenv("POLYTILE_TIMINGS")
	if names == "" {
		t.Skip("set POLYTILE_TIMINGS to measure")
	}
	reps := 3
	fmt.Sscan(os.Getenv("POLYTILE_REPS"), &reps)
	for _, name := range strings.Split(names, ",") {
		tc, ok := timingCases[name]
		if !ok {
			t.Fatalf("unknown case %q", name)
		}
		p := tc.build(t)
		bestW, bestC := time.Hour, time.Hour
		var res *Result
		for range reps {
			w0, c0 := time.Now(), cpuNow()
			r, err := Solve(context.Background(), p, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			bestW, bestC = min(bestW, time.Since(w0)), min(bestC, cpuNow()-c0)
			res = r
		}
		fits, nofits := int64(0), int64(0)
		if res.Stats != nil {
			fits, nofits = res.Stats.TotalFits(), res.Stats.TotalNoFits()
		}
		t.Logf("%-6s wall %8.3fs cpu %8.3fs  fits %12d nofits %13d  unique %d all %d  models %d",
			name, bestW.Seconds(), bestC.Seconds(), fits, nofits, res.Unique, res.All, statModels(res))
		if res.Stats != nil && os.Getenv("POLYTILE_LEVELS") != "" {
			for _, row := range res.Stats.Rows() {
				t.Logf("  %3d %14d %12d %14d  %8.3f %8.3f %8.3f", row.Level, row.Attempts, row.Fits, row.NoFits,
					row.AttemptsPerTarget, row.FitsPerTarget, row.NoFitsPerTarget)
			}
		}
	}
}

func statModels(r *Result) int64 {
	if r.Stats == nil {
		return 0
	}
	return r.Stats.FilaModels
}

type timingCase struct {
	build func(testing.TB) *puzzleT
	cfg   Config
}

func box(r, c int) func(testing.TB) *puzzleT {
	return func(t testing.TB) *puzzleT { return pentominoBox(t, r, c) }
}

// timingCases are the FILA article's test cases (Table 1) and a few
// variants; the Tetris Cube uses the automatic redundancy piece (H, the
// article's "L") and the diamond the board without a 1x5 centre bar.
var timingCases = map[string]timingCase{
	"p1":     {box(6, 10), Config{Redundancy: "auto", Stats: true}},
	"p2":     {box(6, 10), Config{Redundancy: "auto", Volume: -1, Stats: true}},
	"p3":     {box(6, 10), Config{Redundancy: "auto", Volume: -1, Schedule: "f=11", Stats: true}},
	"p4":     {box(6, 10), Config{Algorithm: "fila", FilaAt: 11, Schedule: "f=11", Volume: -1, Redundancy: "auto", Stats: true}},
	"p5":     {box(6, 10), Config{Algorithm: "fila", FilaAt: 11, Schedule: "f=11", NOF: true, Volume: -1, Redundancy: "auto", Stats: true}},
	"p5n":    {box(6, 10), Config{Algorithm: "fila", FilaAt: 11, Schedule: "f=11", NOF: true, Volume: -1, Redundancy: "auto"}},
	"q1":     {box(5, 12), Config{Redundancy: "auto", Stats: true}},
	"q2":     {box(5, 12), Config{Redundancy: "auto", Volume: -1, Stats: true}},
	"q3":     {box(5, 12), Config{Redundancy: "auto", Volume: -1, Schedule: "f=11", Stats: true}},
	"q4":     {box(5, 12), Config{Algorithm: "fila", FilaAt: 11, Schedule: "f=11", Volume: -1, Redundancy: "auto", Stats: true}},
	"q5":     {box(5, 12), Config{Algorithm: "fila", FilaAt: 11, Schedule: "f=11", NOF: true, Volume: -1, Redundancy: "auto", Stats: true}},
	"tc1":    {tetrisCube, Config{Redundancy: "auto", Stats: true}},
	"tc2":    {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11", Redundancy: "auto", Stats: true}},
	"tc3":    {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", Redundancy: "auto", Stats: true}},
	"tc4":    {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "auto", Stats: true}},
	"tc4L":   {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "L", Stats: true}},
	"tcj2":   {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "auto", Stats: true, Workers: 2}},
	"tcL":    {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "auto", Limit: 3000}},
	"pt1":    {diamond, Config{Redundancy: "auto", Stats: true}},
	"pt2":    {diamond, Config{Redundancy: "auto", Volume: 13, Stats: true}},
	"pt3":    {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13", Volume: 13, Redundancy: "auto", Stats: true}},
	"pt4":    {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", Volume: 13, Redundancy: "auto", Stats: true}},
	"pt5":    {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", NOF: true, Volume: 13, Redundancy: "auto", Stats: true}},
	"pt2v12": {diamond, Config{Redundancy: "auto", Volume: 12, Stats: true}},
	"pt5v12": {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", NOF: true, Volume: 12, Redundancy: "auto", Stats: true}},
	"pt5f15": {diamond, Config{Algorithm: "fila", FilaAt: 15, Schedule: "e=15:f=3", NOF: true, Volume: 13, Redundancy: "auto", Stats: true}},
	"pt5L":   {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", NOF: true, Volume: 13, Redundancy: "auto", Limit: 3000}},
	"ptplus": {func(t testing.TB) *puzzleT { return diamondHole(t, 0) }, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", NOF: true, Volume: 13, Redundancy: "auto", Stats: true}},
	"op12":   {exampleFile("onesided-18x5.yaml"), Config{Algorithm: "fila", FilaAt: 12, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto", Stats: true}},
}

func exampleFile(name string) func(testing.TB) *puzzleT {
	return func(t testing.TB) *puzzleT {
		p, err := puzzle.ParseFile("../examples/"+name, "")
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
}
