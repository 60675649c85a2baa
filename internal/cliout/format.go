package cliout

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/render"
)

// The -o file's extension and the format flag agree in every command:
// solve, render and check take a picture format from it, export a program
// format, compare and bench a table format, and each refuses a
// contradiction.

var (
	// ErrUnknownExtension: the format is not known from the file name.
	ErrUnknownExtension = errors.New("the format is not known from the file name")
	// ErrFormatNeeded: export's -o extension names a program format
	// that --format must give.
	ErrFormatNeeded = errors.New("the format flag is needed")
	// ErrBinaryToTerminal: a binary picture would go to a terminal.
	ErrBinaryToTerminal = errors.New("a binary picture to a terminal")
)

// ExtensionError is a format flag that contradicts the extension of the
// output file Out, a Kind file.
type ExtensionError struct{ Flag, Format, Out, Kind string }

// Error names the flag, the format and the file's kind.
func (e *ExtensionError) Error() string {
	return fmt.Sprintf("%s %s contradicts the extension of -o %s (a %s file): use matching ones", e.Flag, e.Format, e.Out, e.Kind)
}

// formatError is a message that wraps one of the sentinel errors above.
type formatError struct {
	msg  string
	kind error
}

func (e *formatError) Error() string { return e.msg }
func (e *formatError) Unwrap() error { return e.kind }

// pictureExtensions lists the extensions a picture format is inferred from.
const pictureExtensions = ".svg, .png, .txt (ascii) or .ans (ansi)"

// PictureFormat decides the picture format of a command that draws to out
// ("-" for stdout) with the format flag flag (value format, "" when not
// given): the flag, which must agree with a known extension of out (svg
// with .svg, png with .png, ascii or ansi with .txt or .ans); else the
// extension of out, any other being refused (ASCII in x.gif helps
// nobody); else, on stdout, ansi on a terminal and ascii otherwise. PNG to
// a terminal is refused.
func PictureFormat(flag, format, out string, terminal bool) (render.Format, error) {
	ext, extOK := render.FormatForFile(out)
	if out == "-" {
		extOK = false
	}
	if format != "" {
		f, err := render.ParseFormat(format)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", flag, err)
		}
		if extOK && f != ext && !(f.Text() && ext.Text()) {
			return 0, &ExtensionError{flag, f.String(), out, ext.String()}
		}
		if f == render.PNG && out == "-" && terminal {
			return 0, &formatError{"a PNG picture is binary: write it to a file with -o FILE.png", ErrBinaryToTerminal}
		}
		return f, nil
	}
	switch {
	case extOK:
		return ext, nil
	case out != "-":
		return 0, &formatError{fmt.Sprintf("-o %s: the picture format is not known from the file name: use an extension %s, or give %s FORMAT", out, pictureExtensions, flag), ErrUnknownExtension}
	case terminal:
		return render.ANSI, nil
	}
	return render.ASCII, nil
}

// ChartFormat is the picture format of a --chart file, by its extension
// (no file: the zero format).
func ChartFormat(chart string) (render.Format, error) {
	if chart == "" {
		return 0, nil
	}
	f, ok := render.FormatForFile(chart)
	if !ok {
		return 0, &formatError{fmt.Sprintf("--chart %s: the file name must end in .svg, .png, .txt or .ans", chart), ErrUnknownExtension}
	}
	return f, nil
}

// exportExtFormats are the --format values each export file extension may
// hold (an MPS file: free or fixed).
var exportExtFormats = map[string][]string{
	".lp": {"lp"}, ".mps": {"mps", "fixed-mps"}, ".dlx": {"dlx"},
	".cnf": {"cnf"}, ".opb": {"opb"}, ".py": {"pyomo"},
}

// ExportFormat checks export's --format against -o out: a known extension
// holding another format is an *ExtensionError, and without --format one
// is needed (ErrFormatNeeded, naming the format the extension suggests).
func ExportFormat(format, out string) error {
	want := exportExtFormats[strings.ToLower(filepath.Ext(out))]
	if out == "-" || want == nil {
		return nil
	}
	if format == "" {
		return &formatError{fmt.Sprintf("export needs --format lp, mps, fixed-mps, dlx, cnf, opb or pyomo (for -o %s: --format %s)", out, want[0]), ErrFormatNeeded}
	}
	for _, w := range want {
		if strings.EqualFold(format, w) {
			return nil
		}
	}
	return &ExtensionError{"--format", format, out, strings.Join(want, " or ")}
}

// tableExtFormats are the table formats of compare's and bench's -o
// extensions.
var tableExtFormats = map[string]string{
	".txt": "table", ".md": "markdown", ".markdown": "markdown", ".csv": "csv", ".json": "json",
}

// TableFormat is compare's and bench's --format: without it, -o's
// extension decides (.txt table, .md markdown, .csv, .json; any other and
// stdout: table); with it, an extension of another format is an
// *ExtensionError.
func TableFormat(format, out string) (compare.Format, error) {
	byExt := ""
	if out != "-" {
		byExt = tableExtFormats[strings.ToLower(filepath.Ext(out))]
	}
	if format == "" {
		format = byExt
	}
	f, err := compare.ParseFormat(format)
	if err != nil {
		return 0, err
	}
	if byExt != "" {
		if g, _ := compare.ParseFormat(byExt); g != f {
			return 0, &ExtensionError{"--format", format, out, byExt}
		}
	}
	return f, nil
}
