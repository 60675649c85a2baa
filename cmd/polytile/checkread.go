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
// second after Ctrl-C, blaming "a solver that cannot be interrupted"). A
// goroutine still blocked is abandoned: the process exits.
func readLimited(ctx context.Context, path string, stdin io.Reader) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := readLimitedWait(ctx, path, stdin)
		done <- result{data, err}
	}()
	select {
	case r := <-done:
		return r.data, r.err
	case <-ctx.Done():
		return nil, fmt.Errorf("reading %s: %w", path, ctx.Err())
	}
}
