package main

import (
	"fmt"
	"io"
)

// recordingWriter passes writes to w and keeps the first error: cobra
// writes help and usage text to its output and drops write errors, so
// `polytile solve --help > /dev/full` exited 0 with no help written.
type recordingWriter struct {
	w   io.Writer
	err error
}

func (r *recordingWriter) Write(p []byte) (int, error) {
	n, err := r.w.Write(p)
	if err != nil && r.err == nil {
		r.err = err
	}
	return n, err
}

// helpWriteFailed turns a successful exit whose help text could not be
// written into exit 2 with the error.
func (a *app) helpWriteFailed(code int, out *recordingWriter) int {
	if code != exitOK || out.err == nil {
		return code
	}
	a.printErr(fmt.Errorf("writing the help to stdout: %w", out.err))
	return exitUsage
}
