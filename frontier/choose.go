package frontier

import (
	"context"
	"errors"
	"fmt"

	"github.com/polytile/polytile/puzzle"
)

// Choice is Choose's verdict: whether the frontier engine should count a
// puzzle rather than FILA, and why.
type Choice struct {
	Frontier bool
	Reason   string
	// Window is the plan's window in cells (0 when there is none) and
	// Estimate its estimated largest layer in states (0 when not probed).
	Window   int
	Estimate float64
}

// Choice thresholds: the frontier counts when its estimated largest
// layer is at most chooseStates and the finite pieces' copies-used
// combinations at most chooseRadix. The 12 pentominoes one each (4,096
// combinations) stay with FILA, which is faster there (on 10x6: 1.8 s of
// CPU for the frontier with unique counts, 0.05 s for native's default
// FILA, measured on 2026-12-07).
const (
	chooseStates = 1 << 20
	chooseRadix  = 64
)

// Choose decides, in well under a second, whether Count or FILA should
// count p's solutions: the frontier when its window and copies-used
// combinations are small and a probe of its first layers estimates a
// small largest layer; FILA otherwise (and for what the frontier does not
// take). Its time grows with its layers and not with the number of
// solutions, so it wins wherever its layers stay small.
func Choose(ctx context.Context, p *puzzle.Puzzle, opt Options) Choice {
	s, err := fromPuzzle(ctx, p)
	if err != nil {
		return Choice{Reason: "FILA: " + reasonOf(err)}
	}
	pl, err := compile(ctx, s)
	if err != nil {
		return Choice{Reason: "FILA: " + reasonOf(err)}
	}
	c := Choice{Window: pl.window}
	if pl.radix > chooseRadix {
		c.Reason = fmt.Sprintf("FILA: %.0f combinations of copies used by the finite pieces multiply the frontier's states (more than %d)", pl.radix, chooseRadix)
		return c
	}
	est, done, err := probe(ctx, pl, chooseStates+1, 2*pl.window)
	if err != nil {
		c.Reason = "FILA: " + reasonOf(err)
		return c
	}
	c.Estimate = est * pl.radix
	if !done || c.Estimate > chooseStates {
		c.Reason = fmt.Sprintf("FILA: the frontier's layers are estimated at %.3g states or more (window %d cells)", c.Estimate, pl.window)
		return c
	}
	c.Frontier = true
	c.Reason = fmt.Sprintf("frontier: window %d cells, about %.3g states per layer, time independent of the number of solutions", pl.window, c.Estimate)
	return c
}

// reasonOf is an error's message without the package prefix.
func reasonOf(err error) string {
	var oor *OutOfReachError
	if errors.As(err, &oor) {
		return oor.Reason
	}
	return err.Error()
}
