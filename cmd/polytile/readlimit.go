package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/internal/regfile"
	"github.com/polytile/polytile/puzzle"
)

// errReadTimeLimit marks a puzzle of compare whose reading reached the
// per-puzzle --time-limit: it is left out of the comparison with a note,
// and the run goes on (exit 1 at the end).
var errReadTimeLimit = errors.New("time limit reached while reading the puzzle")

// perPuzzleLimit turns the error of a compare load cut short by its own
// --time-limit (ctx is the per-puzzle context; the command's context is
// not done) into errReadTimeLimit, with compare's wording: the limit is
// per puzzle, not from the start of the command.
func perPuzzleLimit(ctx context.Context, file string, limit time.Duration, err error) error {
	if err == nil || limit <= 0 || !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("%s: %w and building its images (--time-limit %v applies to each puzzle and backend)", file, errReadTimeLimit, limit)
}

// noteSkipped says on stderr that a directory entry was not read.
func (a *app) noteSkipped(path string, st fs.FileInfo, err error) {
	why := ""
	switch {
	case err != nil:
		why = err.Error()
	default:
		why = "not a regular file (" + regfile.Describe(st.Mode()) + ")"
	}
	fmt.Fprintf(a.stderr, "note: %s: %s: skipped\n", puzzle.SafeText(path), puzzle.SafeText(why))
}

// drawGrace is how long solve's picture may still take after the time
// limit or a signal: results found are drawn after the stop, but a
// picture of a million cells takes seconds (less than stopGrace, so the
// signal watchdog does not have to act).
const drawGrace = ctxio.StopGrace

// drawingContext returns the context solve draws its pictures with: it
// ends drawGrace after ctx does. late reports whether it has ended;
// release, called when the drawing is over, unregisters the function
// that waits for ctx (one per solve, kept while ctx lives otherwise) and
// ends the drawing context.
func drawingContext(ctx context.Context) (draw context.Context, late func() bool, release func()) {
	d, release := ctxio.Grace(ctx, drawGrace)
	return d, func() bool { return d.Err() != nil }, release
}
