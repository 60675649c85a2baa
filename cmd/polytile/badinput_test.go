package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadInputCatalogue feeds hand-written mistakes through the CLI: every
// entry must exit 2 with one precise message naming file:line:column.
// (puzzle/parse_errors_test.go has the parser-level catalogue, over a
// hundred cases; this one checks that the CLI passes them on intact.)
func TestBadInputCatalogue(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name, file, text, want string
	}{
		{"illegal character", "a.yaml", "board: 5x1\npieces:\n  I: \"##x##\"\n",
			"a.yaml:3:9: piece \"I\": unexpected character 'x' in ASCII art (use '#' for a cell, '.' or ' ' for empty)"},
		{"unknown key", "a.yaml", "board: 5x1\ncolour: red\npieces:\n  I: \"#####\"\n",
			"a.yaml:2:1: unknown key \"colour\" in the puzzle (allowed: name, grid, board, orientations, count, pieces, empty, constraints, symmetric)"},
		{"malformed YAML", "a.yaml", "board: [3x3\n", "a.yaml:2:1: invalid YAML: did not find expected ',' or ']'"},
		{"ragged art", "a.yaml", "board: 3x3\npieces:\n  L: \"#./##/#\"\n",
			"a.yaml:3:13: piece \"L\": ragged row: art row 3 has 1 character, expected 2 like row 1"},
		{"zero-cell piece", "a.yaml", "board: 3x3\npieces:\n  A: \"..\"\n", "a.yaml:3:6: piece \"A\" has no cells ('#')"},
		{"empty board art", "a.yaml", "board: |\n  ...\n  ...\npieces:\n  A: \"#\"\n", "a.yaml:1:8: the board has no cells ('#')"},
		{"duplicate piece", "a.yaml", "board: 3x3\npieces:\n  A: \"##\"\n  A: \"#\"\n",
			"a.yaml:4:3: duplicate piece \"A\" (first defined at"},
		{"count zero", "a.yaml", "board: 3x3\ncount: 0\npieces:\n  L: \"#./##\"\n",
			"a.yaml:2:8: count must be an integer >= 1 or unlimited, not 0"},
		{"bad orientations", "a.yaml", "board: 4x4\norientations: sideways\npieces:\n  A: \"##\"\n",
			"a.yaml:2:15: orientations must be fixed, rotate or free, not \"sideways\""},
		{"mixed 2D / 3D", "a.yaml", "board: 3x3\npieces:\n  A:\n    - \"##\"\n    - \"#.\"\n",
			"a.yaml:4:5: mixed 2D / 3D: piece \"A\" has 2 layers but the board is 2D"},
		{"beyond the cell limit", "a.yaml", "board: 2000x2000\ncount: unlimited\npieces:\n  D: \"##\"\n",
			"a.yaml:1:8: the board 2000x2000 has 4000000 cells; the limit is 1048576"},
		{"binary garbage", "a.yaml", "\x00\x01\x02garbage\xff", "a.yaml:1:1: control character U+0000 is not allowed; a puzzle file is text"},
		{"Knuth reversed range", "a.knuth", "[0-9][5-0]\n", "a.knuth:1:7: reversed range 5-0: the first digit must not exceed the second"},
	}
	for _, c := range cases {
		path := filepath.Join(dir, c.file)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "", "info", path)
		want := "polytile: " + filepath.Join(dir, c.want)
		if code != 2 || !strings.HasPrefix(errs, want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%s: exit %d, stderr %q\nwant exit 2 and one line starting %q", c.name, code, errs, want)
		}
	}
	code, _, errs := run(t, "", "info", "-")
	if code != 2 || errs != "polytile: <stdin>:1:1: empty input\n" {
		t.Errorf("empty stdin: exit %d, %q", code, errs)
	}
}
