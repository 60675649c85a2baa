package main

import (
	"context"

	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/puzzle"
)

func (a *app) maxCoverageNative(ctx context.Context, p *puzzle.Puzzle, f *solveFlags, line *progress.Line) (*solveOutcome, error) {
	return nil, usageErr("native maximum coverage is not available yet: use --backend highs")
}
