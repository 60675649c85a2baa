package compare

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBenchFrontierSuite checks the frontier suite: its cases are issue
// 33's speed targets with their OEIS counts, and a run of its quick
// cases (dominoes 16x16, tetrominoes 6x6 beside FILA, pentominoes 6x10)
// finds the known counts, with FILA's time and the ratio in the table,
// the exact counts in every format, a wrong known count reported as a
// disagreement, and a stop at the time limit as a timeout with no
// figure.
func TestBenchFrontierSuite(t *testing.T) {
	cases, err := BenchSuite("frontier")
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]BenchCase{}
	for _, c := range cases {
		if c.Engine != "frontier" || c.ExpectedAll == "" || c.Source == "" {
			t.Errorf("%s: %+v", c.ID, c)
		}
		byID[c.ID] = c
	}
	for id, want := range map[string]string{"F-1": "dominoes 16x16", "F-3": "5 tetrominoes 10x10", "F-4": "12 pentominoes unlimited 6x10", "F-6": "pentomino-10x6.yaml"} {
		if byID[id].Puzzle != want {
			t.Errorf("%s: %q, want %q", id, byID[id].Puzzle, want)
		}
	}
	if c := byID["F-6"]; !c.FILA || !c.Choose || c.ExpectedAll != "9356" {
		t.Errorf("F-6 does not compare with FILA and the choice: %+v", c)
	}
	if byID["F-1"].Flags() != "--backend frontier --count" {
		t.Errorf("F-1 flags %q", byID["F-1"].Flags())
	}

	dir := filepath.Join("..", "examples")
	run := []BenchCase{byID["F-1"], byID["F-2"], byID["F-4"]}
	rep, err := Bench(context.Background(), "frontier", run, BenchOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Rows {
		if r.Status != OK || r.Count != r.ExpectedAll || r.Seconds <= 0 || r.States <= 0 {
			t.Errorf("%s: %s %s, count %s, %v s, %d states", r.ID, r.Status, r.Reason, r.Count, r.Seconds, r.States)
		}
		if processCPU() > 0 && (r.CPUSeconds <= 0 || r.FILA && r.FILACPUSeconds <= 0) {
			t.Errorf("%s: CPU %v s, FILA's %v s", r.ID, r.CPUSeconds, r.FILACPUSeconds)
		}
		if (r.FILAStatus == OK) != r.FILA || r.FILA && r.FILASeconds <= 0 {
			t.Errorf("%s: FILA %q %v s", r.ID, r.FILAStatus, r.FILASeconds)
		}
	}
	if !rep.OK() {
		t.Error("report not OK")
	}
	var tab, csvOut, js bytes.Buffer
	if err := WriteBench(&tab, rep, Text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2,444,888,770,250,892,795,802,079,170,816", "178,939", "FILA / frontier", "not run", "x │"} {
		if !strings.Contains(tab.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, tab.String())
		}
	}
	if err := WriteBench(&csvOut, rep, CSV); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(csvOut.String(), "frontier_seconds") || !strings.Contains(csvOut.String(), ",2444888770250892795802079170816,") {
		t.Errorf("csv:\n%s", csvOut.String())
	}
	if err := WriteBench(&js, rep, JSON); err != nil {
		t.Fatal(err)
	}
	var back BenchReport
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Rows) != 3 || back.Rows[0].Count != "2444888770250892795802079170816" || back.Rows[1].FILAStatus != OK {
		t.Errorf("json: %v\n%s", err, js.String())
	}
	if c := BenchChart(rep); len(c.Bars) != 4 {
		t.Errorf("chart: %d bars, want 3 frontier and 1 FILA", len(c.Bars))
	}

	wrong := byID["F-2"]
	wrong.ExpectedAll = "178940"
	rep, err = Bench(context.Background(), "frontier", []BenchCase{wrong}, BenchOptions{Dir: dir})
	if err != nil || rep.OK() || rep.Rows[0].Status != Disagree || !strings.Contains(rep.Rows[0].Reason, "known: 178940") {
		t.Errorf("a wrong known count: %v, %+v", err, rep.Rows[0])
	}

	start := time.Now()
	rep, err = Bench(context.Background(), "frontier", []BenchCase{byID["F-3"]}, BenchOptions{Dir: dir, TimeLimit: 100 * time.Millisecond})
	if err != nil || rep.Rows[0].Status != Timeout || rep.Rows[0].Count != "" || time.Since(start) > 3*time.Second {
		t.Errorf("a count past its time limit: %v, %+v after %v", err, rep.Rows[0], time.Since(start))
	}
	js.Reset()
	if err := WriteBench(&js, rep, JSON); err != nil || strings.Contains(js.String(), "lower_bound") {
		t.Errorf("a frontier timeout written with a lower bound: %v\n%s", err, js.String())
	}
}
