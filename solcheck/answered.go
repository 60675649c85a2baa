package solcheck

import (
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// Answered is the report of a check that the reading of the puzzle
// answered "no" (a piece fits nowhere, or the time limit) before any
// solution was judged: neither valid nor optimal, the reason as the
// verdict; the file and the format asked for are opt's.
func Answered(reason string, mode model.Mode, opt Options) *Report {
	return &Report{File: opt.File, Solver: opt.Format, Mode: mode.String(), Verdict: reason}
}

// ReadFor completes an Answered report with q, the puzzle read without
// its pieces that fit nowhere, and in, the solution read for q's program
// (LoadOptions): the puzzle's name and cells, the file's format and
// status.
func (r *Report) ReadFor(q *puzzle.Puzzle, in *Input) {
	r.Puzzle, r.Cells, r.Solver, r.Status = q.Name, q.Area(), in.Format, in.Solution.Status
}

// LoadOptions are opt for reading a solution of the program of the
// puzzle as written against q, the puzzle read without its pieces that
// fit nowhere: that program has a count row more per piece left out.
func LoadOptions(q *puzzle.Puzzle, opt Options) Options {
	opt.Extra += len(q.Dropped)
	return opt
}
