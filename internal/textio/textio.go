// Package textio holds what every reader of a text input shares, so that
// all of them accept the same files, and the small text helpers the
// writers of messages and tables share (Count, Wrap).
package textio

import (
	"bytes"
	"io"
	"os"
)

// bom is the UTF-8 encoding of U+FEFF, the byte order mark that some
// editors (Windows Notepad among them) put at the start of a text file.
var bom = []byte{0xef, 0xbb, 0xbf}

// TrimBOM returns data without a leading UTF-8 byte order mark. Every
// reader of a text input (puzzle files of every format, solution and
// --names files, shard results, checkpoints) calls it first, so a file
// saved with a BOM is read like the same file without one.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, bom) }

// RegularSize returns the bytes left to read from r when r is a regular
// file (stdin redirected from a file: "polytile info - < big.yaml"),
// from its size and offset, so that a reader refuses one over its limit
// before reading up to the limit, and reads it into one buffer of that
// size (ReadAtMost); it returns -1 for anything else (a pipe, a
// terminal, a reader that is not a file).
func RegularSize(r io.Reader) int64 {
	f, isFile := r.(*os.File)
	if !isFile || f == nil {
		return -1
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return -1
	}
	off, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return -1
	}
	return max(st.Size()-off, 0)
}

// ReadAtMost reads r to its end, but no more than limit+1 bytes: a
// result longer than limit says that r holds more (the caller refuses
// it, naming its limit). left is what r holds when it is known (a
// regular file: RegularSize, taken before r is wrapped, say in a reader
// of a context), else negative. A known size is read into one buffer of
// that size, so that the peak is about the file, not the twice of
// io.ReadAll's growing buffer (36 MB for a 16 MB file).
func ReadAtMost(r io.Reader, left, limit int64) ([]byte, error) {
	var buf bytes.Buffer
	if left >= 0 {
		// MinRead more: ReadFrom needs that much room to see the end
		// of the file without growing the buffer.
		buf.Grow(int(min(left, limit+1)) + bytes.MinRead)
	}
	_, err := buf.ReadFrom(io.LimitReader(r, limit+1))
	return buf.Bytes(), err
}
