package solcheck

import (
	"context"
	"fmt"
	"strings"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
)

// cbcByProgram splits the lines of a CBC solution file into its rows
// section and its columns by the program, and refuses a line that fits
// neither (an *export.LineError naming it). CBC writes (printingOptions normal,
// integer, rows or all) a status line, then optionally the rows, each
// "index name value dual" with the index and name of a row of the program
// (every row with "all", the nonzero ones with "rows"), by increasing
// index; then the columns by increasing index. The rows are told from the
// columns by the program's row names and indices, not by the index
// restart alone, which a stray line with a lower index would fake. rename
// maps fixed-MPS short names (R0000001, X0000001) to the program's; the
// Values of the result keep the file's names. Other formats are returned
// unchanged. It reads ctx every 65,536 lines.
func cbcByProgram(ctx context.Context, prog *model.Program, sol *export.Solution, rename map[string]string) (*export.Solution, error) {
	if sol.Solver != "cbc" || sol.CBCLines == nil {
		return sol, nil
	}
	full := func(name string) string {
		if f, ok := rename[name]; ok {
			return f
		}
		return name
	}
	nRows := prog.NumRows()
	var rowIndex map[string]int // the program's rows by name, built on demand
	rowOf := func(name string) (int, bool) {
		if rowIndex == nil {
			rowIndex = make(map[string]int, nRows)
			for i := range nRows {
				rowIndex[prog.RowName(i)] = i
			}
		}
		i, ok := rowIndex[name]
		return i, ok
	}
	// A fingerprint column (any, this program's or another's: the
	// fingerprint check that follows tells them apart) is a column.
	isCol := func(name string) bool {
		_, ok := prog.ColumnIndex(name)
		return ok || prog.IsPlaceholder(name) || model.LooksLikeFingerprint(name)
	}
	// misfit is the error of a line that does not fit the file's
	// structure; names that are neither rows nor columns of the program
	// say first that the file is another program's.
	misfit := func(line int, format string, args ...any) error {
		var unknown []string
		n := 0
		for _, l := range sol.CBCLines {
			name := full(l.Name)
			if _, row := rowOf(name); !row && !isCol(name) {
				if n++; n <= 3 {
					unknown = append(unknown, fmt.Sprintf("%q (line %d)", clipName(l.Name), l.Line))
				}
			}
		}
		if n > 0 {
			if n > 3 {
				unknown = append(unknown, "...")
			}
			return otherProgram("%s of this program (%s): check --mode, --formulation, --strengthen, --symmetry and the puzzle against the export (a fixed-MPS solution needs --names FILE.mps)", namesNotOf(n, len(sol.CBCLines), "a row or a column", "neither a row nor a column", "neither rows nor columns"), strings.Join(unknown, ", "))
		}
		return &export.LineError{Solver: "CBC", Line: line, Msg: fmt.Sprintf(format, args...) + ": CBC lists the rows (printingOptions rows or all), then the columns, each by increasing index; this line does not fit the file (a stray or edited line)"}
	}
	out := *sol
	out.Values = make(map[string]float64, len(sol.Values))
	out.Lines = make(map[string]int, len(sol.Values))
	inRows, prev := true, export.CBCLine{Index: -1}
	for k, l := range sol.CBCLines {
		if k&0xffff == 0xffff && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		name := full(l.Name)
		if inRows {
			if l.Index > prev.Index && l.Index < nRows && prog.RowName(l.Index) == name {
				prev = l
				continue
			}
			inRows, prev = false, export.CBCLine{Index: -1}
		}
		if l.Index <= prev.Index {
			return nil, misfit(l.Line, "index %d after index %d on line %d", l.Index, prev.Index, prev.Line)
		}
		// Only a name that is no column is looked up among the rows (their
		// table is built then, not for every file); an unknown name is
		// kept, for the scan to name it.
		if !isCol(name) {
			if i, row := rowOf(name); row && i != l.Index {
				return nil, misfit(l.Line, "row %q with index %d: it is row %d of the program", clipName(l.Name), l.Index, i)
			} else if row {
				return nil, misfit(l.Line, "row %q among the columns", clipName(l.Name))
			}
		}
		if ln, dup := out.Lines[l.Name]; dup {
			return nil, &export.LineError{Solver: "CBC", Line: l.Line, Msg: fmt.Sprintf("column %q is duplicated (listed before on line %d)", clipName(l.Name), ln)}
		}
		out.Values[l.Name], out.Lines[l.Name] = l.Value, l.Line
		prev = l
	}
	return &out, nil
}

// clipName shortens a name for an error message.
func clipName(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// namesNotOf says that n of a file's total names are not what they
// should be, in the grammar of every count: "its only name is not a
// column" (1 of 1), "none of its 3 names is a column" (3 of 3), "1 of its
// 3 names is not a column", "2 of its 3 names are not columns". is is
// the thing a name should be ("a column"), isNot and areNot say that one
// or several names are not ("is" and "are" are added).
func namesNotOf(n, total int, is, isNot, areNot string) string {
	switch {
	case total == 1 && n == 1:
		return "its only name is " + isNot
	case n == total:
		return fmt.Sprintf("none of its %d names is %s", total, is)
	case n == 1:
		return fmt.Sprintf("1 of its %d names is %s", total, isNot)
	}
	return fmt.Sprintf("%d of its %d names are %s", n, total, areNot)
}
