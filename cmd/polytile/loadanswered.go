package main

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/render"
	"github.com/polytile/polytile/solcheck"
	"github.com/polytile/polytile/solve"
)

// loadAnswered is the "no" that reading a puzzle can end in (exit 1): a
// piece fits nowhere, or the time limit ran out while the images were
// built. Its message, or false for any other error.
func loadAnswered(err error) (string, bool) {
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitNoSolution || ee.err == nil {
		return "", false
	}
	return ee.err.Error(), true
}

// solveLoadFailed prints, for --json and --jsonl, the object of a solve
// whose puzzle reading answered "no" (no search ran), and returns err,
// whose message still goes to stderr. A piece that fits nowhere is that
// answer only once the flags pass the checks a search makes
// (answeredFlags, solvePictures): a flag refused (exit 2) comes first.
func (a *app) solveLoadFailed(path string, f *solveFlags, picFormat render.Format, start time.Time, err error) error {
	reason, ok := loadAnswered(err)
	if !ok {
		return err
	}
	p := answeredPuzzle(err)
	if p != nil {
		if ferr := answeredFlags(p, f); ferr != nil {
			return ferr
		}
		if _, ferr := a.solvePictures(p, f, picFormat); ferr != nil {
			return ferr
		}
	}
	if !f.asJSON && !f.jsonLines || f.shard != "" {
		return err // a shard's result file is a shard's, with its split: none here
	}
	r := &solve.Request{Puzzle: p, Options: f.nativeOptions(), MaxCoverage: f.maxCoverage}
	o := r.Answered(reason, errors.Is(err, context.DeadlineExceeded), time.Since(start).Seconds())
	o.File = path
	out := func(w io.Writer) error { return writeJSONLine(w, o, f.asJSON) }
	if jsonOutput(f) {
		if werr := atomicfile.Write(a.ctx, f.out, a.stdout, out); werr != nil {
			return werr
		}
		return err
	}
	if werr := out(a.stdout); werr != nil {
		return werr
	}
	return err
}

// answeredFlags checks solve's flags against p, the puzzle read with its
// pieces that fit nowhere left out, as the search would (nativeConfig,
// solve.CheckPin).
func answeredFlags(p *puzzle.Puzzle, f *solveFlags) error {
	if f.backend != "fila" && f.backend != "dlx" || f.maxCoverage {
		return nil // highs: checked before reading (checkSolveBackend)
	}
	if _, err := nativeConfig(p, f); err != nil {
		return err
	}
	if err := solve.CheckPin(p, f.redundancy); err != nil {
		return redundancyUsage(err)
	}
	return nil
}

// checkLoadFailed prints, for --json, the report of a check whose puzzle
// reading answered "no" (exit 1, solcheck.Answered). For a piece that
// fits nowhere the solution is read first, as check reads it (a missing,
// unknown or broken file is exit 2).
func (a *app) checkLoadFailed(ctx context.Context, solPath string, opt model.ProgramOptions, f *checkOptions, err error) error {
	reason, ok := loadAnswered(err)
	if !ok {
		return err
	}
	sopt := a.solcheckOptions(ctx, f)
	rep := solcheck.Answered(reason, opt.Mode, sopt)
	if q := answeredPuzzle(err); q != nil {
		prog, perr := model.NewProgram(q, opt)
		if perr != nil {
			return usageErr("%v", perr)
		}
		in, serr := a.readCheckSolution(ctx, prog, solPath, solcheck.LoadOptions(q, sopt))
		if serr != nil {
			return serr
		}
		rep.ReadFor(q, in)
	}
	if !f.asJSON {
		return err
	}
	if werr := writeJSONLine(a.stdout, rep, true); werr != nil {
		return werr
	}
	return err
}
