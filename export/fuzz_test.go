package export

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// FuzzReaders feeds arbitrary bytes to every solution reader: they return
// an error or a Solution and never panic, and memory stays bounded by the
// input; a SCIP or Gurobi file's verdict does not depend on the order of
// its lines.
func FuzzReaders(f *testing.F) {
	for _, s := range []string{highsSol, cbcSol, cbcSolAll, glpkOut, glpkOutLong, glpkRaw, glpkProblem, "", "Model status\n", "s mip 1 1 o 1\nj 1 1\n",
		"# Objective value = 4\nx_a 1\n", "solution status: optimal solution found\nobjective value: 4\nx_a 1 \t(obj:0)\n",
		"no solution available\n", "solution status: infeasible\nno solution available\n", "solution status: infeasible\nobjective value: 4\n", "objective value: inf\nx_a 1\n",
		"<CPLEXSolution><header objectiveValue=\"4\"/><variables><variable name=\"x_a\" value=\"1\"/></variables></CPLEXSolution>"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		names := []string{"x_a", "y_b", "z", "w"}
		for _, read := range []func() (*Solution, error){
			func() (*Solution, error) { return ReadHiGHSSolution(bytes.NewReader(data)) },
			func() (*Solution, error) { return ReadCBCSolution(bytes.NewReader(data)) },
			func() (*Solution, error) { return ReadGLPKSolution(bytes.NewReader(data)) },
			func() (*Solution, error) { return ReadGLPKRaw(bytes.NewReader(data), names) },
		} {
			s, err := read()
			if err == nil && s.Values == nil {
				t.Fatal("a Solution without a value map")
			}
		}
		if names, err := ReadGLPKNames(bytes.NewReader(data)); err == nil && len(names) > len(data) {
			t.Fatalf("%d names from %d bytes", len(names), len(data))
		}
		for _, format := range []string{"gurobi", "cplex", "scip"} {
			s, err := ReadSolution(bytes.NewReader(data), format, nil)
			if err == nil && s.Values == nil {
				t.Fatalf("%s: a Solution without a value map", format)
			}
		}
		// SCIP and Gurobi files are sets of lines: the verdict, or the
		// refusal, is that of the lines in reverse order.
		rev := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		slices.Reverse(rev)
		for _, format := range []string{"gurobi", "scip"} {
			s1, err1 := ReadSolution(bytes.NewReader(data), format, nil)
			s2, err2 := ReadSolution(strings.NewReader(strings.Join(rev, "\n")+"\n"), format, nil)
			if v1, v2 := verdict(s1, err1), verdict(s2, err2); v1 != v2 {
				t.Fatalf("%s: %s (%v); lines reversed: %s (%v)", format, v1, err1, v2, err2)
			}
		}
		_ = DetectSolution(data)
		_, _ = MPSColumnOrder(bytes.NewReader(data))
		_, _ = LPColumnOrder(bytes.NewReader(data))
		_, _ = ReadMPSNames(bytes.NewReader(data))
	})
}
