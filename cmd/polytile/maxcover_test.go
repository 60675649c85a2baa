package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/puzzle"
)

// coverageJSON is the max-coverage part of `solve --json`.
type coverageJSON struct {
	Backend, Config, Proof string
	Coverage, Cells, Bound int
	Optimal                bool
	TimedOut               bool `json:"timed_out"`
	Tilings                [][]placementJS
}

func solveCoverage(t *testing.T, file string, args ...string) (int, coverageJSON) {
	t.Helper()
	code, out, errs := run(t, "", append([]string{"solve", file, "--max-coverage", "--json"}, args...)...)
	var o coverageJSON
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("exit %d, not JSON: %v\n%s%s", code, err, out, errs)
	}
	return code, o
}

// checkTiling rebuilds the JSON tiling and verifies it covers o.Coverage.
func checkTiling(t *testing.T, file string, o coverageJSON) {
	t.Helper()
	p, err := puzzle.ParseFile(file, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Tilings) != 1 {
		t.Fatalf("%d tilings, want 1", len(o.Tilings))
	}
	var tl puzzle.Tiling
	for _, pl := range o.Tilings[0] {
		tl.Placements = append(tl.Placements, puzzle.Placement{Piece: p.Piece(pl.Piece), Orient: pl.Orient, At: puzzle.Cell{I: pl.At[0], J: pl.At[1]}})
	}
	rep, err := p.Verify(tl, false)
	if err != nil || rep.Covered != o.Coverage {
		t.Fatalf("tiling covers %d cells (%v), JSON says %d", rep.Covered, err, o.Coverage)
	}
}

// The default backend answers --max-coverage natively and states its proof.
func TestSolveMaxCoverageNative(t *testing.T) {
	file := example("tetris-7x7.yaml")
	code, out, errs := run(t, "", "solve", file, "--max-coverage")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"48 of 49 cells, optimal", "proof       area bound 48: largest multiple of 4 <= 49; tiling with 1 hole", "backend     native"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, o := solveCoverage(t, file)
	if code != 0 || o.Coverage != 48 || o.Cells != 49 || o.Bound != 48 || !o.Optimal || o.Backend != "native" || !strings.Contains(o.Proof, "area bound 48") {
		t.Errorf("exit %d: %+v", code, o)
	}
	checkTiling(t, file, o)
}

// L trominoes cannot fill 3x3: the proof names the refuted area bound.
func TestSolveMaxCoverageRefutesBound(t *testing.T) {
	file := filepath.Join(t.TempDir(), "l3.yaml")
	os.WriteFile(file, []byte("board: 3x3\ncount: unlimited\npieces:\n  L: \"#./##\"\n"), 0o644)
	code, o := solveCoverage(t, file, "--backend", "dlx")
	if code != 0 || o.Coverage != 6 || o.Bound != 6 || !o.Optimal || !strings.Contains(o.Proof, "no tiling covers 9 cells") {
		t.Errorf("exit %d: %+v", code, o)
	}
	checkTiling(t, file, o)
}

// A time limit stops a search that cannot prove its optimum in time; the
// best tiling found is printed and verifies.
func TestSolveMaxCoverageTimeLimit(t *testing.T) {
	file := filepath.Join(t.TempDir(), "t18.yaml")
	os.WriteFile(file, []byte("board: 18x18\ncount: unlimited\npieces:\n  T: \"###/.#.\"\n"), 0o644)
	code, o := solveCoverage(t, file, "--time-limit", "300ms")
	if code != 0 || !o.TimedOut || o.Optimal || o.Coverage == 0 || o.Bound < o.Coverage || o.Bound > 324 {
		t.Errorf("exit %d: %+v", code, o)
	}
	checkTiling(t, file, o)
}

// HiGHS starts from the native tiling unless --no-warm-start.
func TestSolveMaxCoverageWarmStart(t *testing.T) {
	if highs.Version() == "" {
		t.Skip("HiGHS is not compiled in")
	}
	file := example("tetris-7x7.yaml")
	for _, form := range []string{"seed", "packing"} {
		code, o := solveCoverage(t, file, "--backend", "highs", "--formulation", form, "--strengthen")
		if code != 0 || o.Coverage != 48 || !o.Optimal || !strings.Contains(o.Config, "warm start: native tiling covering 48") || !strings.Contains(o.Proof, "warm start") {
			t.Errorf("%s: exit %d: %+v", form, code, o)
		}
		checkTiling(t, file, o)
		code, o = solveCoverage(t, file, "--backend", "highs", "--formulation", form, "--no-warm-start")
		if code != 0 || o.Coverage != 48 || !o.Optimal || strings.Contains(o.Config, "warm start") {
			t.Errorf("%s, no warm start: exit %d: %+v", form, code, o)
		}
	}
}

// TestMaxCoverageScheduleLevelsRefused: maximum coverage runs DLX with
// hole options with the first heuristic of a schedule throughout, but
// solve --max-coverage --heuristic e=5:f=2 took the schedule and showed it
// on the backend line ("heuristic e=5:f=2"), its levels doing nothing. It
// is now refused (exit 2) naming the heuristic that runs, on the native
// backends and for HiGHS's warm start; one heuristic still runs.
func TestMaxCoverageScheduleLevelsRefused(t *testing.T) {
	t7 := example("tetris-7x7.yaml")
	for _, args := range [][]string{
		{"--heuristic", "e=5:f=2"},
		{"--heuristic", "f=3", "--backend", "dlx"},
		{"--heuristic", "e=5:f=2", "--backend", "highs"},
	} {
		code, out, errs := run(t, "", append([]string{"solve", t7, "--max-coverage"}, args...)...)
		first, _, _ := strings.Cut(args[1], "=")
		if code != 2 || out != "" || !strings.Contains(errs, "levels have no meaning") || !strings.Contains(errs, "give --heuristic "+first) {
			t.Errorf("%v: exit %d, %q %q; want exit 2 naming --heuristic %s", args, code, out, errs, first)
		}
	}
	if code, o := solveCoverage(t, t7, "--heuristic", "e"); code != 0 || o.Coverage != 48 || !strings.HasSuffix(o.Config, "heuristic e") {
		t.Errorf("--heuristic e: exit %d, %+v", code, o)
	}
}
