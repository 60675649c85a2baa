package main

import (
	"errors"
	"io"
	"strings"
	"time"

	"github.com/polytile/polytile/internal/atomicfile"
)

// loadAnswered is the "no" that reading a puzzle can end in (exit 1): a
// piece fits nowhere, so there is no exact tiling, or the time limit ran
// out while the images were built. Its message, or "" for any other
// error.
func loadAnswered(err error) (string, bool) {
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitNoSolution || ee.err == nil {
		return "", false
	}
	return ee.err.Error(), true
}

// solveLoadFailed prints, for --json and --jsonl, the object of a solve
// whose puzzle reading answered "no" (no search ran): a JSON reader got
// nothing on stdout with exit 1. It returns err, whose message still goes
// to stderr and whose exit code is kept.
func (a *app) solveLoadFailed(path string, f *solveFlags, start time.Time, err error) error {
	reason, ok := loadAnswered(err)
	if !ok || !f.asJSON && !f.jsonLines || f.shard != "" {
		return err // a shard's result file is a shard's, with its split: none here
	}
	o := &solveOutcome{File: path, Backend: f.backend, Mode: "first", Seconds: time.Since(start).Seconds(), Tilings: [][]placementJS{}, Reason: reason}
	switch {
	case f.maxCoverage:
		o.Mode = "max-coverage"
	case f.count:
		o.Mode = "count"
	case f.limit > 0:
		o.Mode = "limit"
	}
	if strings.Contains(reason, "time limit reached") { // stoppedWhileLoading
		o.TimedOut = true
	} else if !f.maxCoverage {
		zero := int64(0)
		o.Solutions, o.Complete = &zero, true
		if f.unique || f.count {
			o.Unique = &zero // as a search's object has it (solve_native.go)
		}
	}
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

// checkLoadFailed prints, for --json, the report of a check whose puzzle
// reading answered "no" (exit 1): neither valid nor optimal, the reason
// as the verdict.
func (a *app) checkLoadFailed(puzzlePath, solPath, mode string, f *checkFlags, err error) error {
	reason, ok := loadAnswered(err)
	if !ok || !f.asJSON {
		return err
	}
	rep := &checkReport{File: solPath, Solver: f.solver, Mode: mode, Verdict: reason}
	if werr := writeJSONLine(a.stdout, rep, true); werr != nil {
		return werr
	}
	return err
}
