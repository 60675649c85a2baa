package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// fuzzDominoes is the puzzle of FuzzCheck: three dominoes in a 3x2 box
// (three tilings, a program of 7 columns).
const fuzzDominoes = "name: dominoes\nboard: 3x2\norientations: free\ncount: 3\npieces:\n  D: \"##\"\n"

// fuzzHiGHSExact is what highs 1.15 writes for 'polytile export
// --format lp' of fuzzDominoes (an exact tiling).
const fuzzHiGHSExact = `Model status
Optimal

# Primal solution values
Feasible
Objective 0
# Columns 8
x_D_0_0_0 0
polytile_fp_aee88a49a8b63863ed9c0170b465d942 478272
x_D_1_0_0 1
x_D_0_0_1 1
x_D_1_0_1 0
x_D_1_0_2 0
x_D_0_1_0 0
x_D_0_1_1 1
# Rows 7
overlap_c_0_0 1
overlap_c_0_1 1
overlap_c_0_2 1
overlap_c_1_0 1
overlap_c_1_1 1
overlap_c_1_2 1
count_D 3

# Dual solution values
None

# Basis
HiGHS_basis_file v2
None
`

// fuzzCheckPlace is the FILE:LINE of a check error about a place in the
// solution file (read from stdin: "<stdin>:LINE").
var fuzzCheckPlace = regexp.MustCompile(`^polytile: <stdin>:(\d+)(?::(\d+))?:`)

// FuzzCheck runs 'polytile check' on arbitrary solution files of a tiny
// puzzle, in both modes: the exit is 0, 1 or 2 (never a panic); an exit
// 0 is an exact tiling (exact mode) or a valid optimal one, with a
// report that says so; an error that names a line of the file names
// one it has; and Windows line ends (CRLF) change nothing.
func FuzzCheck(f *testing.F) {
	x := map[string]string{"x_D_0_0_0": "0", "x_D_1_0_0": "1", "x_D_0_0_1": "1", "x_D_1_0_1": "0", "x_D_1_0_2": "0", "x_D_0_1_0": "0", "x_D_0_1_1": "1"}
	var gurobi, scip, cbc, cplex strings.Builder
	gurobi.WriteString("# Objective value = 0\n")
	scip.WriteString("solution status: optimal solution found\nobjective value: 0\n")
	cbc.WriteString("Optimal - objective value 0.00000000\n")
	cplex.WriteString("<?xml version = \"1.0\"?>\n<CPLEXSolution version=\"1.2\">\n <header objectiveValue=\"0\" solutionStatusString=\"integer optimal solution\"/>\n <variables>\n")
	i := 0
	for _, name := range []string{"x_D_0_0_0", "x_D_0_0_1", "x_D_0_1_0", "x_D_0_1_1", "x_D_1_0_0", "x_D_1_0_1", "x_D_1_0_2"} {
		fmt.Fprintf(&gurobi, "%s %s\n", name, x[name])
		if x[name] == "1" {
			fmt.Fprintf(&scip, "%s %s \t(obj:0)\n", name, x[name])
			fmt.Fprintf(&cbc, "%7d %-20s %s 0\n", i, name, x[name])
		}
		fmt.Fprintf(&cplex, "  <variable name=\"%s\" index=\"%d\" value=\"%s\"/>\n", name, i, x[name])
		i++
	}
	cplex.WriteString(" </variables>\n</CPLEXSolution>\n")
	for _, s := range []string{fuzzHiGHSExact, gurobi.String(), scip.String(), cbc.String(), cplex.String(),
		strings.Replace(fuzzHiGHSExact, "x_D_1_0_1 0", "x_D_1_0_1 1", 1), strings.Replace(gurobi.String(), "x_D_0_0_1 1", "x_D_0_0_1 0", 1)} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	puz := filepath.Join(dir, "dominoes.yaml")
	if err := os.WriteFile(puz, []byte(fuzzDominoes), 0o644); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		crlf := bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
		lines := bytes.Count(data, []byte("\n"))
		if len(data) > 0 && data[len(data)-1] != '\n' {
			lines++
		}
		for _, mode := range []string{"exact", "max-coverage"} {
			args := []string{"check", puz, "-", "--json", "--mode", mode}
			var out, errb bytes.Buffer
			code := Main(args, bytes.NewReader(data), &out, &errb)
			switch code {
			case 0, 1:
				var rep checkReport
				if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
					t.Fatalf("%s: exit %d with no report: %v (%s)", mode, code, err, errb.String())
				}
				if code == 0 && (!rep.Valid || !rep.Optimal || mode == "exact" && (!rep.Exact || rep.Coverage != 6 || rep.Pieces != 3)) {
					t.Fatalf("%s: exit 0 with the report %+v", mode, rep)
				}
				if code == 1 && rep.Optimal && rep.Valid && (mode != "exact" || rep.Exact) && len(rep.Problems) == 0 {
					t.Fatalf("%s: exit 1 with the report %+v", mode, rep)
				}
			case 2:
				if m := fuzzCheckPlace.FindStringSubmatch(errb.String()); m != nil {
					if ln, _ := strconv.Atoi(m[1]); ln < 1 || ln > lines {
						t.Fatalf("%s: line %d of a file of %d lines: %s", mode, ln, lines, errb.String())
					}
				}
			default:
				t.Fatalf("%s: exit %d: %s", mode, code, errb.String())
			}
			var out2, errb2 bytes.Buffer
			if code2 := Main(args, bytes.NewReader(crlf), &out2, &errb2); code2 != code {
				t.Fatalf("%s: exit %d, with CRLF line ends exit %d: %s / %s", mode, code, code2, errb.String(), errb2.String())
			}
		}
	})
}

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
