// Package commitpoint orders the commit of a command's outputs against a
// stop signal: the outputs, written complete to temporary files, are
// renamed into place together under a lock that the signal handler takes
// too, so a signal comes either before the commit (nothing is renamed,
// every temporary file is removed) or after it (every file is in place).
package commitpoint

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/polytile/polytile/internal/atomicfile"
)

// Point is the commit point of one command. Its zero value is ready to
// use; the signal handler holds it (Lock, LockUntil) while it decides.
type Point struct {
	mu        sync.Mutex
	committed bool // under mu
}

// Lock waits for the commit point: no commit is in progress once it
// returns, until Unlock.
func (p *Point) Lock() { p.mu.Lock() }

// Unlock releases the commit point.
func (p *Point) Unlock() { p.mu.Unlock() }

// Committed reports whether a Commit renamed its files into place; call
// it holding the lock.
func (p *Point) Committed() bool { return p.committed }

// Outcome is how LockUntil ended.
type Outcome int

// The outcomes of LockUntil.
const (
	// Locked: the lock is held.
	Locked Outcome = iota
	// Signaled: a signal arrived first; the lock is not held.
	Signaled
	// TimedOut: grace fired first; the lock is not held.
	TimedOut
)

// LockUntil locks p unless a signal arrives on sigs or grace fires first
// (a commit held up in a rename or sync on a file system that hangs).
func (p *Point) LockUntil(sigs <-chan os.Signal, grace <-chan time.Time) Outcome {
	if p.mu.TryLock() {
		return Locked
	}
	tick := time.NewTicker(time.Millisecond) // sync.Mutex has no Lock with a deadline
	defer tick.Stop()
	for {
		select {
		case <-sigs:
			return Signaled
		case <-grace:
			return TimedOut
		case <-tick.C:
			if p.mu.TryLock() {
				return Locked
			}
		}
	}
}

// Commit renames files into place together, under the lock: unless ctx
// is done (a signal came first), then none is renamed and every one is
// discarded. Every target is checked before any is renamed, so a
// companion whose target became a link or FIFO leaves every old file in
// place. Flush the files before: a sync under the lock would hold up the
// signal.
func (p *Point) Commit(ctx context.Context, files ...*atomicfile.File) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := ctx.Err(); err != nil {
		for _, f := range files {
			f.Abort()
		}
		return fmt.Errorf("writing the output: %w", err)
	}
	for _, f := range files {
		if err := f.Ready(); err != nil {
			for _, g := range files {
				g.Abort()
			}
			return err
		}
	}
	for i, f := range files {
		if err := f.Commit(); err != nil {
			for _, g := range files[i+1:] {
				g.Abort()
			}
			return err
		}
	}
	p.committed = true
	return nil
}
