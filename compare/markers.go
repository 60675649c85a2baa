package compare

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

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
// The file is replaced atomically (see internal/atomicfile): a symbolic link
// is followed, the file keeps its mode.
func UpdateFile(path, name, header, content string) error {
	doc, err := readSection(path, name, header, content)
	if err != nil {
		return err
	}
	return atomicfile.Write(context.Background(), path, nil, func(w io.Writer) error {
		_, err := io.WriteString(w, doc)
		return err
	})
}

// CheckUpdate reports the error UpdateFile would report for the markers of
// section name in path (out of order, repeated) and for a file that cannot
// be written, without writing anything: a command checks its --update file
// before a long run.
func CheckUpdate(path, name string) error {
	if _, err := readSection(path, name, "", ""); err != nil {
		return err
	}
	return atomicfile.Check(path)
}

// readSection reads path (header when it does not exist) and replaces the
// section name by content.
func readSection(path, name, header, content string) (string, error) {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s: not a regular file (a section is read and written back)", path)
	}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		data = []byte(header)
	case err != nil:
		return "", err
	}
	doc, err := ReplaceSection(string(data), name, content)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return doc, nil
}
