// Package limits holds the documented bounds of polytile's numeric options,
// shared by the command line and the comparator's backend specs, so that a
// number typed anywhere is checked against one range.
package limits

import (
	"time"

	"github.com/polytile/polytile/puzzle"
)

// Bounds of the numeric flags and backend options (docs/reliability.md).
const (
	// MaxWorkers bounds -j and the j=N option of native backends. Every
	// worker holds its own copy of the dancing-links matrix, so memory grows
	// with the count; 256 is more hardware threads than the machines
	// polytile targets have (a worker beyond the core count only adds
	// memory), while -j 10000 once took 3.5 GB on a small puzzle.
	MaxWorkers = 256

	// MaxSolutions bounds --limit (solutions to find and print).
	MaxSolutions = 1_000_000_000_000

	// MaxPieceLevel bounds the options counted in remaining pieces
	// (--fila-at, --volume=N, at=N, vol=N). A puzzle has at most one piece
	// per cell, and the board at most 2^20 cells (puzzle.MaxCells).
	MaxPieceLevel = puzzle.MaxCells

	// MaxTimeLimit bounds every --time-limit: a year.
	MaxTimeLimit = 366 * 24 * time.Hour

	// MaxEnumLimit bounds compare's --enum-limit (MIP solves with no-good
	// cuts, one per unique solution).
	MaxEnumLimit = 1_000_000
)
