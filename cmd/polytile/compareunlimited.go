package main

import (
	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/puzzle"
)

// checkBackendsForPuzzles refuses, before anything runs, a backend of
// --backends whose options would do nothing on one of the puzzles (a
// native at=N or a schedule's levels on a puzzle with an unlimited piece:
// compare.PuzzleChecker), as solve refuses --fila-at N and --heuristic
// e=11:f=3 there. A backend of the task's default lists (polytile's own
// choice, not an option given) is a skipped row for such a puzzle instead
// (compare.Compare).
func checkBackendsForPuzzles(backends []compare.Backend, puzzles []*puzzle.Puzzle, files []string) error {
	for n, p := range puzzles {
		for _, b := range backends {
			c, ok := b.(compare.PuzzleChecker)
			if !ok {
				continue
			}
			if err := c.CheckPuzzle(p); err != nil {
				return usageErr("--backends %s on %s: %v", b.Name(), files[n], err)
			}
		}
	}
	return nil
}
