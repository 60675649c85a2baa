// Package regfile opens files that must be regular files without ever
// waiting on one that is not: a FIFO or device put at the path, even
// between a check of the path and its open, is refused, not read.
package regfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"github.com/polytile/polytile/internal/textio"
)

// ErrNotRegular is the error of a path that names something other than a
// regular file (a directory, FIFO, device or socket).
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is the error of a regular file larger than the limit asked
// for.
var ErrTooLarge = errors.New("file too large")

// Open opens path for reading with O_NONBLOCK, so that the open itself
// never waits for a FIFO's writer, and returns the file with the
// information of what was opened (not of what the path named before):
// anything but a regular file is closed and refused with ErrNotRegular.
// O_NONBLOCK changes nothing for the reads of a regular file.
func Open(path string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, ErrNotRegular
	}
	return f, st, nil
}

// ReadAll reads path, a regular file of at most max bytes (see Open):
// ErrNotRegular for anything else, ErrTooLarge (wrapped, with the limit)
// for a larger file, refused from its size before it is read and again
// if it grows while read.
func ReadAll(path string, max int64) ([]byte, error) {
	f, st, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > max {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrTooLarge, max)
	}
	// One buffer of the file's size (io.ReadAll's growing one peaked
	// at twice max: 64 MiB merge results).
	data, err := textio.ReadAtMost(f, st.Size(), max)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrTooLarge, max)
	}
	return data, nil
}

// Describe names a file type for a message, as polytile's messages say
// what was found where a regular file was wanted: "a directory", "a
// FIFO", "a character device", "a block device", "a socket", "a
// symbolic link" (from an Lstat), "a regular file"; any other type is
// "a file of type T".
func Describe(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "a file of type " + m.Type().String()
}
