package native

import (
	"fmt"
	"strconv"

	"github.com/polytile/polytile/puzzle"
)

// settingFlags is the command-line flag of each setting IdleSettings
// examines (polytile solve's and merge's), in the order of their bits.
var settingFlags = []struct {
	setting Settings
	flag    string
}{
	{SetFilaAt, "fila-at"},
	{SetSchedule, "heuristic"},
	{SetNOF, "nof"},
	{SetVolume, "volume"},
	{SetRedundancy, "redundancy"},
	{SetWorkers, "jobs"},
}

// GivenSettings returns the settings whose command-line flag (fila-at,
// heuristic, nof, volume, redundancy, jobs) changed reports as given, as
// pflag.FlagSet.Changed does.
func GivenSettings(changed func(flag string) bool) Settings {
	var given Settings
	for _, s := range settingFlags {
		if changed(s.flag) {
			given |= s.setting
		}
	}
	return given
}

// IdleError is a setting given where it does nothing: the error of
// Config.CheckIdle, which names the setting by its command-line flag.
type IdleError struct {
	Idle
	// Given spells the setting as given ("--fila-at 3", "--nof=false").
	Given string
	// Flag is the setting's flag ("--fila-at").
	Flag string
}

// Error is Idle.Explain of the setting's flag: "--fila-at 3: why; leave
// --fila-at out", or "...; give --heuristic e".
func (e *IdleError) Error() string { return e.Explain(e.Given, e.Flag, e.Flag+" "+e.Instead) }

// CheckIdle returns an *IdleError for the first setting among given that
// IdleSettings finds idle on p (maxCoverage: on the maximum-coverage
// search), spelled with c's value as a command-line flag; nil when none
// is. SetSearch has no flag and is left to the caller.
func (c Config) CheckIdle(p *puzzle.Puzzle, maxCoverage bool, given Settings) error {
	for _, i := range c.IdleSettings(p, maxCoverage, given&^SetSearch) {
		for _, s := range settingFlags {
			if s.setting == i.Setting {
				return &IdleError{Idle: i, Flag: "--" + s.flag, Given: c.spell(s.setting, "--"+s.flag)}
			}
		}
	}
	return nil
}

// spell is setting s of c as the flag would be given.
func (c Config) spell(s Settings, flag string) string {
	switch s {
	case SetFilaAt:
		return flag + " " + strconv.Itoa(c.FilaAt)
	case SetSchedule:
		if c.Schedule == "" {
			return flag + ` ""` // --heuristic= (the default, given)
		}
		return flag + " " + c.Schedule
	case SetNOF:
		return fmt.Sprintf("%s=%t", flag, c.NOF)
	case SetRedundancy:
		return flag + " " + c.Redundancy
	case SetWorkers:
		return flag + " " + strconv.Itoa(c.Workers)
	}
	return flag // SetVolume: --volume's value does not matter
}
