// Package ctxio wraps readers and writers so that they fail once a
// context is done: a long parse or a long write (an export, a picture, a
// solver's input file) then stops at its next read or write after a
// signal or a time limit, whatever loop drives it.
package ctxio

import (
	"context"
	"io"
)

// Writer returns w, failing its writes with ctx's error once ctx is done.
func Writer(ctx context.Context, w io.Writer) io.Writer { return writer{ctx, w} }

// Reader returns r, failing its reads with ctx's error once ctx is done.
func Reader(ctx context.Context, r io.Reader) io.Reader { return reader{ctx, r} }

type writer struct {
	ctx context.Context
	w   io.Writer
}

func (c writer) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

type reader struct {
	ctx context.Context
	r   io.Reader
}

func (c reader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
