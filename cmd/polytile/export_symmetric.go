package main

import (
	"io"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// symmetricDLXWriter writes the orbit problem of a puzzle with the
// symmetric key: dlx3 syntax only (a class orbit of k copies is one item
// of multiplicity k; dlx1's copy items would count each tiling k! times),
// exact mode only.
func symmetricDLXWriter(p *puzzle.Puzzle, dialect string, opt model.ProgramOptions) (func(io.Writer) error, error) {
	d, err := export.ParseDLXDialect(dialect)
	if err != nil {
		return nil, usageErr("--dialect: %v", err)
	}
	if d != export.DLX3 {
		return nil, usageErr("--dialect %s: the symmetric solutions' exact cover (puzzle key symmetric) is written in dlx3 syntax only", dialect)
	}
	if opt.Mode == model.MaxCoverage {
		return nil, usageErr("--format dlx with max-coverage: not written for a puzzle with symmetric (use --format lp, mps, opb, cnf or pyomo, which carry the symmetric rows)")
	}
	c, err := model.NewSymmetricCover(p)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return func(w io.Writer) error { return export.WriteSymmetricDLX(w, c) }, nil
}
