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
// cell) on a planar board whose bounding box is at most NarrowBoard cells
// across (the pentomino rectangles 10x6, 12x5, 18x5: F fills them along the
// short side, and its cheap nodes win); elsewhere (wider planar boards, 3D)
// E until 2 pieces remain, then F (E throughout with an unlimited piece or
// at most 2 pieces). Measured (CPU seconds, docs/solvers.md): 10x6 F 0.13,
// E 0.26 (before F's bit-operation path, which halved F there); 8x8 with a
// centre square (13 pieces) F 1.83, E 1.19, e=13:f=2 1.15 (0.63x of F in 5
// pairs); the 13x13 diamond F more than 194 s, e=17:f=3 43.8 s; Tetris Cube
// e=12:f=2 0.88x the CPU of e=12:f=3 (3 pairs).
func DefaultSchedule(p *puzzle.Puzzle) string {
	if p.Dim == 2 && min(p.Region.Size.I, p.Region.Size.J) <= NarrowBoard {
		return "f"
	}
	pieces := 0
	for k := range p.Pieces {
		if p.Pieces[k].Unlimited {
			return "e"
		}
		pieces += p.Pieces[k].Count
	}
	if pieces <= 2 {
		return "e"
	}
	return fmt.Sprintf("e=%d:f=2", pieces)
}

// NarrowBoard is the widest bounding box (its shorter side, in cells) of a
// planar board that DefaultSchedule searches with F.
const NarrowBoard = 6

// DefaultMaxCoverageConfig is the configuration of MaxCoverage when none
// is given (solve --max-coverage, its warm start for HiGHS, compare's
// "native" backend on a maximum-coverage task): DLX's S heuristic.
func DefaultMaxCoverageConfig() Config { return Config{} }
