package export

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ReadPyomoSolution reads what the script of WritePyomo prints:
//
//	solver cbc
//	status optimal
//	objective 48.0
//	x F 3 2 5
//	...
//
// Each "x k r i j (l)" line is a placed piece: the column x_k_r_i_j(_l)
// at 1 (a negative coordinate -3 is named m3, as the exports name it);
// the others are 0. "objective none" means the solver found no solution
// (the status says why). The status "optimal" is Optimal; with HiGHS
// (solver highs or appsi_highs) it holds within HiGHS's relative gap
// (WithinGap).
func ReadPyomoSolution(r io.Reader) (*Solution, error) {
	const me = "Pyomo"
	sc := lines(r)
	s := newSolution(FormatPyomoSolution, r)
	ln, solverAt, statusAt, objAt, firstX := 0, 0, 0, 0, 0
	solver := ""
	var name []byte
	for sc.Scan() {
		ln++
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		f := strings.Fields(line)
		switch f[0] {
		case "solver":
			if solverAt > 0 {
				return nil, twice(me, ln, solverAt, "solver line")
			}
			if len(f) != 2 {
				return nil, colErr(me, ln, col(raw, line), "want \"solver NAME\", got %q", trunc(line))
			}
			solverAt, solver = ln, f[1]
		case "status":
			if statusAt > 0 {
				return nil, twice(me, ln, statusAt, "status line")
			}
			if len(f) != 2 {
				return nil, colErr(me, ln, col(raw, line), "want \"status CONDITION\", got %q", trunc(line))
			}
			statusAt, s.Status = ln, f[1]
		case "objective":
			if objAt > 0 {
				return nil, twice(me, ln, objAt, "objective line")
			}
			if len(f) != 2 {
				return nil, colErr(me, ln, col(raw, line), "want \"objective VALUE\", got %q", trunc(line))
			}
			objAt = ln
			if f[1] == "none" {
				break
			}
			v, err := parseValue(f[1])
			if err != nil {
				return nil, colErr(me, ln, fieldCol(raw, 1), "bad objective: %v", err)
			}
			s.Objective, s.HasObjective, s.Feasible = v, true, true
		case "x":
			if len(f) != 5 && len(f) != 6 {
				return nil, colErr(me, ln, col(raw, line), "want \"x PIECE ORIENTATION I J\" (and L in 3D), got %q", trunc(line))
			}
			if firstX == 0 {
				firstX = ln
			}
			name = append(name[:0], "x_"...)
			name = append(name, f[1]...)
			for i, c := range f[2:] {
				v, err := strconv.Atoi(c)
				if err != nil || i == 0 && v < 0 {
					return nil, colErr(me, ln, fieldCol(raw, i+2), "bad number %q", trunc(c))
				}
				name = append(name, '_')
				if v < 0 {
					name = append(name, 'm')
					v = -v
				}
				name = strconv.AppendInt(name, int64(v), 10)
			}
			if err := s.put(string(name), 1, ln, me); err != nil {
				return nil, err
			}
		default:
			return nil, colErr(me, ln, col(raw, line), "want a solver, status, objective or x line, got %q", trunc(line))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read Pyomo output: %w", err)
	}
	switch {
	case statusAt == 0:
		return nil, endErr(me, ln, "no status line")
	case objAt == 0:
		return nil, endErr(me, ln, "no objective line (the script prints \"objective none\" without a solution)")
	case !s.Feasible && firstX > 0:
		return nil, lineErr(me, firstX, "a placed piece with \"objective none\" (line %d)", objAt)
	}
	s.Optimal = s.Feasible && s.Status == "optimal"
	s.WithinGap = s.Optimal && (solver == "highs" || solver == "appsi_highs")
	return s, nil
}
