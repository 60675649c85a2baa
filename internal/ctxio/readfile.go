package ctxio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/polytile/polytile/internal/textio"
)

// The kinds of error ReadFile returns, for errors.Is.
var (
	// ErrNotRegular: the path is a directory or a device.
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge: the input has more bytes than the limit.
	ErrTooLarge = errors.New("larger than the limit")
)

// kindError is an error of a kind with its own message.
type kindError struct {
	kind error
	msg  string
}

func (e *kindError) Error() string { return e.msg }
func (e *kindError) Unwrap() error { return e.kind }

// ReadFile reads the file at path (standard input stdin for "-"; nil
// for none, an error) under ctx, refusing a directory, a device (ErrNotRegular) and an input of more
// than limit bytes (ErrTooLarge); a leading byte-order mark is dropped.
// The open and the reads run on their own goroutine (Await), so a FIFO
// with no writer or a pipe that never ends holds up neither ctx's end nor
// the caller: it is for a command that exits once it returns.
func ReadFile(ctx context.Context, path string, stdin io.Reader, limit int64) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	r, ok := Await(ctx, func() (r result) {
		r.data, r.err = ReadFileWait(ctx, path, stdin, limit)
		return r
	})
	if !ok {
		return nil, fmt.Errorf("reading %s: %w", path, ctx.Err())
	}
	return r.data, r.err
}

// ReadFileWait is ReadFile on the caller's goroutine: it may block in the
// open or a read of a FIFO or a pipe until they end, whatever ctx does.
// A regular file is opened once and checked as opened, and read into one
// buffer of its size.
func ReadFileWait(ctx context.Context, path string, stdin io.Reader, limit int64) ([]byte, error) {
	var r io.Reader = stdin
	if path == "-" && stdin == nil {
		return nil, errors.New("-: no standard input")
	}
	if path != "-" {
		fh, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		st, err := fh.Stat()
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			return nil, &kindError{ErrNotRegular, path + " is a directory"}
		}
		if st.Mode()&os.ModeDevice != 0 {
			return nil, &kindError{ErrNotRegular, path + " is a device, not a regular file"}
		}
		r = fh
	}
	left := textio.RegularSize(r) // -1: not a regular file
	if left > limit {
		return nil, &kindError{ErrTooLarge, fmt.Sprintf("%s is larger than %d bytes (%d bytes)", path, limit, left)}
	}
	data, err := textio.ReadAtMost(Reader(ctx, r), left, limit)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, &kindError{ErrTooLarge, fmt.Sprintf("%s is larger than %d bytes", path, limit)}
	}
	return textio.TrimBOM(data), nil
}

// Await runs fn on its own goroutine and returns its result, or ok false
// as soon as ctx ends first: for a call Go cannot interrupt (an open or
// read of a FIFO or of stdin, encoding/json) in a command that exits once
// it returns. The goroutine is then abandoned, still blocked, and its
// result dropped; a caller that lives on keeps one such goroutine per
// blocked call, and stdin may lose the bytes that goroutine reads later.
func Await[T any](ctx context.Context, fn func() T) (v T, ok bool) {
	done := make(chan T, 1) // buffered: an abandoned goroutine ends
	go func() { done <- fn() }()
	select {
	case v = <-done:
		return v, true
	case <-ctx.Done():
		return v, false
	}
}
