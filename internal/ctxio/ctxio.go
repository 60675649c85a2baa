// Package ctxio wraps readers and writers so that they fail once a
// context is done: a long parse or a long write (an export, a picture, a
// solver's input file) then stops at its next read or write after a
// signal or a time limit, whatever loop drives it. ReadFile and Await
// run a call Go cannot interrupt (the open of a FIFO, a read of stdin) on
// a goroutine of its own, for a command that exits once they return.
package ctxio

import (
	"context"
	"io"
	"sync"
	"time"
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

// StopGrace is how long a phase that finishes a result after a stop (a
// time limit or a signal) may still run: verifying the best tiling found,
// drawing it, encoding the summary. Half the second a command has after a
// signal before its watchdog ends it.
const StopGrace = 500 * time.Millisecond

// Grace returns a context with ctx's values that ends d after ctx does,
// for the phase that finishes a result after a stop (verifying the best
// tiling a search found before its time limit or a signal): it may run a
// little past the stop, but not unboundedly. release ends it and frees
// its timer; call it when the phase is over.
//
// When ctx is already done the grace's end is fixed at the call, so a
// grace of zero or less is over before the phase starts.
func Grace(ctx context.Context, d time.Duration) (grace context.Context, release func()) {
	if ctx.Err() != nil {
		return context.WithDeadline(context.WithoutCancel(ctx), time.Now().Add(d))
	}
	g, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var t *time.Timer
	var mu sync.Mutex
	stop := context.AfterFunc(ctx, func() {
		mu.Lock()
		defer mu.Unlock()
		t = time.AfterFunc(d, cancel)
	})
	return g, func() {
		stop()
		mu.Lock()
		if t != nil {
			t.Stop()
		}
		mu.Unlock()
		cancel()
	}
}
