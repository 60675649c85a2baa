package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAnswerAfterInputChecks: a puzzle with a piece that fits nowhere is
// answered "no tiling" (exit 1) only once the input is checked: the
// puzzle (a symmetric key the board does not have), the backend and the
// flags that the puzzle makes wrong (-j, --shard on a symmetric puzzle, a
// --redundancy piece it does not have; export's dialect and symmetry rows,
// compare's backend options, a later file of compare; check's solution
// file, never opened) are refused with
// exit 2, as they are on the puzzle without that piece. Every one was
// exit 1 "no tiling".
// The --json answers of solve and check carry the puzzle's name and cells
// (they were "" and 0).
func TestAnswerAfterInputChecks(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// P (10 cells) fits nowhere on the 6 cells of 3x2; the L-shaped board
	// of bad has no half-turn symmetry.
	const pieces = "pieces:\n  M: {shape: \"#\", count: 6}\n  P: \"#####/#####\"\n"
	plain := write("plain.yaml", "name: plain\nboard: 3x2\n"+pieces)
	sym := write("sym.yaml", "name: sym\nboard: 3x2\n"+pieces+"symmetric: rotate180\n")
	bad := write("bad.yaml", "name: bad\nboard: |\n  ###\n  ##.\n"+pieces+"symmetric: rotate180\n")
	garbage := write("garbage.sol", "garbage\n")
	cbc := write("x.sol", "Optimal - objective value 0\n")
	cases := []struct {
		args []string
		code int
		want string // in stderr
	}{
		// check reads the solution file before the answer (it was never
		// opened).
		{[]string{"check", plain, filepath.Join(dir, "missing.sol")}, 2, "missing.sol: no such file"},
		{[]string{"check", plain, garbage}, 2, "not a solution file polytile knows"},
		{[]string{"check", sym, cbc, "--symmetry", "pin"}, 2, "symmetry rows (pin / hole) do not apply"},
		{[]string{"check", plain, cbc}, 1, "no tiling"},
		{[]string{"solve", bad}, 2, "symmetric: the board has no symmetry rotate180"},
		{[]string{"export", bad, "--format", "dlx", "-o", filepath.Join(dir, "bad.dlx")}, 2, "symmetric: the board has no symmetry rotate180"},
		{[]string{"compare", bad, "--task", "count", "-b", "dlx"}, 2, "symmetric: the board has no symmetry rotate180"},
		{[]string{"solve", sym, "--count", "-j", "2"}, 2, "--jobs 2: the symmetric key's orbit problem"},
		{[]string{"solve", sym, "--count", "--shard", "0/2"}, 2, "--shard 0/2: the symmetric key's orbit problem"},
		{[]string{"solve", plain, "--backend", "foo"}, 2, `unknown backend "foo"`},
		{[]string{"solve", plain, "--count", "--redundancy", "NOPE"}, 2, `--redundancy: no piece named "NOPE"`},
		{[]string{"solve", plain, "--json", "--render", "svg"}, 2, "--json output and a picture cannot share stdout"},
		{[]string{"solve", plain, "--json", "--limit", "1000000"}, 2, "--json holds every tiling in one object"},
		{[]string{"export", sym, "--format", "dlx", "--dialect", "dlx1"}, 2, "written in dlx3 syntax only"},
		{[]string{"export", sym, "--format", "lp", "--symmetry", "pin"}, 2, "symmetry rows (pin / hole) do not apply"},
		{[]string{"export", plain, "--format", "bogus"}, 2, `unknown export format "bogus"`},
		{[]string{"compare", sym, "--task", "count", "-b", "dlx:j=2"}, 2, "j=2: the symmetric key's orbit problem"},
		{[]string{"compare", plain, "--task", "count", "-b", "dlx:r=NOPE"}, 2, `r=NOPE: no piece named "NOPE"`},
		// The first file's answer waits for the second file's check.
		{[]string{"compare", plain, bad, "--task", "count", "-b", "dlx"}, 2, "symmetric: the board has no symmetry rotate180"},
		// The answer stands where the input is right: P is the puzzle's.
		{[]string{"solve", plain, "--count", "--redundancy", "P"}, 1, `no tiling`},
		{[]string{"solve", sym, "--count"}, 1, `no tiling`},
		{[]string{"export", sym, "--format", "dlx"}, 1, `no tiling`},
		{[]string{"compare", plain, sym, "--task", "count", "-b", "dlx"}, 1, `no tiling`},
		{[]string{"compare", plain, "--task", "count", "-b", "dlx:r=P"}, 1, `no tiling`},
	}
	for _, c := range cases {
		code, _, errs := run(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errs, c.code, c.want)
		}
		if c.code == 2 && strings.Contains(errs, "records the count") {
			t.Errorf("%v: a refused shard said it records the count: %q", c.args, errs)
		}
		if strings.Contains(errs, "left out") {
			t.Errorf("%v: an exact command said a piece was left out: %q", c.args, errs)
		}
	}
	for _, args := range [][]string{{"solve", sym, "--count", "--json"}, {"check", sym, cbc, "--json"}} {
		code, out, errs := run(t, "", args...)
		var o struct {
			Puzzle string `json:"puzzle"`
			Cells  int    `json:"cells"`
		}
		if err := json.Unmarshal([]byte(out), &o); err != nil || code != 1 || o.Puzzle != "sym" || o.Cells != 6 {
			t.Errorf("%v: exit %d, %+v (%v), stdout %q, stderr %q; want puzzle sym, 6 cells", args, code, o, err, out, errs)
		}
	}
}

// TestSolveOutputsCheckedBeforeReading: solve checks its outputs once,
// before the puzzle is read (they were checked there for stdout alone,
// then all of them again after the reading): an -o or --checkpoint that
// cannot be written is exit 2 even where the reading answers "no tiling"
// (it was exit 1, the output never checked).
func TestSolveOutputsCheckedBeforeReading(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "u.yaml")
	if err := os.WriteFile(path, []byte("name: u\nboard: 3x2\npieces:\n  M: {shape: \"#\", count: 6}\n  P: \"#####/#####\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing")
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"solve", path, "-o", filepath.Join(missing, "x.txt")}, "-o"},
		{[]string{"solve", path, "--json", "-o", filepath.Join(missing, "x.json")}, "-o"},
		{[]string{"solve", path, "--count", "--checkpoint", filepath.Join(missing, "ck")}, "--checkpoint"},
		{[]string{"solve", path, "--count", "--checkpoint", path}, "--checkpoint"},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != 2 || !strings.HasPrefix(errs, "polytile: "+c.flag) || strings.Contains(errs, "no tiling") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 about %s", c.args, code, errs, c.flag)
		}
	}
}

// TestCompareRedundancyPieceNamed: compare refuses an r=PIECE that names
// no piece of the puzzle before anything runs (exit 2), as solve refuses
// --redundancy with it; it was an error row, "native: redundancy filter:
// no piece named ...", and exit 1. A piece of the puzzle runs.
func TestCompareRedundancyPieceNamed(t *testing.T) {
	ex := example("pentomino-10x6.yaml")
	code, _, errs := run(t, "", "compare", ex, "--task", "count", "-b", "dlx:r=NOPE", "--time-limit", "30s")
	if code != 2 || !strings.Contains(errs, `--backends dlx:r=NOPE on `) || !strings.Contains(errs, `r=NOPE: no piece named "NOPE"`) {
		t.Errorf("r=NOPE: exit %d, stderr %q; want exit 2", code, errs)
	}
	code, _, errs = run(t, "", "solve", ex, "--count", "--redundancy", "NOPE")
	if code != 2 || !strings.Contains(errs, `no piece named "NOPE"`) {
		t.Errorf("solve --redundancy NOPE: exit %d, stderr %q; want exit 2", code, errs)
	}
}
