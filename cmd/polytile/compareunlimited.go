package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/puzzle"
)

// checkBackendsForPuzzles refuses, before anything runs, a backend of
// --backends whose options would do nothing on one of the puzzles for the
// task it is known to get (compare.CheckBackends), as solve refuses the
// matching flags. The task is kinds[0] when --task names it, else
// compare's automatic choice (maxOnly: only maximum coverage applies); a
// maximum-coverage table that auto adds after a count of 0 skips such
// rows, with the reason, as it does for a backend of the task's default
// lists (polytile's own choice, not an option given).
func checkBackendsForPuzzles(backends []compare.Backend, puzzles []*puzzle.Puzzle, files []string, kinds []compare.Kind, maxOnly map[*puzzle.Puzzle]bool) error {
	err := compare.CheckBackends(backends, puzzles, func(p *puzzle.Puzzle) compare.Kind {
		return compare.FirstKind(p, kinds, maxOnly[p])
	})
	var na *compare.NotApplicableError
	if errors.As(err, &na) {
		return usageErr("--backends %s on %s: %v", na.Backend, files[na.Puzzle], na.Err)
	}
	return err
}

// loadComparedAuto is loadCompared for --task auto, which compares a
// puzzle without an exact tiling on maximum coverage: a finite piece that
// fits nowhere is such a puzzle (no exact tiling can place it), and so is
// one whose areas or colourings prove it (provenInfeasible). It is taken
// as maximum coverage reads it (a piece that fits nowhere left out, with
// a note; no piece left is the proven optimum 0: answeredPuzzle; a proof
// said in a note) and maxOnly says that only the maximum-coverage task
// applies. --task count keeps the answer "no tiling", with the proof.
func (a *app) loadComparedAuto(ctx context.Context, file string, fromDir bool, f *compareFlags) (p *puzzle.Puzzle, maxOnly bool, err error) {
	src := &puzzleSource{regularOnly: fromDir}
	p, err = a.loadCompared(ctx, file, f, src.read(file, a.stdin))
	if err == nil && f.task != "max-coverage" {
		if _, proof := compare.ExactKind(p); proof != nil {
			if f.task != "auto" {
				return p, false, &countAnswered{err: infeasibleAnswer(p, proof)}
			}
			if !a.quiet {
				fmt.Fprintf(a.stderr, "note: %s: %v: compared on maximum coverage\n", puzzle.SafeText(file), proof)
			}
			return p, true, nil
		}
	}
	q := answeredPuzzle(err)
	if q == nil {
		return p, false, err
	}
	if f.task != "auto" {
		// --task count: "no tiling" is the answer once every input is
		// checked (the other puzzles, the backends' options on this one
		// without the pieces that fit nowhere), given with q.
		return q, false, &countAnswered{err: err}
	}
	a.noteDropped(q, puzzle.DropAll)
	return q, true, nil
}

// countAnswered is loadComparedAuto's answer "no tiling" for --task
// count, given with the puzzle read as maximum coverage reads it, whose
// backends are checked before the answer is.
type countAnswered struct{ err error }

func (e *countAnswered) Error() string { return e.err.Error() }
func (e *countAnswered) Unwrap() error { return e.err }
