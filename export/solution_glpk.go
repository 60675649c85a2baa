package export

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/polytile/polytile/proof"
)

// ReadGLPKSolution reads the printable solution glpsol writes with
// -o FILE (--output):
//
//	Status:     INTEGER OPTIMAL
//	Objective:  obj = 48 (MAXimum)
//	...
//	   No. Column name       Activity     Lower bound   Upper bound
//	------ ------------    ------------- ------------- -------------
//	     1 x_F_0_0_0    *              1             0             1
//	     2 x_a_long_name_that_wraps
//	                    *              0             0             1
//
// A name longer than 12 characters sits alone on its line and the values
// follow on the next. Both the MIP table and the LP table (with a status
// column St and a Marginal column) are read; the activity is the value.
func ReadGLPKSolution(r io.Reader) (*Solution, error) {
	sc := lines(r)
	s := newSolution("glpk", r)
	ln := 0
	statusAt, objectiveAt := 0, 0 // lines, 0 before they are read
	inCols := false
	pending := "" // a long name whose values are on the next line
	for sc.Scan() {
		ln++
		line := sc.Text()
		trim := strings.TrimSpace(line)
		switch {
		case !inCols && strings.HasPrefix(trim, "Status:"):
			if statusAt > 0 {
				return nil, twice("GLPK", ln, statusAt, "\"Status:\" line")
			}
			statusAt = ln
			s.Status = strings.TrimSpace(trim[len("Status:"):])
			switch s.Status {
			case "INTEGER OPTIMAL", "OPTIMAL", "INTEGER NON-OPTIMAL", "FEASIBLE":
				s.Feasible = true
			}
			s.Optimal = proof.ProvenOptimal("glpk", s.Status)
		case !inCols && strings.HasPrefix(trim, "Objective:"):
			if objectiveAt > 0 {
				return nil, twice("GLPK", ln, objectiveAt, "\"Objective:\" line")
			}
			objectiveAt = ln
			// "Objective:  obj = 48 (MAXimum)"; glpsol leaves out "obj = "
			// for a program whose objective has no name, and always
			// writes the value (%.10g): one it does not read is refused,
			// as the other readers refuse a bad objective.
			value := trim[len("Objective:"):]
			if _, after, ok := strings.Cut(value, " = "); ok {
				value = after
			}
			at := len(strings.TrimRightFunc(line, unicode.IsSpace)) - len(value) // where value starts in line
			f := strings.Fields(value)
			if len(f) == 0 {
				return nil, colErr("GLPK", ln, at+len(value)+1, "no objective value")
			}
			v, err := parseValue(f[0])
			if err != nil {
				return nil, colErr("GLPK", ln, at+strings.Index(value, f[0])+1, "bad objective %q", trunc(f[0]))
			}
			s.Objective, s.HasObjective = v, true
		case strings.HasPrefix(trim, "No.") && strings.Contains(trim, "Column name"):
			inCols = true
			if !sc.Scan() { // the dashes
				break
			}
			ln++
		case inCols:
			if trim == "" {
				if pending != "" {
					return nil, lineErr("GLPK", ln, "no values for column %q", trunc(pending))
				}
				inCols = false
				continue
			}
			f := strings.Fields(trim)
			name := pending
			if name == "" {
				if len(f) < 2 {
					return nil, lineErr("GLPK", ln, "cannot read %q", trunc(trim))
				}
				if _, err := strconv.Atoi(f[0]); err != nil {
					return nil, lineErr("GLPK", ln, "bad column number in %q", trunc(trim))
				}
				name, f = f[1], f[2:]
				if len(f) == 0 {
					pending = name
					continue
				}
			}
			pending = ""
			v, err := activity(f)
			if err != nil {
				return nil, lineErr("GLPK", ln, "column %q: %v", trunc(name), err)
			}
			if err := s.put(name, v, ln, "GLPK"); err != nil {
				return nil, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read GLPK solution: %w", err)
	}
	if pending != "" { // a long name, its values cut off
		return nil, endErr("GLPK", ln, "no values for column %q", trunc(pending))
	}
	if s.Status == "" {
		return nil, fmt.Errorf("export: not a glpsol -o solution file (no \"Status:\")")
	}
	return s, nil
}

// activity returns the activity of a column line of glpsol -o: the first
// field after GLPK's integer mark "*" and status words (B, NL, NU, NF,
// NS). That field must be a number: an unreadable one (1e309, NaN text,
// garbage) is an error, never skipped in favour of the bound that follows.
func activity(f []string) (float64, error) {
	for _, x := range f {
		switch x {
		case "*", "B", "NL", "NU", "NF", "NS":
			continue
		}
		return parseValue(x)
	}
	return 0, fmt.Errorf("no activity")
}

// ReadGLPKRaw reads the raw solution glpsol writes with -w FILE (--write),
// which numbers columns instead of naming them: names[j-1] is the name of
// column j, in GLPK's order. GLPK numbers the columns of an LP file in the
// order in which they first appear (LPColumnOrder), those of an MPS file
// in COLUMNS order (the program's column order), and ReadGLPKNames reads
// them from a file written with --wglp.
//
//	s mip ROWS COLS STATUS OBJ   (STATUS o optimal, f feasible, n infeasible, u undefined)
//	j COL VALUE
//	s bas ROWS COLS PRIM DUAL OBJ
//	j COL ST PRIM DUAL
func ReadGLPKRaw(r io.Reader, names []string) (*Solution, error) {
	sc := lines(r)
	s := newSolution("glpk", r)
	ln, kind, cols, solAt := 0, "", 0, 0
	for sc.Scan() {
		ln++
		f := strings.Fields(sc.Text())
		if len(f) == 0 || f[0] == "c" || f[0] == "i" || f[0] == "e" {
			continue
		}
		switch f[0] {
		case "s":
			if solAt > 0 {
				return nil, twice("GLPK raw", ln, solAt, "solution line (s)")
			}
			solAt = ln
			if len(f) < 5 {
				return nil, lineErr("GLPK raw", ln, "short solution line")
			}
			kind = f[1]
			n, err := strconv.Atoi(f[3])
			if err != nil {
				return nil, lineErr("GLPK raw", ln, "bad column count %q", trunc(f[3]))
			}
			cols = n
			if n != len(names) {
				return nil, lineErr("GLPK raw", ln, "%d columns, %d names given", n, len(names))
			}
			objAt := 5
			switch kind {
			case "mip":
				s.Status = map[string]string{"o": "optimal", "f": "feasible", "n": "infeasible", "u": "undefined"}[f[4]]
				s.Optimal, s.Feasible = f[4] == "o", f[4] == "o" || f[4] == "f"
			case "bas":
				if len(f) < 7 {
					return nil, lineErr("GLPK raw", ln, "short solution line")
				}
				s.Status = "primal " + f[4] + " dual " + f[5]
				s.Feasible = f[4] == "f"
				s.Optimal = s.Feasible && f[5] == "f"
				objAt = 6
			default:
				return nil, lineErr("GLPK raw", ln, "unsupported solution kind %q", trunc(kind))
			}
			if objAt < len(f) {
				// glpsol always writes it (%.*g): a value it does not
				// read is refused, as the other readers refuse one.
				v, err := parseValue(f[objAt])
				if err != nil {
					return nil, colErr("GLPK raw", ln, fieldCol(sc.Text(), objAt), "bad objective %q", trunc(f[objAt]))
				}
				s.Objective, s.HasObjective = v, true
			}
		case "j":
			need := 3
			if kind == "bas" {
				need = 4
			}
			if kind == "" || len(f) < need {
				return nil, lineErr("GLPK raw", ln, "bad column line")
			}
			j, err := strconv.Atoi(f[1])
			if err != nil || j < 1 || j > cols {
				return nil, lineErr("GLPK raw", ln, "bad column number %q", trunc(f[1]))
			}
			v, err := parseValue(f[need-1])
			if err != nil {
				return nil, lineErr("GLPK raw", ln, "column %d: %v", j, err)
			}
			if err := s.put(names[j-1], v, ln, "GLPK raw"); err != nil {
				return nil, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read GLPK raw solution: %w", err)
	}
	if kind == "" {
		return nil, fmt.Errorf("export: not a glpsol -w solution file (no \"s\" line)")
	}
	s.NamesGiven = true // GLPK numbers the columns: the names are the names file's
	return s, nil
}

// ReadGLPKNames reads the column names, in GLPK's order, from a problem
// file in GLPK's own format (glpsol --wglp FILE): lines "n j COL NAME".
// Every column from 1 to the last must be named once (as in files of
// polytile's programs), else it is an error.
func ReadGLPKNames(r io.Reader) ([]string, error) {
	sc := lines(r)
	byCol := map[int]string{}
	line := map[int]int{} // the line that names each column
	ln := 0
	for sc.Scan() {
		ln++
		f := strings.Fields(sc.Text())
		if len(f) == 4 && f[0] == "n" && f[1] == "j" {
			j, err := strconv.Atoi(f[2])
			if err != nil || j < 1 {
				return nil, lineErr("", ln, "GLPK problem file: bad column number %q", trunc(f[2]))
			}
			if _, dup := byCol[j]; dup {
				return nil, lineErr("", ln, "GLPK problem file: column %d named twice (first on line %d)", j, line[j])
			}
			byCol[j], line[j] = f[3], ln
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read GLPK names: %w", err)
	}
	names := make([]string, len(byCol))
	for j, name := range byCol {
		if j > len(names) {
			return nil, lineErr("", line[j], "GLPK problem file: column %d named but only %d names", j, len(names))
		}
		names[j-1] = name
	}
	return names, nil
}

// lpKeywords are the words of the CPLEX LP format that are not names.
var lpKeywords = map[string]bool{
	"maximize": true, "maximise": true, "maximum": true, "max": true,
	"minimize": true, "minimise": true, "minimum": true, "min": true,
	"subject": true, "such": true, "to": true, "that": true, "st": true, "s.t.": true, "st.": true,
	"bounds": true, "bound": true, "free": true, "inf": true, "infinity": true,
	"general": true, "generals": true, "gen": true, "integer": true, "integers": true,
	"binary": true, "binaries": true, "bin": true, "end": true,
}

// LPColumnOrder returns the names of the variables of a CPLEX LP file in
// the order of their first appearance, which is how GLPK numbers the
// columns of an LP file it reads (so that ReadGLPKRaw can name the values
// of glpsol --lp FILE -w SOL). It understands the LP files WriteLP and
// glpsol --wlp write, where every token is separated by spaces: backslash
// comments, labels "name:", the keywords of the format, numbers and
// operators; it is not a full LP parser.
func LPColumnOrder(r io.Reader) ([]string, error) {
	sc := lines(r)
	lim := limitOf(r)
	seen := map[string]bool{}
	var names []string
	for sc.Scan() {
		line := sc.Text()
		if i := strings.IndexByte(line, '\\'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		for n, t := range f {
			if strings.HasSuffix(t, ":") || n+1 < len(f) && f[n+1] == ":" || t == ":" {
				continue // a label
			}
			t = strings.TrimLeft(t, "+-<>=")
			if t == "" || lpKeywords[strings.ToLower(t)] {
				continue
			}
			if _, err := strconv.ParseFloat(t, 64); err == nil {
				continue
			}
			if !seen[t] {
				if lim > 0 && len(names) >= lim {
					return nil, pastLimit("", sc.line, lim)
				}
				seen[t] = true
				names = append(names, t)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read LP column order: %w", err)
	}
	return names, nil
}
