package atomicfile

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWriteRegularOverRefusesSwaps: a document read and written back
// (--update) is not written over a file swapped in or edited between the
// read and the write, nor created where a file appeared after none was
// found; the file there is left as it is. WriteRegular, used before,
// replaced each of them.
func TestWriteRegularOverRefusesSwaps(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc.md")
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	content := func() string {
		b, _ := os.ReadFile(doc)
		return string(b)
	}
	put := func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }
	swap := func() { // another file renamed over doc
		write(filepath.Join(dir, "other"), "other\n")
		if err := os.Rename(filepath.Join(dir, "other"), doc); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name   string
		before func() // between the read and the write
		during func() // while the new document is written
		want   string // the error names it
	}{
		{"swapped before", swap, nil, "another file was put in place"},
		{"swapped during", nil, swap, "another file was put in place"},
		{"edited before", func() {
			write(doc, "edited, longer\n")
		}, nil, "changed after it was read"},
		{"edited during", nil, func() {
			os.Chtimes(doc, time.Now(), time.Now().Add(time.Hour))
		}, "changed after it was read"},
		{"removed during", nil, func() { os.Remove(doc) }, "removed or renamed"},
	} {
		write(doc, "old\n")
		read, err := os.Stat(doc)
		if err != nil {
			t.Fatal(err)
		}
		if c.before != nil {
			c.before()
		}
		was := content()
		err = WriteRegularOver(context.Background(), doc, read, func(w io.Writer) error {
			if c.during != nil {
				c.during()
			}
			return put(w)
		})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
		if c.during == nil && content() != was || c.during != nil && content() == "new\n" {
			t.Errorf("%s: the file is now %q", c.name, content())
		}
		leftovers, _ := filepath.Glob(filepath.Join(dir, tmpPrefix+"*"))
		if len(leftovers) > 0 {
			t.Errorf("%s: temporary files left: %v", c.name, leftovers)
		}
	}
	// Nothing was there when read: a file that appeared is kept.
	fresh := filepath.Join(dir, "fresh.md")
	err := WriteRegularOver(context.Background(), fresh, nil, func(w io.Writer) error {
		write(fresh, "someone's\n")
		return put(w)
	})
	if b, _ := os.ReadFile(fresh); err == nil || string(b) != "someone's\n" {
		t.Errorf("a file that appeared: err = %v, now %q", err, b)
	}
	// Unchanged: written, as WriteRegular does.
	write(doc, "old\n")
	read, _ := os.Stat(doc)
	if err := WriteRegularOver(context.Background(), doc, read, put); err != nil || content() != "new\n" {
		t.Errorf("unchanged: err = %v, now %q", err, content())
	}
	os.Remove(fresh)
	if err := WriteRegularOver(context.Background(), fresh, nil, put); err != nil {
		t.Errorf("new: %v", err)
	}
}
