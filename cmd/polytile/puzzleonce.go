package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/internal/regfile"
	"github.com/polytile/polytile/puzzle"
)

// readPuzzleOnce reads the puzzle file at path once (stdin for "-"), for
// a command that checks its bytes (merge takes their SHA-256 against a
// count.key) and parses them (loadPuzzleData): a path is opened without
// waiting on a FIFO or device put there (regfile.Open), checked as
// opened (a regular file of at most puzzle.MaxInputSize bytes) and read
// from that same handle. The bytes hashed and the puzzle parsed are then
// one file's, never two files swapped between a check and a second open.
// The read runs under a.ctx (stdin may be a pipe that never ends).
func (a *app) readPuzzleOnce(path string) ([]byte, error) {
	ctx := a.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	type readResult struct {
		data []byte
		err  error
	}
	r, ok := ctxio.Await(ctx, func() (r readResult) {
		if path == "-" {
			r.data, r.err = puzzle.ReadInput(puzzle.StdinName, a.stdin)
		} else {
			r.data, r.err = readRegularPuzzle(path)
		}
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

// readRegularPuzzle reads the regular file at path, checked as opened
// (see readPuzzleOnce), with the puzzle package's errors.
func readRegularPuzzle(path string) ([]byte, error) {
	f, _, err := regfile.Open(path)
	if errors.Is(err, regfile.ErrNotRegular) {
		return nil, &puzzle.Error{Pos: puzzle.Pos{File: path}, Err: err,
			Msg: "cannot read the puzzle: not a regular file (a FIFO, device or directory): give the puzzle file itself, or - to read it from stdin"}
	}
	if err != nil {
		return nil, readErr(path, err)
	}
	defer f.Close()
	return puzzle.ReadInput(path, f)
}

// puzzleSource keeps the bytes a command read its puzzle from (read), for
// the SHA-256 a count key records. The path is opened once; regular says
// whether what was opened was a regular file (a key records a file's
// SHA-256).
type puzzleSource struct {
	data    []byte
	regular bool
	// regularOnly refuses anything but a regular file, checked as opened
	// (readRegularPuzzle): a file found in a directory, never waited on.
	regularOnly bool
}

// read returns the function loadPuzzleFrom reads path with ("-": stdin),
// keeping the bytes in s. A FIFO is read as solve always read it (a plain
// open, waiting for its writer under the command's context).
func (s *puzzleSource) read(path string, stdin io.Reader) func() ([]byte, error) {
	return func() ([]byte, error) {
		if path == "-" {
			data, err := puzzle.ReadInput(puzzle.StdinName, stdin)
			s.data = data
			return data, err
		}
		if s.regularOnly {
			data, err := readRegularPuzzle(path)
			s.data, s.regular = data, err == nil
			return data, err
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, readErr(path, err)
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return nil, readErr(path, err)
		}
		data, err := puzzle.ReadInput(path, f)
		s.data, s.regular = data, st.Mode().IsRegular()
		return data, err
	}
}

// readErr is the puzzle package's error for a puzzle file that cannot be
// read: "FILE: cannot read the puzzle: why".
func readErr(path string, err error) error {
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	return &puzzle.Error{Pos: puzzle.Pos{File: path}, Msg: "cannot read the puzzle: " + msg, Err: err}
}
