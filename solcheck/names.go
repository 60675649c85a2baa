package solcheck

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/model"
)

// Names is what the LP or MPS file that was solved tells of a
// solution's columns.
type Names struct {
	// Order is the program's column order, which a glpsol -w file
	// numbers its columns by.
	Order []string
	// Rename maps a fixed-MPS file's short names (X0000001) to the
	// program's; nil for another file.
	Rename map[string]string
	// Vars names the variables of a CNF or OPB export, which a SAT or
	// pseudo-Boolean solver's answer numbers; nil for another file.
	Vars *export.VariableNames
}

// ReadNames reads the column names of the LP, MPS, CNF or OPB file data,
// named path ("-" for standard input): a fixed-MPS file gives the
// short-to-full mapping (and its column order), an LP or free MPS file
// the column order GLPK uses, a CNF or OPB file the names of its
// variables (from its comments); a file of more than most names
// (MaxNames) is refused at the name past them. A file of none of these
// formats is an error of kind ErrNotProgram.
func ReadNames(ctx context.Context, data []byte, path string, most int) (*Names, error) {
	name := FileName(path)
	// A reader's error names its line ("line 3: longer than ..."): add
	// the file.
	inFile := func(err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fileErr(name, lineOf(err), ErrMalformed, err, export.InFile(name, err))
	}
	// An MPS file by its content (a NAME or ROWS section first), whatever
	// its name (a fixed-MPS export saved as .fmps).
	if isMPS(data) || strings.EqualFold(filepath.Ext(path), ".mps") {
		m, err := export.ReadMPSNames(export.AtMost(ctxio.Reader(ctx, bytes.NewReader(data)), most))
		if err != nil {
			return nil, inFile(err)
		}
		order, err := export.MPSColumnOrder(export.AtMost(ctxio.Reader(ctx, bytes.NewReader(data)), most))
		if err != nil {
			return nil, inFile(err)
		}
		if len(m) == 0 {
			m = nil
		}
		return &Names{Order: order, Rename: m}, nil
	}
	if kind := export.IsCNFOrOPB(head(data)); kind != "" {
		vars, err := export.ReadVariableNames(export.AtMost(ctxio.Reader(ctx, bytes.NewReader(data)), most), kind)
		if err != nil {
			return nil, inFile(err)
		}
		return &Names{Vars: vars}, nil
	}
	if !isLP(data) {
		return nil, fileErr(name, 0, ErrNotProgram, nil, fmt.Sprintf("%s is neither an LP file (Maximize or Minimize first) nor an MPS file (NAME or ROWS first): give the LP or MPS file that was solved", path))
	}
	order, err := export.LPColumnOrder(export.AtMost(ctxio.Reader(ctx, bytes.NewReader(data)), most))
	if err != nil {
		return nil, inFile(err)
	}
	return &Names{Order: order}, nil
}

// isMPS reports whether data starts (after blank and comment lines) with
// an MPS section: NAME or ROWS.
func isMPS(data []byte) bool {
	for line := range strings.Lines(string(data)) {
		t := strings.TrimRight(line, "\r\n")
		if strings.TrimSpace(t) == "" || strings.HasPrefix(t, "*") {
			continue
		}
		return t == "ROWS" || t == "NAME" || strings.HasPrefix(t, "NAME ")
	}
	return false
}

// isLP reports whether data starts (after blank lines and backslash
// comments) with the objective section of a CPLEX LP file: Maximize,
// Minimize or one of their other spellings, as polytile export and
// glpsol --wlp write them. Any other text (a puzzle, a solution given by
// mistake) is not taken for one, whose words would be read as column
// names.
func isLP(data []byte) bool {
	for line := range bytes.Lines(data) { // no copy of a file of up to 256 MiB
		if i := bytes.IndexByte(line, '\\'); i >= 0 {
			line = line[:i]
		}
		line = bytes.TrimLeft(line, " \t\r\n")
		f := strings.Fields(string(line[:min(len(line), 64)])) // the first word is short
		if len(f) == 0 {
			continue
		}
		switch strings.ToLower(f[0]) {
		case "maximize", "maximise", "maximum", "max", "minimize", "minimise", "minimum", "min":
			return true
		}
		return false
	}
	return false
}

// AnswerNames is ProgramNames for the answer data: a pseudo-Boolean
// answer with objective ("o") lines and no OPB names file is of an
// optimising export, and polytile's exact OPB export has no objective,
// so when prog is exact the names are those of prog's maximum-coverage
// program in the default formulation (an exact program has none; export
// writes that one), whose mode Settle then takes (or names as the flag that
// differs, when the mode was given).
func AnswerNames(prog *model.Program, format string, data []byte, names *Names) *Names {
	if format != export.FormatPBSolution || names != nil && names.Vars != nil ||
		prog.Options.Mode != model.Exact || !hasObjectiveLine(data) {
		return ProgramNames(prog, format, names)
	}
	opt := prog.Options
	opt.Mode, opt.Formulation = model.MaxCoverage, model.DefaultFormulation
	mc, err := model.NewProgram(prog.Puzzle, opt)
	if err != nil {
		return ProgramNames(prog, format, names)
	}
	return ProgramNames(mc, format, names)
}

// hasObjectiveLine says whether a competition-format answer has an "o"
// line, the value of an objective.
func hasObjectiveLine(data []byte) bool {
	for line := range bytes.Lines(data) {
		if bytes.HasPrefix(line, []byte("o ")) {
			return true
		}
	}
	return false
}

// ProgramNames completes names for a solution of format: a SAT or
// pseudo-Boolean answer numbers its variables, which the export of prog
// names in a fixed order (export.CNFVariableNames, OPBVariableNames), so
// without a CNF or OPB file its names come from prog. It returns the
// names to read the file with.
func ProgramNames(prog *model.Program, format string, names *Names) *Names {
	if format != export.FormatSATSolution && format != export.FormatPBSolution {
		return names
	}
	if names != nil && names.Vars != nil {
		return names
	}
	out := &Names{}
	if names != nil {
		*out = *names
	}
	vars := &export.VariableNames{Format: "cnf", Names: export.CNFVariableNames(prog), Mode: prog.Options.Mode.String(), MinCovered: -1}
	if format == export.FormatPBSolution {
		vars.Format, vars.Names = "opb", export.OPBVariableNames(prog)
	}
	out.Vars = vars
	return out
}
