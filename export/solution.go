package export

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Solution is what a solver's solution file says.
type Solution struct {
	// Solver is "highs", "cbc" or "glpk".
	Solver string
	// Status is the solver's own status text, e.g. "Optimal" (HiGHS,
	// CBC) or "INTEGER OPTIMAL" (GLPK).
	Status string
	// Optimal reports that the solver proved optimality.
	Optimal bool
	// Feasible reports that Values is a feasible solution.
	Feasible bool
	// Objective is the objective value, when HasObjective.
	Objective    float64
	HasObjective bool
	// Values maps column names to values. Files that list only the
	// nonzero columns (CBC by default) leave the others out: a missing
	// name means 0.
	Values map[string]float64
}

// Rename replaces every column name that m maps (e.g. short fixed-MPS
// names, see ReadMPSNames) by its full name.
func (s *Solution) Rename(m map[string]string) {
	out := make(map[string]float64, len(s.Values))
	for k, v := range s.Values {
		if full, ok := m[k]; ok {
			k = full
		}
		out[k] = v
	}
	s.Values = out
}

// lines scans r line by line with a buffer fit for long lines.
func lines(r io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	return sc
}

func parseValue(s string) (float64, error) {
	switch strings.ToLower(s) {
	case "inf", "+inf", "infinity":
		return strconv.ParseFloat("inf", 64)
	case "-inf", "-infinity":
		return strconv.ParseFloat("-inf", 64)
	}
	return strconv.ParseFloat(s, 64)
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
	sc := lines(r)
	s := &Solution{Solver: "highs", Values: map[string]float64{}}
	ln, cols, inPrimal := 0, -1, false
	for sc.Scan() {
		ln++
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "Model status"):
			if _, after, ok := strings.Cut(line, ":"); ok {
				s.Status = strings.TrimSpace(after)
			} else if sc.Scan() {
				ln++
				s.Status = strings.TrimSpace(sc.Text())
			}
			s.Optimal = strings.EqualFold(s.Status, "Optimal")
		case line == "# Primal solution values":
			inPrimal = true
			if sc.Scan() {
				ln++
				s.Feasible = strings.TrimSpace(sc.Text()) == "Feasible"
			}
		case strings.HasPrefix(line, "# Dual solution values"), strings.HasPrefix(line, "# Basis"):
			inPrimal = false
		case inPrimal && strings.HasPrefix(line, "Objective "):
			v, err := parseValue(strings.TrimSpace(line[len("Objective "):]))
			if err != nil {
				return nil, fmt.Errorf("export: HiGHS solution line %d: bad objective: %w", ln, err)
			}
			s.Objective, s.HasObjective = v, true
		case inPrimal && strings.HasPrefix(line, "# Columns "):
			n, err := strconv.Atoi(strings.TrimSpace(line[len("# Columns "):]))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("export: HiGHS solution line %d: bad column count %q", ln, line)
			}
			cols = n
			for c := 0; c < n; c++ {
				if !sc.Scan() {
					return nil, fmt.Errorf("export: HiGHS solution: %d of %d column values", c, n)
				}
				ln++
				f := strings.Fields(sc.Text())
				if len(f) != 2 {
					return nil, fmt.Errorf("export: HiGHS solution line %d: want \"name value\", got %q", ln, sc.Text())
				}
				v, err := parseValue(f[1])
				if err != nil {
					return nil, fmt.Errorf("export: HiGHS solution line %d: %w", ln, err)
				}
				s.Values[f[0]] = v
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
// and dropped. A leading "**" (CBC's mark for a violated bound) is
// ignored.
func ReadCBCSolution(r io.Reader) (*Solution, error) {
	sc := lines(r)
	s := &Solution{Solver: "cbc", Values: map[string]float64{}}
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("export: read CBC solution: %w", err)
		}
		return nil, fmt.Errorf("export: empty CBC solution file")
	}
	head := strings.TrimSpace(sc.Text())
	status, obj, ok := strings.Cut(head, " - objective value ")
	if !ok {
		return nil, fmt.Errorf("export: not a CBC solution file: first line %q", head)
	}
	s.Status = strings.TrimSpace(status)
	if v, err := parseValue(strings.TrimSpace(obj)); err == nil {
		s.Objective, s.HasObjective = v, true
	}
	s.Optimal = strings.HasPrefix(s.Status, "Optimal")
	s.Feasible = s.Optimal || strings.HasPrefix(s.Status, "Stopped") && !strings.Contains(s.Status, "no integer")
	ln, last := 1, -1
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
			return nil, fmt.Errorf("export: CBC solution line %d: want \"index name value ...\", got %q", ln, sc.Text())
		}
		idx, err := strconv.Atoi(f[0])
		if err != nil {
			return nil, fmt.Errorf("export: CBC solution line %d: bad index %q", ln, f[0])
		}
		v, err := parseValue(f[2])
		if err != nil {
			return nil, fmt.Errorf("export: CBC solution line %d: %w", ln, err)
		}
		if idx <= last {
			clear(s.Values) // what came before were the rows
		}
		last = idx
		s.Values[f[1]] = v
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read CBC solution: %w", err)
	}
	return s, nil
}
