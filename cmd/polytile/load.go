package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// loadPuzzleContext reads and builds PUZZLE (a path or "-") until ctx is
// done. The work runs on its own goroutine so that nothing can hold up a
// signal or a deadline: not a read from a pipe or FIFO that never ends, not
// the YAML library (which takes no context); the puzzle package stops by
// itself within a fraction of a second, and a goroutine still blocked in a
// read is abandoned (the process exits).
//
// u says what happens to a piece that fits nowhere on the board: exact
// commands pass puzzle.DropUnlimited (a finite one means no exact tiling:
// exit 1, a native.NoTilingError), maximum coverage puzzle.DropAll. A piece left
// out is named in a note on stderr.
func (a *app) loadPuzzleContext(ctx context.Context, path, format string, u puzzle.Unplaceable) (*puzzle.Puzzle, error) {
	return a.loadPuzzleFrom(ctx, path, nil, format, u)
}

// loadPuzzleData is loadPuzzleContext for a puzzle already read: data,
// the bytes of path ("-": stdin), is parsed and built, and path is never
// opened again (what was checked of the bytes, such as their SHA-256, is
// what is parsed).
func (a *app) loadPuzzleData(ctx context.Context, path string, data []byte, format string, u puzzle.Unplaceable) (*puzzle.Puzzle, error) {
	return a.loadPuzzleFrom(ctx, path, func() ([]byte, error) { return data, nil }, format, u)
}

// loadPuzzleFrom is loadPuzzleContext reading the puzzle with read when
// it is not nil.
func (a *app) loadPuzzleFrom(ctx context.Context, path string, read func() ([]byte, error), format string, u puzzle.Unplaceable) (*puzzle.Puzzle, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	type result struct {
		p   *puzzle.Puzzle
		err error
	}
	if read == nil && path == "-" {
		// A regular file is refused from its size, before reading.
		read = func() ([]byte, error) { return puzzle.ReadInput(puzzle.StdinName, a.stdin) }
	}
	// Every piece that fits nowhere is left out and kept as data
	// (p.Unfit): an exact command's answer "no tiling" is read from it,
	// and the puzzle without those pieces is there for the flags that
	// are checked before that answer (answeredPuzzle). A puzzle whose
	// pieces all fit nowhere is kept, with no pieces: its maximum
	// coverage is 0 cells, a proven answer.
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
		r.p, r.err = puzzle.ParseWith(ctx, messageName(path), data, format, opt)
		return r
	})
	if !ok {
		r.err = ctx.Err()
	}
	if r.err == nil {
		if u != puzzle.DropAll {
			if nt := native.NoTiling(r.p, r.p.NoExactTiling()); nt != nil {
				// Legal input whose answer is known: no exact tiling.
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

// provenInfeasible is an exact command's answer "no tiling" (exit 1,
// a native.NoTilingError) for a puzzle whose areas or colourings prove that it
// has no exact tiling (native.ProveInfeasible), with the proof; nil when
// they prove nothing.
func provenInfeasible(p *puzzle.Puzzle) error { return infeasibleAnswer(p, native.ProveInfeasible(p)) }

// infeasibleAnswer is provenInfeasible's answer for proof
// (native.NoTiling), nil for nil.
func infeasibleAnswer(p *puzzle.Puzzle, proof error) error {
	nt := native.NoTiling(p, proof)
	if nt == nil {
		return nil
	}
	return &exitError{code: exitNoSolution, err: fmt.Errorf("%w; --max-coverage finds a tiling that covers the most cells", nt)}
}

// answeredPuzzle is the puzzle of a load answered "no tiling"
// (native.NoTilingError: the puzzle read with every piece that fits
// nowhere left out), or nil for any other error.
func answeredPuzzle(err error) *puzzle.Puzzle {
	var nt *native.NoTilingError
	if errors.As(err, &nt) {
		return nt.Puzzle
	}
	return nil
}

// stoppedWhileLoading is the error of a load cut short: a signal (the exit
// code comes from it) or a deadline, which is exit 1 like a search that
// found nothing in time.
func stoppedWhileLoading(ctx context.Context, path string) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		msg := "time limit reached while reading the puzzle and building its images (--time-limit counts from the start of the command)"
		return &exitError{code: exitNoSolution, err: fmt.Errorf("%s: %s", path, msg)}
	}
	return fmt.Errorf("%s: reading the puzzle: %w", path, ctx.Err())
}

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
