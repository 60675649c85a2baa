package export

import (
	"bytes"
	"testing"
)

// FuzzReaders feeds arbitrary bytes to every solution reader: they return
// an error or a Solution and never panic, and memory stays bounded by the
// input.
func FuzzReaders(f *testing.F) {
	for _, s := range []string{highsSol, cbcSol, cbcSolAll, glpkOut, glpkOutLong, glpkRaw, glpkProblem, "", "Model status\n", "s mip 1 1 o 1\nj 1 1\n",
		"# Objective value = 4\nx_a 1\n", "solution status: optimal solution found\nobjective value: 4\nx_a 1 \t(obj:0)\n",
		"no solution available\n", "solution status: infeasible\nno solution available\n", "objective value: inf\nx_a 1\n",
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
		_ = DetectSolution(data)
		_, _ = MPSColumnOrder(bytes.NewReader(data))
		_, _ = LPColumnOrder(bytes.NewReader(data))
		_, _ = ReadMPSNames(bytes.NewReader(data))
	})
}
