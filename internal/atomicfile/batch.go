package atomicfile

import (
	"context"
	"fmt"
	"io"

	"github.com/polytile/polytile/internal/ctxio"
)

// Batch is a set of outputs written one after another and committed
// together (File.Commit on each, or a commit point): until then each is a
// temporary file, so outputs that belong together (a program and the
// start file that names its columns) are all replaced or none is. Its zero
// value is empty.
type Batch struct {
	files []*File
}

// Write writes the output of fn to path's temporary file (stdout for "-";
// a device or FIFO in place, as by Write) through a writer that fails once
// ctx is done, and adds the file to b, committed or not.
func (b *Batch) Write(ctx context.Context, path string, stdout io.Writer, fn func(w io.Writer) error) error {
	f, err := CreateContext(ctx, path, stdout)
	if err != nil {
		return err
	}
	b.files = append(b.files, f)
	if err := fn(ctxio.Writer(ctx, f)); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// Files returns b's files in their commit order: the last written first
// (the main output, written once its companions are), then the others in
// the order written.
func (b *Batch) Files() []*File {
	n := len(b.files)
	if n < 2 {
		return b.files
	}
	return append([]*File{b.files[n-1]}, b.files[:n-1]...)
}

// Abort discards the files not committed; it is safe after a commit.
func (b *Batch) Abort() {
	for _, f := range b.files {
		f.Abort()
	}
}
