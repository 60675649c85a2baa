package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareUnlimitedPieceLevelsRefused: compare took fila:at=N and a
// schedule with levels on a puzzle with an unlimited piece and ran them
// as if they were not there (FILA from the start, the first heuristic
// throughout), where solve refuses --fila-at N and --heuristic e=5:f=2.
// compare now refuses such a --backends spec before anything runs (exit
// 2, naming the spec, the puzzle and what runs instead), whatever the
// task; the same specs on a puzzle of finite pieces still run.
func TestCompareUnlimitedPieceLevelsRefused(t *testing.T) {
	dir := t.TempDir()
	xl := filepath.Join(dir, "xl.yaml")
	if err := os.WriteFile(xl, []byte("board: 7x5\npieces:\n  X: \".#./###/.#.\"\n  L: {shape: \"#./##\", count: unlimited}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	finite := filepath.Join(dir, "finite.yaml")
	if err := os.WriteFile(finite, []byte("board: 4x3\npieces:\n  L: {shape: \"#./#./##\", count: 3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		spec, want string
	}{
		{"fila:f,at=3", "at=3: with an unlimited piece (the number of pieces left is unknown) FILA starts at once; leave at=3 out"},
		{"native:at=2", "leave at=2 out"},
		{"fila:e=5:f=2,nof", "e=5:f=2: with an unlimited piece the number of pieces left is unknown, so levels have no meaning and e would run throughout; give e"},
		{"dlx:s=4:f=2", "give s"},
		{"native:e=3:f=1", "give e"},
	} {
		// count: the unlimited piece's reason, on xl; maximum coverage
		// (the task given, or auto's choice for xl's unlimited piece):
		// only the heuristic applies there, refused on the first puzzle
		// it is the task of.
		for _, v := range []struct{ task, file, want string }{
			{"count", xl, c.want},
			{"max-coverage", finite, "maximum coverage runs"},
			{"auto", xl, "maximum coverage runs"},
		} {
			code, out, errs := run(t, "", "compare", finite, xl, "--task", v.task, "--backends", "dlx "+c.spec, "-q")
			if code != 2 || out != "" || !strings.Contains(errs, "--backends "+c.spec+" on "+v.file+": ") || !strings.Contains(errs, v.want) {
				t.Errorf("%s, task %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.spec, v.task, code, out, errs, v.want)
			}
		}
		if code, out, errs := run(t, "", "compare", finite, "--task", "count", "--backends", "dlx "+c.spec, "-q"); code != 0 {
			t.Errorf("%s on finite pieces: exit %d: %s%s", c.spec, code, out, errs)
		}
	}
	if code, out, errs := run(t, "", "compare", xl, "--task", "count", "--backends", "dlx fila:e,nof native:vol=3", "-q"); code != 0 {
		t.Errorf("options that apply: exit %d: %s%s", code, out, errs)
	}
}
