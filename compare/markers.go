package compare

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/polytile/polytile/internal/atomicfile"
)

// Markers returns the comment lines that delimit a generated section of a
// Markdown file: <!-- NAME:begin --> and <!-- NAME:end -->.
func Markers(name string) (begin, end string) {
	return "<!-- " + name + ":begin -->", "<!-- " + name + ":end -->"
}

// ReplaceSection returns doc with the text between the markers of name
// replaced by content, keeping everything outside them. Without the markers
// the section is appended at the end. Markers out of order, or present more
// than once, are an error.
func ReplaceSection(doc, name, content string) (string, error) {
	begin, end := Markers(name)
	if !strings.HasSuffix(content, "\n") {
		content += "\n"
	}
	nb, ne := strings.Count(doc, begin), strings.Count(doc, end)
	switch {
	case nb == 0 && ne == 0:
		if doc != "" && !strings.HasSuffix(doc, "\n") {
			doc += "\n"
		}
		if doc != "" {
			doc += "\n"
		}
		return doc + begin + "\n" + content + end + "\n", nil
	case nb != 1 || ne != 1:
		return "", fmt.Errorf("want one %s and one %s, found %d and %d", begin, end, nb, ne)
	}
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if j < i {
		return "", fmt.Errorf("%s comes before %s", end, begin)
	}
	return doc[:i+len(begin)] + "\n" + content + doc[j:], nil
}

// UpdateFile replaces the section name of a Markdown file (see
// ReplaceSection), creating the file with header when it does not exist.
// An existing file must be one polytile can have started (see
// readSection): empty, or UTF-8 text of at most MaxUpdateSize bytes with a
// section marker line; any other file is refused and left as it was.
// The file is replaced atomically (see internal/atomicfile): a symbolic link
// is followed (the file it leads to must pass the same rules), the file
// keeps its mode.
//
// The file is written back only if it is still the file read, unchanged
// (atomicfile.WriteRegularOver): one swapped in or edited in between is
// left as it is, with an error.
func UpdateFile(path, name, header, content string) error {
	doc, read, err := readSection(path, name, header, content)
	if err != nil {
		return err
	}
	return atomicfile.WriteRegularOver(context.Background(), path, read, func(w io.Writer) error {
		_, err := io.WriteString(w, doc)
		return err
	})
}

// CheckUpdate reports the error UpdateFile would report for the markers of
// section name in path (out of order, repeated) and for a file that cannot
// be written, without writing anything: a command checks its --update file
// before a long run.
func CheckUpdate(path, name string) error {
	if _, _, err := readSection(path, name, "", ""); err != nil {
		return err
	}
	return atomicfile.CheckRegular(path)
}

// MaxUpdateSize is the largest --update document read, in bytes: a
// Markdown page of generated tables is far smaller, and a larger file is
// refused before it is read.
const MaxUpdateSize = 16 << 20

// markerLine matches a line that is a polytile section marker.
var markerLine = regexp.MustCompile(`(?m)^<!-- [A-Za-z0-9:_-]+:(begin|end) -->\r?$`)

// readSection reads path (header when it does not exist) and replaces the
// section name by content. Only a document polytile can have started is
// read and rewritten: a missing or empty file, or a UTF-8 text file of at
// most MaxUpdateSize bytes with at least one section marker line (of any
// section); anything else (a file with no markers, such as /etc/passwd
// through a symbolic link, a binary file, a device or FIFO) is refused,
// never appended to. read is the file read (nil when there was none).
func readSection(path, name, header, content string) (doc string, read fs.FileInfo, err error) {
	data, read, err := readDocument(path, name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		data = []byte(header)
	case err != nil:
		return "", nil, err
	}
	doc, err = ReplaceSection(string(data), name, content)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", path, err)
	}
	return doc, read, nil
}

// readDocument reads an existing --update document under the rules of
// readSection; fs.ErrNotExist (unwrapped) when there is none. Symbolic
// links are followed, as for every output: the file they lead to must pass
// the same rules. It returns the file's FileInfo with its data.
func readDocument(path, name string) ([]byte, fs.FileInfo, error) {
	if path == "-" {
		return nil, nil, errors.New("-: the section is read from the file and written back: name a file, not standard output")
	}
	// O_NONBLOCK: a FIFO put there is refused below, not waited on.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fs.ErrNotExist
	}
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%s: not a regular file (a section is read and written back)", path)
	}
	if st.Size() > MaxUpdateSize {
		return nil, nil, fmt.Errorf("%s: %d bytes, more than the %d (16 MiB) an --update document may have", path, st.Size(), MaxUpdateSize)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxUpdateSize+1))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > MaxUpdateSize {
		return nil, nil, fmt.Errorf("%s: more than the %d bytes (16 MiB) an --update document may have", path, MaxUpdateSize)
	}
	if i := bytes.IndexByte(data, 0); i >= 0 || !utf8.Valid(data) {
		return nil, nil, fmt.Errorf("%s: not a UTF-8 text file: --update writes a section into a Markdown file and never touches any other (name a new file to start one)", path)
	}
	if begin, end := Markers(name); len(bytes.TrimSpace(data)) > 0 && !markerLine.Match(data) {
		return nil, nil, fmt.Errorf("%s: no polytile section markers (a line <!-- NAME:begin --> or <!-- NAME:end -->): --update never appends to a file polytile did not start; name a new (or empty) file to start one, or put the lines %s and %s where the table should go", path, begin, end)
	}
	return data, st, nil
}
