package main

import (
	"context"
	"fmt"
	"io"

	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/ctxio"
)

// pending holds the companion outputs of an export (--start,
// --highs-options-file): written to their temporary files first, renamed
// only once the program itself is written. An export that fails or is
// interrupted while writing the program leaves none of them behind, and
// never replaces the companions of an older program of the same name with
// ones that do not match it (highs would read the old model with the new
// start and options).
type pending struct {
	files []*atomicfile.File
	notes []string // said on stderr once the files are in place
}

// write writes the output of fn to path's temporary file (a device or FIFO
// is written in place, as by atomicfile.Write), through a writer that fails
// once ctx is done, as atomicfile.Write's does: a start file of millions of
// columns stops within a flush of a signal.
func (p *pending) write(ctx context.Context, path string, stdout io.Writer, fn func(w io.Writer) error) error {
	f, err := atomicfile.CreateContext(ctx, path, stdout)
	if err != nil {
		return err
	}
	p.files = append(p.files, f)
	if err := fn(ctxio.Writer(ctx, f)); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// abort discards the files not committed (safe after commit).
func (p *pending) abort() {
	for _, f := range p.files {
		f.Abort()
	}
}

// commit renames the program and its companions into place together
// (commitComplete: none of them after a signal) and says what the
// companions hold.
func (a *app) commit(ctx context.Context, p pending) error {
	// The program (written last) is renamed first, as before the
	// companions were renamed after it.
	files := p.files
	if n := len(files); n > 1 {
		files = append([]*atomicfile.File{files[n-1]}, files[:n-1]...)
	}
	if err := a.commitComplete(ctx, files...); err != nil {
		return err
	}
	for _, n := range p.notes {
		fmt.Fprintln(a.stderr, n)
	}
	return nil
}
