package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCheckStopsAtNamesPastTheProgram: a solution file or a --names
// file that gives more names than the program has columns and rows (16
// for the dominoes: 7 and 7, the fingerprint and the placeholder) is
// refused at the name past them, naming its line, in every format that
// names its columns; it was read whole first (a 250 MB file of a
// 20-cell puzzle: 2.8 GB and minutes), to be refused for its unknown
// names (a --names file: 75 s and 2.7 GB, then exit 1).
func TestCheckStopsAtNamesPastTheProgram(t *testing.T) {
	puz := filepath.Join(t.TempDir(), "dominoes.yaml")
	if err := os.WriteFile(puz, []byte(fuzzDominoes), 0o644); err != nil {
		t.Fatal(err)
	}
	const names = 40
	files := map[string]func(b *strings.Builder, i int){
		"gurobi": func(b *strings.Builder, i int) { fmt.Fprintf(b, "a%d 0\n", i) },
		"scip":   func(b *strings.Builder, i int) { fmt.Fprintf(b, "a%d 1 \t(obj:0)\n", i) },
		"cbc":    func(b *strings.Builder, i int) { fmt.Fprintf(b, "%7d a%d 1 0\n", i, i) },
		"highs":  func(b *strings.Builder, i int) { fmt.Fprintf(b, "a%d 0\n", i) },
		"cplex":  func(b *strings.Builder, i int) { fmt.Fprintf(b, "<variable name=\"a%d\" value=\"0\"/>\n", i) },
	}
	heads := map[string]string{
		"gurobi": "# Objective value = 0\n",
		"scip":   "solution status: optimal solution found\n",
		"cbc":    "Optimal - objective value 0\n",
		"highs":  fmt.Sprintf("Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 0\n# Columns %d\n", names),
		"cplex":  "<CPLEXSolution>\n<variables>\n",
	}
	for format, line := range files {
		var b strings.Builder
		b.WriteString(heads[format])
		first := strings.Count(heads[format], "\n") + 1
		for i := range names {
			line(&b, i)
		}
		code, _, errs := run(t, b.String(), "check", puz, "-", "--solver", format)
		want := fmt.Sprintf("<stdin>:%d", first+16)
		if code != 2 || !strings.Contains(errs, want) || !strings.Contains(errs, "past the 16 names the program has") {
			t.Errorf("%s: exit %d, %q; want exit 2 at %s", format, code, errs, want)
		}
	} // The same for a --names file: LP, free MPS, fixed MPS's names.
	sol := filepath.Join(t.TempDir(), "x.sol")
	if err := os.WriteFile(sol, []byte("# Objective value = 0\nx_D_0_0_0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	namesFiles := map[string]func(b *strings.Builder, i int){
		"lp":   func(b *strings.Builder, i int) { fmt.Fprintf(b, " + a%d\n", i) },
		"mps":  func(b *strings.Builder, i int) { fmt.Fprintf(b, "    a%d obj 1\n", i) },
		"fmps": func(b *strings.Builder, i int) { fmt.Fprintf(b, "* X%07d a%d\n", i, i) },
	}
	namesHeads := map[string]string{"lp": "Maximize\n obj: a\n", "mps": "NAME x\nROWS\n N obj\nCOLUMNS\n", "fmps": "* names\n"}
	for format, line := range namesFiles {
		var b strings.Builder
		b.WriteString(namesHeads[format])
		first := strings.Count(namesHeads[format], "\n") + 1
		for i := range names {
			line(&b, i)
		}
		if format == "fmps" {
			b.WriteString("NAME x\nROWS\n N obj\nCOLUMNS\n")
		}
		f := filepath.Join(t.TempDir(), "names."+format)
		if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		skip := 0
		if format == "lp" {
			skip = 1 // a, the objective's column, is the first name
		}
		code, _, errs := run(t, "", "check", puz, sol, "--names", f)
		want := fmt.Sprintf("names.%s:%d", format, first+16-skip)
		if code != 2 || !strings.Contains(errs, want) || !strings.Contains(errs, "past the 16 names the program has") {
			t.Errorf("--names %s: exit %d, %q; want exit 2 at %s", format, code, errs, want)
		}
	}
}

// TestSolutionReadAllocatesItsSize: a regular solution file is read into
// one buffer of its size; io.ReadAll's growing buffer allocated about
// three times the file (the memory of a 250 MB file, and its failure
// under a ulimit -v that the file itself fits).
func TestSolutionReadAllocatesItsSize(t *testing.T) {
	const size = 16 << 20
	path := filepath.Join(t.TempDir(), "big.sol")
	if err := os.WriteFile(path, bytes.Repeat([]byte("x 0\n"), size/4), 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	data, err := readLimitedWait(context.Background(), path, nil)
	runtime.ReadMemStats(&after)
	if err != nil || len(data) != size {
		t.Fatalf("%d bytes, %v", len(data), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > size*5/4 {
		t.Errorf("reading %d bytes allocated %d", size, got)
	}
}
