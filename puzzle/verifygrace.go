package puzzle

import (
	"context"
	"time"

	"github.com/polytile/polytile/internal/ctxio"
)

// VerifyAfterStop is VerifyContext for the tiling a search found before it
// stopped (a time limit or a signal ended ctx): the verification may run
// grace past ctx's end (ctxio.Grace), as the phases that finish a result
// after a stop do, and then ends rather than hold up the stop (the
// symmetric test of a million-cell tiling takes seconds). stopped reports
// that it ended so, before the tiling was verified: rep is then nil and
// err is ctx's error (context.DeadlineExceeded after a time limit,
// context.Canceled after a signal), not the grace's own end. Otherwise
// rep and err are VerifyContext's: a valid tiling, or a Report of what is
// wrong with it and its error.
func (p *Puzzle) VerifyAfterStop(ctx context.Context, grace time.Duration, t Tiling, exact bool) (rep *Report, stopped bool, err error) {
	vctx, release := ctxio.Grace(ctx, grace)
	defer release()
	rep, err = p.VerifyContext(vctx, t, exact)
	if !VerifyStopped(rep, err) {
		return rep, false, err
	}
	if cerr := ctx.Err(); cerr != nil { // always: vctx ends only after ctx
		err = cerr
	}
	return nil, true, err
}
