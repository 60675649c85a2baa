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

var timingCases = map[string]timingCase{
	"p1":      {box(6, 10), Config{Redundancy: "auto", Stats: true}},
	"p2":      {box(6, 10), Config{Redundancy: "auto", Volume: -1, Stats: true}},
	"p3":      {box(6, 10), Config{Redundancy: "auto", Volume: -1, Schedule: "f=11", Stats: true}},
	"p4":      {box(6, 10), Config{Algorithm: "fila", FilaAt: 11, Schedule: "f=11", Volume: -1, Redundancy: "auto", Stats: true}},
	"p5":      {box(6, 10), Config{Algorithm: "fila", FilaAt: 11, Schedule: "f=11", NOF: true, Volume: -1, Redundancy: "auto", Stats: true}},
	"p5n":     {box(6, 10), Config{Algorithm: "fila", FilaAt: 11, Schedule: "f=11", NOF: true, Volume: -1, Redundancy: "auto"}},
	"q5":      {box(5, 12), Config{Algorithm: "fila", FilaAt: 11, Schedule: "f=11", NOF: true, Volume: -1, Redundancy: "auto", Stats: true}},
	"tc1":     {tetrisCube, Config{Redundancy: "L", Stats: true}},
	"tc2":     {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11", Redundancy: "L", Stats: true}},
	"tc3":     {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", Redundancy: "L", Stats: true}},
	"tc4":     {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "L", Stats: true}},
	"tc4s":    {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "s=11:f=3", NOF: true, Redundancy: "L", Stats: true}},
	"tc4e":    {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "L", Stats: true, Limit: 2000}},
	"pt5a":    {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", NOF: true, Volume: -1, Redundancy: "auto"}},
	"pt5b":    {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", NOF: true, Volume: 13}},
	"pt5c":    {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "f", NOF: true, Volume: 13, Redundancy: "auto"}},
	"pt5plus": {func(t testing.TB) *puzzleT { return diamondHole(t, 0) }, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", NOF: true, Volume: 13, Redundancy: "auto", Stats: true}},
	"tcH":     {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "auto", Stats: true}},
	"tcH4":    {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=4", NOF: true, Redundancy: "auto", Stats: true}},
	"tcH2":    {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=2", NOF: true, Redundancy: "auto", Stats: true}},
	"tcHs":    {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "s=11:e=8:f=3", NOF: true, Redundancy: "auto", Stats: true}},
	"tcHs6":   {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "s=11:e=6:f=3", NOF: true, Redundancy: "auto", Stats: true}},
	"tcL":     {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "auto", Limit: 3000}},
	"pt5L":    {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", NOF: true, Volume: 13, Redundancy: "auto", Limit: 3000}},
	"tcHj2":   {tetrisCube, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "auto", Stats: true, Workers: 2}},
	"op12":    {exampleFile("onesided-18x5.yaml"), Config{Algorithm: "fila", FilaAt: 12, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto", Stats: true}},
	"ptA":     {diamond, Config{Algorithm: "fila", FilaAt: 15, Schedule: "e=15:f=3", NOF: true, Volume: 15, Redundancy: "auto", Stats: true}},
	"ptB":     {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=4", NOF: true, Volume: 13, Redundancy: "auto", Stats: true}},
	"ptC":     {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=2", NOF: true, Volume: 13, Redundancy: "auto", Stats: true}},
	"ptD":     {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "s=13:e=9:f=3", NOF: true, Volume: 13, Redundancy: "auto", Stats: true}},
	"ptE":     {diamond, Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Volume: 11, Redundancy: "auto", Stats: true}},
	"ptF":     {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", NOF: true, Volume: 9, Redundancy: "auto", Stats: true}},
	"ptG":     {diamond, Config{Algorithm: "fila", Schedule: "e=16:f=3", NOF: true, Volume: 13, Redundancy: "auto", Stats: true}},
	"ptH":     {diamond, Config{Algorithm: "fila", FilaAt: 15, Schedule: "e=15:f=2", NOF: true, Volume: 13, Redundancy: "auto", Stats: true}},
	"ptI":     {diamond, Config{Algorithm: "fila", FilaAt: 15, Schedule: "e=15:f=3", NOF: true, Volume: 13, Redundancy: "auto", Stats: true}},
	"pt2":     {func(t testing.TB) *puzzleT { return diamondHole(t, 0) }, Config{Redundancy: "auto", Volume: 13, Stats: true}},
	"pt5":     {diamond, Config{Algorithm: "fila", FilaAt: 13, Schedule: "e=13:f=3", NOF: true, Volume: 13, Redundancy: "auto", Stats: true}},
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
