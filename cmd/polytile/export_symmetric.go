package main

import (
	"io"
	"strings"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// symmetricDLXWriter writes the orbit problem of a puzzle with the
// symmetric key: dlx3 syntax only (a class orbit of k copies is one item
// of multiplicity k; dlx1's copy items would count each tiling k! times),
// exact mode only.
func symmetricDLXWriter(p *puzzle.Puzzle, dialect string, opt model.ProgramOptions) (func(io.Writer) error, error) {
	if err := checkSymmetricExport(p, "dlx", dialect, opt); err != nil {
		return nil, err
	}
	c, err := model.NewSymmetricCover(p)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return func(w io.Writer) error { return export.WriteSymmetricDLX(w, c) }, nil
}

// checkSymmetricExport refuses what an export of p in format does not
// write for p's symmetric key (nothing when p has none): a DLX file in
// another dialect than dlx3 or of maximum coverage, and the symmetry rows
// of a program. It builds nothing: export runs it on a puzzle whose
// reading answered "no tiling" too, before that answer.
func checkSymmetricExport(p *puzzle.Puzzle, format, dialect string, opt model.ProgramOptions) error {
	if p.Symmetric == nil {
		return nil
	}
	if !strings.EqualFold(format, "dlx") {
		if err := model.CheckSymmetricOptions(p, opt); err != nil {
			return usageErr("%v", err)
		}
		return nil
	}
	d, err := export.ParseDLXDialect(dialect)
	if err != nil {
		return usageErr("--dialect: %v", err)
	}
	if d != export.DLX3 {
		return usageErr("--dialect %s: the symmetric solutions' exact cover (puzzle key symmetric) is written in dlx3 syntax only", dialect)
	}
	if opt.Mode == model.MaxCoverage {
		return usageErr("--format dlx with max-coverage: not written for a puzzle with symmetric (use --format lp, mps, opb, cnf or pyomo, which carry the symmetric rows)")
	}
	return nil
}
