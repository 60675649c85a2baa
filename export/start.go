package export

import (
	"fmt"
	"io"
	"strconv"

	"github.com/polytile/polytile/model"
)

// StartFormats are the start-file formats of WriteStart.
var StartFormats = []string{"mst", "cplex-mst", "highs", "cbc"}

// WriteStart writes an assignment of every column of prog (as from
// Program.Vector: x of a tiling, y and z that follow) as a MIP start file
// for an external solver, in one of StartFormats:
//
//   - mst: "name value" lines after '#' comments, the .mst format of
//     Gurobi (gurobi_cl InputFile=start.mst) and the solution format SCIP
//     reads as a start ("read start.mst" after the problem; SCIP also
//     takes the name .sol);
//   - cplex-mst: CPLEX's XML MIP start (CPLEXSolutions / CPLEXSolution /
//     variables), read by "read start.mst" in the CPLEX shell;
//   - highs: the raw solution file of HiGHS, for "highs --model_file
//     P.lp --read_solution_file start.sol": status, "# Primal solution
//     values", "Feasible", the objective and "# Columns N" with one
//     "name value" line per column in the program's column order (no
//     row values: HiGHS computes them);
//   - cbc: the solution format CBC writes with "solu" and reads with
//     "mips" / "mipstart": a status line, then "index name value" lines
//     (every column: CBC wants every integer variable).
//
// Every format ends with the program file's fingerprint column at its
// fixed value (see model.Program.Fingerprint and WriteLP).
//
// GLPK has no MIP start: glpsol reads no initial solution (its --ini
// option is a basis for the simplex method, not an integer point), so
// there is no GLPK format.
func WriteStart(w io.Writer, prog *model.Program, values []float64, format string) error {
	if len(values) != prog.NumCols() {
		return fmt.Errorf("export: start: %d values for %d columns", len(values), prog.NumCols())
	}
	o := newOut(w)
	obj := prog.Objective(values)
	var name []byte
	var num []byte
	switch format {
	case "mst":
		o.str("# MIP start written by polytile: " + comment(prog.Puzzle.Name) + "\n")
		o.str("# Objective value = " + string(appendNum(nil, obj)) + "\n")
	case "cplex-mst":
		o.str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<CPLEXSolutions version=\"1.2\">\n <CPLEXSolution version=\"1.2\">\n")
		o.str("  <header problemName=\"polytile\" solutionName=\"polytile start\" solutionIndex=\"0\" objectiveValue=\"" + string(appendNum(nil, obj)) + "\"/>\n  <variables>\n")
	case "highs":
		o.str("Model status\nUnknown\n\n# Primal solution values\nFeasible\n")
		o.str("Objective " + string(appendNum(nil, obj)) + "\n")
		o.str("# Columns " + strconv.Itoa(prog.NumCols()+1) + "\n")
	case "cbc":
		o.str("Stopped on iterations - objective value " + string(appendNum(nil, obj)) + "\n")
	default:
		return fmt.Errorf("export: unknown start format %q (want mst, cplex-mst, highs or cbc)", format)
	}
	// The fingerprint column of the program file follows the columns, at
	// its fixed value: HiGHS wants every column of the model.
	fp := fingerprint(prog)
	values = append(values[:len(values):len(values)], model.FingerprintValue(fp))
	for j, v := range values {
		if o.probe(w) != nil { // a failed (or cancelled) write ends the file
			break
		}
		if j < prog.NumCols() {
			name = prog.AppendColName(name[:0], j)
		} else {
			name = append(name[:0], fp...)
		}
		num = appendNum(num[:0], v)
		switch format {
		case "mst", "highs":
			o.bytes(name)
			o.str(" ")
			o.bytes(num)
			o.str("\n")
		case "cplex-mst":
			// Column names are [A-Za-z0-9_]: nothing to escape.
			o.str("   <variable name=\"")
			o.bytes(name)
			o.str("\" index=\"" + strconv.Itoa(j) + "\" value=\"")
			o.bytes(num)
			o.str("\"/>\n")
		case "cbc":
			o.str(strconv.Itoa(j) + " ")
			o.bytes(name)
			o.str(" ")
			o.bytes(num)
			o.str(" 0\n")
		}
	}
	if format == "cplex-mst" {
		o.str("  </variables>\n </CPLEXSolution>\n</CPLEXSolutions>\n")
	}
	if err := o.finish(); err != nil {
		return fmt.Errorf("export: write start: %w", err)
	}
	return nil
}
