package main

import (
	"fmt"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// idleFlags refuses (exit 2) a --fila-at or --heuristic that would do
// nothing: native.Config.IdleSettings says when and why, for solve as for
// compare's native options. maxCoverage asks for the maximum-coverage
// search (p unused); else p is the puzzle (nil: nothing to say yet).
// fila says that --fila-at is read (--backend fila). The other native
// flags on maximum coverage are refused by their flag rule (applies.go,
// with IdleSettings's reason).
func idleFlags(p *puzzle.Puzzle, maxCoverage bool, f *solveFlags, fila bool) error {
	var given native.Settings
	if f.heuristic != "" {
		given |= native.SetSchedule
	}
	if fila && !maxCoverage {
		given |= native.SetFilaAt
	}
	cfg := native.Config{FilaAt: f.filaAt, Schedule: f.heuristic}
	for _, i := range cfg.IdleSettings(p, maxCoverage, given) {
		if i.Setting == native.SetFilaAt {
			return usageErr("%s", i.Explain(fmt.Sprintf("--fila-at %d", f.filaAt), "--fila-at", ""))
		}
		return usageErr("%s", i.Explain("--heuristic "+f.heuristic, "--heuristic", "--heuristic "+i.Instead))
	}
	return nil
}
