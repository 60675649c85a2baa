package main

import (
	"context"
	"fmt"
	"io"
)

// readLimited is readLimitedWait under ctx: the open and the reads run on
// their own goroutine, so that a FIFO with no writer, or a pipe on stdin
// that never ends, holds up neither a signal nor the end of the command
// (check waited in open(2) or read(2) until the watchdog ended it one
// second after Ctrl-C, blaming "a solver that cannot be interrupted").
//
// It is for a command that exits once it returns, not for library use:
// when ctx ends first, readLimited returns ctx's error at once and
// abandons that goroutine, still blocked in open(2) or read(2) (Go cannot
// interrupt either: a FIFO's open, and reads of a standard input that is
// in blocking mode, are not on the runtime's poller). The goroutine holds
// the file (or reads stdin) until the call returns or the process exits;
// it then closes the file and ends, its result dropped (done is
// buffered). A caller that lives on (a server, a test calling it many
// times) keeps one such goroutine per blocked call, and stdin may lose
// the bytes that goroutine reads later.
func readLimited(ctx context.Context, path string, stdin io.Reader) ([]byte, error) {
	r, ok := await(ctx, func() (r readResult) {
		r.data, r.err = readLimitedWait(ctx, path, stdin)
		return r
	})
	if !ok {
		return nil, fmt.Errorf("reading %s: %w", path, ctx.Err())
	}
	return r.data, r.err
}

// readResult is what a read run by await returns.
type readResult struct {
	data []byte
	err  error
}

// await runs fn on its own goroutine and returns its result, or ok false
// as soon as ctx ends first: for a call Go cannot interrupt (an open or
// read of a FIFO or of stdin, encoding/json) in a command that exits once
// it returns. The goroutine is then abandoned (see readLimited); its
// result is dropped.
func await[T any](ctx context.Context, fn func() T) (v T, ok bool) {
	done := make(chan T, 1) // buffered: an abandoned goroutine ends
	go func() { done <- fn() }()
	select {
	case v = <-done:
		return v, true
	case <-ctx.Done():
		return v, false
	}
}
