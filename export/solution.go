package export

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/polytile/polytile/proof"
)

// Solution is what a solver's solution file says.
type Solution struct {
	// Solver is "highs", "cbc" or "glpk".
	Solver string
	// Status is the solver's own status text, e.g. "Optimal" (HiGHS,
	// CBC) or "INTEGER OPTIMAL" (GLPK).
	Status string
	// Optimal reports that the status is one that proves an integer
	// optimum in the file's format (proof.ProvenOptimal: CBC's "Optimal",
	// CPLEX's "integer optimal solution", SCIP's "optimal solution found",
	// ...). When WithinGap is set the claim holds only within a relative
	// gap that the file does not record (HiGHS's "Optimal": within
	// mip_rel_gap, 1e-4 by default), so it is no proof; a status that
	// stopped at a gap tolerance, a limit or a relaxation (CBC's "Optimal
	// (within gap tolerance)", CPLEX's "optimal relaxed infeasibility")
	// is not Optimal.
	Optimal   bool
	WithinGap bool
	// Feasible reports that Values is a feasible solution.
	Feasible bool
	// Objective is the objective value, when HasObjective.
	Objective    float64
	HasObjective bool
	// Values maps column names to values. Files that list only the
	// nonzero columns (CBC by default) leave the others out: a missing
	// name means 0. Every value is finite (the readers refuse NaN, an
	// infinity and a number out of float64's range) and every name was
	// listed once (the readers refuse a name listed twice).
	Values map[string]float64
	// Lines maps each name of Values to the 1-based line of the file on
	// which its value was read, for error messages that point into the
	// file. It is nil for a Solution not made by a reader.
	Lines map[string]int
	// CBCLines lists every "index name value" line of a CBC solution
	// file in file order, rows and columns alike (nil for the other
	// formats): with "printingOptions rows" or "all" CBC lists rows first,
	// and only a reader that knows the program's rows can tell them from
	// the columns line by line (Values holds what the index restart
	// alone suggests, see ReadCBCSolution).
	CBCLines []CBCLine
	// NamesGiven reports that the column names came from another file
	// (ReadGLPKRaw's names, Rename's map), not from the solution file:
	// they identify nothing about the file by themselves.
	NamesGiven bool

	max int // the most values put accepts (AtMost); 0: any
}

// CBCLine is one "index name value" line of a CBC solution file.
type CBCLine struct {
	Index int
	Name  string
	Value float64
	Line  int // 1-based line of the file
}

// A LineError is an error of a solution reader about a place in the file:
// a line (1-based) and, when the reader knows it, a column (1-based), or
// the end of the file (AtEnd: Line is then the file's last line, 0 for an
// empty file). InFile puts the file's name in front in the product's style,
// "FILE:LINE[:COLUMN]: ...".
type LineError struct {
	// Solver names the format ("HiGHS", "CBC", "GLPK", "GLPK raw",
	// "Gurobi", "SCIP", "CPLEX"); "" for an error of any line-oriented
	// file (a line too long).
	Solver string
	Line   int
	Column int // 0 when not known
	AtEnd  bool
	Msg    string
	Err    error // the cause, if any (Unwrap)
}

// Unwrap returns the cause of the error, if any.
func (e *LineError) Unwrap() error { return e.Err }

// Error is the message without a file name: "export: HiGHS solution
// line 8, column 3: ...", "export: HiGHS solution, at the end of the file
// (line 8): ...", or "line 8: ..." for an error of any file.
func (e *LineError) Error() string {
	where := fmt.Sprintf("line %d", e.Line)
	if e.Column > 0 {
		where += fmt.Sprintf(", column %d", e.Column)
	}
	if e.AtEnd {
		where = fmt.Sprintf("at the end of the file (line %d)", e.Line)
	}
	if e.Solver == "" {
		return where + ": " + e.Msg
	}
	sep := " "
	if e.AtEnd {
		sep = ", "
	}
	return "export: " + e.Solver + " solution" + sep + where + ": " + e.Msg
}

// In is the message with the file's name in front: "f.sol:8:3: HiGHS
// solution: ...", "f.sol:8: at the end of the file: HiGHS solution: ...".
func (e *LineError) In(file string) string {
	where := file
	if e.Line > 0 {
		where += fmt.Sprintf(":%d", e.Line)
		if e.Column > 0 && !e.AtEnd {
			where += fmt.Sprintf(":%d", e.Column)
		}
	}
	if e.AtEnd {
		where += ": at the end of the file"
	}
	if e.Solver == "" {
		return where + ": " + e.Msg
	}
	return where + ": " + e.Solver + " solution: " + e.Msg
}

// InFile is err's message with file's name in front, for a reader's
// error: "FILE:LINE[:COLUMN]: ..." when err is or wraps a *LineError,
// "FILE: ..." (without the "export: " prefix) otherwise.
func InFile(file string, err error) string {
	if le := (*LineError)(nil); errors.As(err, &le) {
		return le.In(file)
	}
	return file + ": " + strings.TrimPrefix(err.Error(), "export: ")
}

// lineErr is an error of solver's reader on line ln.
func lineErr(solver string, ln int, format string, args ...any) error {
	return &LineError{Solver: solver, Line: ln, Msg: fmt.Sprintf(format, args...)}
}

// colErr is an error of solver's reader on line ln, column c.
func colErr(solver string, ln, c int, format string, args ...any) error {
	return &LineError{Solver: solver, Line: ln, Column: c, Msg: fmt.Sprintf(format, args...)}
}

// endErr is an error of solver's reader at the end of a file of last
// lines: the file ends too early.
func endErr(solver string, last int, format string, args ...any) error {
	return &LineError{Solver: solver, Line: last, AtEnd: true, Msg: fmt.Sprintf(format, args...)}
}

// twice is the error of a line that a file has once (a status, an
// objective) found a second time on line ln: a reader that kept the
// first or the last would judge by the order of the lines, and a file
// with two is edited or corrupt.
func twice(solver string, ln, first int, what string) error {
	return lineErr(solver, ln, "a second %s (the first is on line %d): a solution file has one", what, first)
}

// newSolution is an empty Solution of the given solver, read from r: a
// reader of AtMost bounds its values.
func newSolution(solver string, r io.Reader) *Solution {
	s := &Solution{Solver: solver, Values: map[string]float64{}, Lines: map[string]int{}}
	s.max = limitOf(r)
	return s
}

// put stores the value of one column read on line ln, refusing a value
// that is not finite and a name listed twice: a solver lists a column
// once, so a second value (equal or not) means an edited or corrupt file,
// and keeping either value would judge a tiling the file does not
// describe.
func (s *Solution) put(name string, v float64, ln int, solver string) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return lineErr(solver, ln, "column %q has value %g: a column's value must be a finite number", trunc(name), v)
	}
	if _, dup := s.Values[name]; dup {
		return lineErr(solver, ln, "column %q is duplicated (listed before on line %d)", trunc(name), s.Lines[name])
	}
	if s.max > 0 && len(s.Values) >= s.max {
		return pastLimit(solver, ln, s.max)
	}
	s.Values[name] = v
	s.Lines[name] = ln
	return nil
}

// Rename replaces every column name that m maps (e.g. short fixed-MPS
// names, see ReadMPSNames) by its full name. Two names of the file that
// come to the same name (a short name and the full name it maps to, both
// listed) are an error, as a name listed twice is for the readers: one
// value would silently replace the other. The solution is unchanged then.
func (s *Solution) Rename(m map[string]string) error {
	out := make(map[string]float64, len(s.Values))
	var lines map[string]int
	if s.Lines != nil {
		lines = make(map[string]int, len(s.Lines))
	}
	clash, clashed := "", false // the smallest name two names come to
	renamed := false
	for k, v := range s.Values {
		ln, hasLine := s.Lines[k]
		name := k
		if full, ok := m[k]; ok {
			name = full
			renamed = true
		}
		if _, dup := out[name]; dup && (!clashed || name < clash) {
			clash, clashed = name, true
		}
		out[name] = v
		if hasLine {
			lines[name] = ln
		}
	}
	if clashed {
		// The names that come to it, sorted: a message that does not
		// depend on the map's order.
		var from []string
		for k := range s.Values {
			if full, ok := m[k]; k == clash && !ok || ok && full == clash {
				from = append(from, k)
			}
		}
		slices.Sort(from)
		return fmt.Errorf("export: %q and %q both name column %q: it is listed twice", trunc(from[0]), trunc(from[1]), trunc(clash))
	}
	s.Values, s.Lines = out, lines
	s.NamesGiven = s.NamesGiven || renamed
	return nil
}

// MaxLineLength is the longest line the line-oriented readers of solution,
// LP and MPS files accept, in bytes; a longer one is an error naming its
// line.
const MaxLineLength = 16 << 20

// lineScanner is a bufio.Scanner that counts lines, so that a line over
// MaxLineLength is reported with its number and the limit instead of
// bufio's bare "token too long".
type lineScanner struct {
	*bufio.Scanner
	line int // lines scanned so far
}

// Scan advances to the next line.
func (s *lineScanner) Scan() bool {
	ok := s.Scanner.Scan()
	if ok {
		s.line++
	}
	return ok
}

// Err is the scanner's error; a line too long names its line and the
// limit.
func (s *lineScanner) Err() error {
	err := s.Scanner.Err()
	if errors.Is(err, bufio.ErrTooLong) {
		return &LineError{Line: s.line + 1, Msg: fmt.Sprintf("longer than %d bytes (16 MiB), the most a line may have", MaxLineLength)}
	}
	return err
}

// lines scans r line by line with a buffer fit for long lines (up to
// MaxLineLength).
func lines(r io.Reader) *lineScanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), MaxLineLength)
	return &lineScanner{Scanner: sc}
}

// parseValue reads a number of a solution file. "inf" and "-inf" (and
// "infinity") are infinities, which an objective may be; a column's
// value is refused later (put) unless it is finite. A number out of
// float64's range (1e309) is an error, not an infinity, and the error
// quotes the text shortened (trunc), not the whole of a 100,000-digit
// string.
func parseValue(s string) (float64, error) {
	switch strings.ToLower(s) {
	case "inf", "+inf", "infinity", "+infinity":
		return math.Inf(1), nil
	case "-inf", "-infinity":
		return math.Inf(-1), nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Errorf("number %q is out of range", trunc(s))
		}
		return 0, fmt.Errorf("bad number %q", trunc(s))
	}
	return v, nil
}

// ReadHiGHSSolution reads the file the highs binary writes with
// --solution_file (HiGHS's "raw" solution style):
//
//	Model status
//	Optimal
//
//	# Primal solution values
//	Feasible
//	Objective 48
//	# Columns 123
//	x_F_0_0_0 1
//	...
//	# Rows 49
//	...
//
// Only column values are kept. Older HiGHS versions write the status on
// the same line ("Model status : Optimal"); both are read.
func ReadHiGHSSolution(r io.Reader) (*Solution, error) {
	const me = "HiGHS"
	sc := lines(r)
	s := newSolution("highs", r)
	ln, cols, inPrimal := 0, -1, false
	statusAt, primalAt, feasibleAt, columnsAt, objectiveAt := 0, 0, 0, 0, 0 // lines, 0 before they are read
	for sc.Scan() {
		ln++
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "Model status"):
			if statusAt > 0 {
				return nil, twice(me, ln, statusAt, "model status")
			}
			statusAt = ln
			if _, after, ok := strings.Cut(line, ":"); ok {
				s.Status = strings.TrimSpace(after)
			} else if sc.Scan() {
				ln++
				s.Status = strings.TrimSpace(sc.Text())
			}
			s.Optimal = proof.ProvenOptimal("highs", s.Status)
			s.WithinGap = s.Optimal && proof.WithinGap("highs") // HiGHS stops within mip_rel_gap
		case line == "# Primal solution values":
			if primalAt > 0 {
				return nil, twice(me, ln, primalAt, "\"# Primal solution values\" section")
			}
			primalAt, inPrimal = ln, true
			if sc.Scan() {
				ln++
				s.Feasible = strings.TrimSpace(sc.Text()) == "Feasible"
				if s.Feasible {
					feasibleAt = ln
				}
			}
		case strings.HasPrefix(line, "# Dual solution values"), strings.HasPrefix(line, "# Basis"):
			inPrimal = false
		case inPrimal && strings.HasPrefix(line, "Objective "):
			if objectiveAt > 0 {
				return nil, twice(me, ln, objectiveAt, "\"Objective\" line")
			}
			objectiveAt = ln
			v, err := parseValue(strings.TrimSpace(line[len("Objective "):]))
			if err != nil {
				return nil, lineErr(me, ln, "bad objective: %v", err)
			}
			s.Objective, s.HasObjective = v, true
		case inPrimal && strings.HasPrefix(line, "# Columns "):
			if columnsAt > 0 {
				return nil, twice(me, ln, columnsAt, "\"# Columns\" line")
			}
			columnsAt = ln
			n, err := strconv.Atoi(strings.TrimSpace(line[len("# Columns "):]))
			if err != nil || n < 0 {
				return nil, lineErr(me, ln, "bad column count %q", trunc(line))
			}
			cols = n
			for c := 0; c < n; c++ {
				if !sc.Scan() {
					if err := sc.Err(); err != nil {
						return nil, fmt.Errorf("export: read HiGHS solution: %w", err)
					}
					return nil, endErr(me, ln, "the file ends after %d of the %d column values that line %d announces (cut short)", c, n, columnsAt)
				}
				ln++
				f := strings.Fields(sc.Text())
				if len(f) != 2 {
					return nil, lineErr(me, ln, "want \"name value\", got %q", trunc(sc.Text()))
				}
				v, err := parseValue(f[1])
				if err != nil {
					return nil, lineErr(me, ln, "column %q: %v", trunc(f[0]), err)
				}
				if err := s.put(f[0], v, ln, me); err != nil {
					return nil, err
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read HiGHS solution: %w", err)
	}
	if s.Status == "" {
		return nil, fmt.Errorf("export: not a HiGHS solution file (no \"Model status\")")
	}
	if cols < 0 {
		s.Feasible = false
	}
	// HiGHS writes no feasible primal solution for an infeasible model: a
	// file that has both is edited or corrupt, whichever comes first.
	if s.Feasible && strings.EqualFold(s.Status, "Infeasible") {
		return nil, lineErr(me, max(statusAt, feasibleAt), "the model status %q (line %d) contradicts the feasible primal solution (line %d): an edited or corrupt file", s.Status, statusAt, feasibleAt)
	}
	return s, nil
}

// ReadCBCSolution reads the file written by CBC's "solu FILE" command:
//
//	Optimal - objective value 48.00000000
//	      0 x_F_0_0_0          1        0
//	...
//
// The first line is the status and objective; then one line per column
// (index, name, value, reduced cost), by default only the nonzero ones.
// With "printingOptions all" CBC lists the rows first, numbered from 0,
// then the columns again from 0: the rows are recognised by that restart
// and dropped; only one such restart is allowed, and a name listed in the
// columns that was listed before the restart too is refused as duplicated
// (rows and columns of polytile's programs never share a name). A leading
// "**" (CBC's mark for a violated bound) is ignored. That restart is a
// guess without the program: every line is also kept in CBCLines, for a
// caller that knows the program's rows to split the file line by line
// (polytile check does, and refuses a line that fits neither section).
func ReadCBCSolution(r io.Reader) (*Solution, error) {
	sc := lines(r)
	s := newSolution("cbc", r)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("export: read CBC solution: %w", err)
		}
		return nil, fmt.Errorf("export: empty CBC solution file")
	}
	head := strings.TrimSpace(sc.Text())
	status, obj, ok := strings.Cut(head, " - objective value ")
	if !ok {
		return nil, fmt.Errorf("export: not a CBC solution file: first line %q", trunc(head))
	}
	s.Status = strings.TrimSpace(status)
	// CBC always writes the value ("%.8f"): one it does not read is
	// refused at its column, as the other readers refuse a bad objective.
	v, err := parseValue(strings.TrimSpace(obj))
	if err != nil {
		raw := sc.Text()
		at := strings.Index(raw, " - objective value ") + len(" - objective value ")
		return nil, colErr("CBC", 1, at+len(obj)-len(strings.TrimLeft(obj, " \t"))+1, "bad objective %q", trunc(strings.TrimSpace(obj)))
	}
	s.Objective, s.HasObjective = v, true
	// "Optimal (within gap tolerance)": CBC stopped at its ratio or
	// allowable gap, so the tiling is feasible but not proven optimal;
	// only "Optimal" itself is a proof (proof.ProvenOptimal).
	gap := strings.Contains(strings.ToLower(s.Status), "tolerance")
	s.Optimal = proof.ProvenOptimal("cbc", s.Status)
	s.Feasible = s.Optimal || gap || strings.HasPrefix(s.Status, "Stopped") && !strings.Contains(s.Status, "no integer")
	ln, last := 1, -1
	var rows map[string]int // the names before the restart, by line
	for sc.Scan() {
		ln++
		f := strings.Fields(sc.Text())
		if len(f) > 0 && f[0] == "**" {
			f = f[1:]
		}
		if len(f) == 0 {
			continue
		}
		if len(f) < 3 {
			return nil, lineErr("CBC", ln, "want \"index name value ...\", got %q", trunc(sc.Text()))
		}
		idx, err := strconv.Atoi(f[0])
		if err != nil || idx < 0 {
			return nil, lineErr("CBC", ln, "bad index %q", trunc(f[0]))
		}
		v, err := parseValue(f[2])
		if err != nil {
			return nil, lineErr("CBC", ln, "column %q: %v", trunc(f[1]), err)
		}
		if idx <= last {
			if rows != nil {
				return nil, lineErr("CBC", ln, "index %d after %d: the numbering restarts a second time (rows, then columns, is the only restart CBC writes)", idx, last)
			}
			// What came before were the rows.
			rows = s.Lines
			s.Values, s.Lines = map[string]float64{}, map[string]int{}
		}
		last = idx
		s.CBCLines = append(s.CBCLines, CBCLine{Index: idx, Name: f[1], Value: v, Line: ln})
		if prev, ok := rows[f[1]]; ok {
			return nil, lineErr("CBC", ln, "column %q is duplicated (listed before on line %d)", trunc(f[1]), prev)
		}
		if err := s.put(f[1], v, ln, "CBC"); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read CBC solution: %w", err)
	}
	return s, nil
}
