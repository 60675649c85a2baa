package export

import (
	"maps"
	"strings"
	"testing"
)

// The fixtures below are files written by HiGHS 1.15, CBC 2.10.8 and GLPK
// 5.0 for the program
//
//	max 2 x_a + 3 y_b + z  s.t.  c1: x_a + y_b <= 1,  c2: y_b + z - w = 0,
//	x_a, y_b, w binary, z integer in [0, 5]
//
// (optimum 3 at y_b = w = 1), and for a feasibility program with long names.

const highsSol = `Model status
Optimal

# Primal solution values
Feasible
Objective 3
# Columns 4
x_a 0
y_b 1
z 0
w 1
# Rows 2
c1 1
c2 0

# Dual solution values
None

# Basis
HiGHS_basis_file v2
None
`

const cbcSol = `Optimal - objective value 3.00000000
      0 x_a                    0                       2
      1 y_b                    1                       3
      2 z                      0                       1
      3 w                      1                      -0
`

// cbc ... printingOptions all solu FILE: rows first, then columns.
const cbcSolAll = `Optimal - objective value 3.00000000
      0 c1                     1                      -0
      1 c2                     0                      -0
      0 x_a                    0                       2
      1 y_b                    1                       3
      2 z                      0                       1
      3 w                      1                      -0
`

const glpkOut = `Problem:    
Rows:       2
Columns:    4 (4 integer, 3 binary)
Non-zeros:  5
Status:     INTEGER OPTIMAL
Objective:  obj = 3 (MAXimum)

   No.   Row name        Activity     Lower bound   Upper bound
------ ------------    ------------- ------------- -------------
     1 c1                          1                           1 
     2 c2                          0             0             = 

   No. Column name       Activity     Lower bound   Upper bound
------ ------------    ------------- ------------- -------------
     1 x_a          *              0             0             1 
     2 y_b          *              1             0             1 
     3 z            *              0             0             5 
     4 w            *              1             0             1 

Integer feasibility conditions:

KKT.PE: max.abs.err = 0.00e+00 on row 0
        max.rel.err = 0.00e+00 on row 0
        High quality

End of output
`

// A long name sits alone on its line.
const glpkOutLong = `Problem:    
Rows:       1
Columns:    3 (3 integer, 3 binary)
Non-zeros:  3
Status:     INTEGER OPTIMAL
Objective:  obj = 0 (MINimum)

   No.   Row name        Activity     Lower bound   Upper bound
------ ------------    ------------- ------------- -------------
     1 overlap_c_0_0_this_is_a_long_name
                                   1             1             = 

   No. Column name       Activity     Lower bound   Upper bound
------ ------------    ------------- ------------- -------------
     1 w            *              0             0             1 
     2 x_aaaaaaaaaaaaaaaaaaaaa
                    *              0             0             1 
     3 y_b          *              1             0             1 

Integer feasibility conditions:
`

const glpkRaw = `c Problem:    
c Rows:       2
c Columns:    4
c Non-zeros:  5
c Status:     INTEGER OPTIMAL
c Objective:  obj = 3 (MAXimum)
c
s mip 2 4 o 3
i 1 1
i 2 0
j 1 0
j 2 1
j 3 0
j 4 1
e o f
`

const glpkProblem = `p mip max 2 4 5
n z obj
i 1 u 1
n i 1 c1
n i 2 c2
n j 1 x_a
n j 2 y_b
j 3 i d 0 5
n j 3 z
n j 4 w
a 0 1 2
e o f
`

var want3 = map[string]float64{"x_a": 0, "y_b": 1, "z": 0, "w": 1}

func TestReaders(t *testing.T) {
	names, err := ReadGLPKNames(strings.NewReader(glpkProblem))
	if err != nil || strings.Join(names, " ") != "x_a y_b z w" {
		t.Fatalf("ReadGLPKNames = %v, %v", names, err)
	}
	for _, c := range []struct {
		name   string
		read   func() (*Solution, error)
		status string
	}{
		{"highs", func() (*Solution, error) { return ReadHiGHSSolution(strings.NewReader(highsSol)) }, "Optimal"},
		{"cbc", func() (*Solution, error) { return ReadCBCSolution(strings.NewReader(cbcSol)) }, "Optimal"},
		{"cbc all", func() (*Solution, error) { return ReadCBCSolution(strings.NewReader(cbcSolAll)) }, "Optimal"},
		{"glpk", func() (*Solution, error) { return ReadGLPKSolution(strings.NewReader(glpkOut)) }, "INTEGER OPTIMAL"},
		{"glpk raw", func() (*Solution, error) { return ReadGLPKRaw(strings.NewReader(glpkRaw), names) }, "optimal"},
	} {
		s, err := c.read()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if s.Status != c.status || !s.Optimal || !s.Feasible || !s.HasObjective || s.Objective != 3 {
			t.Errorf("%s: %+v", c.name, s)
		}
		if !maps.Equal(s.Values, want3) {
			t.Errorf("%s: values %v, want %v", c.name, s.Values, want3)
		}
	}
	s, err := ReadGLPKSolution(strings.NewReader(glpkOutLong))
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]float64{"w": 0, "x_aaaaaaaaaaaaaaaaaaaaa": 0, "y_b": 1}; !maps.Equal(s.Values, want) {
		t.Errorf("long names: %v, want %v", s.Values, want)
	}
}

func TestReaderErrors(t *testing.T) {
	bad := map[string]func() error{
		"highs empty": func() error { _, err := ReadHiGHSSolution(strings.NewReader("")); return err },
		"highs short": func() error { _, err := ReadHiGHSSolution(strings.NewReader(highsSol[:90])); return err },
		"highs bad value": func() error {
			_, err := ReadHiGHSSolution(strings.NewReader(strings.Replace(highsSol, "y_b 1", "y_b one", 1)))
			return err
		},
		"cbc empty":   func() error { _, err := ReadCBCSolution(strings.NewReader("")); return err },
		"cbc not cbc": func() error { _, err := ReadCBCSolution(strings.NewReader(highsSol)); return err },
		"cbc bad index": func() error {
			_, err := ReadCBCSolution(strings.NewReader(strings.Replace(cbcSol, "      2 z", "      two z", 1)))
			return err
		},
		"glpk not glpk": func() error { _, err := ReadGLPKSolution(strings.NewReader(cbcSol)); return err },
		"glpk no value": func() error {
			_, err := ReadGLPKSolution(strings.NewReader(strings.Replace(glpkOut, "     3 z            *              0             0             5 ", "     3 z *", 1)))
			return err
		},
		"glpk raw names": func() error { _, err := ReadGLPKRaw(strings.NewReader(glpkRaw), []string{"a"}); return err },
		"glpk raw column": func() error {
			_, err := ReadGLPKRaw(strings.NewReader(strings.Replace(glpkRaw, "j 4 1", "j 9 1", 1)), want3Names)
			return err
		},
		"glpk raw nothing": func() error { _, err := ReadGLPKRaw(strings.NewReader("c hello\n"), nil); return err },
		"glpk names gap":   func() error { _, err := ReadGLPKNames(strings.NewReader("n j 1 a\nn j 999999999 b\n")); return err },
		"glpk names twice": func() error { _, err := ReadGLPKNames(strings.NewReader("n j 1 a\nn j 1 b\n")); return err },
	}
	for name, f := range bad {
		if f() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

var want3Names = []string{"x_a", "y_b", "z", "w"}

func TestLPColumnOrder(t *testing.T) {
	lp := `\* a comment with x_fake *\
Maximize
 obj: + 2 x_a + 3 y_b
   + 1e+06 z
Subject To
 c1: + x_a + y_b <= 1
 c2 : + y_b + z - w = 0
 c3: -1 v >= -inf
Bounds
 0 <= z <= 5
 u free
Binaries
 x_a y_b w
End
`
	got, err := LPColumnOrder(strings.NewReader(lp))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, " ") != "x_a y_b z w v u" {
		t.Errorf("LPColumnOrder = %v", got)
	}
}

func TestRename(t *testing.T) {
	s := &Solution{Values: map[string]float64{"X0000001": 1, "other": 2}}
	if err := s.Rename(map[string]string{"X0000001": "x_F_0_0_0"}); err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(s.Values, map[string]float64{"x_F_0_0_0": 1, "other": 2}) {
		t.Errorf("Rename: %v", s.Values)
	}
}

// TestRenameRefusesTwoNamesForOneColumn: a file listing a short name and
// the full name it maps to (or two short names mapped to one name) gave
// one value silently, which one depending on the map's order; the
// readers refuse a name listed twice, and so does Rename now (it
// returned nothing). The solution is left as it was.
func TestRenameRefusesTwoNamesForOneColumn(t *testing.T) {
	for _, c := range []struct {
		values map[string]float64
		m      map[string]string
	}{
		{map[string]float64{"X0000001": 1, "x_F_0_0_0": 0}, map[string]string{"X0000001": "x_F_0_0_0"}},
		{map[string]float64{"X0000001": 1, "X0000002": 0}, map[string]string{"X0000001": "x_F_0_0_0", "X0000002": "x_F_0_0_0"}},
	} {
		s := &Solution{Values: maps.Clone(c.values)}
		err := s.Rename(c.m)
		if err == nil || !strings.Contains(err.Error(), `both name column "x_F_0_0_0"`) || !maps.Equal(s.Values, c.values) {
			t.Errorf("%v: %v, values %v", c.values, err, s.Values)
		}
	}
}

// TestSCIPNoSolution: pyscipopt's writeBestSol (SCIPprintBestSol) writes
// only "no solution available" for an infeasible program, which
// DetectSolution did not know and ReadSCIPSolution refused as "not a
// SCIP solution file" (polytile check: exit 2). It is SCIP's answer that
// no feasible solution was found; with "write solution"'s status line
// first, the status is that line's.
func TestSCIPNoSolution(t *testing.T) {
	for _, c := range []struct{ file, status string }{
		{"no solution available\n", "no solution available"},
		{"solution status: infeasible\nno solution available\n", "infeasible"},
	} {
		if f := DetectSolution([]byte(c.file)); f != "scip" {
			t.Errorf("%q: detected as %q, want scip", c.file, f)
		}
		s, err := ReadSCIPSolution(strings.NewReader(c.file))
		if err != nil {
			t.Errorf("%q: %v", c.file, err)
			continue
		}
		if s.Feasible || s.Optimal || s.HasObjective || len(s.Values) != 0 || s.Status != c.status {
			t.Errorf("%q: %+v, want no feasible solution, status %q", c.file, s, c.status)
		}
	}
	if _, err := ReadSCIPSolution(strings.NewReader("x 1\n")); err == nil {
		t.Error("a file without SCIP's header lines was read")
	}
}

// TestGLPKNamesNameTheLine: ReadGLPKNames' errors name their line, as
// every solution reader's do (a LineError): "FILE:2: GLPK problem file:".
func TestGLPKNamesNameTheLine(t *testing.T) {
	for text, want := range map[string]string{
		"n j 1 a\nn j 1 b\n":         "p.glp:2: GLPK problem file: column 1 named twice (first on line 1)",
		"c x\nn j 0 a\n":             "p.glp:2: GLPK problem file: bad column number",
		"n j 1 a\n\nn j 999999999 b": "p.glp:3: GLPK problem file: column 999999999 named",
	} {
		_, err := ReadGLPKNames(strings.NewReader(text))
		if got := InFile("p.glp", err); err == nil || !strings.HasPrefix(got, want) {
			t.Errorf("%q: %v; want %s...", text, got, want)
		}
	}
}
