package puzzle

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// badInput is one entry of the bad-input catalogue: a puzzle file that must
// be refused with exactly this message, located at file:line:col.
type badInput struct {
	name  string // what the entry checks
	file  string // the file name; its suffix chooses the format
	input string
	want  string
	limit bool // the error must wrap ErrLimit
}

// big returns a syntactically fine puzzle padded with comment lines to n bytes.
func big(head, comment string, n int) string {
	var b strings.Builder
	b.WriteString(head)
	line := comment + strings.Repeat("x", 70) + "\n"
	for b.Len()+len(line) <= n {
		b.WriteString(line)
	}
	b.WriteString(strings.Repeat(comment, n-b.Len()))
	return b.String()
}

const (
	okYAML  = "board: 5x1\npieces:\n  I: \"#####\"\n"
	okKnuth = "[0-4]0\nI 00 10 20 30 40\n"
)

var badYAML = []badInput{
	// A JSON puzzle (JSON is YAML): the YAML library names only a line, so
	// a one-line file was reported at 1:1; encoding/json's byte is taken.
	{"JSON: two commas", "bad.json", `{"board": "4x2", "pieces": {"A": "##/##",, "B": "##/##"}}`,
		"bad.json:1:42: invalid JSON: invalid character ',' looking for beginning of object key string", false},
	{"JSON: a comma missing", "bad.json", `{"board": "4x2", "pieces": {"A": "##/##" "B": "##/##"}}`,
		"bad.json:1:42: invalid JSON: invalid character '\"' after object key:value pair", false},
	{"JSON: cut short", "bad.json", "{\"board\": \"4x2\", \"pieces\": {\"A\": \"##/##\"}\n\n",
		"bad.json:1:41: invalid JSON: unexpected end of JSON input", false},
	{"JSON: on several lines", "bad.json", "{\n  \"board\": \"4x2\",\n  \"pieces\": {\"A\": \"##/##\",, \"B\": \"##/##\"}\n}\n",
		"bad.json:3:27: invalid JSON: invalid character ',' looking for beginning of object key string", false},
	// YAML in flow style (unquoted keys) is not judged as JSON.
	{"YAML flow style", "bad.yaml", "{board: 4x2,, pieces: {A: \"##/##\"}}\n",
		"bad.yaml:1:1: invalid YAML: did not find expected node content", false},
	// malformed YAML: the library names a line; the column is the line's first character
	{"unclosed flow sequence", "bad.yaml", "board: 10x6\npieces:\n  F: [a\n",
		"bad.yaml:3:3: invalid YAML: did not find expected ',' or ']'", false},
	{"bad indentation", "bad.yaml", "board: 5x1\n pieces: x\n",
		"bad.yaml:2:2: invalid YAML: mapping values are not allowed in this context", false},
	{"unclosed quote", "bad.yaml", "board: 5x1\npieces:\n  I: \"#####\n",
		"bad.yaml:3:3: invalid YAML: found unexpected end of stream", false},
	{"sequence entry in a mapping", "bad.yaml", "board: 5x1\npieces:\n  I: \"#####\"\n  - J\n",
		"bad.yaml:3:3: invalid YAML: did not find expected key", false},
	{"character that cannot start a token", "bad.yaml", "board: 5x1\npieces:\n  I: @\n",
		"bad.yaml:3:3: invalid YAML: found character that cannot start any token", false},
	{"unknown anchor", "bad.yaml", "board: 10x6\npieces:\n  I: *nothing\n",
		"bad.yaml:3:6: invalid YAML: unknown anchor 'nothing' referenced", false},
	{"alias of a mapping", "bad.yaml", "board: 10x6\npieces: &p\n  I: \"#\"\nname: *p\n",
		"bad.yaml:4:7: alias *p: only scalars (single strings) may be aliased in a puzzle file", false},
	{"merge key", "bad.yaml", "board: 10x6\npieces:\n  <<: {I: \"#\"}\n",
		"bad.yaml:3:3: YAML merge keys (<<) are not supported in a puzzle file", false},
	// Tags were ignored: "name: !!null x" named the puzzle by its file,
	// "!!binary" was not decoded, "count: !!float 2" was a count of 2.
	{"tag null", "bad.yaml", "board: 2x2\npieces: [dominoes]\nname: !!null x\n",
		"bad.yaml:3:7: YAML tag !!null: tags are not supported in a puzzle file (write the value without it)", false},
	{"tag binary", "bad.yaml", "board: 2x2\npieces: [dominoes]\nname: !!binary aGVsbG8=\n",
		"bad.yaml:3:7: YAML tag !!binary: tags are not supported in a puzzle file (write the value without it)", false},
	{"tag float count", "bad.yaml", "board: 2x2\ncount: !!float 2\npieces: [dominoes]\n",
		"bad.yaml:2:8: YAML tag !!float: tags are not supported in a puzzle file (write the value without it)", false},
	{"tag on a sequence", "bad.yaml", "board: 2x2\npieces: !!seq [dominoes]\n",
		"bad.yaml:2:9: YAML tag !!seq: tags are not supported in a puzzle file (write the value without it)", false},
	{"custom tag, long", "bad.yaml", "board: 2x2\npieces: [dominoes]\nname: !" + strings.Repeat("x", 100) + " a\n",
		"bad.yaml:3:7: YAML tag !" + strings.Repeat("x", 39) + "...: tags are not supported in a puzzle file (write the value without it)", false},
	{"deeply nested flow", "bad.yaml", strings.Repeat("[", 20000),
		"bad.yaml:1:1: invalid YAML: exceeded max depth of 10000", false},
	{"deeply nested block", "bad.yaml", "board: 4x4\npieces:\n  X: " + strings.Repeat("- ", 12000) + "\n",
		"bad.yaml:3:3: invalid YAML: block sequence entries are not allowed in this context", false},
	{"two documents", "bad.yaml", okYAML + "---\nboard: 4x4\n",
		"bad.yaml:4:1: a second YAML document; a puzzle file holds one ('---' starts another)", false},
	{"not a mapping", "bad.yaml", "42\n",
		"bad.yaml:1:1: a puzzle file is a YAML mapping with the keys name, grid, board, orientations, count, pieces, empty, constraints, symmetric", false},

	// keys
	{"unknown top-level key", "bad.yaml", okYAML + "colour: red\n",
		`bad.yaml:4:1: unknown key "colour" in the puzzle (allowed: name, grid, board, orientations, count, pieces, empty, constraints, symmetric)`, false},
	{"unknown piece key", "bad.yaml", "board: 5x1\npieces:\n  F:\n    shape: \"##\"\n    count: 2\n    copies: 2\n",
		`bad.yaml:6:5: unknown key "copies" in piece "F" (allowed: shape, count, orientations, at, region)`, false},
	{"duplicate top-level key", "bad.yaml", "board: 10x6\nboard: 5x5\npieces:\n  I: \"#\"\n",
		`bad.yaml:2:1: duplicate key "board" in the puzzle (first at bad.yaml:1:1)`, false},
	{"duplicate piece key", "bad.yaml", "board: 5x1\npieces:\n  F:\n    shape: \"#\"\n    shape: \"#\"\n",
		`bad.yaml:5:5: duplicate key "shape" in piece "F" (first at bad.yaml:4:5)`, false},
	{"duplicate piece", "bad.yaml", okYAML + "  I: \"#####\"\n",
		`bad.yaml:4:3: duplicate piece "I" (first defined at bad.yaml:3:3)`, false},
	{"missing board", "bad.yaml", "pieces:\n  I: \"#####\"\n",
		`bad.yaml:1:1: missing key "board" (a puzzle needs a board and pieces)`, false},
	{"missing pieces", "bad.yaml", "name: x\nboard: 5x1\n",
		`bad.yaml:1:1: missing key "pieces" (a puzzle needs a board and pieces)`, false},
	{"null pieces", "bad.yaml", "board: 10x6\npieces:\n",
		"bad.yaml:2:1: the puzzle has no pieces", false},
	{"empty pieces", "bad.yaml", "board: 10x6\npieces: {}\n",
		"bad.yaml:2:1: the puzzle has no pieces", false},
	{"pieces as a list", "bad.yaml", "board: 5x1\npieces: [a, b]\n", // a list names piece sets
		"bad.yaml:2:10: unknown piece set \"a\" (known sets: monominoes, dominoes, trominoes, tetrominoes, pentominoes, pentominoes-conway, hexominoes, heptominoes, one-sided-monominoes, one-sided-dominoes, one-sided-trominoes, one-sided-tetrominoes, one-sided-pentominoes, one-sided-hexominoes, one-sided-heptominoes, tetracubes, pentacubes, soma, tetris-cube)", false},
	{"pieces as a number", "bad.yaml", "board: 5x1\npieces: 12\n",
		"bad.yaml:2:9: unknown piece set \"12\" (known sets: monominoes, dominoes, trominoes, tetrominoes, pentominoes, pentominoes-conway, hexominoes, heptominoes, one-sided-monominoes, one-sided-dominoes, one-sided-trominoes, one-sided-tetrominoes, one-sided-pentominoes, one-sided-hexominoes, one-sided-heptominoes, tetracubes, pentacubes, soma, tetris-cube)", false},
	{"empty piece name", "bad.yaml", "board: 10x6\npieces:\n  \"\": \"#\"\n",
		"bad.yaml:3:3: a piece needs a name", false},
	{"complex piece name", "bad.yaml", "board: 5x1\npieces:\n  ? [a]\n  : \"#\"\n",
		"bad.yaml:3:5: a piece name must be a plain string", false},
	{"name not a string", "bad.yaml", "name: [a]\nboard: 10x6\npieces:\n  I: \"#\"\n",
		"bad.yaml:1:7: name must be a string", false},
	{"long form without shape", "bad.yaml", "board: 5x1\npieces:\n  F:\n    count: 2\n",
		`bad.yaml:3:3: piece "F" has no shape (add shape: ...)`, false},

	// ASCII art
	{"ragged inline row", "bad.yaml", "board: 5x5\npieces:\n  F: \".##/##/.#.\"\n",
		`bad.yaml:3:11: piece "F": ragged row: art row 2 has 2 characters, expected 3 like row 1`, false},
	{"ragged plain row", "bad.yaml", "board: 5x5\npieces:\n  F: .##/##./.#\n",
		`bad.yaml:3:14: piece "F": ragged row: art row 3 has 2 characters, expected 3 like row 1`, false},
	{"ragged single-quoted row", "bad.yaml", "board: 5x5\npieces:\n  F: '.##/##./.#'\n",
		`bad.yaml:3:15: piece "F": ragged row: art row 3 has 2 characters, expected 3 like row 1`, false},
	{"ragged block row", "bad.yaml", "board: |\n  ###\n  #.#\n  ####\npieces:\n  I: \"#\"\n",
		"bad.yaml:4:3: the board: ragged row: art row 3 has 4 characters, expected 3 like row 1", false},
	{"ragged short block row", "bad.yaml", "board: 5x1\npieces:\n  I: |\n    #.\n    ##\n    #\n",
		`bad.yaml:6:5: piece "I": ragged row: art row 3 has 1 character, expected 2 like row 1`, false},
	{"ragged layer row", "bad.yaml", "board:\n  - \"##/##\"\n  - \"##/#\"\npieces:\n  I: \"#\"\n",
		"bad.yaml:3:9: the board: ragged row: art row 2 has 1 character, expected 2 like row 1", false},
	{"empty art", "bad.yaml", "board: 5x1\npieces:\n  F: \"\"\n",
		`bad.yaml:3:6: piece "F": empty ASCII art`, false},
	{"empty block", "bad.yaml", "board: 5x1\npieces:\n  F: |\nname: x\n",
		`bad.yaml:3:3: piece "F": empty ASCII art`, false},
	{"empty board art", "bad.yaml", "board: \"\"\npieces:\n  I: \"#####\"\n",
		"bad.yaml:1:8: the board: empty ASCII art", false},
	{"null board", "bad.yaml", "board:\npieces:\n  I: \"#####\"\n",
		"bad.yaml:1:1: the board is empty: give WxH, WxHxD or ASCII art", false},
	{"art read as a comment", "bad.yaml", "board: 5x1\npieces:\n  I: #####\n",
		`bad.yaml:3:3: piece "I" has no shape (YAML reads a '#' after a space as a comment: quote the art, e.g. "#####", or use a | block)`, false},
	{"illegal character, quoted", "bad.yaml", "board: 5x1\npieces:\n  I: \"##x##\"\n",
		`bad.yaml:3:9: piece "I": unexpected character 'x' in ASCII art (use '#' for a cell, '.' or ' ' for empty)`, false},
	{"illegal character, block", "bad.yaml", "board: 5x5\npieces:\n  F: |\n    .##\n    #o.\n",
		`bad.yaml:5:6: piece "F": unexpected character 'o' in ASCII art (use '#' for a cell, '.' or ' ' for empty)`, false},
	{"illegal character, explicit indentation", "bad.yaml", "board: 5x5\npieces:\n  F: |2\n     #x\n    .#.\n",
		`bad.yaml:4:7: piece "F": unexpected character 'x' in ASCII art (use '#' for a cell, '.' or ' ' for empty)`, false},
	{"illegal character, board layer", "bad.yaml", "board:\n  - |\n    ##\n    #*\npieces:\n  I: \"#\"\n",
		"bad.yaml:4:6: the board: unexpected character '*' in ASCII art (use '#' for a cell, '.' or ' ' for empty)", false},
	{"tab in art", "bad.yaml", "board: 5x1\npieces:\n  I: \"#\\t###\"\n",
		`bad.yaml:3:6: piece "I": unexpected character a tab (U+0009) in ASCII art (use '#' for a cell, '.' or ' ' for empty)`, false},
	{"non-ASCII character in art", "bad.yaml", "board: 5x1\npieces:\n  I: \"#é###\"\n",
		`bad.yaml:3:8: piece "I": unexpected character 'é' (U+00E9) in ASCII art (use '#' for a cell, '.' or ' ' for empty)`, false},
	{"folded block", "bad.yaml", "board: >\n  ##\n  ##\npieces:\n  I: \"#####\"\n",
		"bad.yaml:1:8: the board: a folded block ('>') joins its lines; write ASCII art in a literal block ('|')", false},
	{"zero-cell piece", "bad.yaml", "board: 5x1\npieces:\n  I: '....'\n",
		`bad.yaml:3:6: piece "I" has no cells ('#')`, false},
	{"zero-cell piece in layers", "bad.yaml", "board: 3x3x3\npieces:\n  I: [\"..\", \"..\"]\n",
		`bad.yaml:3:6: piece "I" has no cells ('#')`, false},
	{"board without cells", "bad.yaml", "board: |\n  ...\n  ...\npieces:\n  I: \"#\"\n",
		"bad.yaml:1:8: the board has no cells ('#')", false},
	{"nested layer list", "bad.yaml", "board: 5x1\npieces:\n  F:\n    shape: [[\"#\"]]\n",
		`bad.yaml:4:13: piece "F": expected a list of cells [row, column], ASCII art (a string such as ".#/##" or a | block), or a list of layers of ASCII art (3D)`, false},
	{"empty layer list", "bad.yaml", "board: 4x4x4\npieces:\n  X: []\n",
		`bad.yaml:3:6: piece "X": empty list of layers`, false},
	{"board without layers", "bad.yaml", "board: []\npieces:\n  I: \"#\"\n",
		"bad.yaml:1:8: the board has no layers", false},
	{"board as a mapping", "bad.yaml", "board: {a: 1}\npieces:\n  I: \"#\"\n",
		"bad.yaml:1:8: the board must be WxH, WxHxD, ASCII art or a list of layers of ASCII art", false},
	{"piece over the cell limit", "bad.yaml", "board: 5x1\npieces:\n  I: \"" + strings.Repeat("#", 5000) + "\"\n",
		`bad.yaml:3:4103: piece "I" has more than 4096 cells, the limit`, true},

	// board sizes and limits
	{"malformed size", "bad.yaml", "board: 10x\npieces:\n  I: \"#\"\n",
		`bad.yaml:1:8: the board size must be WxH or WxHxD with positive integer dimensions (e.g. 10x6 or 4x4x4), not "10x"`, false},
	// A signed size is an invalid size, not unexpected art (before, "-0x3"
	// was "unexpected character '-' in ASCII art").
	{"negative size", "bad.yaml", "board: -0x3\npieces:\n  I: \"#\"\n",
		`bad.yaml:1:8: the board size must be WxH or WxHxD with positive integer dimensions (e.g. 10x6 or 4x4x4), not "-0x3"`, false},
	{"signed size", "bad.yaml", "board: \"+3 x 3\"\npieces:\n  I: \"#\"\n",
		`bad.yaml:1:8: the board size must be WxH or WxHxD with positive integer dimensions (e.g. 10x6 or 4x4x4), not "+3 x 3"`, false},
	{"negative depth", "bad.yaml", "board: 3x3x-2\npieces:\n  I: \"#\"\n",
		`bad.yaml:1:8: the board size must be WxH or WxHxD with positive integer dimensions (e.g. 10x6 or 4x4x4), not "3x3x-2"`, false},
	{"zero dimension", "bad.yaml", "board: 0x5\npieces:\n  I: \"#\"\n",
		"bad.yaml:1:8: the board 0x5 has a dimension of 0; each must be at least 1", false},
	{"board 2000x2000", "bad.yaml", "board: 2000x2000\npieces:\n  I: \"#\"\n",
		"bad.yaml:1:8: the board 2000x2000 has 4000000 cells; the limit is 1048576", true},
	{"board 1024x1024x2", "bad.yaml", "board: 1024x1024x2\npieces:\n  I: \"#\"\n",
		"bad.yaml:1:8: the board 1024x1024x2 has 2097152 cells; the limit is 1048576", true},
	{"huge dimension", "bad.yaml", "board: 99999999999999999999999x2\npieces:\n  I: \"#\"\n",
		"bad.yaml:1:8: the board 99999999999999999999999x2 has more than 1048576 cells, the limit", true},
	{"input of 17 MiB", "bad.yaml", big(okYAML, "#", 17<<20),
		"bad.yaml:1:1: the input is larger than 16777216 bytes (16 MiB), the limit for a puzzle file", true},

	// validation by New, located at the piece's key
	{"piece larger than the board", "bad.yaml", "board: 4x1\npieces:\n  I: \"#####\"\n",
		`bad.yaml:3:3: piece "I" has 5 cells, more than the 4 of the board`, false},
	{"piece fits nowhere", "bad.yaml", "board: 3x3\npieces:\n  I: \"####\"\n",
		`bad.yaml:3:3: piece "I" fits nowhere in the board`, false},
	{"piece fits nowhere in a ring", "bad.yaml", "board: |\n  ###\n  #.#\n  ###\npieces:\n  O: \"##/##\"\n",
		`bad.yaml:6:3: piece "O" fits nowhere in the board`, false},
	{"3D piece fits nowhere", "bad.yaml", "board: 4x4x4\npieces:\n  X: [\"#\", \"#\", \"#\", \"#\", \"#\"]\n",
		`bad.yaml:3:3: piece "X" fits nowhere in the board`, false},

	// counts and orientations
	{"count 0", "bad.yaml", "board: 10x6\ncount: 0\npieces:\n  I: \"#\"\n",
		"bad.yaml:2:8: count must be an integer >= 1 or unlimited, not 0", false},
	{"count -1", "bad.yaml", "board: 5x1\npieces:\n  I:\n    shape: \"#####\"\n    count: -1\n",
		"bad.yaml:5:12: count must be an integer >= 1 or unlimited, not -1", false},
	{"count 2.5", "bad.yaml", "board: 5x1\ncount: 2.5\npieces:\n  I: \"#####\"\n",
		"bad.yaml:2:8: count must be an integer >= 1 or unlimited, not 2.5", false},
	{"count many", "bad.yaml", "board: 5x1\npieces:\n  I:\n    shape: \"#####\"\n    count: many\n",
		`bad.yaml:5:12: count must be an integer >= 1 or unlimited, not "many"`, false},
	{"count empty", "bad.yaml", "board: 10x6\ncount:\npieces:\n  I: \"#\"\n",
		"bad.yaml:2:7: count is empty: give an integer >= 1 or unlimited", false},
	{"count a list", "bad.yaml", "board: 10x6\ncount: [1]\npieces:\n  I: \"#\"\n",
		"bad.yaml:2:8: count must be an integer >= 1 or unlimited", false},
	{"count huge", "bad.yaml", "board: 10x6\ncount: 99999999999999999999\npieces:\n  I: \"#\"\n",
		"bad.yaml:2:8: count 99999999999999999999 is too large: the limit is 1048576 (use unlimited)", true},
	{"orientations mirror", "bad.yaml", "board: 5x1\norientations: mirror\npieces:\n  I: \"#####\"\n",
		`bad.yaml:2:15: orientations must be fixed, rotate or free, not "mirror"`, false},
	{"orientations 3", "bad.yaml", "board: 10x6\norientations: 3\npieces:\n  I: \"#\"\n",
		`bad.yaml:2:15: orientations must be fixed, rotate or free, not "3"`, false},
	{"piece orientations Free", "bad.yaml", "board: 10x6\npieces:\n  I:\n    shape: \"#\"\n    orientations: Free\n",
		`bad.yaml:5:19: orientations must be fixed, rotate or free, not "Free"`, false},
	{"piece orientations list", "bad.yaml", "board: 10x6\npieces:\n  I:\n    shape: \"#\"\n    orientations: [free]\n",
		"bad.yaml:5:19: orientations must be fixed, rotate or free", false},

	// mixed 2D / 3D
	{"3D piece on a 2D board", "bad.yaml", "board: 4x4\npieces:\n  X:\n    - \"#\"\n    - \"#\"\n",
		`bad.yaml:4:5: mixed 2D / 3D: piece "X" has 2 layers but the board is 2D (WxH or one art block)`, false},
	{"3D piece on a 2D art board", "bad.yaml", "board: \"####\"\npieces:\n  X: [\"#\", \"#\"]\n",
		`bad.yaml:3:6: mixed 2D / 3D: piece "X" has 2 layers but the board is 2D (WxH or one art block)`, false},

	// not text at all
	{"binary garbage", "bad.yaml", "\x00\x01\x02\x03garbage",
		"bad.yaml:1:1: control character U+0000 is not allowed; a puzzle file is text", false},
	{"invalid UTF-8", "bad.yaml", "board: 4x4\npieces:\n  X: \"#\"\xff\n",
		"bad.yaml:3:9: invalid UTF-8 (byte 0xff); a puzzle file is UTF-8 text", false},
	{"DEL character", "bad.yaml", "board: 4x4\npieces:\n  X: \"#\x7f\"\n",
		"bad.yaml:3:8: control character U+007F is not allowed; a puzzle file is text", false},
	{"empty input", "bad.yaml", "", "bad.yaml:1:1: empty input", false},
	{"blank input", "bad.yaml", " \n\t\n", "bad.yaml:1:1: empty input", false},
	{"only comments", "bad.yaml", "# nothing\n# here\n",
		"bad.yaml:1:1: empty input: no YAML content, only comments or blank lines", false},
}

var badKnuth = []badInput{
	// digits, brackets, ranges
	{"bad digit", "bad.knuth", "[0-4]0\nI 00 1%\n",
		"bad.knuth:2:7: illegal digit '%': a coordinate is one of 0-9, a-z, A-Z or a set like [0-9]", false},
	{"non-ASCII digit", "bad.knuth", "[0-4]0\nI 00 1é\n",
		"bad.knuth:2:7: illegal digit 'é' (U+00E9): a coordinate is one of 0-9, a-z, A-Z or a set like [0-9]", false},
	{"bad digit in brackets", "bad.knuth", "[0-4]0\nI [0 1]0\n",
		"bad.knuth:2:5: illegal digit a space (U+0020) in brackets: use digits 0-9, a-z, A-Z and ranges like 0-9", false},
	{"unclosed bracket", "bad.knuth", "[0-4]0\nI 00 [1-\n",
		"bad.knuth:2:6: unclosed '[' (no ']' on this line)", false},
	{"reversed range", "bad.knuth", "[4-0]0\nI 00\n",
		"bad.knuth:1:2: reversed range 4-0: the first digit must not exceed the second", false},
	{"range without start", "bad.knuth", "[0-4]0\nI [-2]0\n",
		"bad.knuth:2:4: illegal range: '-' needs a digit on each side", false},
	{"range without end", "bad.knuth", "[0-4]0\nI [2-]0\n",
		"bad.knuth:2:4: illegal range: '-' needs a digit on each side", false},
	{"empty brackets", "bad.knuth", "[0-4]0\nI []0\n",
		"bad.knuth:2:3: empty brackets [] select no coordinate", false},
	{"one coordinate", "bad.knuth", "[0-4]0\nI 0\n",
		`bad.knuth:2:3: a cell has 2 (xy) or 3 (xyz) coordinates; "0" has 1`, false},
	{"four coordinates", "bad.knuth", "[0-4]0\nI 0000\n",
		`bad.knuth:2:3: a cell has 2 (xy) or 3 (xyz) coordinates; "0000" has more`, false},

	// mixed 2D / 3D
	{"3D cell in a 2D spec", "bad.knuth", "[0-4]0\nI 00 100\n",
		`bad.knuth:2:6: mixed 2D / 3D: cell "100" has 3 coordinates but the box's cells have 2`, false},
	{"2D cell in a 3D box", "bad.knuth", "[0-4]00 50\nI 000\n",
		`bad.knuth:1:9: mixed 2D / 3D: cell "50" has 2 coordinates but the box's cells have 3`, false},

	// names and multiplicities
	{"multiplicity 0", "bad.knuth", "[0-4]0\n0|I 00 10\n",
		"bad.knuth:2:1: multiplicity must be at least 1, not 0", false},
	{"multiplicity range", "bad.knuth", "[0-4]0\n1:2|I 00 10\n",
		`bad.knuth:2:1: multiplicity ranges like "1:2" are not supported: give one count, as in 3|Z`, false},
	{"multiplicity not a number", "bad.knuth", "[0-4]0\nx|I 00 10\n",
		`bad.knuth:2:1: bad multiplicity "x": a count >= 1 before '|', as in 3|Z`, false},
	{"multiplicity huge", "bad.knuth", "[0-4]0\n99999999999999999999|I 00 10\n",
		"bad.knuth:2:1: multiplicity 99999999999999999999 is too large: the limit is 1048576", true},
	{"3D multiplicity in 2D", "bad.knuth", "[0-4]0\n3*I 00 10\n",
		`bad.knuth:2:1: piece name "3*I" contains '*': in 2D the multiplicity is written 3|Z`, false},
	{"3D multiplicity 0", "bad.knuth", "[0-2][0-2][0-2]\n0*A 000 100\n",
		`bad.knuth:2:1: bad multiplicity "0": one base-62 digit 1-9, a-z, A-Z before '*', as in 3*Z`, false},
	{"3D multiplicity of two digits", "bad.knuth", "[0-2][0-2][0-2]\n10*A 000 100\n",
		`bad.knuth:2:1: bad piece name "10*A": in 3D the multiplicity is one base-62 digit before '*', as in 3*Z`, false},
	{"2D multiplicity in 3D", "bad.knuth", "[0-2][0-2][0-2]\n2|A 000 100\n",
		`bad.knuth:2:1: bad piece name "2|A": in 3D the multiplicity is one base-62 digit before '*', as in 3*Z`, false},
	{"inconsistent multiplicities", "bad.knuth", "[0-4]0\n2|I 00 10\n3|I 00 10\n",
		`bad.knuth:3:1: inconsistent multiplicities for piece "I": 3 here, 2 at line 2`, false},
	{"two shapes for one name", "bad.knuth", "[0-4]0\nI 00 10\nI 00 10 20\n",
		`bad.knuth:3:1: piece "I" has a different shape at line 2; polytile pieces have one shape (rename one of them)`, false},
	{"illegal character in name", "bad.knuth", "[0-4]0\nA:B 00\n",
		`bad.knuth:2:1: illegal character ':' in piece name "A:B"`, false},
	{"name missing", "bad.knuth", "[0-4]0\n00 10 20\n",
		`bad.knuth:2:1: piece name "00" is a cell of the box: a piece line starts with the piece's name`, false},
	{"multiplicity without name", "bad.knuth", "[0-4]0\n 2| 00\n",
		"bad.knuth:2:2: a piece needs a name before its cells", false},

	// structure and validation
	{"zero-cell piece", "bad.knuth", "[0-4]0\nI\n",
		`bad.knuth:2:1: piece "I" lists no cells`, false},
	// a cell listed twice (issue 11: F 10 10 10 had become a monomino)
	{"piece cell listed twice", "bad.knuth", "[0-9][0-5]\nF 10 10 10\n",
		`bad.knuth:2:6: cell 10 is listed twice (first by "10" at column 3); a cell may appear once on a line`, false},
	{"piece cells overlapping by sets", "bad.knuth", "[0-9][0-5]\nI [0-2]0 [2-4]0\n",
		`bad.knuth:2:10: cell 20 is listed twice (first by "[0-2]0" at column 3); a cell may appear once on a line`, false},
	{"3D piece cell listed twice", "bad.knuth", "[0-2][0-2][0-2]\n1*V 000 100 010 100\n",
		`bad.knuth:2:17: cell 100 is listed twice (first by "100" at column 9); a cell may appear once on a line`, false},
	{"box cell listed twice", "bad.knuth", "[0-9][0-5] 00\nI 00 10\n",
		`bad.knuth:1:12: cell 00 is listed twice (first by "[0-9][0-5]" at column 1); a cell may appear once on a line`, false},
	{"digit twice in brackets", "bad.knuth", "[0-4]0\nI [011]0\n",
		"bad.knuth:2:6: coordinate 1 is listed twice in [011]", false},
	{"digit twice through a range", "bad.knuth", "[0-42-6]0\nI 00\n",
		"bad.knuth:1:5: coordinate 2 is listed twice in [0-42-6]", false},
	{"overlapping ranges in brackets", "bad.knuth", "[5-60-9]0\nI 00\n",
		"bad.knuth:1:5: range 0-9 overlaps another coordinate of [5-60-9]: each coordinate may be listed once", false},
	{"no pieces", "bad.knuth", "| a box alone\n[0-4]0\n| |I 00 is a comment\n",
		"bad.knuth:2:1: no pieces: after the box, each line names a piece and lists its cells", false},
	{"no box", "bad.knuth", "| only a comment\n",
		"bad.knuth:1:1: no box line: a Knuth spec starts with the cells of the box, e.g. [0-9][0-5]", false},
	{"duplicate piece", "bad.knuth", "[0-4]0\nI 00 10\nJ 00\nI 00 10 20\n",
		`bad.knuth:4:1: piece "I" has a different shape at line 2; polytile pieces have one shape (rename one of them)`, false},
	{"piece larger than the box", "bad.knuth", "[0-4]0\nI 00 10 20 30 40 50\n",
		`bad.knuth:2:1: piece "I" has 6 cells, more than the 5 of the board`, false},
	{"piece fits nowhere", "bad.knuth", "[0-2][0-2]\n  L 00 10 20 30\n",
		`bad.knuth:2:3: piece "L" fits nowhere in the board`, false},

	// not text at all, limits
	{"binary garbage", "bad.knuth", "\x00\x01\x02\x03garbage",
		"bad.knuth:1:1: control character U+0000 is not allowed; a puzzle file is text", false},
	{"invalid UTF-8", "bad.knuth", "[0-4]0\nI \xc3\x28\n",
		"bad.knuth:2:3: invalid UTF-8 (byte 0xc3); a puzzle file is UTF-8 text", false},
	{"empty input", "bad.knuth", "", "bad.knuth:1:1: empty input", false},
	{"input of 17 MiB", "bad.knuth", big(okKnuth, "|", 17<<20),
		"bad.knuth:1:1: the input is larger than 16777216 bytes (16 MiB), the limit for a puzzle file", true},
}

func TestBadInputs(t *testing.T) {
	for _, set := range [][]badInput{badYAML, badKnuth} {
		for _, c := range set {
			t.Run(c.file+"/"+c.name, func(t *testing.T) {
				p, err := Parse(c.file, []byte(c.input), "")
				if err == nil {
					t.Fatalf("accepted (%d pieces); want %q", len(p.Pieces), c.want)
				}
				if err.Error() != c.want {
					t.Errorf("got  %q\nwant %q", err.Error(), c.want)
				}
				var pe *Error
				if !errors.As(err, &pe) {
					t.Errorf("error %T is not a *puzzle.Error", err)
				} else if pe.File != c.file || pe.Line < 1 || pe.Col < 1 {
					t.Errorf("position %v does not name file, line and column", pe.Pos)
				}
				if errors.Is(err, ErrLimit) != c.limit {
					t.Errorf("errors.Is(err, ErrLimit) = %v, want %v", !c.limit, c.limit)
				}
			})
		}
	}
}

// The two good inputs the catalogue is built around are accepted, so that
// each bad entry fails for its own defect.
func TestCatalogueBaseInputsParse(t *testing.T) {
	for name, in := range map[string]string{"ok.yaml": okYAML, "ok.knuth": okKnuth} {
		if _, err := Parse(name, []byte(in), ""); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// ParseFile refuses an oversized file without reading it all, and names the
// file in I/O errors.
func TestParseFileLimits(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "huge.yaml")
	if err := os.WriteFile(path, []byte(big(okYAML, "#", MaxInputSize+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ParseFile(path, "")
	want := path + ":1:1: the input is larger than 16777216 bytes (16 MiB), the limit for a puzzle file"
	if err == nil || err.Error() != want || !errors.Is(err, ErrLimit) {
		t.Errorf("got %v, want %q wrapping ErrLimit", err, want)
	}
	// exactly at the limit is read and parsed
	exact := filepath.Join(dir, "exact.yaml")
	if err := os.WriteFile(exact, []byte(big(okYAML, "#", MaxInputSize)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseFile(exact, ""); err != nil {
		t.Errorf("a file of exactly MaxInputSize bytes: %v", err)
	}
	missing := filepath.Join(dir, "missing.yaml")
	_, err = ParseFile(missing, "")
	var pe *Error
	if !errors.As(err, &pe) || !errors.Is(err, os.ErrNotExist) || !strings.HasPrefix(err.Error(), missing+": cannot read the puzzle:") {
		t.Errorf("missing file: got %v", err)
	}
}

func TestUnknownFormat(t *testing.T) {
	_, err := Parse("p.yaml", []byte(okYAML), "json")
	want := `p.yaml: unknown puzzle format "json" (want yaml, yml, knuth, burrtools or burrtools:N)`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}
