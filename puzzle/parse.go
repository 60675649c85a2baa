package puzzle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// MaxInputSize is the largest puzzle file the parsers read, in bytes
// (16 MiB). Larger inputs are refused with an error wrapping ErrLimit before
// they are parsed.
const MaxInputSize = 16 << 20

// Input formats accepted by Parse, ParseFile and ParseSpec.
const (
	// FormatYAML is the native format, described at Parse.
	FormatYAML = "yaml"

	// FormatKnuth is the box-and-pieces spec read by Knuth's polyomino-dlx
	// and polycube-dlx generators:
	//
	//	| a comment: any line whose first non-blank character is '|'
	//	[0-9][0-5]              the box: cells xy (2D) or xyz (3D)
	//	F 10 20 01 11 12        a piece: its name, then its cells
	//	3|Z 00 10 11 21 22      (2D) three copies of Z
	//	2*A 000 100 010         (3D) two copies of A; one base-62 digit before '*'
	//
	// A coordinate is one base-62 digit 0-9 a-z A-Z, or a bracketed set of
	// digits and ranges: [0-9][0-5] is a 10x6 box, [02]b two cells; cells
	// listed twice count once. x is the column J, y the row I, z the layer
	// L. 2D pieces take the 8 rotations and reflections (policy Free), 3D
	// pieces the 24 rotations (policy Rotate). Lines naming the same piece
	// must give the same shape (up to those transforms) and multiplicity: a
	// polytile piece has one shape. Multiplicity ranges (2:3|Z) and cell
	// suffixes of polyomino-dlx are not supported.
	FormatKnuth = "knuth"
)

// StdinName is the file name used in messages for a puzzle read from stdin.
const StdinName = "<stdin>"

// Parse reads a puzzle file and builds the puzzle with its images. name is
// used in error messages and chooses the format: a ".knuth" suffix means the
// Knuth spec format (FormatKnuth), anything else YAML. format may be "",
// FormatYAML ("yml" is accepted too) or FormatKnuth; a non-empty format
// overrides the suffix. Every error about the content is a *Error whose Pos
// names the file, line and column of the offending key, value or character;
// limit errors also wrap ErrLimit.
//
// The YAML format is a mapping with the keys
//
//	name: Pentominoes 6x10      # optional; default: the file's base name
//	board: 10x6                 # W x H (W columns J, H rows I), W x H x D (D layers),
//	                            # ASCII art, or a list of layers of ASCII art (3D)
//	orientations: free          # default for all pieces: fixed | rotate | free
//	count: 1                    # default copies per piece: an integer >= 1 or unlimited
//	pieces:                     # name: shape, or name: {shape, count, orientations}
//	  F: .##/##./.#.
//	  I: "#####"                # a value starting with '#' must be quoted
//	  L:
//	    shape: |
//	      #.
//	      ##
//	    count: 2
//
// ASCII art has rows separated by '/' or line breaks, row 0 on top; '#' is a
// cell, '.' and ' ' are empty, and all rows of one block have one length. A
// 3D board or piece is a YAML list of art blocks, layer 0 first. The puzzle
// is 3D when the board is W x H x D or a list of layers; a single-layer piece
// is then a flat polycube, while a piece of several layers on a 2D board is
// an error. Only scalars may be YAML aliases; merge keys, folded blocks ('>')
// and more than one document are refused.
func Parse(name string, data []byte, format string) (*Puzzle, error) {
	return ParseContext(context.Background(), name, data, format)
}

// ParseContext is Parse stopping with ctx's error (wrapped) within a
// fraction of a second of ctx being done, whatever the phase: reading the
// file, building the pieces or finding the images.
func ParseContext(ctx context.Context, name string, data []byte, format string) (*Puzzle, error) {
	spec, err := ParseSpecContext(ctx, name, data, format)
	if err != nil {
		return nil, err
	}
	p, err := NewContext(ctx, spec)
	if err != nil {
		return nil, err
	}
	p.Source = name
	return p, nil
}

// ParseFile reads and parses the puzzle file at path; "-" reads stdin, named
// StdinName in messages. See Parse for format.
func ParseFile(path, format string) (*Puzzle, error) {
	return ParseFileContext(context.Background(), path, format)
}

// ParseFileContext is ParseFile with a context, as ParseContext.
func ParseFileContext(ctx context.Context, path, format string) (*Puzzle, error) {
	name, data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	return ParseContext(ctx, name, data, format)
}

// ParseSpec reads a puzzle file into a Spec without validating it further
// or building images (New does that). Arguments are those of Parse.
func ParseSpec(name string, data []byte, format string) (Spec, error) {
	return ParseSpecContext(context.Background(), name, data, format)
}

// ParseSpecContext is ParseSpec with a context, as ParseContext.
func ParseSpecContext(ctx context.Context, name string, data []byte, format string) (Spec, error) {
	spec, err := parseSpec(ctx, name, data, format)
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return Spec{}, fmt.Errorf("reading the puzzle: %w", err)
	}
	return spec, err
}

func parseSpec(ctx context.Context, name string, data []byte, format string) (Spec, error) {
	f, err := chooseFormat(name, format)
	if err != nil {
		return Spec{}, err
	}
	if err := checkInput(name, data); err != nil {
		return Spec{}, err
	}
	var spec Spec
	if f == FormatKnuth {
		spec, err = parseKnuth(ctx, name, data)
	} else {
		spec, err = parseYAML(ctx, name, data)
	}
	if err != nil {
		return Spec{}, err
	}
	if spec.Name == "" {
		spec.Name = defaultName(name)
	}
	return spec, nil
}

// chooseFormat resolves the format argument and the file name suffix.
func chooseFormat(name, format string) (string, error) {
	switch strings.ToLower(format) {
	case FormatYAML, "yml":
		return FormatYAML, nil
	case FormatKnuth:
		return FormatKnuth, nil
	case "":
		if strings.EqualFold(filepath.Ext(name), ".knuth") {
			return FormatKnuth, nil
		}
		return FormatYAML, nil
	}
	return "", Errorf(Pos{File: name}, "unknown puzzle format %q (want %q or %q)", format, FormatYAML, FormatKnuth)
}

// defaultName is the file's base name without extension ("" for stdin).
func defaultName(name string) string {
	if name == "" || name == StdinName {
		return ""
	}
	base := filepath.Base(name)
	n := SafeText(strings.TrimSuffix(base, filepath.Ext(base)))
	for len(n) > MaxNameBytes { // cut at a character boundary
		_, size := utf8.DecodeLastRuneInString(n)
		n = n[:len(n)-size]
	}
	return n
}

// readInput reads a file, or stdin for "-", refusing more than MaxInputSize
// bytes without reading them all.
func readInput(path string) (string, []byte, error) {
	name := path
	var r io.Reader
	if path == "-" {
		name = StdinName
		r = os.Stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return name, nil, ioError(name, err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxInputSize+1))
	if err != nil {
		return name, nil, ioError(name, err)
	}
	if len(data) > MaxInputSize {
		return name, nil, tooBig(name)
	}
	return name, data, nil
}

func ioError(name string, err error) *Error {
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	return &Error{Pos: Pos{File: name}, Msg: "cannot read the puzzle: " + msg, Err: err}
}

func tooBig(name string) *Error {
	return limitErr(Pos{File: name, Line: 1, Col: 1}, "the input is larger than %d bytes (16 MiB), the limit for a puzzle file", MaxInputSize)
}

// checkInput refuses what neither format can hold: oversized or empty input,
// invalid UTF-8 and control characters (binary data), each located exactly.
func checkInput(name string, data []byte) error {
	if len(data) > MaxInputSize {
		return tooBig(name)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return Errorf(Pos{File: name, Line: 1, Col: 1}, "empty input")
	}
	line, col := 1, 1
	for off := 0; off < len(data); {
		r, size := utf8.DecodeRune(data[off:])
		switch {
		case r == utf8.RuneError && size == 1:
			return Errorf(Pos{File: name, Line: line, Col: col}, "invalid UTF-8 (byte 0x%02x); a puzzle file is UTF-8 text", data[off])
		case !textRune(r):
			return Errorf(Pos{File: name, Line: line, Col: col}, "control character %U is not allowed; a puzzle file is text", r)
		}
		off += size
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return nil
}

// textRune reports whether r may appear in a puzzle file: the printable
// characters of YAML 1.2 plus tab and line breaks.
func textRune(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return true
	case r >= 0x20 && r <= 0x7e, r == 0x85:
		return true
	case r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd:
		return true
	case r >= 0x10000 && r <= utf8.MaxRune:
		return true
	}
	return false
}

// lineStart returns the column of the first non-blank character of a
// 1-based line of data (1 when the line is blank or out of range).
func lineStart(data []byte, line int) int {
	if line < 1 {
		return 1
	}
	for n := 1; n < line; n++ {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return 1
		}
		data = data[i+1:]
	}
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		data = data[:i]
	}
	col := 1
	for _, r := range string(data) {
		if r != ' ' && r != '\t' {
			return col
		}
		col++
	}
	return 1
}
