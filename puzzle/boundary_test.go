package puzzle

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// Catalogue of the input-boundary defects of issue 11 (items 5, 6, 9): each
// was accepted before (names with terminal escapes, aliases multiplying the
// input) or took minutes (aliases, big pieces); each is now one located
// message.
var badBoundary = []badInput{
	{"escape in the name", "n.yaml", "name: \"x\\e[31m\"\n" + okYAML,
		`n.yaml:1:7: the puzzle's name "x\x1b[31m" contains the character U+001B (ESC): control, line-separator and bidirectional-formatting characters are not allowed in names (they would reach the terminal)`, false},
	{"NUL in the name", "n.yaml", "name: \"a\\0b\"\n" + okYAML,
		`n.yaml:1:7: the puzzle's name "a\x00b" contains the character U+0000 (NUL): control, line-separator and bidirectional-formatting characters are not allowed in names (they would reach the terminal)`, false},
	{"C1 CSI in the name", "n.yaml", "name: \"a\\x9b2J\"\n" + okYAML,
		`n.yaml:1:7: the puzzle's name "a\u009b2J" contains the character U+009B (CSI): control, line-separator and bidirectional-formatting characters are not allowed in names (they would reach the terminal)`, false},
	{"line break in the name", "n.yaml", "name: \"two\\nlines\"\n" + okYAML,
		`n.yaml:1:7: the puzzle's name "two\nlines" contains the character U+000A (line feed): control, line-separator and bidirectional-formatting characters are not allowed in names (they would reach the terminal)`, false},
	{"raw bidi override in the name", "n.yaml", "name: a\u202eb\n" + okYAML,
		`n.yaml:1:7: the puzzle's name "a\u202eb" contains the character U+202E (RLO): control, line-separator and bidirectional-formatting characters are not allowed in names (they would reach the terminal)`, false},
	{"DEL in a piece name", "n.yaml", "board: 5x1\npieces:\n  \"I\\x7f\": \"#####\"\n",
		`n.yaml:3:3: a piece's name "I\x7f" contains the character U+007F (DEL): control, line-separator and bidirectional-formatting characters are not allowed in names (they would reach the terminal)`, false},
	{"bidi isolate in a piece name", "n.yaml", "board: 5x1\npieces:\n  \"I\\u2066\": \"#####\"\n",
		`n.yaml:3:3: a piece's name "I\u2066" contains the character U+2066: control, line-separator and bidirectional-formatting characters are not allowed in names (they would reach the terminal)`, false},
	{"line separator in a piece name", "n.yaml", "board: 5x1\npieces:\n  \"I\\L\": \"#####\"\n",
		`n.yaml:3:3: a piece's name "I\u2028" contains the character U+2028: control, line-separator and bidirectional-formatting characters are not allowed in names (they would reach the terminal)`, false},
	{"bidi override in a Knuth name", "n.knuth", "[0-4]0\nI\u202e 00 10 20 30 40\n",
		`n.knuth:2:1: a piece's name "I\u202e" contains the character U+202E (RLO): control, line-separator and bidirectional-formatting characters are not allowed in names (they would reach the terminal)`, false},
	{"name too long", "n.yaml", "name: " + strings.Repeat("x", 257) + "\n" + okYAML,
		`n.yaml:1:7: the puzzle's name is 257 bytes long; the limit is 256`, true},
	{"alias bomb", "a.yaml", aliasBomb(),
		`a.yaml:18:7: the aliases (*s and others) expand the input beyond 16777216 bytes (16 MiB), the limit for a puzzle file; aliased text counts each time it is used`, true},
	{"Knuth brackets on a piece line past the limit", "k.knuth", "[0-Z][0-9][0-9]\nA [0-9][0-9][0-9] [a-j][0-9][0-9] [k-t][0-9][0-9] [A-J][0-9][0-9] [K-T][0-9][0-9]\n",
		`k.knuth:2:67: a piece line lists more than 4096 cells (repeats included), the limit for one piece`, true},
	{"Knuth brackets repeated on the box line", "k.knuth", strings.Repeat("[0-Z][0-Z][0-Z] ", 2) + "\n",
		`k.knuth:1:17: the box line lists more than 238328 cells (repeats included), the most a box of base-62 coordinates has`, true},
	{"Knuth piece lines repeated", "k.knuth", "[0-Z][0-Z]\n" + strings.Repeat("A [0-9][0-9]\n", 2622) + "A [0-9][0-9]\n",
		`k.knuth:2623:1: the piece lines list more than 262144 cells in all, the limit`, true},
	{"more copies than cells", "c.yaml", "board: 10x10\npieces:\n  A:\n    shape: \"#\"\n    count: 1048576\n  B: \"##\"\n",
		`c.yaml:6:3: the pieces have more than 1048576 copies together, the limit (give a large supply as count: unlimited)`, true},
	{"pieces too large together", "t.yaml", manyBigPieces(),
		`t.yaml:19:3: the pieces have more than 65536 cells together (each name counted once), the limit`, true},
}

// aliasBomb is a 1 MiB art block aliased 4,000 times: 4 GiB of text to read
// from a 1 MiB file.
func aliasBomb() string {
	var b strings.Builder
	b.WriteString("board: 5x1\npieces:\n  I: &s \"#" + strings.Repeat(".", 1<<20) + "\"\n")
	for k := range 4000 {
		b.WriteString("  J" + string(rune('a'+k%26)) + strings.Repeat("x", k/26) + ": *s\n")
	}
	return b.String()
}

// manyBigPieces is 17 pieces of 4,096 cells: each within the limit of one
// piece, together above the limit of all.
func manyBigPieces() string {
	var b strings.Builder
	b.WriteString("board: 1024x1024\npieces:\n")
	for k := range 17 {
		b.WriteString("  P" + string(rune('a'+k)) + ": \"" + strings.Repeat("#", 4096) + "\"\n")
	}
	return b.String()
}

func TestBoundaryInputs(t *testing.T) {
	for _, c := range badBoundary {
		t.Run(c.file+"/"+c.name, func(t *testing.T) {
			start := time.Now()
			done := make(chan error, 1)
			go func() { _, err := Parse(c.file, []byte(c.input), ""); done <- err }()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("still parsing after 10 s")
			}
			if err == nil {
				t.Fatalf("accepted; want %q", c.want)
			}
			if err.Error() != c.want {
				t.Errorf("got  %q\nwant %q", err.Error(), c.want)
			}
			if errors.Is(err, ErrLimit) != c.limit {
				t.Errorf("errors.Is(err, ErrLimit) = %v, want %v", !c.limit, c.limit)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestSafeText: file names and other unvalidated text are escaped before
// they are printed.
func TestSafeText(t *testing.T) {
	for in, want := range map[string]string{
		"plain.yaml": "plain.yaml", "x\x1b[31m": `x\u001b[31m`, "a\u202eb": `a\u202eb`,
		"bad\xffutf8": `bad\xffutf8`, "é ok": "é ok", "del\x7f": `del\u007f`,
	} {
		if got := SafeText(in); got != want {
			t.Errorf("SafeText(%q) = %q, want %q", in, got, want)
		}
	}
	if n := defaultName("dir/x\x1b[2J.yaml"); strings.ContainsRune(n, 0x1b) {
		t.Errorf("default name %q keeps the escape", n)
	}
}

// TestBoxDims: Box takes the puzzle file's W x H x D by name.
func TestBoxDims(t *testing.T) {
	cells := Box(Dims{Width: 10, Height: 6})
	r, err := newRegion(cells)
	if err != nil {
		t.Fatal(err)
	}
	if r.Size != (Cell{I: 6, J: 10, L: 1}) || len(cells) != 60 {
		t.Errorf("10x6: %d cells, size %v (rows, columns, layers); want 6 rows of 10", len(cells), r.Size)
	}
	if got := len(Box(Dims{Width: 4, Height: 3, Depth: 2})); got != 24 {
		t.Errorf("4x3x2 has %d cells", got)
	}
	spec, err := ParseSpec("b.yaml", []byte("board: 10x6\npieces:\n  I: \"#\"\n"), "")
	if err != nil || !slices.Equal(spec.Region, cells) {
		t.Errorf("the YAML board 10x6 differs from Box(Dims{Width: 10, Height: 6}): %v", err)
	}
}
