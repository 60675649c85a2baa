package export

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
)

// TestReadSATSolution reads the answers of picosat (status first) and
// clasp (assignment first, comments around it): the named variables are
// the columns, the others auxiliary.
func TestReadSATSolution(t *testing.T) {
	names := []string{"x_a", "x_b", "", "x_d"}
	for name, text := range map[string]string{
		"picosat": "s SATISFIABLE\nv -1 2 3\nv -4 -5 6 0\n",
		"clasp":   "c clasp version 3.3.5\nc Answer: 1\nv -1 2 3 -4 -5 6 0\ns SATISFIABLE\nc \nc Models : 1+\n",
	} {
		s, err := ReadSATSolution(strings.NewReader(text), names)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := map[string]float64{"x_a": 0, "x_b": 1, "x_d": 0}
		if !s.Feasible || s.Optimal || s.Status != "SATISFIABLE" || !s.NamesGiven || len(s.Values) != 3 {
			t.Errorf("%s: %+v", name, s)
		}
		for k, v := range want {
			if s.Values[k] != v {
				t.Errorf("%s: %s = %g, want %g", name, k, s.Values[k], v)
			}
		}
	}
	s, err := ReadSATSolution(strings.NewReader("c x\ns UNSATISFIABLE\n"), names)
	if err != nil || s.Feasible || s.Status != "UNSATISFIABLE" {
		t.Errorf("UNSAT: %v %+v", err, s)
	}
	// Without names every variable would be auxiliary: ReadSolution
	// refuses to read an answer as an empty tiling.
	for _, f := range []string{"sat", "pb"} {
		if _, err := ReadSolution(strings.NewReader("s SATISFIABLE\nv 1 0\n"), f, nil); err == nil {
			t.Errorf("%s without names: read", f)
		}
	}
}

// TestReadAnswersRefuse: a file that is not one answer is refused at its
// line (or at its end), in every reader.
func TestReadAnswersRefuse(t *testing.T) {
	names := []string{"x_a", "x_b"}
	cases := []struct {
		format, text string
		line         int
		atEnd        bool
	}{
		{"sat", "v 1 -2 0\n", 1, true},                                // no status
		{"sat", "s SATISFIABLE\ns SATISFIABLE\nv 1 0\n", 2, false},    // status twice
		{"sat", "s SATISFIABLE\nv 1 0\nv 2 0\n", 3, false},            // a second model
		{"sat", "s SATISFIABLE\nv 1 -1 0\n", 2, false},                // a variable twice
		{"sat", "s SATISFIABLE\nv 1 -2\n", 2, true},                   // no final 0
		{"sat", "s UNSATISFIABLE\nv 1 0\n", 2, false},                 // values of no solution
		{"sat", "s SATISFIABLE\n", 1, true},                           // no assignment
		{"sat", "s SATISFIABLE\nv 1 x2 0\n", 2, false},                // a PB literal
		{"sat", "s MAYBE\n", 1, false},                                // unknown status
		{"sat", "s SATISFIABLE\no 3\nv 1 0\n", 2, false},              // an objective
		{"pb", "s OPTIMUM FOUND\nv x1 2\n", 2, false},                 // a SAT literal
		{"pb", "s OPTIMUM FOUND\no many\nv x1\n", 2, false},           // bad objective
		{"pyomo", "solver cbc\nstatus optimal\nx D 0 0\n", 3, false},  // short x line
		{"pyomo", "solver cbc\nstatus optimal\nx D 0 0 1\n", 3, true}, // no objective
		{"pyomo", "solver cbc\nstatus infeasible\nobjective none\nx D 0 0 1\n", 4, false},
		{"pyomo", "solver cbc\nstatus optimal\nobjective 2\nx D 0 0 1\nx D 0 0 1\n", 5, false},
		{"pyomo", "status optimal\nstatus optimal\n", 2, false},
		{"pyomo", "WARNING: something\n", 1, false},
	}
	for _, c := range cases {
		_, err := ReadSolution(strings.NewReader(c.text), c.format, names)
		le := (*LineError)(nil)
		if !errors.As(err, &le) || le.Line != c.line || le.AtEnd != c.atEnd {
			t.Errorf("%s %q: %v; want an error at line %d (at end %v)", c.format, c.text, err, c.line, c.atEnd)
		}
	}
}

// TestReadPBSolution reads clasp's answer to an OPB file: the last "o"
// line is the objective, and an integer column written in binary
// ("z#b" names its bit b) is the sum of its bits.
func TestReadPBSolution(t *testing.T) {
	names := []string{"x_a", "x_b", "z#0", "z#1", "z#2"}
	text := "c clasp version 3.3.5\no -1\no -6\nc Answer: 2\nv -x1 x2 x3 -x4\nv x5\ns OPTIMUM FOUND\n"
	s, err := ReadPBSolution(strings.NewReader(text), names)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Feasible || !s.Optimal || !s.HasObjective || s.Objective != -6 || s.Values["z"] != 5 || s.Values["x_b"] != 1 || s.Values["x_a"] != 0 {
		t.Errorf("%+v", s)
	}
}

// TestReadPyomoSolution reads the script's output: each "x" line is a
// placement at 1, a negative coordinate named as the exports name it;
// "objective none" is no solution; HiGHS's "optimal" holds within its
// gap.
func TestReadPyomoSolution(t *testing.T) {
	s, err := ReadPyomoSolution(strings.NewReader("solver highs\nstatus optimal\nobjective 7.0\nx V_3 2 0 -1\nx L 0 1 2 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !s.Feasible || !s.Optimal || !s.WithinGap || s.Objective != 7 || s.Values["x_V_3_2_0_m1"] != 1 || s.Values["x_L_0_1_2_3"] != 1 || len(s.Values) != 2 {
		t.Errorf("%+v", s)
	}
	s, err = ReadPyomoSolution(strings.NewReader("solver cbc\nstatus infeasible\nobjective none\n"))
	if err != nil || s.Feasible || s.Optimal || s.Status != "infeasible" {
		t.Errorf("infeasible: %v %+v", err, s)
	}
}

// TestDetectAnswers: SAT, PB and Pyomo answers are told from each other
// and from glpsol -w's file, which also starts with "c" lines.
func TestDetectAnswers(t *testing.T) {
	for text, want := range map[string]string{
		"s SATISFIABLE\nv 1 -2 0\n":                      "sat",
		"c clasp version 3.3.5\nc Answer: 1\nv 1 -2 0\n": "sat",
		"s UNSATISFIABLE\n":                              "sat",
		"c clasp\nv x1 -x2\ns SATISFIABLE\n":             "pb",
		"c clasp\no -3\n":                                "pb",
		"s OPTIMUM FOUND\n":                              "pb",
		"solver cbc\nstatus optimal\nobjective 0.0\n":    "pyomo",
		"c Problem:\nc Rows: 3\ns mip 3 2 o 1\n":         "glpk-raw",
		"c Problem:\n":                                   "glpk-raw",
		"x_a 1\n":                                        "gurobi",
		"solver 1\n":                                     "gurobi",
	} {
		if got := DetectSolution([]byte(text)); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}

// TestVariableNamesOfExports: the names ReadVariableNames reads from a
// CNF or OPB export are those CNFVariableNames and OPBVariableNames give
// for its program, the binary integer column of a strengthened seed
// program included; the header's mode, fingerprint and cell count come
// along.
func TestVariableNamesOfExports(t *testing.T) {
	for _, p := range []string{"holes", "cube"} {
		pz := holes(t)
		if p == "cube" {
			pz = cube(t)
		}
		for _, opt := range variants {
			pr := program(t, pz, opt)
			var opb bytes.Buffer
			if err := WriteOPB(&opb, pr); err != nil {
				t.Fatal(err)
			}
			if IsCNFOrOPB(opb.Bytes()) != "opb" {
				t.Fatalf("%s %+v: the OPB file is not told as one", p, opt)
			}
			vn, err := ReadVariableNames(bytes.NewReader(opb.Bytes()), "opb")
			if err != nil {
				t.Fatal(err)
			}
			if want := OPBVariableNames(pr); !slices.Equal(vn.Names, want) || vn.Mode != opt.Mode.String() || vn.Fingerprint != fingerprint(pr) {
				t.Errorf("%s %+v: OPB names %v, mode %s, fingerprint %s; want %v", p, opt, vn.Names, vn.Mode, vn.Fingerprint, want)
			}
			if opt.Formulation != model.Packing || opt.Strengthen {
				continue // CNF: exact and packing without the area rows
			}
			var cnf bytes.Buffer
			if err := WriteCNF(&cnf, pr, SATOptions{MinCovered: -1}); err != nil {
				t.Fatal(err)
			}
			if IsCNFOrOPB(cnf.Bytes()) != "cnf" {
				t.Fatalf("%s %+v: the CNF file is not told as one", p, opt)
			}
			vn, err = ReadVariableNames(bytes.NewReader(cnf.Bytes()), "cnf")
			if err != nil {
				t.Fatal(err)
			}
			wantMin := -1
			if opt.Mode == model.MaxCoverage {
				wantMin = pr.Bound.Bound
			}
			if want := CNFVariableNames(pr); !slices.Equal(vn.Names, want) || vn.Mode != opt.Mode.String() || vn.MinCovered != wantMin {
				t.Errorf("%s %+v: CNF names %v, mode %s, min %d; want %v", p, opt, vn.Names, vn.Mode, vn.MinCovered, want)
			}
		}
	}
}
