package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/puzzle"
)

// coverageJSON is the max-coverage part of `solve --json`.
type coverageJSON struct {
	Backend, Config, Proof string
	Coverage, Cells, Bound int
	Optimal                bool
	TimedOut               bool `json:"timed_out"`
	Tilings                [][]puzzle.PlacementJSON
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

// TestMaxCoverageWhenNoPieceFits: when no piece can be placed at all (too
// big for the board, or no placement its constraint allows), the maximum
// coverage is 0 cells, proven: nothing can be placed. It was exit 1 "no
// tiling" with nothing on stdout, --json included. Now every path answers
// it like any proven optimum (exit 0): solve with the native search and
// HiGHS (both formulations), export (LP, MPS, fixed MPS; OPB declares the
// placeholder variable it uses) read back by the external solvers and
// check, and compare --task max-coverage.
func TestMaxCoverageWhenNoPieceFits(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ file, text string }{
		{"big.yaml", "board: 3x3\npieces:\n  I: \"####\"\n"},
		{"two.yaml", "board: 3x3\npieces:\n  I: \"####\"\n  J: \"##/##/##/##\"\n"},
		// the O fits, but its constraint allows no placement (unlimited supply)
		{"con.yaml", "board: 3x3\ncount: unlimited\npieces:\n  O: \"##/##\"\nconstraints:\n  O: {at: [2, 2]}\n"},
		{"a.knuth", "[0-9][0-5]\nX 1g 11 21 12 10\n"},
	}
	backends := [][]string{{"--backend", "fila"}, {"--backend", "dlx"}}
	if highs.Version() != "" {
		backends = append(backends, []string{"--backend", "highs"}, []string{"--backend", "highs", "--formulation", "seed"})
	}
	for _, c := range cases {
		path := writeFile(t, dir, c.file, c.text)
		cells := 9
		if c.file == "a.knuth" {
			cells = 60
		}
		for _, b := range backends {
			code, out, errs := run(t, "", append([]string{"solve", path, "--max-coverage", "--json", "-q"}, b...)...)
			var o coverageJSON
			if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 || o.Coverage != 0 || o.Bound != 0 || !o.Optimal || o.Cells != cells || len(o.Tilings) != 1 || len(o.Tilings[0]) != 0 ||
				!strings.Contains(o.Proof, "no piece fits anywhere on the board") {
				t.Errorf("%s %v: exit %d, %+v, %v: stdout %q, stderr %q", c.file, b, code, o, err, out, errs)
			}
			code, out, errs = run(t, "", append([]string{"solve", path, "--max-coverage", "-q", "--render", "ascii"}, b...)...)
			if code != 0 || !strings.Contains(out, "0 of ") || !strings.Contains(out, "cells, optimal") {
				t.Errorf("%s %v (text): exit %d: %s%s", c.file, b, code, out, errs)
			}
		}
	}

	// Export, an external solver, check: the program has no column.
	path := filepath.Join(dir, "big.yaml")
	ran := 0
	glpFlag := map[string]string{"lp": "--lp", "mps": "--freemps", "fixed-mps": "--mps"}
	for _, format := range []string{"lp", "mps", "fixed-mps"} {
		file := filepath.Join(dir, "big."+format)
		if code, _, errs := run(t, "", "export", path, "--format", format, "--max-coverage", "-o", file, "-q"); code != 0 {
			t.Fatalf("export %s: exit %d: %s", format, code, errs)
		}
		for _, s := range []struct {
			bin, solver string
			args        []string
		}{
			{"highs", "highs", []string{"--model_file", file, "--solution_file", file + ".highs"}},
			{"cbc", "cbc", []string{file, "solve", "solu", file + ".cbc"}},
			{"glpsol", "glpk", []string{glpFlag[format], file, "-o", file + ".glpk"}},
		} {
			bin, err := exec.LookPath(s.bin)
			if err != nil || s.bin == "highs" && format == "fixed-mps" { // highs reads .mps and .lp
				continue
			}
			sol := s.args[len(s.args)-1]
			cmd := exec.Command(bin, s.args...)
			cmd.Dir = filepath.Dir(file) // HiGHS writes Highs.log into its working directory
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s on %s: %v: %s", s.bin, format, err, out)
				continue
			}
			ran++
			args := []string{path, sol, "--solver", s.solver, "--max-coverage"}
			if format == "fixed-mps" {
				args = append(args, "--names", file)
			}
			code, rep, errs := checkJSON(t, args...)
			if code != 0 || !rep.Valid || rep.Coverage != 0 || !rep.Optimal {
				t.Errorf("check %s of %s: exit %d, %+v: %s", s.bin, format, code, rep, errs)
			}
		}
	}
	if ran == 0 {
		t.Log("no external solver on PATH: export round trip not run (run make deps)")
	}
	code, out, errs := run(t, "", "export", path, "--format", "opb", "--max-coverage", "-q")
	if code != 0 || !strings.HasPrefix(out, "* #variable= 1 ") || !strings.Contains(out, "min: 0 x1 ;") {
		t.Errorf("export opb: exit %d: %s%s", code, out, errs)
	}

	// compare --task auto: no exact tiling, so maximum coverage (exit 0,
	// not "no tiling").
	if code, out, errs := run(t, "", "compare", path, "--backends", "native", "--format", "csv", "-q"); code != 0 || !strings.Contains(out, ",max-coverage,native,ok,,,,0,0,true,") {
		t.Errorf("compare (auto): exit %d: %s%s", code, out, errs)
	}
	// compare: every backend that runs agrees on 0 cells.
	list := "native"
	if highs.Version() != "" {
		list += ",highs:seed,highs:packing"
	}
	for _, bin := range []string{"highs", "cbc", "glpsol"} {
		if _, err := exec.LookPath(bin); err == nil {
			name := map[string]string{"highs": "highs-cli"}[bin]
			if name == "" {
				name = bin
			}
			list += " " + name + " " + name + ":mps"
		}
	}
	code, out, errs = run(t, "", "compare", path, "--task", "max-coverage", "--backends", list, "--format", "json", "-q")
	var rep struct {
		Tables []struct {
			Agree bool
			Rows  []struct {
				Backend, Status string
				Coverage        *int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 || len(rep.Tables) != 1 || !rep.Tables[0].Agree {
		t.Fatalf("compare: exit %d, %v: %s%s", code, err, out, errs)
	}
	for _, r := range rep.Tables[0].Rows {
		if r.Status != "ok" || r.Coverage == nil || *r.Coverage != 0 {
			t.Errorf("compare row %s: status %s, coverage %v", r.Backend, r.Status, r.Coverage)
		}
	}
}

// TestMaxCoverageTimeLimitOnBigBoard: solve --max-coverage --time-limit
// on a 1024x1024 board of monominoes ends within the limit and a second
// (the greedy start, the symmetries, the colouring and the text picture
// of a million placements ran seconds past it, exit 0); what was found
// is reported, and a picture not drawn within half a second of the stop
// is not written, with a note.
func TestMaxCoverageTimeLimitOnBigBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("a million cells")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "mono.yaml")
	os.WriteFile(in, []byte("board: 1024x1024\ncount: unlimited\npieces:\n  I: \"#\"\n"), 0o644)
	out := filepath.Join(dir, "out.txt")
	start := time.Now()
	code, stdout, errs := run(t, "", "solve", in, "--max-coverage", "--time-limit", "1500ms", "-o", out)
	took := time.Since(start)
	if took > 2500*time.Millisecond {
		t.Errorf("took %v with --time-limit 1500ms (exit %d): %s%s", took, code, stdout, errs)
	}
	if _, err := os.Stat(out); err == nil && strings.Contains(errs, "not written") {
		t.Errorf("the note says the picture was not written, but %s exists", out)
	}
	if strings.Contains(errs, "not written") && code != 1 {
		t.Errorf("the picture asked for was not written, yet exit %d (want 1)", code)
	}
	if !strings.Contains(stdout, "coverage") {
		t.Errorf("no summary: exit %d %s %s", code, stdout, errs)
	}
}
