package export

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
	"unicode"
)

// scipSol, gurobiSol and cplexSol are the files SCIP 9 ("write
// solution"), Gurobi (.sol) and CPLEX ("write FILE.sol") write for the
// program of the fixtures in solution_test.go.
const (
	scipSol = `solution status: optimal solution found
objective value:                                    3
y_b                                                 1 	(obj:3)
w                                                   1 	(obj:0)
`
	gurobiSol = `# Solution for model obj
# Objective value = 3
x_a 0
y_b 1
z 0
w 1
`
	cplexSol = `<?xml version = "1.0" encoding="UTF-8" standalone="yes"?>
<CPLEXSolution version="1.2">
 <header
   problemName="t.lp"
   objectiveValue="3"
   solutionStatusValue="101"
   solutionStatusString="integer optimal solution"/>
 <variables>
  <variable name="x_a" index="0" value="0"/>
  <variable name="y_b" index="1" value="1"/>
  <variable name="z" index="2" value="0"/>
  <variable name="w" index="3" value="1"/>
 </variables>
</CPLEXSolution>
`
)

// FuzzReaderPlaces feeds arbitrary bytes to every solution reader and
// checks the places they give, which 'polytile check' prints as
// FILE:LINE[:COL]: an error names a line of the file (a column within
// that line, pointing at the text it quotes when it quotes a value), and
// an accepted file's Lines name, for each column, a line of the file
// that has that column's name on it; every value is finite; and read
// through AtMost, no more values than its bound.
func FuzzReaderPlaces(f *testing.F) {
	for _, s := range []string{highsSol, cbcSol, cbcSolAll, glpkOut, glpkOutLong, glpkRaw, scipSol, gurobiSol, cplexSol,
		"x_a 1 1\n", "x_a x_a\n", "# Objective value = 1x\nx_a 1\n", "# Objective value = e\n", "objective value: e\n", "solution status: optimal\nx1 1e999 (obj:0)\n",
		"<CPLEXSolution>\n", "<CPLEXSolution><variables>\n<variable name=\"a\"\n value=\"1e999\"/>\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := strings.Split(string(data), "\n")
		if strings.HasSuffix(string(data), "\n") {
			lines = lines[:len(lines)-1]
		}
		names := []string{"x_a", "y_b", "z", "w"}
		for _, read := range []struct {
			format string
			most   int // AtMost's bound, 0 for none
		}{{"highs", 0}, {"cbc", 0}, {"glpk", 0}, {"glpk-raw", 0}, {"gurobi", 0}, {"cplex", 0}, {"scip", 0},
			{"highs", 2}, {"cbc", 2}, {"glpk", 2}, {"gurobi", 2}, {"cplex", 2}, {"scip", 2}} {
			format := read.format
			var r io.Reader = bytes.NewReader(data)
			if read.most > 0 {
				r = AtMost(r, read.most)
			}
			s, err := ReadSolution(r, format, names)
			if err != nil {
				checkErrPlace(t, format, data, lines, err)
				continue
			}
			if s.Values == nil {
				t.Fatalf("%s: a Solution without a value map", format)
			}
			if read.most > 0 && len(s.Values) > read.most {
				t.Fatalf("%s: %d values read past a bound of %d", format, len(s.Values), read.most)
			}
			for name, v := range s.Values {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("%s: column %q has the value %g", format, name, v)
				}
				ln, ok := s.Lines[name]
				if !ok {
					t.Fatalf("%s: column %q has no line", format, name)
				}
				if ln < 1 || ln > len(lines) {
					t.Fatalf("%s: column %q on line %d of a file of %d lines", format, name, ln, len(lines))
				}
				// A GLPK long name sits on the line before its values;
				// glpk-raw numbers its columns; XML attributes may
				// span lines (the line is where the element ends).
				switch format {
				case "glpk-raw", "cplex":
					continue
				case "glpk":
					if strings.Contains(lines[ln-1], name) || ln > 1 && strings.Contains(lines[ln-2], name) {
						continue
					}
				default:
					if strings.Contains(lines[ln-1], name) {
						continue
					}
				}
				t.Fatalf("%s: column %q said to be on line %d: %q", format, name, ln, lines[ln-1])
			}
		}
	})
}

// checkErrPlace checks the place of a reader's error: a line of the file
// (the end of the file: its last line), a column within that line.
func checkErrPlace(t *testing.T, format string, data []byte, lines []string, err error) {
	t.Helper()
	var le *LineError
	if !errors.As(err, &le) {
		return
	}
	n := len(lines)
	if le.AtEnd {
		if le.Line != n {
			t.Fatalf("%s: %v: at the end of a file of %d lines", format, err, n)
		}
		return
	}
	if le.Line < 1 || le.Line > n {
		t.Fatalf("%s: %v: line %d of a file of %d lines", format, err, le.Line, n)
	}
	line := lines[le.Line-1]
	if le.Column < 0 || le.Column > len(line)+1 {
		t.Fatalf("%s: %v: column %d of a line of %d bytes %q", format, err, le.Column, len(line), line)
	}
	// An error about the value of a "name value" line points at that
	// value, the line's second field, not at an equal text before it
	// (the name).
	if le.Column > 0 && (format == "gurobi" || format == "scip") && strings.HasPrefix(le.Msg, "bad value for ") {
		if before := strings.Fields(line[:le.Column-1]); len(before) != 1 {
			t.Fatalf("%s: %v: column %d of %q is not the value's", format, err, le.Column, line)
		}
	}
	if le.Column > 0 && (format == "glpk" || format == "glpk-raw" || format == "cbc") && strings.HasPrefix(le.Msg, "bad objective \"") {
		v := strings.TrimSuffix(strings.TrimPrefix(le.Msg, "bad objective \""), "\"")
		if !strings.HasSuffix(v, "...") && !strings.Contains(v, "\\") && !strings.HasPrefix(line[le.Column-1:], v) {
			t.Fatalf("%s: %v: column %d of %q is not the objective's", format, err, le.Column, line)
		}
	}
	if le.Column > 0 && (format == "gurobi" || format == "scip") && strings.HasPrefix(le.Msg, "bad objective \"") {
		v := strings.TrimSuffix(strings.TrimPrefix(le.Msg, "bad objective \""), "\"")
		if !strings.HasSuffix(v, "...") && !strings.Contains(v, "\\") && strings.TrimRightFunc(line[le.Column-1:], unicode.IsSpace) != v {
			t.Fatalf("%s: %v: column %d of %q is not the objective's", format, err, le.Column, line)
		}
	}
}
