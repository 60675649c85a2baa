package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/solcheck"
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
	puz := writeFile(f, dir, "dominoes.yaml", fuzzDominoes)
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
				var rep solcheck.Report
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
