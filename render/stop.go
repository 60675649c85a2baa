package render

import (
	"context"
	"io"

	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/puzzle"
)

// stopper reads a context every 4,096 steps of a long loop (a tiling of
// a million placements, the text grid of a million layers), so that
// drawing stops within a fraction of a second of a cancellation. A nil
// stopper or context never stops. It is not safe for concurrent use
// (drawing is sequential).
type stopper struct {
	ctx   context.Context
	steps int
	err   error
}

func newStopper(ctx context.Context) *stopper { return &stopper{ctx: ctx} }

// stop reports whether the context is done, reading it every 4,096 calls.
func (s *stopper) stop() bool {
	if s == nil || s.ctx == nil {
		return false
	}
	if s.err == nil {
		s.steps++
		if s.steps&(1<<12-1) == 0 {
			s.err = s.ctx.Err()
		}
	}
	return s.err != nil
}

// check returns the context's error, reading it now.
func (s *stopper) check() error {
	if s == nil || s.ctx == nil {
		return nil
	}
	if s.err == nil {
		s.err = s.ctx.Err()
	}
	return s.err
}

// colorsContext is Colors, stopping with ctx's error within a fraction of
// a second of its cancellation (a tiling of a million placements takes
// seconds to colour).
func colorsContext(ctx context.Context, p *puzzle.Puzzle, t puzzle.Tiling) ([]int, error) {
	st := newStopper(ctx)
	c := colors(p, t, st)
	if err := st.check(); err != nil {
		return nil, err
	}
	return c, nil
}

// writer returns w, failing its writes once o.Context is done (so that
// the encoding of a large PNG or SVG stops too).
func (o Options) writer(w io.Writer) io.Writer {
	if o.Context == nil {
		return w
	}
	return ctxio.Writer(o.Context, w)
}
