package render

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
)

// Format is an output format of a picture.
type Format int

// The output formats.
const (
	ASCII Format = iota // plain 7-bit text
	ANSI                // text with xterm 256-colour backgrounds (box-drawing characters when boxed)
	SVG                 // scalable vector graphics (XML)
	PNG                 // raster image
)

// String returns the lower-case name accepted by ParseFormat.
func (f Format) String() string {
	switch f {
	case ASCII:
		return "ascii"
	case ANSI:
		return "ansi"
	case SVG:
		return "svg"
	case PNG:
		return "png"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Text reports whether f is a text format (ASCII or ANSI).
func (f Format) Text() bool { return f == ASCII || f == ANSI }

// ParseFormat reads a format name: ascii (or text, txt), ansi (or color,
// colour), svg or png, in any case.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "ascii", "text", "txt":
		return ASCII, nil
	case "ansi", "color", "colour":
		return ANSI, nil
	case "svg":
		return SVG, nil
	case "png":
		return PNG, nil
	}
	return 0, fmt.Errorf("unknown picture format %q (want ascii, ansi, svg or png)", s)
}

// FormatForFile guesses the format from a file name's extension: .svg, .png,
// .txt (ASCII) or .ans (ANSI). ok is false for any other extension.
func FormatForFile(name string) (f Format, ok bool) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".svg":
		return SVG, true
	case ".png":
		return PNG, true
	case ".txt":
		return ASCII, true
	case ".ans":
		return ANSI, true
	}
	return 0, false
}

// Options tune a picture. The zero value gives sensible pictures.
type Options struct {
	// Labels writes piece names inside the pieces of SVG and PNG pictures.
	// Names are left out automatically where cells are too small or a
	// name is too long for its piece. Text pictures always show symbols.
	Labels bool
	// CellSize is the side of a cell in pixels for SVG and PNG; 0 chooses
	// it from MaxWidth (between 6 and 64 pixels).
	CellSize int
	// Title is an optional heading written above the picture.
	Title string
	// Boxed draws text pictures with piece borders instead of one
	// symbol per cell. A text tiling is boxed anyway when two touching
	// pieces would show the same symbol.
	Boxed bool
	// MaxWidth is the width in pixels that the automatic cell size aims
	// for (default 1200); very large regions may exceed it at the
	// minimum cell size.
	MaxWidth int
	// Columns is the width in characters at which text pictures of
	// several blocks (Pieces, Gallery) wrap (default 100).
	Columns int
	// Context, when not nil, stops the drawing within a fraction of a
	// second of its cancellation (a picture of a million cells takes
	// seconds): the function then returns the context's error, and the
	// writes made so far are a part of the picture (write to an
	// atomicfile, which discards them).
	Context context.Context
}

func (o Options) maxWidth() int {
	if o.MaxWidth > 0 {
		return o.MaxWidth
	}
	return 1200
}

func (o Options) columns() int {
	if o.Columns > 0 {
		return o.Columns
	}
	return 100
}
