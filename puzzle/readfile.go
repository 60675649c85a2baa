package puzzle

import (
	"errors"
	"os"

	"github.com/polytile/polytile/internal/regfile"
)

// ErrNotRegular is ReadFile's cause (in an *Error) for a path that names
// something other than a regular file (a FIFO, device or directory) when
// only a regular file is read.
var ErrNotRegular = regfile.ErrNotRegular

// ReadFile reads the puzzle file at path once, refusing more than
// MaxInputSize bytes (ReadInput), and reports whether what it opened is
// a regular file. The bytes come from the one handle that was checked,
// never from a file swapped in between a check and a second open.
//
// With regularOnly the path is opened without waiting for a FIFO's writer
// and anything but a regular file is refused (ErrNotRegular), for a file
// found in a directory; without, a FIFO is opened and read as a plain
// file, waiting for its writer. Errors are *Error.
func ReadFile(path string, regularOnly bool) (data []byte, regular bool, err error) {
	var f *os.File
	if regularOnly {
		f, _, err = regfile.Open(path)
		if errors.Is(err, regfile.ErrNotRegular) {
			return nil, false, &Error{Pos: Pos{File: path}, Err: err,
				Msg: "cannot read the puzzle: not a regular file (a FIFO, device or directory): give the puzzle file itself, or - to read it from stdin"}
		}
	} else {
		f, err = os.Open(path)
	}
	if err != nil {
		return nil, false, ioError(path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, false, ioError(path, err)
	}
	data, err = ReadInput(path, f)
	return data, st.Mode().IsRegular(), err
}
