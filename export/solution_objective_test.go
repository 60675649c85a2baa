package export

import (
	"errors"
	"strings"
	"testing"
)

// Real headers of glpsol 5.0 (-o and -w) and cbc 2.10 (solu) for a
// program of the columns x and y.
const (
	glpkObjFile = "Problem:    \nRows:       1\nColumns:    2 (2 integer, 2 binary)\nNon-zeros:  2\nStatus:     INTEGER OPTIMAL\nObjective:  obj = OBJ (MINimum)\n\n" +
		"   No. Column name       Activity     Lower bound   Upper bound\n------ ------------    ------------- ------------- -------------\n" +
		"     1 x            *              0             0             1 \n     2 y            *              1             0             1 \n\n"
	glpkRawObjFile = "c Problem:    \nc Status:     INTEGER OPTIMAL\nc\ns mip 1 2 o OBJ\ni 1 1\nj 1 0\nj 2 1\ne o f\n"
	cbcObjFile     = "Optimal - objective value OBJ\n      1 y                      1                       0\n"
)

// TestBadObjectiveRefused: the GLPK readers (printable and raw) and CBC's
// dropped an objective they could not read and went on without one,
// while the HiGHS, Gurobi and SCIP readers refuse a bad objective at its
// line and column. All refuse it now; a number (and glpsol's objective
// without a name, "Objective:  7 (MINimum)") is read.
func TestBadObjectiveRefused(t *testing.T) {
	names := []string{"x", "y"}
	for _, c := range []struct {
		format, file string
		line         int
	}{
		{"glpk", glpkObjFile, 6},
		{"glpk-raw", glpkRawObjFile, 4},
		{"cbc", cbcObjFile, 1},
	} {
		for _, bad := range []string{"X", "1.5.2", "--3", "1e999"} {
			data := strings.Replace(c.file, "OBJ", bad, 1)
			_, err := ReadSolution(strings.NewReader(data), c.format, names)
			var le *LineError
			if !errors.As(err, &le) || le.Line != c.line || !strings.Contains(le.Msg, "objective") {
				t.Errorf("%s with objective %q: %v; want a bad objective on line %d", c.format, bad, err, c.line)
				continue
			}
			line := strings.Split(data, "\n")[c.line-1]
			if le.Column < 1 || !strings.HasPrefix(line[le.Column-1:], bad) {
				t.Errorf("%s: %v: column %d of %q is not the objective's", c.format, err, le.Column, line)
			}
		}
		s, err := ReadSolution(strings.NewReader(strings.Replace(c.file, "OBJ", "48", 1)), c.format, names)
		if err != nil || !s.HasObjective || s.Objective != 48 {
			t.Errorf("%s with objective 48: %+v, %v", c.format, s, err)
		}
	}
	// glpsol leaves out "obj = " for an objective without a name.
	data := strings.Replace(glpkObjFile, "obj = OBJ", "7", 1)
	if s, err := ReadSolution(strings.NewReader(data), "glpk", names); err != nil || !s.HasObjective || s.Objective != 7 {
		t.Errorf("glpk objective without a name: %+v, %v", s, err)
	}
	data = strings.Replace(glpkObjFile, "obj = OBJ (MINimum)", "", 1)
	if _, err := ReadSolution(strings.NewReader(data), "glpk", names); err == nil {
		t.Errorf("glpk objective line without a value: read")
	}
}
