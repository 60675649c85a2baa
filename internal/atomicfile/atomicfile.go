// Package atomicfile writes output files so that a reader never sees a
// truncated one: data goes to a temporary file in the same directory, which
// is renamed over the target only when everything has been written.
package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// File is an output being written. Call Commit when done, or Abort (safe to
// defer after Commit) to discard it.
type File struct {
	f      *os.File
	path   string
	stdout io.Writer
	err    error
	done   bool
}

// Create starts writing path. The path "-" means stdout, which is written
// directly. The directory must exist and be writable; the error says so
// otherwise.
func Create(path string, stdout io.Writer) (*File, error) {
	if path == "-" {
		return &File{stdout: stdout, path: path}, nil
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("cannot write %s: it is a directory", path)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, err)
	}
	return &File{f: f, path: path}, nil
}

// Write writes to the temporary file; the first error sticks.
func (a *File) Write(p []byte) (int, error) {
	if a.err != nil {
		return 0, a.err
	}
	var n int
	if a.stdout != nil {
		n, a.err = a.stdout.Write(p)
	} else {
		n, a.err = a.f.Write(p)
	}
	if a.err != nil {
		a.err = fmt.Errorf("writing %s: %w", a.path, a.err)
	}
	return n, a.err
}

// Commit flushes, closes and renames the temporary file over the target.
func (a *File) Commit() error {
	if a.done {
		return errors.New("atomicfile: already committed or aborted")
	}
	a.done = true
	if a.stdout != nil {
		return a.err
	}
	if a.err != nil {
		a.f.Close()
		os.Remove(a.f.Name())
		return a.err
	}
	if err := a.f.Sync(); err != nil {
		a.f.Close()
		os.Remove(a.f.Name())
		return fmt.Errorf("writing %s: %w", a.path, err)
	}
	if err := a.f.Close(); err != nil {
		os.Remove(a.f.Name())
		return fmt.Errorf("writing %s: %w", a.path, err)
	}
	// Temporary files are created 0600; give the result the usual mode.
	if err := os.Chmod(a.f.Name(), 0o644); err != nil {
		os.Remove(a.f.Name())
		return fmt.Errorf("writing %s: %w", a.path, err)
	}
	if err := os.Rename(a.f.Name(), a.path); err != nil {
		os.Remove(a.f.Name())
		return fmt.Errorf("writing %s: %w", a.path, err)
	}
	return nil
}

// Abort discards the output. It does nothing after Commit.
func (a *File) Abort() {
	if a.done {
		return
	}
	a.done = true
	if a.f != nil {
		a.f.Close()
		os.Remove(a.f.Name())
	}
}

// Write writes a whole output produced by fn atomically: the target appears
// only if fn and every write succeed and ctx is not cancelled before the end.
// Cancelling ctx makes the next write fail, so a long export stops promptly
// and leaves nothing behind.
func Write(ctx context.Context, path string, stdout io.Writer, fn func(w io.Writer) error) error {
	f, err := Create(path, stdout)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := fn(ctxWriter{ctx, f}); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Commit()
}

// ctxWriter fails writes once its context is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}
