package main

import (
	"path/filepath"
	"strings"

	"github.com/polytile/polytile/compare"
)

// The -o file's extension and --format agree in every command: solve,
// render and check take a picture format from it (and refuse a
// contradiction); export, compare and bench wrote LP into p.mps, a boxed
// text table into all.csv or CSV into r.json, exit 0.

// exportExtFormats are the --format values each export file extension may
// hold (an MPS file: free or fixed).
var exportExtFormats = map[string][]string{
	".lp": {"lp"}, ".mps": {"mps", "fixed-mps"}, ".dlx": {"dlx"},
	".cnf": {"cnf"}, ".opb": {"opb"}, ".py": {"pyomo"},
}

// exportFormatForOutput checks export's --format against -o: a known
// extension holding another format is exit 2; without --format, the
// error names the format the extension suggests.
func exportFormatForOutput(format, out string) error {
	ext := strings.ToLower(filepath.Ext(out))
	want := exportExtFormats[ext]
	if out == "-" || want == nil {
		return nil
	}
	if format == "" {
		return usageErr("export needs --format lp, mps, fixed-mps, dlx, cnf, opb or pyomo (for -o %s: --format %s)", out, want[0])
	}
	for _, w := range want {
		if strings.EqualFold(format, w) {
			return nil
		}
	}
	return extContradicted("--format", format, out, strings.Join(want, " or "))
}

// extContradicted is the error of every command whose format flag (flag
// given as format) contradicts the extension of -o out, a kind file.
func extContradicted(flag, format, out, kind string) error {
	return usageErr("%s %s contradicts the extension of -o %s (a %s file): use matching ones", flag, format, out, kind)
}

// tableExtFormats are the table formats of compare's and bench's -o
// extensions.
var tableExtFormats = map[string]string{
	".txt": "table", ".md": "markdown", ".markdown": "markdown", ".csv": "csv", ".json": "json",
}

// tableFormatForOutput is compare's and bench's --format: without it,
// -o's extension decides (.txt table, .md markdown, .csv, .json; any other
// and stdout: table); with it, an extension of another format is exit 2.
func tableFormatForOutput(format, out string) (compare.Format, error) {
	byExt := ""
	if out != "-" {
		byExt = tableExtFormats[strings.ToLower(filepath.Ext(out))]
	}
	if format == "" {
		format = byExt
	}
	f, err := compare.ParseFormat(format)
	if err != nil {
		return 0, usageErr("%v", err)
	}
	if byExt != "" {
		if g, _ := compare.ParseFormat(byExt); g != f {
			return 0, extContradicted("--format", format, out, byExt)
		}
	}
	return f, nil
}
