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
// --redundancy piece it does not have) are refused with exit 2, as they
// are on the puzzle without that piece. Every one was exit 1 "no tiling".
// The --json answer carries the puzzle's name and cells (they were "" and
// 0).
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
	cases := []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"solve", bad}, 2, "symmetric: the board has no symmetry rotate180"},
		{[]string{"export", bad, "--format", "dlx", "-o", filepath.Join(dir, "bad.dlx")}, 2, "symmetric: the board has no symmetry rotate180"},
		{[]string{"compare", bad, "--task", "count", "-b", "dlx"}, 2, "symmetric: the board has no symmetry rotate180"},
		{[]string{"solve", sym, "--count", "-j", "2"}, 2, "--jobs 2: the symmetric key's orbit problem"},
		{[]string{"solve", sym, "--count", "--shard", "0/2"}, 2, "--shard 0/2: the symmetric key's orbit problem"},
		{[]string{"solve", plain, "--backend", "foo"}, 2, `unknown backend "foo"`},
		{[]string{"solve", plain, "--count", "--redundancy", "NOPE"}, 2, `--redundancy: no piece named "NOPE"`},
		// The answer stands where the input is right: P is the puzzle's.
		{[]string{"solve", plain, "--count", "--redundancy", "P"}, 1, `no tiling`},
		{[]string{"solve", sym, "--count"}, 1, `no tiling`},
	}
	for _, c := range cases {
		code, _, errs := run(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errs, c.code, c.want)
		}
		if c.code == 2 && strings.Contains(errs, "records the count") {
			t.Errorf("%v: a refused shard said it records the count: %q", c.args, errs)
		}
	}
	code, out, errs := run(t, "", "solve", sym, "--count", "--json")
	var o struct {
		Puzzle string `json:"puzzle"`
		Cells  int    `json:"cells"`
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil || code != 1 || o.Puzzle != "sym" || o.Cells != 6 {
		t.Errorf("--json: exit %d, %+v (%v), stdout %q, stderr %q; want puzzle sym, 6 cells", code, o, err, out, errs)
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
