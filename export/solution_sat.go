package export

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/polytile/polytile/model"
)

// The names of a SAT or pseudo-Boolean solver's answer (ReadSolution's
// format) and of the Pyomo script's output.
const (
	FormatSATSolution   = "sat"
	FormatPBSolution    = "pb"
	FormatPyomoSolution = "pyomo"
)

// ReadSATSolution reads a SAT solver's answer in the DIMACS output
// format of the SAT competitions, as picosat and clasp print it:
//
//	c comment lines
//	s SATISFIABLE
//	v -1 2 -3 ...
//	v ... 0
//
// The status line ("s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN") may
// come before or after the "v" lines (clasp prints it after), and the
// assignment ends with the literal 0. Variable n is names[n-1] (a CNF
// export names its variables in "c x N NAME" comments, see
// ReadVariableNames); a variable past names, or with the name "", is an
// auxiliary one and is skipped. Each named variable is 1 when its
// literal is positive, 0 when negative; one the answer does not give is
// 0. SAT has no objective: Optimal is false.
func ReadSATSolution(r io.Reader, names []string) (*Solution, error) {
	return readCompetition(r, "SAT", FormatSATSolution, names)
}

// ReadPBSolution reads a pseudo-Boolean solver's answer in the output
// format of the PB competitions, as clasp prints it for an OPB file:
//
//	c comment lines
//	o -12
//	v x1 -x2 x3 ...
//	s OPTIMUM FOUND
//
// The status is "s OPTIMUM FOUND" (Optimal), "s SATISFIABLE",
// "s UNSATISFIABLE" or "s UNKNOWN"; the objective is the last "o" line
// (the value of the file's "min:" objective: an OPB export minimises the
// negated coverage). Variable xN is names[N-1] as in ReadSATSolution; a
// name "NAME#b" is bit b of the integer column NAME, which OPB writes in
// binary (its value is the sum of its bits' 2^b).
func ReadPBSolution(r io.Reader, names []string) (*Solution, error) {
	return readCompetition(r, "PB", FormatPBSolution, names)
}

// readCompetition reads the competition output format of SAT (format
// "sat": integer literals ending with 0) or PB (format "pb": literals
// xN and -xN, "o" lines) solvers.
func readCompetition(r io.Reader, me, format string, names []string) (*Solution, error) {
	sc := lines(r)
	s := newSolution(format, r)
	s.NamesGiven = true
	pb := format == FormatPBSolution
	ln, statusAt, firstV, endAt := 0, 0, 0, 0
	seen := map[int]int{} // variable -> line, for a variable given twice
	for sc.Scan() {
		ln++
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		if line == "" || line == "c" || strings.HasPrefix(line, "c ") {
			continue
		}
		kind, rest, _ := strings.Cut(line, " ")
		switch kind {
		case "s":
			if statusAt > 0 {
				return nil, twice(me, ln, statusAt, "status line")
			}
			statusAt = ln
			s.Status = strings.TrimSpace(rest)
			switch s.Status {
			case "SATISFIABLE":
				s.Feasible = true
			case "OPTIMUM FOUND":
				if !pb {
					return nil, colErr(me, ln, col(raw, rest), "status %q is a pseudo-Boolean solver's: a SAT answer is SATISFIABLE, UNSATISFIABLE or UNKNOWN", trunc(s.Status))
				}
				s.Feasible, s.Optimal = true, true
			case "UNSATISFIABLE", "UNKNOWN":
			default:
				return nil, colErr(me, ln, col(raw, rest), "unknown status %q (want SATISFIABLE, UNSATISFIABLE, UNKNOWN%s)", trunc(s.Status), map[bool]string{true: " or OPTIMUM FOUND"}[pb])
			}
		case "o":
			if !pb {
				return nil, colErr(me, ln, 1, "an objective line: a SAT answer has none (a pseudo-Boolean solver's answer is read with --solver pb)")
			}
			v, err := parseValue(strings.TrimSpace(rest))
			if err != nil {
				return nil, colErr(me, ln, col(raw, rest), "bad objective: %v", err)
			}
			s.Objective, s.HasObjective = v, true
		case "v":
			if firstV == 0 {
				firstV = ln
			}
			for _, lit := range strings.Fields(rest) {
				if endAt > 0 {
					return nil, colErr(me, ln, col(raw, lit), "a literal after the 0 that ends the assignment on line %d (one model: a second one is not read)", endAt)
				}
				n, neg, err := literal(lit, pb)
				if err != nil {
					return nil, colErr(me, ln, col(raw, lit), "%v", err)
				}
				if n == 0 {
					endAt = ln
					continue
				}
				if first, dup := seen[n]; dup {
					return nil, colErr(me, ln, col(raw, lit), "variable %d is given twice (first on line %d)", n, first)
				}
				seen[n] = ln
				if n > len(names) || names[n-1] == "" {
					continue // an auxiliary variable
				}
				if err := s.putBit(names[n-1], !neg, ln, me); err != nil {
					return nil, err
				}
			}
		default:
			return nil, colErr(me, ln, col(raw, line), "want a c, s, v%s line, got %q", map[bool]string{true: " or o"}[pb], trunc(line))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read %s solution: %w", me, err)
	}
	switch {
	case statusAt == 0:
		return nil, endErr(me, ln, "no status line (s SATISFIABLE, s UNSATISFIABLE, ...)")
	case s.Feasible && firstV == 0:
		return nil, endErr(me, ln, "status %s and no assignment (v lines)", s.Status)
	case !s.Feasible && firstV > 0:
		return nil, lineErr(me, firstV, "an assignment with the status %s (line %d)", s.Status, statusAt)
	case !pb && firstV > 0 && endAt == 0:
		return nil, endErr(me, ln, "the assignment does not end with the literal 0 (a truncated file)")
	}
	return s, nil
}

// literal reads one literal of a "v" line: "-3" (SAT) or "-x3" (PB).
// The number 0 ends a SAT assignment.
func literal(lit string, pb bool) (n int, neg bool, err error) {
	body := lit
	if b, ok := strings.CutPrefix(body, "-"); ok {
		body, neg = b, true
	} else if b, ok := strings.CutPrefix(body, "~"); ok && pb {
		body, neg = b, true
	}
	if pb {
		b, ok := strings.CutPrefix(body, "x")
		if !ok {
			return 0, false, fmt.Errorf("bad literal %q: want xN or -xN", trunc(lit))
		}
		body = b
	}
	n, err = strconv.Atoi(body)
	if err != nil || n < 0 || n == 0 && (pb || neg) || body != strconv.Itoa(n) {
		return 0, false, fmt.Errorf("bad literal %q", trunc(lit))
	}
	return n, neg, nil
}

// putBit stores a Boolean variable named name: a column at 1 or 0, or
// bit b of the integer column NAME when name is "NAME#b".
func (s *Solution) putBit(name string, on bool, ln int, me string) error {
	base, bit, ok := strings.Cut(name, "#")
	if !ok {
		return s.put(name, b2f(on), ln, me)
	}
	b, err := strconv.Atoi(bit)
	if err != nil || b < 0 || b > 52 {
		return lineErr(me, ln, "bad bit %q of column %q", trunc(bit), trunc(base))
	}
	if _, there := s.Values[base]; !there {
		if err := s.put(base, 0, ln, me); err != nil {
			return err
		}
	}
	if on {
		s.Values[base] += float64(uint64(1) << b)
	}
	return nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// VariableNames is what the comments of a CNF or OPB export say of its
// variables (ReadVariableNames).
type VariableNames struct {
	// Format is "cnf" or "opb".
	Format string
	// Names are the variables' names: Names[n-1] names variable n (xN
	// in OPB); "" for an auxiliary variable; "NAME#b" for bit b of the
	// integer column NAME.
	Names []string
	// Mode is the program's mode the header names ("exact",
	// "max-coverage").
	Mode string
	// Fingerprint is the program's fingerprint (OPB), "" when the file
	// names none.
	Fingerprint string
	// MinCovered is the "at least N cells covered" of a max-coverage
	// CNF; -1 when the file has none.
	MinCovered int
}

// IsCNFOrOPB reports which of a CNF ("cnf") or an OPB ("opb") file head
// starts, "" for neither: a CNF file starts with "c" comment lines and
// "p cnf" (or polytile's "c polytile MODE CNF:" header, whose variable
// names may fill the head), an OPB file with "* #variable=".
func IsCNFOrOPB(head []byte) string {
	for line := range strings.Lines(string(head)) {
		t := strings.TrimSpace(line)
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "* #variable="):
			return "opb"
		case strings.HasPrefix(t, "p cnf "):
			return "cnf"
		case strings.HasPrefix(t, "c polytile ") && strings.Contains(t, " CNF: "):
			return "cnf"
		case t == "c" || strings.HasPrefix(t, "c "):
			continue
		}
		return ""
	}
	return ""
}

// ReadVariableNames reads the variable names of a CNF export ("c x N
// NAME" comments before the "p cnf" line) or of an OPB export ("* xN =
// NAME" and "* z = sum 2^b xK+b, b = 0..B" comments before the first
// constraint); format is "cnf" or "opb". It reads the comments only.
func ReadVariableNames(r io.Reader, format string) (*VariableNames, error) {
	me := map[string]string{"cnf": "CNF", "opb": "OPB"}[format]
	if me == "" {
		return nil, fmt.Errorf("export: unknown variable-names format %q (want cnf or opb)", format)
	}
	vn := &VariableNames{Format: format, MinCovered: -1}
	most := limitOf(r)
	sc := lines(r)
	ln, count := 0, 0
	set := func(n int, name string, raw string) error {
		if n < 1 || n > 1<<30 {
			return colErr(me, ln, 1, "variable %d out of range", n)
		}
		if count++; most > 0 && count > most {
			return pastLimit(me, ln, most)
		}
		for len(vn.Names) < n {
			vn.Names = append(vn.Names, "")
		}
		if vn.Names[n-1] != "" {
			return colErr(me, ln, 1, "variable %d is named twice", n)
		}
		vn.Names[n-1] = name
		return nil
	}
	for sc.Scan() {
		ln++
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		if format == "cnf" {
			if strings.HasPrefix(line, "p ") {
				break
			}
			body, ok := strings.CutPrefix(line, "c ")
			if !ok {
				if line == "c" {
					continue
				}
				return nil, colErr(me, ln, 1, "want a comment or the p cnf line, got %q", trunc(line))
			}
			f := strings.Fields(body)
			switch {
			case len(f) == 3 && f[0] == "x":
				n, err := strconv.Atoi(f[1])
				if err != nil {
					return nil, colErr(me, ln, fieldCol(raw, 2), "bad variable %q", trunc(f[1]))
				}
				if err := set(n, f[2], raw); err != nil {
					return nil, err
				}
			case len(f) >= 3 && f[0] == "polytile" && f[2] == "CNF:":
				vn.Mode = f[1]
			case len(f) >= 5 && f[0] == "at" && f[1] == "least" && f[3] == "of":
				if n, err := strconv.Atoi(f[2]); err == nil {
					vn.MinCovered = n
				}
			}
			continue
		}
		body, ok := strings.CutPrefix(line, "*")
		if !ok {
			break // the first constraint or the objective
		}
		f := strings.Fields(body)
		switch {
		case len(f) == 3 && f[1] == "=" && strings.HasPrefix(f[0], "x"):
			n, err := strconv.Atoi(f[0][1:])
			if err != nil {
				return nil, colErr(me, ln, fieldCol(raw, 1), "bad variable %q", trunc(f[0]))
			}
			if err := set(n, f[2], raw); err != nil {
				return nil, err
			}
		case len(f) == 8 && f[1] == "=" && f[2] == "sum" && f[3] == "2^b":
			// "* z = sum 2^b x%d+b, b = 0..%d"
			first, err1 := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(f[4], "x"), "+b,"))
			top, err2 := strconv.Atoi(strings.TrimPrefix(f[7], "0.."))
			if err1 != nil || err2 != nil || top < 0 || top > 52 {
				return nil, colErr(me, ln, 1, "bad binary column %q", trunc(line))
			}
			for b := 0; b <= top; b++ {
				if err := set(first+b, f[0]+"#"+strconv.Itoa(b), raw); err != nil {
					return nil, err
				}
			}
		case len(f) >= 2 && f[0] == "fingerprint":
			vn.Fingerprint = f[1]
		case len(f) >= 3 && f[0] == "polytile" && f[2] == "pseudo-Boolean":
			vn.Mode = f[1]
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read %s names: %w", me, err)
	}
	if len(vn.Names) == 0 {
		return nil, endErr(me, ln, "no variable names (\"%s\" comments): not a polytile %s export", map[string]string{"cnf": "c x N NAME", "opb": "* xN = NAME"}[format], me)
	}
	return vn, nil
}

// CNFVariableNames are the names of the variables of prog's CNF export
// (WriteCNF): variable j+1 is image column j; the others are auxiliary.
func CNFVariableNames(prog *model.Program) []string {
	names := make([]string, prog.NumX())
	for j := range names {
		names[j] = prog.ColName(j)
	}
	return names
}

// OPBVariableNames are the names of the variables of prog's OPB export
// (WriteOPB): column j is x(j+1), but for the integer column z, written
// in binary after the others ("z#b" names its bit b).
func OPBVariableNames(prog *model.Program) []string {
	nc, z := prog.NumCols(), prog.ZCol()
	var names []string
	for j := range nc {
		if j != z {
			names = append(names, prog.ColName(j))
		}
	}
	if z >= 0 {
		_, hi := prog.Bounds(z)
		for b := range max(1, bitsLen(uint(hi))) {
			names = append(names, prog.ColName(z)+"#"+strconv.Itoa(b))
		}
	}
	return names
}

// bitsLen is the number of bits of v.
func bitsLen(v uint) int {
	n := 0
	for ; v > 0; v >>= 1 {
		n++
	}
	return n
}

// readMore reads the formats of this file for ReadSolution: a SAT or PB
// answer needs the names of its variables.
func readMore(r io.Reader, format string, names []string) (*Solution, error) {
	switch {
	case format == FormatPyomoSolution:
		return ReadPyomoSolution(r)
	case names == nil:
		return nil, fmt.Errorf("export: a %s answer numbers its variables: the names of its export's variables are needed (ReadVariableNames, CNFVariableNames, OPBVariableNames)", format)
	case format == FormatPBSolution:
		return ReadPBSolution(r, names)
	}
	return ReadSATSolution(r, names)
}

// detectCompetition names the format of a SAT or PB solver's answer, or
// the Pyomo script's output, from a file's head: "sat", "pb", "pyomo" or
// "" for none of them (glpsol -w's file also starts with "c" lines, then
// "s mip" or "s bas").
func detectCompetition(head []byte) string {
	status := ""
	for line := range strings.Lines(string(head)) {
		t := strings.TrimSpace(line)
		if t == "" || t == "c" || strings.HasPrefix(t, "c ") {
			continue
		}
		f := strings.Fields(t)
		switch f[0] {
		case "solver":
			if _, err := parseValue(f[len(f)-1]); status == "" && len(f) == 2 && err != nil {
				return FormatPyomoSolution
			}
			return ""
		case "s":
			st := strings.TrimSpace(t[1:])
			switch st {
			case "OPTIMUM FOUND":
				return FormatPBSolution
			case "SATISFIABLE", "UNSATISFIABLE", "UNKNOWN":
				status = st
				continue
			}
			return ""
		case "o":
			return FormatPBSolution
		case "v":
			if len(f) > 1 && strings.HasPrefix(strings.TrimLeft(f[1], "-~"), "x") {
				return FormatPBSolution
			}
			return FormatSATSolution
		}
		break
	}
	if status != "" {
		return FormatSATSolution // no assignment: SAT and PB answers read alike
	}
	return ""
}
