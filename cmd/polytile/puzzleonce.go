package main

import (
	"context"
	"fmt"
	"io"

	"github.com/polytile/polytile/puzzle"
)

// readPuzzleOnce reads the puzzle file at path once (stdin for "-"), for
// a command that hashes its bytes and parses them (loadPuzzleData), so
// that both are one file's (puzzle.ReadFile, regular files only). The
// read runs under a.ctx: stdin may be a pipe that never ends.
func (a *app) readPuzzleOnce(path string) ([]byte, error) {
	ctx := a.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	r, ok := await(ctx, func() (r readResult) {
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

// readRegularPuzzle reads the regular file at path (puzzle.ReadFile).
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
