package main

import (
	"context"
	"fmt"
	"io"

	"github.com/polytile/polytile/internal/atomicfile"
)

// commitHook, when not nil, runs at the commit point of commitComplete:
// with "before" once the outputs are written and flushed, before the
// check of the context; with "after" once they are renamed into place
// (tests deliver a signal there).
var commitHook func(a *app, stage string)

// commitComplete renames a command's complete outputs into place
// together: the commit point of a command whose outputs are complete or
// nothing (an export with its companions, a picture). Unless a signal
// came first (ctx done): then none is renamed, every temporary file is
// removed and the signal gives the exit. The check of ctx and the
// renames happen under a.commitMu, which the signal handler takes too,
// so a signal is either before the check (nothing left, exit 130 / 143)
// or after the renames (the files in place and the command's own exit,
// 0). The files are flushed to disk first, outside the lock, so that a
// signal is never held up by a sync of a large file.
func (a *app) commitComplete(ctx context.Context, files ...*atomicfile.File) error {
	for _, f := range files {
		if err := f.Flush(); err != nil {
			return err
		}
	}
	if commitHook != nil {
		commitHook(a, "before")
	}
	err := a.commitLocked(ctx, files)
	if err == nil && commitHook != nil {
		commitHook(a, "after")
	}
	return err
}

func (a *app) commitLocked(ctx context.Context, files []*atomicfile.File) error {
	a.commitMu.Lock()
	defer a.commitMu.Unlock()
	if err := ctx.Err(); err != nil {
		for _, f := range files {
			f.Abort()
		}
		return fmt.Errorf("writing the output: %w", err)
	}
	// Every target checked before any is renamed: a companion whose
	// target became a link or FIFO leaves the program's old file too, not
	// the new program beside the old companion.
	for _, f := range files {
		if err := f.Ready(); err != nil {
			for _, g := range files {
				g.Abort()
			}
			return err
		}
	}
	for _, f := range files {
		if err := f.Commit(); err != nil {
			return err
		}
	}
	a.committed = true
	return nil
}

// writeComplete writes path (or stdout for "-") with fn, as
// atomicfile.Write does, and commits it through commitComplete: the file
// is in place with the command's exit, or absent after a signal.
func (a *app) writeComplete(ctx context.Context, path string, fn func(w io.Writer) error) error {
	return atomicfile.WriteCommit(ctx, path, a.stdout, fn, func(f *atomicfile.File) error { return a.commitComplete(ctx, f) })
}
