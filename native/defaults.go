package native

import (
	"fmt"

	"github.com/polytile/polytile/puzzle"
)

// DefaultConfig is the configuration polytile's commands use for p when
// none is given (polytile solve with no search flags, compare's "native"
// backend): FILA with the heuristic of DefaultSchedule, neighbour
// occupancy filtering, and the volume filter applied once before the
// search; the fastest settings measured on the articles' puzzles
// (docs/solvers.md). The redundancy filter is off: counting unique
// solutions turns it on ("auto").
func DefaultConfig(p *puzzle.Puzzle) Config {
	return Config{Algorithm: "fila", Schedule: DefaultSchedule(p), NOF: DefaultNOF, Volume: -1}
}

// DefaultNOF is DefaultConfig's neighbour occupancy filtering (on).
const DefaultNOF = true

// DefaultSchedule is the default FILA heuristic for p: F (first open
// cell) in 2D; in 3D, E until 3 pieces remain, then F (E throughout with
// an unlimited piece or at most 3 pieces).
func DefaultSchedule(p *puzzle.Puzzle) string {
	if p.Dim == 2 {
		return "f"
	}
	pieces := 0
	for k := range p.Pieces {
		if p.Pieces[k].Unlimited {
			return "e"
		}
		pieces += p.Pieces[k].Count
	}
	if pieces <= 3 {
		return "e"
	}
	return fmt.Sprintf("e=%d:f=3", pieces)
}

// DefaultMaxCoverageConfig is the configuration of MaxCoverage when none
// is given (solve --max-coverage, its warm start for HiGHS, compare's
// "native" backend on a maximum-coverage task): DLX's S heuristic.
func DefaultMaxCoverageConfig() Config { return Config{} }
