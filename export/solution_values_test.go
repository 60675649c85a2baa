package export

import (
	"errors"
	"strings"
	"testing"
)

// TestReadersRefuseBadValues: every reader refuses, naming the line, a
// column whose value is NaN or infinite, a number out of float64's range
// (1e309, a 100,000-digit number; quoted shortened,
// not whole), and a column listed twice. The old readers stored NaN and
// inf, took the last of two values (or, in CBC, dropped every column
// before a repeated index), echoed the whole number in a strconv error,
// and glpsol -o's reader skipped an unreadable activity in favour of the
// lower bound that follows it.
func TestReadersRefuseBadValues(t *testing.T) {
	huge := "1" + strings.Repeat("9", 100_000)
	type reader func(string) (*Solution, error)
	readers := []struct {
		name string
		text string
		line string // the line of y_b = 1 in text
		ln   string // its number
		read reader
	}{
		{"highs", highsSol, "y_b 1", "9", func(s string) (*Solution, error) { return ReadHiGHSSolution(strings.NewReader(s)) }},
		{"cbc", cbcSol, "      1 y_b                    1                       3", "3", func(s string) (*Solution, error) { return ReadCBCSolution(strings.NewReader(s)) }},
		{"cbc-all", cbcSolAll, "      1 y_b                    1                       3", "5", func(s string) (*Solution, error) { return ReadCBCSolution(strings.NewReader(s)) }},
		{"glpk", glpkOut, "     2 y_b          *              1             0             1 ", "16", func(s string) (*Solution, error) { return ReadGLPKSolution(strings.NewReader(s)) }},
		{"glpk-raw", glpkRaw, "j 2 1", "12", func(s string) (*Solution, error) {
			return ReadGLPKRaw(strings.NewReader(s), []string{"x_a", "y_b", "z", "w"})
		}},
		{"gurobi", "# Objective value = 3\nx_a 0\ny_b 1\nz 0\nw 1\n", "y_b 1", "3", func(s string) (*Solution, error) { return ReadGurobiSolution(strings.NewReader(s)) }},
		{"scip", "solution status: optimal solution found\nobjective value: 3\ny_b 1 \t(obj:3)\nw 1 \t(obj:0)\n", "y_b 1 \t(obj:3)", "3", func(s string) (*Solution, error) { return ReadSCIPSolution(strings.NewReader(s)) }},
		{"cplex", "<CPLEXSolution>\n<header objectiveValue=\"3\"/>\n<variables>\n<variable name=\"y_b\" value=\"1\"/>\n<variable name=\"w\" value=\"1\"/>\n</variables>\n</CPLEXSolution>\n",
			"<variable name=\"y_b\" value=\"1\"/>", "4", func(s string) (*Solution, error) { return ReadCPLEXSolution(strings.NewReader(s)) }},
	}
	for _, r := range readers {
		if !strings.Contains(r.text, r.line) {
			t.Fatalf("%s: fixture has no line %q", r.name, r.line)
		}
		s, err := r.read(r.text)
		if err != nil || s.Values["y_b"] != 1 || s.Lines["y_b"] == 0 {
			t.Fatalf("%s: the fixture: %v, %v", r.name, err, s)
		}
		// The value 1 of y_b replaced by something else.
		valueAt := strings.LastIndex(r.line, "1")
		if r.name == "cbc" || r.name == "cbc-all" || r.name == "glpk" || r.name == "scip" {
			valueAt = strings.Index(r.line[8:], "1") + 8 // past the index
			if r.name == "scip" {
				valueAt = strings.Index(r.line, "1")
			}
		}
		with := func(v string) string {
			return strings.Replace(r.text, r.line, r.line[:valueAt]+v+r.line[valueAt+1:], 1)
		}
		for _, c := range []struct{ value, want string }{
			{"NaN", "line " + r.ln},
			{"nan", "line " + r.ln},
			{"inf", "line " + r.ln},
			{"-Infinity", "line " + r.ln},
			{"1e309", "out of range"},
			{huge, "out of range"},
			{huge + "x", "bad number"},
		} {
			_, err := r.read(with(c.value))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "line "+r.ln) {
				t.Errorf("%s: value %.20q: err %.200v, want one with %q and line %s", r.name, c.value, err, c.want, r.ln)
			} else if len(err.Error()) > 200 {
				t.Errorf("%s: value %.20q: a %d-byte error", r.name, c.value, len(err.Error()))
			}
		}
		// 0.9999999 is read as it is (the program's check rounds it).
		if s, err := r.read(with("0.9999999")); err != nil || s.Values["y_b"] != 0.9999999 {
			t.Errorf("%s: 0.9999999: %v", r.name, err)
		}
	}
	// A column listed twice, with the same or another value.
	dups := []struct {
		name, text string
		read       reader
	}{
		{"highs", strings.Replace(highsSol, "x_a 0\n", "y_b 1\n", 1), readers[0].read},
		{"cbc same index", cbcSol + "      1 y_b                    1                       3\n", readers[1].read},
		{"cbc other value", cbcSol + "      4 y_b                    0                       3\n", readers[1].read},
		{"cbc after rows", cbcSolAll + "      0 y_b                    1                       3\n", readers[1].read},
		{"cbc twice restarted", cbcSolAll + "      0 q                    1                       3\n", readers[1].read},
		{"glpk", strings.Replace(glpkOut, "     1 x_a  ", "     1 y_b  ", 1), readers[3].read},
		{"glpk-raw", glpkRaw + "j 2 0\n", readers[4].read},
		{"gurobi", "x_a 1\nx_a 1\n", readers[5].read},
	}
	for _, d := range dups {
		_, err := d.read(d.text)
		if err == nil || !strings.Contains(err.Error(), "duplicated") && !strings.Contains(err.Error(), "restarts") {
			t.Errorf("%s: a column listed twice: %v", d.name, err)
		}
	}
}

// TestReadSolutionAtMost: through AtMost, n values are read, a value past them is an
// error on its line, in every format that names its columns (CBC with
// its rows and columns, the rows counting until the restart).
func TestReadSolutionAtMost(t *testing.T) {
	for _, c := range []struct {
		format, file string
		n, line      int // line 0: accepted
	}{
		{"highs", highsSol, 4, 0},
		{"highs", highsSol, 3, 11},
		{"cbc", cbcSolAll, 4, 0},
		{"cbc", cbcSolAll, 3, 7},
		{"glpk", glpkOut, 4, 0},
		{"glpk", glpkOut, 3, 18},
		{"gurobi", gurobiSol, 4, 0},
		{"gurobi", gurobiSol, 2, 5},
		{"scip", scipSol, 2, 0},
		{"scip", scipSol, 1, 4},
		{"cplex", cplexSol, 4, 0},
		{"cplex", cplexSol, 3, 12},
	} {
		s, err := ReadSolution(AtMost(strings.NewReader(c.file), c.n), c.format, nil)
		var le *LineError
		switch {
		case c.line == 0 && err != nil:
			t.Errorf("%s, at most %d: %v", c.format, c.n, err)
		case c.line == 0 && len(s.Values) != c.n:
			t.Errorf("%s, at most %d: %d values", c.format, c.n, len(s.Values))
		case c.line > 0 && (!errors.As(err, &le) || le.Line != c.line || !strings.Contains(le.Msg, "past the")):
			t.Errorf("%s, at most %d: %v; want an error on line %d", c.format, c.n, err, c.line)
		}
	}
}
