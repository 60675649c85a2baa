package export

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/proof"
	"github.com/polytile/polytile/puzzle"
)

// SolutionFormats are the formats ReadSolution reads, by the names the
// --solver flag of 'polytile check' takes.
var SolutionFormats = []string{"highs", "cbc", "glpk", "glpk-raw", "gurobi", "cplex", "scip", FormatSATSolution, FormatPBSolution, FormatPyomoSolution}

// MaxSolutionSize is the largest solution file 'polytile check' reads (a
// 61x61 program's HiGHS solution is about 3 MB, a CBC start 1.5 MB).
const MaxSolutionSize = 256 << 20

// DetectSolution guesses the format of a solution file from its first
// bytes: "highs" (Model status), "cbc" (status - objective value),
// "glpk" (glpsol -o: Problem:/Status:), "glpk-raw" (glpsol -w: c or s
// lines), "cplex" (XML), "scip" (solution status:, objective value: or
// no solution available) or "gurobi" (# comment
// lines, then name value). It returns "" when nothing fits.
func DetectSolution(head []byte) string {
	if f := detectCompetition(head); f != "" { // SAT, PB and Pyomo answers: solution_sat.go
		return f
	}
	sc := bufio.NewScanner(bytes.NewReader(head))
	sc.Buffer(make([]byte, 4096), len(head)+1)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		switch {
		case strings.HasPrefix(line, "<?xml"), strings.HasPrefix(line, "<CPLEXSolution"):
			return "cplex"
		case strings.HasPrefix(line, "Model status"):
			return "highs"
		case strings.Contains(line, " - objective value "):
			return "cbc"
		case strings.HasPrefix(line, "Problem:"), strings.HasPrefix(line, "Status:"):
			return "glpk"
		case strings.HasPrefix(line, "solution status:"), strings.HasPrefix(line, "objective value:"), line == "no solution available":
			return "scip"
		case strings.HasPrefix(line, "c ") || line == "c" || strings.HasPrefix(line, "s mip ") || strings.HasPrefix(line, "s bas "):
			return "glpk-raw"
		case strings.HasPrefix(line, "#"):
			return "gurobi"
		}
		f := strings.Fields(line)
		if len(f) == 2 {
			if _, err := parseValue(f[1]); err == nil {
				return "gurobi"
			}
		}
		return ""
	}
	return ""
}

// ReadSolution reads a solution file of the given format (one of
// SolutionFormats). glpk-raw needs the column names in GLPK's order (see
// ReadGLPKRaw); the other formats name their columns and ignore names.
func ReadSolution(r io.Reader, format string, names []string) (*Solution, error) {
	switch format {
	case "highs":
		return ReadHiGHSSolution(r)
	case "cbc":
		return ReadCBCSolution(r)
	case "glpk":
		return ReadGLPKSolution(r)
	case "glpk-raw":
		if names == nil {
			return nil, fmt.Errorf("export: a glpsol -w solution numbers its columns: the LP or MPS file it solved is needed to name them")
		}
		return ReadGLPKRaw(r, names)
	case "gurobi":
		return ReadGurobiSolution(r)
	case "cplex":
		return ReadCPLEXSolution(r)
	case "scip":
		return ReadSCIPSolution(r)
	case FormatSATSolution, FormatPBSolution, FormatPyomoSolution:
		return readMore(r, format, names)
	}
	return nil, fmt.Errorf("export: unknown solution format %q (want one of %s)", format, strings.Join(SolutionFormats, ", "))
}

// AtMost is r for the readers of a solution or names file of a program
// of n names, its columns and rows together (a CBC file with
// "printingOptions all" lists both): ReadSolution and the format readers,
// LPColumnOrder, MPSColumnOrder and ReadMPSNames given it refuse a name
// past n, which no file of that program has, with an error naming its
// line, and read no further. 'polytile check' knows the program: a file
// of 250 MB of "name value" lines for a puzzle of 20 cells took 2.8 GB
// and minutes to read whole, to be refused in the end for naming columns
// the program does not have (as a --names file, 75 s and 2.7 GB).
func AtMost(r io.Reader, n int) io.Reader { return &atMost{Reader: r, n: max(n, 1)} }

// atMost is the reader of AtMost: r, and the most names read from it.
type atMost struct {
	io.Reader
	n int
}

// limitOf is the most names AtMost allows r; 0 (any) for another reader.
func limitOf(r io.Reader) int {
	if a, ok := r.(*atMost); ok {
		return a.n
	}
	return 0
}

// pastLimit is the error of a name read on line ln past the limit n of
// AtMost; solver "" for a names file.
func pastLimit(solver string, ln, n int) error {
	return lineErr(solver, ln, "a name past the %d names the program has (columns and rows together): the file is another program's, or not a solution or program file", n)
}

// ReadGurobiSolution reads a Gurobi .sol file (also the MST start format
// of Gurobi and SCIP, and what many solvers write as "name value" lines):
//
//	# Solution for model obj
//	# Objective value = 48
//	x_F_0_0_0 1
//	...
//
// Comment lines start with '#'; the objective comes from "Objective value
// =". A .sol file holds a feasible solution but says nothing about
// optimality, so Optimal is false and Feasible true.
func ReadGurobiSolution(r io.Reader) (*Solution, error) {
	sc := lines(r)
	s := newSolution("gurobi", r)
	s.Status, s.Feasible = "solution", true
	ln, objectiveAt := 0, 0
	for sc.Scan() {
		ln++
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			body := strings.TrimSpace(strings.TrimLeft(line, "#"))
			if after, ok := strings.CutPrefix(body, "Objective value"); ok {
				if objectiveAt > 0 {
					return nil, twice("Gurobi", ln, objectiveAt, "objective value")
				}
				objectiveAt = ln
				after = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(after), "=:"))
				v, err := parseValue(after)
				if err != nil {
					return nil, colErr("Gurobi", ln, endCol(raw, after), "bad objective %q", trunc(after))
				}
				s.Objective, s.HasObjective = v, true
			}
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, colErr("Gurobi", ln, col(raw, line), "want \"name value\", got %q", trunc(line))
		}
		if err := s.set(f[0], f[1], ln, fieldCol(raw, 1), "Gurobi"); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read Gurobi solution: %w", err)
	}
	return s, nil
}

// ReadSCIPSolution reads the file SCIP writes with "write solution FILE":
//
//	solution status: optimal solution found
//	objective value:                                   48
//	x_F_0_0_0                                           1 	(obj:0)
//
// Columns not listed are 0. A "no solution available" file is read as
// infeasible or undecided, by its status; without a status line (what
// pyscipopt's writeBestSol writes for an infeasible program) it has no
// feasible solution and the status "no solution available".
//
// The verdict does not depend on the order of the lines: a status, an
// objective or "no solution available" given twice is an error, and so is
// a file that says it has no solution (an infeasible status, "no solution
// available") and also gives an objective or values, or an optimal status
// with "no solution available": SCIP writes neither, and whichever line
// came last decided the verdict.
func ReadSCIPSolution(r io.Reader) (*Solution, error) {
	const me = "SCIP"
	sc := lines(r)
	s := newSolution("scip", r)
	ln := 0
	statusAt, objectiveAt, noneAt, valuesAt := 0, 0, 0, 0 // lines, 0 before they are read
	for sc.Scan() {
		ln++
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "solution status:"):
			if statusAt > 0 {
				return nil, twice(me, ln, statusAt, "\"solution status:\" line")
			}
			statusAt = ln
			s.Status = strings.TrimSpace(line[len("solution status:"):])
			continue
		case strings.HasPrefix(line, "objective value:"):
			if objectiveAt > 0 {
				return nil, twice(me, ln, objectiveAt, "\"objective value:\" line")
			}
			objectiveAt = ln
			v := strings.TrimSpace(line[len("objective value:"):])
			x, err := parseValue(v)
			if err != nil {
				return nil, colErr(me, ln, endCol(raw, v), "bad objective %q", trunc(v))
			}
			s.Objective, s.HasObjective = x, true
			continue
		case line == "no solution available":
			// All that SCIPprintBestSol writes without a solution (pyscipopt's
			// writeBestSol, SCIP's "display solution"); "write solution"
			// puts the status line before it.
			if noneAt > 0 {
				return nil, twice(me, ln, noneAt, "\"no solution available\" line")
			}
			noneAt = ln
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			return nil, colErr(me, ln, col(raw, line), "want \"name value (obj:c)\", got %q", trunc(line))
		}
		if err := s.set(f[0], f[1], ln, fieldCol(raw, 1), me); err != nil {
			return nil, err
		}
		if valuesAt == 0 {
			valuesAt = ln
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read SCIP solution: %w", err)
	}
	if statusAt == 0 && objectiveAt == 0 && noneAt == 0 {
		return nil, fmt.Errorf("export: not a SCIP solution file (no \"solution status:\", \"objective value:\" or \"no solution available\" line)")
	}
	st := strings.ToLower(s.Status)
	infeasible := strings.Contains(st, "infeasible")
	s.Optimal = proof.ProvenOptimal("scip", s.Status)
	// The lines that say there is no solution, and those that give one.
	none, noneWhat := noneAt, "\"no solution available\""
	if infeasible {
		none, noneWhat = statusAt, fmt.Sprintf("the status %q", s.Status)
	}
	some, someWhat := objectiveAt, "the objective value"
	if some == 0 || valuesAt > 0 && valuesAt < some {
		some, someWhat = valuesAt, "a column's value"
	}
	if s.Optimal && noneAt > 0 {
		some, someWhat = statusAt, fmt.Sprintf("the status %q", s.Status)
	}
	if none > 0 && some > 0 {
		return nil, lineErr(me, max(none, some), "%s (line %d) contradicts %s (line %d): a file says that it has no solution or gives one, not both (an edited or corrupt file)",
			someWhat, some, noneWhat, none)
	}
	// An objective is a solution's: it makes the file feasible whatever
	// the status ("unknown" after an interrupt, "time limit reached").
	s.Feasible = noneAt == 0 && !infeasible && (objectiveAt > 0 || !strings.Contains(st, "unknown"))
	if s.Status == "" && noneAt > 0 {
		s.Status = "no solution available"
	}
	return s, nil
}

// MaxXMLDepth is the deepest nesting of elements the CPLEX XML solution
// reader accepts: the BurrTools reader's (CPLEX's own files nest four
// deep).
const MaxXMLDepth = puzzle.MaxXMLDepth

// ReadCPLEXSolution reads CPLEX's XML solution file (.sol, written by
// "write FILE.sol") and its MIP start file (.mst, the same XML):
//
//	<CPLEXSolution version="1.2">
//	 <header objectiveValue="48" solutionStatusValue="101"
//	   solutionStatusString="integer optimal solution" .../>
//	 <variables>
//	  <variable name="x_F_0_0_0" index="0" value="1"/>
//
// A file with several solutions (CPLEXSolutions) yields the first.
func ReadCPLEXSolution(r io.Reader) (*Solution, error) {
	cr := &lineCounter{r: r}
	d := xml.NewDecoder(cr)
	s := newSolution("cplex", r)
	root, solutions := false, 0
	var open []string // the names of the open elements, at most MaxXMLDepth
	// at is an error at the decoder's position.
	at := func(format string, args ...any) error {
		l, c := d.InputPos()
		return colErr("CPLEX", l, c, format, args...)
	}
	headerAt := 0 // the line of the current solution's header
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			l, c := d.InputPos()
			if n := cr.lines(); cr.eof && l > n {
				// The decoder is past the last newline: the file
				// ends there ("unexpected EOF"), on its last line.
				return nil, &LineError{Solver: "CPLEX", Line: n, AtEnd: true, Msg: "XML syntax error: the file ends inside an element (cut short)", Err: err}
			}
			return nil, &LineError{Solver: "CPLEX", Line: l, Column: c, Msg: err.Error(), Err: err}
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			if end, ok := tok.(xml.EndElement); ok {
				if len(open) > 0 { // the decoder matched it with its start
					open = open[:len(open)-1]
				}
				if end.Name.Local == "CPLEXSolution" && solutions > 0 {
					return s, nil // the first solution of a CPLEXSolutions file
				}
			}
			continue
		}
		// CPLEX nests four deep (CPLEXSolutions, CPLEXSolution,
		// variables, variable); deeper nesting is not a solution file,
		// and the decoder's stack of open elements must stay bounded.
		if len(open) == MaxXMLDepth {
			return nil, at("elements nested deeper than %d", MaxXMLDepth)
		}
		parent := ""
		if len(open) > 0 {
			parent = open[len(open)-1]
		}
		open = append(open, el.Name.Local)
		if a, ok := textio.DuplicateAttr(el); ok {
			return nil, at("<%s> has the attribute %q twice", trunc(el.Name.Local), trunc(a))
		}
		attr := func(name string) (string, bool) {
			for _, a := range el.Attr {
				if a.Name.Local == name {
					return a.Value, true
				}
			}
			return "", false
		}
		switch el.Name.Local {
		case "CPLEXSolution":
			root = true
			solutions++
		case "CPLEXSolutions":
			root = true
		case "header":
			l, _ := d.InputPos()
			if headerAt > 0 {
				return nil, twice("CPLEX", l, headerAt, "<header> in one <CPLEXSolution>")
			}
			headerAt = l
			if v, ok := attr("objectiveValue"); ok {
				x, err := parseValue(v)
				if err != nil {
					return nil, at("bad objectiveValue %q", trunc(v))
				}
				s.Objective, s.HasObjective = x, true
			}
			st, _ := attr("solutionStatusString")
			s.Status = st
			// MIP start files have no status: they hold a feasible
			// candidate. "integer optimal with unscaled infeasibilities"
			// and "optimal relaxed infeasibility" have values (check
			// verifies them) but prove nothing (proof.ProvenOptimal).
			s.Feasible = st == "" || !proof.InfeasibleStatus("cplex", st)
			s.Optimal = proof.ProvenOptimal("cplex", st)
		case "variable":
			if !root {
				return nil, at("<variable> outside <CPLEXSolution>")
			}
			if parent != "variables" {
				return nil, at("<variable> inside <%s>, not <variables>", trunc(parent))
			}
			name, ok1 := attr("name")
			val, ok2 := attr("value")
			if !ok1 || !ok2 {
				return nil, at("<variable> without name or value")
			}
			l, c := d.InputPos()
			if err := s.set(name, val, l, c, "CPLEX"); err != nil {
				return nil, err
			}
		}
	}
	if !root {
		return nil, fmt.Errorf("export: not a CPLEX solution file (no <CPLEXSolution> element)")
	}
	if s.Status == "" && solutions > 0 {
		s.Status, s.Feasible = "solution", true
	}
	return s, nil
}

// lineCounter counts the lines of what is read through it, for an error
// at the end of a file: its last line, as an editor numbers it.
type lineCounter struct {
	r        io.Reader
	newlines int
	last     byte // the last byte read
	read     bool // any byte was read
	eof      bool // r returned io.EOF
}

func (c *lineCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n > 0 {
		c.newlines += bytes.Count(p[:n], []byte{'\n'})
		c.last, c.read = p[n-1], true
	}
	if errors.Is(err, io.EOF) {
		c.eof = true
	}
	return n, err
}

// lines is the number of lines read: a last line without a newline
// counts.
func (c *lineCounter) lines() int {
	if c.read && c.last != '\n' {
		return c.newlines + 1
	}
	return c.newlines
}

// set stores one value, refusing a bad number, a value that is not finite
// and a name given twice (see put).
func (s *Solution) set(name, value string, line, column int, solver string) error {
	v, err := parseValue(value)
	if err != nil {
		return colErr(solver, line, column, "bad value for %q: %v", trunc(name), err)
	}
	return s.put(name, v, line, solver)
}

// col is the 1-based column of sub in line (sub must be a substring of
// line sharing its memory or equal text), or 1.
func col(line, sub string) int {
	if i := strings.Index(line, sub); i >= 0 {
		return i + 1
	}
	return 1
}

// fieldCol is the 1-based column of field i (from 0) of line, as
// strings.Fields splits it: the value of "name value" is field 1 even
// when the name has the same text ("1 1", "x x").
func fieldCol(line string, i int) int {
	in := false
	for j, r := range line {
		if unicode.IsSpace(r) {
			in = false
			continue
		}
		if !in {
			if i == 0 {
				return j + 1
			}
			i--
			in = true
		}
	}
	return len(line) + 1
}

// endCol is the 1-based column of sub, the end of line before trailing
// white space (an objective after its label): "objective value: e"
// points at the e of the value, not the e of "objective".
func endCol(line, sub string) int {
	return len(strings.TrimRightFunc(line, unicode.IsSpace)) - len(sub) + 1
}

// trunc shortens s for an error message.
func trunc(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// MPSColumnOrder returns the column names of an MPS file (free or fixed)
// in the order of the COLUMNS section, which is how GLPK numbers the
// columns of an MPS file it reads (so that ReadGLPKRaw can name the
// values of glpsol --freemps FILE -w SOL). MARKER lines are skipped.
func MPSColumnOrder(r io.Reader) ([]string, error) {
	sc := lines(r)
	lim := limitOf(r)
	var names []string
	seen := map[string]bool{}
	in := false
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '*' {
			continue
		}
		if line[0] != ' ' && line[0] != '\t' {
			in = strings.HasPrefix(line, "COLUMNS")
			continue
		}
		if !in {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 || strings.Contains(line, "'MARKER'") || f[1] == "MARKER" {
			continue
		}
		if !seen[f[0]] {
			if lim > 0 && len(names) >= lim {
				return nil, pastLimit("", sc.line, lim)
			}
			seen[f[0]] = true
			names = append(names, f[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read MPS column order: %w", err)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("export: no COLUMNS section: not an MPS file")
	}
	return names, nil
}
