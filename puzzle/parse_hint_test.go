package puzzle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFormatHint: a gzip'd .xmpuzzle, its XML or a Knuth file on stdin
// (read as YAML, the default) failed with "control character U+001F" or
// a YAML error and no word of --from; the error now names the flag. A
// YAML error of a YAML file has no hint, and an explicit format reads.
func TestFormatHint(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("..", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	soma := read("soma.xmpuzzle")
	xml := burrXML(Spec{Name: "d", Region: []Cell{{}, {J: 1}}, Pieces: []PieceSpec{{Name: "A", Cells: []Cell{{}, {J: 1}}, Count: 1}}}, "")
	cases := []struct {
		what   string
		data   []byte
		format string
		hint   string
	}{
		{"gzip on stdin", soma, "", "--from burrtools"},
		{"gzip as knuth", soma, "knuth", "--from burrtools"},
		{"XML on stdin", []byte(xml), "", "--from burrtools"},
		{"Knuth on stdin", read("pentomino-10x6.knuth"), "", "--from knuth"},
		{"bad YAML", []byte("board: 4x4\npieces: [\n"), "", ""},
	}
	for _, c := range cases {
		_, err := ParseSpec(StdinName, c.data, c.format)
		if err == nil {
			t.Errorf("%s: read", c.what)
			continue
		}
		if c.hint == "" && strings.Contains(err.Error(), "--from") || !strings.Contains(err.Error(), c.hint) {
			t.Errorf("%s: %v, want %q", c.what, err, c.hint)
		}
	}
	for _, c := range []struct {
		data   []byte
		format string
	}{{soma, "burrtools"}, {read("pentomino-10x6.knuth"), "knuth"}} {
		if _, err := ParseSpec(StdinName, c.data, c.format); err != nil {
			t.Errorf("--from %s: %v", c.format, err)
		}
	}
}
