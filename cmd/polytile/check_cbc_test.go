package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// cbcNonzero is a CBC solution of tetris-7x7 --max-coverage in CBC's
// default layout (only the nonzero columns), made from export --start
// --start-format cbc (every column, by the program's index), and the
// program.
func cbcNonzero(t *testing.T, dir string) (head string, cols []string, zero []string, prog *model.Program) {
	t.Helper()
	file := example("tetris-7x7.yaml")
	start := filepath.Join(dir, "t.cbc")
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "-o", filepath.Join(dir, "t.lp"), "--start", start, "--start-format", "cbc", "-q"); code != 0 {
		t.Fatalf("export --start: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(start)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	head = lines[0]
	for _, l := range lines[1:] {
		if f := strings.Fields(l); f[2] != "0" {
			cols = append(cols, l)
		} else {
			zero = append(zero, l)
		}
	}
	p, err := puzzle.ParseFile(file, "")
	if err != nil {
		t.Fatal(err)
	}
	if prog, err = model.NewProgram(p, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.DefaultFormulation}); err != nil {
		t.Fatal(err)
	}
	return head, cols, zero, prog
}

// TestCheckCBCLineOutOfPlace: the CBC reader took any index that went
// down for CBC's one restart (rows, then columns) and dropped every line
// before it as rows: one stray line with a lower index after a valid
// solution made check judge an empty tiling (exit 1, "valid, not proven
// optimal"), and a first line with index 9999 was dropped as a row (exit
// 0). A line that fits neither the rows (index and name of a row of the
// program, increasing) nor the columns (increasing after them) is now an
// error naming its line (exit 2); CBC's rows and all layouts still read.
func TestCheckCBCLineOutOfPlace(t *testing.T) {
	dir := t.TempDir()
	head, cols, zero, prog := cbcNonzero(t, dir)
	f := strings.Fields(zero[0]) // a column of value 0, lower than the last nonzero one
	stray := "   " + f[0] + " " + f[1] + "  0  0"
	var rows []string
	for i := range prog.NumRows() {
		rows = append(rows, fmt.Sprintf("%7d %s 1 0", i, prog.RowName(i)))
	}
	nc := len(cols)
	cases := []struct {
		name  string
		lines []string
		code  int
		line  string // the line the error names, FILE:LINE:
	}{
		{"normal", cols, 0, ""},
		{"all", append(append([]string{}, rows...), cols...), 0, ""},
		{"rows, some", append([]string{rows[3], rows[7]}, cols...), 0, ""},
		{"stray line last", append(append([]string{}, cols...), stray), 2, fmt.Sprint(nc + 2)},
		{"index 9999 first", append([]string{"   9999 " + f[1] + " 1 0"}, cols...), 2, "3"},
		{"row at another index", append([]string{rows[0], fmt.Sprintf("%7d %s 1 0", 5, prog.RowName(2))}, cols...), 2, "3"},
		{"row among the columns", append(append([]string{}, cols...), fmt.Sprintf("%7d %s 1 0", 9000, prog.RowName(0))), 2, fmt.Sprint(nc + 2)},
	}
	for _, c := range cases {
		sol := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".sol")
		if err := os.WriteFile(sol, []byte(head+"\n"+strings.Join(c.lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "", "check", example("tetris-7x7.yaml"), sol, "--max-coverage")
		if code != c.code || c.line != "" && !strings.Contains(errs, sol+":"+c.line+": CBC solution: ") {
			t.Errorf("%s: exit %d (want %d, naming %q): %s%s", c.name, code, c.code, c.line, out, errs)
		}
	}
}

// TestCheckCBCPrintingOptions: CBC's own files with printingOptions
// normal, integer, rows and all (the rows section first) read and verify
// (--strengthen: CBC proves the optimum 16 of 20 cells in about 0.3 s).
func TestCheckCBCPrintingOptions(t *testing.T) {
	if testing.Short() {
		t.Skip("runs cbc")
	}
	if _, err := exec.LookPath("cbc"); err != nil {
		t.Skip("no cbc")
	}
	dir := t.TempDir()
	file := example("tetrominoes-5x4.yaml")
	lp := filepath.Join(dir, "t.lp")
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "--strengthen", "-o", lp); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	for _, po := range []string{"normal", "integer", "rows", "all"} {
		sol := filepath.Join(dir, po+".sol")
		if out, err := exec.Command("cbc", lp, "sec", "60", "printingOptions", po, "solve", "solu", sol).CombinedOutput(); err != nil {
			t.Fatalf("cbc %s: %v: %s", po, err, out)
		}
		code, rep, errs := checkJSON(t, file, sol, "--max-coverage", "--strengthen")
		if code != 0 || rep.Coverage != 16 || !rep.Optimal {
			t.Errorf("printingOptions %s: exit %d, coverage %d, optimal %v: %s", po, code, rep.Coverage, rep.Optimal, errs)
		}
	}
}
