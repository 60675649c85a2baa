package compare

import (
	"context"
	"errors"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// runNativeMaxCoverage is the native maximum-coverage search
// (native.MaxCoverage): its best tiling, the bound it proved, and the proof
// as the row's note.
func runNativeMaxCoverage(ctx context.Context, t Task, cfg native.Config) (*Outcome, error) {
	res, err := native.MaxCoverage(ctx, t.Puzzle, cfg)
	if errors.Is(err, native.ErrSymmetricMaxCoverage) {
		return &Outcome{Status: Skipped, Reason: "no native maximum coverage of symmetric solutions"}, nil
	}
	if err != nil {
		return nil, err
	}
	o := &Outcome{
		Status: OK, Coverage: ptr(res.Covered), Bound: ptr(res.Bound), Complete: res.Optimal,
		Seconds: res.Seconds, Work: res.Nodes, WorkUnit: "nodes", Note: res.Proof,
		Tilings: []puzzle.Tiling{res.Tiling},
	}
	if !res.Optimal {
		o.Status = Timeout
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			o.Note = "interrupted; " + res.Proof
		}
	}
	return o, nil
}
