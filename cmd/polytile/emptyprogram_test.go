package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestEmptyProgramRefusesForeignNames: check of a program without
// columns (no piece fits anywhere) dropped every name not starting with
// x_, so a y of another program's seed export, or any name of nothing,
// was silently dropped and the file judged the empty tiling, optimal
// (exit 0). Now only the exporters' placeholder column (z, X0000001
// mapped to z by a fixed MPS file) is dropped: any other name is "not a
// column of this program", exit 2, exactly as for a program with columns.
func TestEmptyProgramRefusesForeignNames(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	empty := write("empty.yaml", "board: 3x3\npieces:\n  I: \"####\"\n")
	full := write("full.yaml", "board: 3x3\npieces:\n  I: \"###\"\n")
	for _, c := range []struct{ name, text string }{
		{"y.sol", "y_0_0 1\n"},
		{"y0.sol", "y_0_0 0\ny_0_1 0\n"},
		{"yz.sol", "z 0\ny_1_1 1\n"},
		{"other.sol", "foo 0\n"},
		{"short.sol", "X0000001 0\n"}, // a fixed-MPS name, not translated with --names
		{"x.sol", "x_Q_0_0_0 1\n"},
	} {
		sol := write(c.name, c.text)
		for _, puzzle := range []string{empty, full} {
			code, out, errs := run(t, "", "check", puzzle, sol, "--max-coverage")
			if code != 2 || !notColumns.MatchString(errs) || out != "" {
				t.Errorf("%s on %s: exit %d, stdout %q, stderr %q; want exit 2, not columns", c.name, filepath.Base(puzzle), code, out, errs)
			}
		}
	}
	// The placeholder alone is the empty tiling, optimal; a program with
	// columns has no placeholder.
	z := write("z.sol", "z 0\n")
	if code, rep, errs := checkJSON(t, empty, z, "--max-coverage"); code != 0 || !rep.Valid || rep.Coverage != 0 || !rep.Optimal {
		t.Errorf("placeholder on the empty program: exit %d, %+v: %s", code, rep, errs)
	}
	if code, _, errs := run(t, "", "check", full, z, "--max-coverage"); code != 2 || !notColumns.MatchString(errs) {
		t.Errorf("z on a program with columns: exit %d: %s", code, errs)
	}
	// A fixed MPS file maps its placeholder's short name: with --names a
	// solver's X0000001 is the placeholder.
	mps := filepath.Join(dir, "empty.mps")
	if code, _, errs := run(t, "", "export", empty, "--format", "fixed-mps", "--max-coverage", "-o", mps, "-q"); code != 0 {
		t.Fatalf("export fixed-mps: exit %d: %s", code, errs)
	}
	short := write("short2.sol", "X0000001 0\n")
	if code, rep, errs := checkJSON(t, empty, short, "--max-coverage", "--names", mps); code != 0 || !rep.Valid || rep.Coverage != 0 || !rep.Optimal {
		t.Errorf("fixed-MPS placeholder with --names: exit %d, %+v: %s", code, rep, errs)
	}
}

// notColumns matches check's refusal of names that are not columns of the
// program ("its only name is not a column", "1 of its 3 names is not a
// column", "2 of its 3 names are not columns", "none of its 3 names is a
// column").
var notColumns = regexp.MustCompile(`(is not a column|are not columns|names is a column) of this program \(`)
