package native

import (
	"strings"

	"github.com/polytile/polytile/puzzle"
)

// Settings is a set of the settings of a Config that a user gives (solve's
// flags, compare's backend options): the settings Idle examines.
type Settings uint

// The settings Idle examines.
const (
	SetFilaAt     Settings = 1 << iota // FilaAt (--fila-at N, at=N)
	SetSchedule                        // Schedule (--heuristic, a heuristic option)
	SetNOF                             // NOF (--nof, nof)
	SetVolume                          // Volume (--volume, vol)
	SetRedundancy                      // Redundancy (--redundancy, r=)
	SetWorkers                         // Workers (-j, j=N)
	// SetSearch is any other setting of the search for tilings (a limit,
	// unique, a shard, statistics, a checkpoint): MaxCoverage reads none.
	SetSearch
)

// Idle is a setting that does nothing where it is given, and why.
type Idle struct {
	// Setting is the one setting.
	Setting Settings
	// Why says why it does nothing, without naming the setting.
	Why string
	// Instead is the value that runs in its place (the first heuristic of
	// a schedule, which runs throughout); "" when the setting is to be
	// left out.
	Instead string
}

// Explain is the message of a refusal: "name: why; leave leave out" or
// "name: why; give give", name, leave and give spelled by the caller
// (--fila-at 3 and --fila-at, at=3 and at=3; --heuristic e=5:f=2 and
// --heuristic e).
func (i Idle) Explain(name, leave, give string) string {
	if i.Instead == "" {
		return name + ": " + i.Why + "; leave " + leave + " out"
	}
	return name + ": " + i.Why + "; give " + give
}

// IdleSettings returns the settings of c among given that do nothing: on the
// maximum-coverage search (maxCoverage: MaxCoverage runs DLX with hole
// options, where only the first heuristic of the schedule is read) every
// setting but the schedule, and a schedule's levels; on puzzle p for the
// search for tilings (Solve), with the symmetric key (symmetric.go: one
// serial DLX on the orbit problem with the S heuristic) FilaAt, the
// schedule, NOF, the volume filter and the workers, whatever their values,
// and a redundancy filter that names a piece;
// else with an unlimited piece (the number of
// pieces left is unknown), a FilaAt > 0 (FILA starts at once) and a
// schedule's levels (its first heuristic runs throughout). Solve and
// MaxCoverage accept such settings and do what Idle says; solve and
// compare refuse them (or skip a row) with this one reason. p may be nil
// for maximum coverage. The settings come in the order of their bits.
func (c Config) IdleSettings(p *puzzle.Puzzle, maxCoverage bool, given Settings) []Idle {
	var out []Idle
	first, _, levels := strings.Cut(c.Schedule, "=")
	if maxCoverage {
		for s := SetFilaAt; s <= SetSearch; s <<= 1 {
			switch {
			case given&s == 0:
			case s != SetSchedule:
				out = append(out, Idle{Setting: s, Why: "maximum coverage runs DLX with hole options, where only the heuristic applies"})
			case levels:
				out = append(out, Idle{Setting: s, Why: "maximum coverage runs DLX with hole options with one heuristic, so levels have no meaning and " + first + " would run throughout", Instead: first})
			}
		}
		return out
	}
	if p == nil {
		return nil
	}
	if p.Symmetric != nil {
		for s := SetFilaAt; s <= SetWorkers; s <<= 1 {
			why, ok := symmetricIdle[s]
			if s == SetRedundancy && !PinsPiece(c.Redundancy) {
				ok = false // auto and none pin nothing there: nothing to refuse
			}
			if ok && given&s != 0 {
				out = append(out, Idle{Setting: s, Why: "the symmetric key's orbit problem is searched " + why})
			}
		}
		return out
	}
	if _, unlimited := p.PieceArea(); !unlimited {
		return nil
	}
	if given&SetFilaAt != 0 && c.FilaAt > 0 {
		out = append(out, Idle{Setting: SetFilaAt, Why: "with an unlimited piece (the number of pieces left is unknown) FILA starts at once"})
	}
	if given&SetSchedule != 0 && levels {
		out = append(out, Idle{Setting: SetSchedule, Why: "with an unlimited piece the number of pieces left is unknown, so levels have no meaning and " + first + " would run throughout", Instead: first})
	}
	return out
}

// symmetricIdle says why each setting does nothing in solveSymmetric (the
// end of IdleSettings's reason); the redundancy filter only when it names
// a piece (Solve refuses that too, and shards and checkpoints).
var symmetricIdle = map[Settings]string{
	SetFilaAt:     "by DLX alone, not FILA",
	SetSchedule:   "with the S heuristic (fewest options) throughout",
	SetNOF:        "by DLX alone, without FILA's neighbour occupancy filtering",
	SetVolume:     "without the volume filter",
	SetRedundancy: "without the redundancy filter, which pins a piece under the whole symmetry group while symmetric solutions are closed only under part of it",
	SetWorkers:    "serially, by one DLX",
}

// PinsPiece reports whether a Config.Redundancy names a piece to pin
// (not "", auto or none).
func PinsPiece(spec string) bool { return spec != "" && spec != "auto" && spec != "none" }
