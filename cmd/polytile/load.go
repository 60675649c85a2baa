package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/solcheck"
)

// loadPuzzle reads PUZZLE (a path or "-") with a.ctx (loadPuzzleFrom).
func (a *app) loadPuzzle(path, format string, u puzzle.Unplaceable) (*puzzle.Puzzle, error) {
	return a.loadPuzzleFrom(a.ctx, path, nil, format, u)
}

// loadPuzzleData is loadPuzzleFrom for data, the bytes already read
// of path: what was checked of them (their SHA-256) is what is parsed.
func (a *app) loadPuzzleData(ctx context.Context, path string, data []byte, format string, u puzzle.Unplaceable) (*puzzle.Puzzle, error) {
	return a.loadPuzzleFrom(ctx, path, func() ([]byte, error) { return data, nil }, format, u)
}

// loadPuzzleFrom reads and builds PUZZLE (a path or "-", or read when
// not nil) until ctx is done, on its own goroutine: a read from a pipe
// that never ends is abandoned. u is puzzle.DropUnlimited for exact
// commands (a finite piece that fits nowhere is the answer "no tiling",
// exit 1) and puzzle.DropAll for maximum coverage; a note names each
// piece left out.
func (a *app) loadPuzzleFrom(ctx context.Context, path string, read func() ([]byte, error), format string, u puzzle.Unplaceable) (*puzzle.Puzzle, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	type result struct {
		p   *puzzle.Puzzle
		err error
	}
	if read == nil && path == "-" {
		read = func() ([]byte, error) { return puzzle.ReadInput(puzzle.StdinName, a.stdin) }
	}
	// Every piece that fits nowhere is left out and kept as data: an
	// exact command answers "no tiling" from it, after checking its
	// flags on the puzzle without them (answeredPuzzle).
	opt := puzzle.BuildOptions{Unplaceable: puzzle.DropAll, KeepEmpty: true}
	r, ok := ctxio.Await(ctx, func() (r result) {
		if read == nil {
			r.p, r.err = puzzle.ParseFileWith(ctx, path, format, opt)
			return r
		}
		data, err := read()
		if err != nil {
			return result{err: err}
		}
		r.p, r.err = puzzle.ParseWith(ctx, solcheck.FileName(path), data, format, opt)
		return r
	})
	if !ok {
		r.err = ctx.Err()
	}
	if r.err == nil {
		if u != puzzle.DropAll {
			if nt := native.NoTiling(r.p, r.p.NoExactTiling()); nt != nil {
				return nil, &exitError{code: exitNoSolution, err: fmt.Errorf("%w (--max-coverage leaves such a piece out)", nt)}
			}
		}
		a.noteDropped(r.p, u)
		return r.p, nil
	}
	if ctx.Err() != nil {
		return nil, stoppedWhileLoading(ctx, path)
	}
	var ee *exitError
	if errors.As(r.err, &ee) {
		return nil, r.err
	}
	return nil, &exitError{code: exitUsage, err: r.err}
}

// provenInfeasible is an exact command's answer "no tiling" (exit 1) for
// a puzzle whose areas or colourings prove it (native.ProveInfeasible),
// or nil.
func provenInfeasible(p *puzzle.Puzzle) error { return infeasibleAnswer(p, native.ProveInfeasible(p)) }

// infeasibleAnswer is provenInfeasible's answer for proof, nil for nil.
func infeasibleAnswer(p *puzzle.Puzzle, proof error) error {
	nt := native.NoTiling(p, proof)
	if nt == nil {
		return nil
	}
	return &exitError{code: exitNoSolution, err: fmt.Errorf("%w; --max-coverage finds a tiling that covers the most cells", nt)}
}

// answeredPuzzle is the puzzle of a load answered "no tiling", without
// the pieces that fit nowhere, or nil for any other error.
func answeredPuzzle(err error) *puzzle.Puzzle {
	var nt *native.NoTilingError
	if errors.As(err, &nt) {
		return nt.Puzzle
	}
	return nil
}

// stoppedWhileLoading is the error of a load cut short: a signal (its
// own exit code) or a deadline (exit 1, as a search that ran out of time).
func stoppedWhileLoading(ctx context.Context, path string) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &exitError{code: exitNoSolution, err: readTimedOut{path}}
	}
	return fmt.Errorf("%s: reading the puzzle: %w", path, ctx.Err())
}

// readTimedOut is the reading of the puzzle at path cut short by
// --time-limit; it is context.DeadlineExceeded.
type readTimedOut struct{ path string }

func (e readTimedOut) Error() string {
	return e.path + ": time limit reached while reading the puzzle and building its images (--time-limit counts from the start of the command)"
}

func (readTimedOut) Unwrap() error { return context.DeadlineExceeded }

// noteDropped says on stderr which pieces fit nowhere and were left out.
func (a *app) noteDropped(p *puzzle.Puzzle, u puzzle.Unplaceable) {
	if a.quiet || len(p.Dropped) == 0 {
		return
	}
	why := "it can cover no cell"
	if u == puzzle.DropUnlimited {
		why = "an exact tiling need not use an unlimited piece"
	}
	for _, name := range p.Dropped {
		fmt.Fprintf(a.stderr, "note: piece %q fits nowhere in the board: left out (%s)\n", name, why)
	}
}

// readPuzzleOnce reads the puzzle file at path once (stdin for "-"), for
// a command that hashes its bytes and parses them (loadPuzzleData), so
// that both are one file's (puzzle.ReadFile, regular files only). The
// read runs under a.ctx: stdin may be a pipe that never ends.
func (a *app) readPuzzleOnce(path string) ([]byte, error) {
	ctx := a.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	type readResult struct {
		data []byte
		err  error
	}
	read := (&puzzleSource{regularOnly: true}).read(path, a.stdin)
	r, ok := ctxio.Await(ctx, func() (r readResult) {
		r.data, r.err = read()
		return r
	})
	switch {
	case !ok:
		return nil, fmt.Errorf("%s: reading the puzzle: %w", path, ctx.Err())
	case r.err != nil:
		return nil, &exitError{code: exitUsage, err: r.err}
	}
	return r.data, nil
}

func readRegularPuzzle(path string) ([]byte, error) {
	data, _, err := puzzle.ReadFile(path, true)
	return data, err
}

// puzzleSource keeps the bytes a command read its puzzle from, for the
// SHA-256 a count key records, and whether they were a regular file's.
type puzzleSource struct {
	data    []byte
	regular bool
	// regularOnly refuses anything but a regular file, unwaited: a file
	// found in a directory.
	regularOnly bool
}

// read returns the function loadPuzzleFrom reads path with ("-": stdin),
// keeping the bytes in s.
func (s *puzzleSource) read(path string, stdin io.Reader) func() ([]byte, error) {
	return func() (data []byte, err error) {
		if path == "-" {
			s.data, err = puzzle.ReadInput(puzzle.StdinName, stdin)
		} else {
			s.data, s.regular, err = puzzle.ReadFile(path, s.regularOnly)
		}
		return s.data, err
	}
}
