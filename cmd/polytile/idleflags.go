package main

import (
	"fmt"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// settingFlags names solve's flag of each native setting IdleSettings
// examines (mergePuzzle reads the same names).
var settingFlags = []struct {
	setting native.Settings
	name    string
}{
	{native.SetFilaAt, "fila-at"},
	{native.SetSchedule, "heuristic"},
	{native.SetNOF, "nof"},
	{native.SetVolume, "volume"},
	{native.SetRedundancy, "redundancy"},
	{native.SetWorkers, "jobs"},
}

// givenSettings is the set of native settings whose flags were given
// (changed reports a flag given by name, as pflag.FlagSet.Changed).
func givenSettings(changed func(name string) bool) native.Settings {
	var given native.Settings
	for _, s := range settingFlags {
		if changed(s.name) {
			given |= s.setting
		}
	}
	return given
}

// idleFlags refuses (exit 2) a flag that would do nothing:
// native.Config.IdleSettings says when and why, for solve as for
// compare's native options. maxCoverage asks for the maximum-coverage
// search (p unused); else p is the puzzle (nil: nothing to say yet): with
// an unlimited piece a --fila-at N or a --heuristic with levels, with the
// symmetric key every flag of the FILA search given (f.given) and a
// --redundancy that names a piece. fila says
// that --fila-at is read (--backend fila). The other native flags on
// maximum coverage are refused by their flag rule (applies.go, with
// IdleSettings's reason).
func idleFlags(p *puzzle.Puzzle, maxCoverage bool, f *solveFlags, fila bool) error {
	given := f.given
	if !fila || maxCoverage {
		given &^= native.SetFilaAt
	}
	cfg := native.Config{FilaAt: f.filaAt, Schedule: f.heuristic, Redundancy: f.redundancy}
	for _, i := range cfg.IdleSettings(p, maxCoverage, given) {
		switch i.Setting {
		case native.SetFilaAt:
			return usageErr("%s", i.Explain(fmt.Sprintf("--fila-at %d", f.filaAt), "--fila-at", ""))
		case native.SetSchedule:
			given := "--heuristic " + f.heuristic
			if f.heuristic == "" {
				given = `--heuristic ""` // --heuristic= (the default, given)
			}
			return usageErr("%s", i.Explain(given, "--heuristic", "--heuristic "+i.Instead))
		case native.SetNOF:
			return usageErr("%s", i.Explain(fmt.Sprintf("--nof=%t", f.nof), "--nof", ""))
		case native.SetVolume:
			return usageErr("%s", i.Explain("--volume", "--volume", ""))
		case native.SetRedundancy:
			return usageErr("%s", i.Explain("--redundancy "+f.redundancy, "--redundancy", ""))
		case native.SetWorkers:
			return usageErr("%s", i.Explain(fmt.Sprintf("--jobs %d", f.workers), "--jobs", ""))
		}
	}
	return nil
}
