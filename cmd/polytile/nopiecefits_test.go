package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/highs"
)

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
		path := filepath.Join(dir, c.file)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
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

	// compare --task auto: no exact tiling, so maximum coverage (it was
	// exit 1 "no tiling").
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
