package main

import (
	"github.com/spf13/cobra"

	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// setOnceFlags makes every single-valued flag of root refuse a second,
// different value (cliflag.SetOnce), and an empty value of a pathFlags one.
func setOnceFlags(root *cobra.Command) {
	cliflag.SetOnce(root, func(name string) bool { return pathFlags[name] }, nil)
}

// pathFlags are the flags whose value names a file or directory. Other
// string flags keep "" (--heuristic= is dlx's schedule in a count key).
// TestEmptyPathFlagsRefused fails on a flag that speaks of a FILE or DIR
// and is not listed here.
var pathFlags = map[string]bool{
	"output": true, "checkpoint": true, "count-key": true, "puzzle": true,
	"start": true, "highs-options-file": true, "names": true, "chart": true,
	"update": true, "examples": true, "dlx-solver": true,
}

// intFlag registers cmd_merge.go's bounded int flags (cliflag.IntVarP).
var intFlag = cliflag.IntVarP

// idleFlags refuses (exit 2) a native flag that would do nothing on p
// (native.Config.CheckIdle); fila says that --fila-at is read. The other
// native flags on maximum coverage are refused by their flag rule.
func idleFlags(p *puzzle.Puzzle, maxCoverage bool, f *solveFlags, fila bool) error {
	given := f.given
	if !fila || maxCoverage {
		given &^= native.SetFilaAt
	}
	cfg := native.Config{FilaAt: f.filaAt, Schedule: f.heuristic, NOF: f.nof, Redundancy: f.redundancy, Workers: f.workers}
	if err := cfg.CheckIdle(p, maxCoverage, given); err != nil {
		return usageErr("%w", err)
	}
	return nil
}
