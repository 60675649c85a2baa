package puzzle

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/polytile/polytile/internal/textio"
)

// FormatBurrTools is BurrTools' .xmpuzzle file: gzip-compressed XML (plain
// XML is read too). polytile reads the cube grid (gridType 0, BurrTools'
// default): the shapes (voxel spaces), one problem's result shape and its
// pieces with their counts. Pieces take the 24 rotations and no mirror
// images, as in BurrTools; a puzzle whose result and pieces are all one
// layer thick is read as a 2D puzzle with free pieces, which is the same
// thing (turning a flat piece over in space mirrors it in the plane).
//
// Refused with a message naming what is not supported: other grids,
// variable voxels ('+') in the result or a piece, colour constraints (both
// the result and a piece coloured), piece counts with min < max, maxHoles
// above 0, and a file with several problems unless one is chosen: format
// "burrtools:N" reads problem N (1-based). Also refused, naming the line:
// a <shape> whose count contradicts its min or max, a min without a max,
// a second <result>, two shapes with the same name and a shape listed
// twice (an unnamed shape n is named "Sn", BurrTools' label, with "_2"...
// added if a named shape has that name). The XML is UTF-8 or ISO-8859-1.
// The decompressed XML may hold at most MaxBurrToolsXML bytes and nest
// elements at most MaxXMLDepth deep.
const FormatBurrTools = "burrtools"

// Limits of the BurrTools reader.
const (
	MaxBurrToolsXML = 16 << 20 // decompressed bytes (16 MiB)
	MaxXMLDepth     = 64       // nesting of XML elements
)

// BurrTools grid types (the type attribute of gridType).
var burrGrids = []string{"cubes", "triangular prisms", "spheres", "rhombic dodecahedra", "tetrahedra and octahedra"}

type burrVoxel struct {
	pos        Pos
	sx, sy, sz int
	name       string
	text       strings.Builder
	cells      []Cell
	coloured   bool
	variable   bool
}

type burrPart struct {
	pos      Pos
	id       int
	min, max int
}

type burrProblem struct {
	pos       Pos
	name      string
	maxHoles  int
	parts     []burrPart
	result    int // -1 if none
	resultPos Pos // where result was given
}

type burrReader struct {
	name     string
	dec      *xml.Decoder
	grid     int
	gridPos  Pos
	shapes   []*burrVoxel
	problems []*burrProblem
	// filled counts the filled and variable voxels of every shape read so
	// far, bounded by maxBurrVoxels while they are read.
	filled int
}

// maxBurrVoxels bounds the filled voxels of all the shapes of a BurrTools
// file together: one result (a board of at most MaxCells cells) and pieces
// of at most MaxTotalCells cells in all. Counted while the voxels are read,
// so that a file of many big shapes is refused before they are held.
const maxBurrVoxels = MaxCells + MaxTotalCells

func (br *burrReader) pos() Pos {
	line, col := br.dec.InputPos()
	return Pos{File: br.name, Line: line, Col: col}
}

// parseBurrTools reads a BurrTools file; problem is the 1-based problem to
// read, 0 for "the only one".
func parseBurrTools(name string, data []byte, problem int) (Spec, error) {
	xmlData, err := burrDecompress(name, data)
	if err != nil {
		return Spec{}, err
	}
	br := &burrReader{name: name, grid: 0}
	if err := br.read(xmlData); err != nil {
		return Spec{}, err
	}
	return br.spec(problem)
}

// burrDecompress undoes the gzip compression, stopping at MaxBurrToolsXML
// bytes of output however large the stream claims to be.
func burrDecompress(name string, data []byte) ([]byte, error) {
	at := Pos{File: name, Line: 1, Col: 1}
	if len(data) == 0 {
		return nil, Errorf(at, "empty input")
	}
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		if len(data) > MaxBurrToolsXML {
			return nil, limitErr(at, "the XML is larger than %d bytes (16 MiB), the limit for a BurrTools file", MaxBurrToolsXML)
		}
		return data, nil // plain XML
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, &Error{Pos: at, Msg: "not a valid gzip stream (a .xmpuzzle file is gzip-compressed XML): " + err.Error(), Err: err}
	}
	out, err := io.ReadAll(io.LimitReader(zr, MaxBurrToolsXML+1))
	if len(out) > MaxBurrToolsXML {
		return nil, limitErr(at, "the file decompresses to more than %d bytes (16 MiB), the limit for a BurrTools file", MaxBurrToolsXML)
	}
	if err != nil {
		return nil, &Error{Pos: at, Msg: "corrupt gzip data: " + err.Error(), Err: err}
	}
	out = textio.TrimBOM(out)
	if len(bytes.TrimSpace(out)) == 0 {
		return nil, Errorf(at, "empty input: the gzip stream holds no XML")
	}
	return out, nil
}

// read walks the XML, keeping what polytile needs: gridType, the voxel
// spaces under shapes, and each problem's shapes and result.
func (br *burrReader) read(data []byte) error {
	br.dec = xml.NewDecoder(bytes.NewReader(data))
	br.dec.Strict = true
	br.dec.CharsetReader = burrCharset
	var stack []string
	var voxel *burrVoxel
	var prob *burrProblem
	sawRoot := false
	for {
		start := br.pos()
		tok, err := br.dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			msg := err.Error()
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				msg = se.Msg
				start = Pos{File: br.name, Line: se.Line}
			}
			return &Error{Pos: start, Msg: "invalid XML: " + msg, Err: err}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= MaxXMLDepth {
				return limitErr(start, "XML elements nested more than %d deep, the limit", MaxXMLDepth)
			}
			el := t.Name.Local
			if a, dup := textio.DuplicateAttr(t); dup {
				return Errorf(start, "<%s> has the attribute %s twice", el, quoteName(a))
			}
			path := strings.Join(append(stack, el), "/")
			if len(stack) == 0 {
				if sawRoot || el != "puzzle" {
					return Errorf(start, "a BurrTools file has one root element <puzzle>, not <%s>", el)
				}
				sawRoot = true
				if v := attr(t, "version"); v != "1" && v != "2" {
					return Errorf(start, "puzzle version %q is not supported (BurrTools files have version 1 or 2)", v)
				}
			}
			stack = append(stack, el)
			if err := br.start(path, t, start, &voxel, &prob); err != nil {
				return err
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			if t.Name.Local == "voxel" && voxel != nil && len(stack) == 2 {
				if err := br.voxelCells(voxel); err != nil {
					return err
				}
				voxel = nil
			}
			if t.Name.Local == "problem" && len(stack) == 2 {
				prob = nil
			}
		case xml.CharData:
			if voxel != nil && len(stack) == 3 && stack[2] == "voxel" {
				voxel.text.Write(t)
			}
		}
	}
	if !sawRoot {
		return Errorf(Pos{File: br.name, Line: 1, Col: 1}, "no <puzzle> element: not a BurrTools file")
	}
	return nil
}

// attr is the value of attribute name of t, "" when t has none.
func attr(t xml.StartElement, name string) string {
	v, _ := attrOK(t, name)
	return v
}

// number reads a non-negative integer attribute of at most limit: decimal
// digits only (BurrTools writes nothing else; " 2", "+2", "2.0" and ""
// are refused), and a value above limit, however many digits it has, is
// refused naming the limit.
func (br *burrReader) number(t xml.StartElement, at Pos, name string, limit int) (int, bool, error) {
	v, ok := attrOK(t, name)
	if !ok {
		return 0, false, nil
	}
	n := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c < '0' || c > '9' {
			return 0, true, Errorf(at, "<%s> attribute %s=%s: want a whole number >= 0 (decimal digits only)", t.Name.Local, name, quoteName(v))
		}
		if n <= limit { // stops growing past limit (every limit is far below MaxInt/10): no overflow
			n = n*10 + int(c-'0')
		}
	}
	if v == "" {
		return 0, true, Errorf(at, "<%s> attribute %s is empty: want a whole number >= 0", t.Name.Local, name)
	}
	if n > limit {
		return 0, true, limitErr(at, "<%s> attribute %s=%s: more than %d, the limit", t.Name.Local, name, quoteName(v), limit)
	}
	return n, true, nil
}

// attrOK is the value of attribute name of t and whether t has it.
func attrOK(t xml.StartElement, name string) (string, bool) {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

func (br *burrReader) start(path string, t xml.StartElement, at Pos, voxel **burrVoxel, prob **burrProblem) error {
	switch path {
	case "puzzle/gridType":
		g, ok, err := br.number(t, at, "type", 1000)
		if err != nil {
			return err
		}
		if !ok {
			return Errorf(at, "<gridType> needs a type attribute")
		}
		br.grid, br.gridPos = g, at
	case "puzzle/shapes/voxel":
		if len(br.shapes) >= MaxPieces+1 {
			return limitErr(at, "more than %d shapes, the limit", MaxPieces+1)
		}
		v := &burrVoxel{pos: at, name: strings.TrimSpace(attr(t, "name"))}
		var err error
		for _, d := range []struct {
			p    *int
			name string
		}{{&v.sx, "x"}, {&v.sy, "y"}, {&v.sz, "z"}} {
			var ok bool
			if *d.p, ok, err = br.number(t, at, d.name, MaxCells); err != nil {
				return err
			}
			if !ok || *d.p < 1 {
				return Errorf(at, "shape %d: <voxel> needs attributes x, y and z >= 1 (its size)", len(br.shapes)+1)
			}
		}
		if v.sx*v.sy > MaxCells || v.sx*v.sy*v.sz > MaxCells { // each factor <= 2^20: no overflow
			return limitErr(at, "shape %d: %dx%dx%d voxels; the limit is %d", len(br.shapes)+1, v.sx, v.sy, v.sz, MaxCells)
		}
		br.shapes = append(br.shapes, v)
		*voxel = v
	case "puzzle/problems/problem":
		if len(br.problems) >= 1000 {
			return limitErr(at, "more than 1000 problems, the limit")
		}
		holes, _, err := br.number(t, at, "maxHoles", MaxCells)
		if err != nil {
			return err
		}
		p := &burrProblem{pos: at, name: attr(t, "name"), maxHoles: holes, result: -1}
		br.problems = append(br.problems, p)
		*prob = p
	case "puzzle/problems/problem/shapes/shape":
		p := *prob
		if len(p.parts) >= MaxPieces {
			return limitErr(at, "more than %d piece shapes in a problem, the limit", MaxPieces)
		}
		part := burrPart{pos: at}
		id, ok, err := br.number(t, at, "id", MaxPieces)
		if err != nil {
			return err
		}
		if !ok {
			return Errorf(at, "a problem's <shape> needs an id attribute")
		}
		part.id = id
		if part.min, part.max, err = br.counts(t, at); err != nil {
			return err
		}
		p.parts = append(p.parts, part)
	case "puzzle/problems/problem/result":
		id, ok, err := br.number(t, at, "id", MaxPieces)
		if err != nil {
			return err
		}
		if !ok {
			return Errorf(at, "<result> needs an id attribute (the result shape)")
		}
		if (*prob).result >= 0 {
			return Errorf(at, "a second <result> in the problem (the first at line %d): a problem has one result shape", (*prob).resultPos.Line)
		}
		(*prob).result, (*prob).resultPos = id, at
	}
	return nil
}

// voxelCells decodes a voxel space: one state per voxel, '_' empty, '#'
// filled, '+' variable, each optionally followed by a decimal colour; voxel
// n is x = n mod X, y = n / X mod Y, z = n / (X Y).
func (br *burrReader) voxelCells(v *burrVoxel) error {
	n, total := 0, v.sx*v.sy*v.sz
	text := v.text.String()
	var last byte // the last state read
	for k := 0; k < len(text); k++ {
		c := text[k]
		switch {
		case c == '_' || c == '#' || c == '+':
			last = c
			if n >= total {
				return Errorf(v.pos, "shape %d: more than the %d voxels of a %dx%dx%d space", br.index(v), total, v.sx, v.sy, v.sz)
			}
			if c != '_' {
				if br.filled++; br.filled > maxBurrVoxels {
					return limitErr(v.pos, "shape %d: the shapes of the file hold more than %d filled voxels together (a board of %d cells and pieces of %d), the limit", br.index(v), maxBurrVoxels, MaxCells, MaxTotalCells)
				}
			}
			x, y, z := n%v.sx, n/v.sx%v.sy, n/(v.sx*v.sy)
			switch c {
			case '#':
				v.cells = append(v.cells, Cell{I: y, J: x, L: z})
			case '+':
				v.variable = true
			}
			n++
		case c >= '0' && c <= '9':
			if last != '#' && last != '+' {
				return Errorf(v.pos, "shape %d: a colour digit must follow a filled voxel ('#' or '+')", br.index(v))
			}
			if c != '0' {
				v.coloured = true
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			return Errorf(v.pos, "shape %d: unexpected character %q in the voxel states (want '_' empty, '#' filled, '+' variable, digits for a colour)", br.index(v), c)
		}
	}
	if n != total {
		return Errorf(v.pos, "shape %d: %d voxel states for a %dx%dx%d space (%d voxels)", br.index(v), n, v.sx, v.sy, v.sz, total)
	}
	return nil
}

func (br *burrReader) index(v *burrVoxel) int {
	for k, s := range br.shapes {
		if s == v {
			return k + 1
		}
	}
	return 0
}

// spec builds the puzzle of the chosen problem.
func (br *burrReader) spec(problem int) (Spec, error) {
	at := Pos{File: br.name, Line: 1, Col: 1}
	if br.grid != 0 {
		grid := fmt.Sprintf("grid type %d", br.grid)
		if br.grid < len(burrGrids) {
			grid += " (" + burrGrids[br.grid] + ")"
		}
		return Spec{}, Errorf(br.gridPos, "%s is not supported: polytile reads BurrTools puzzles on the cube grid (type 0)", grid)
	}
	switch {
	case len(br.problems) == 0:
		return Spec{}, Errorf(at, "the file defines no problem (no <problem> with a result shape and pieces)")
	case problem == 0 && len(br.problems) > 1:
		var names []string
		for k, p := range br.problems {
			n := fmt.Sprintf("%d", k+1)
			if p.name != "" {
				n += " " + strconv.Quote(p.name)
			}
			names = append(names, n)
		}
		return Spec{}, Errorf(at, "the file has %d problems (%s): choose one with --from burrtools:N", len(br.problems), strings.Join(names, ", "))
	case problem > len(br.problems):
		return Spec{}, Errorf(at, "problem %d asked for, but the file has %d (numbered from 1)", problem, len(br.problems))
	}
	if problem == 0 {
		problem = 1
	}
	p := br.problems[problem-1]
	what := fmt.Sprintf("problem %d", problem)
	if p.name != "" {
		what += " " + strconv.Quote(p.name)
	}
	if h := p.maxHoles; h != 0 {
		return Spec{}, Errorf(p.pos, "%s allows holes (maxHoles=%d): not supported, polytile fills every cell of the result", what, h)
	}
	if p.result < 0 || p.result >= len(br.shapes) {
		return Spec{}, Errorf(p.pos, "%s has no valid result shape (result id %d; the file has %s)", what, p.result, textio.Count(len(br.shapes), "shape"))
	}
	res := br.shapes[p.result]
	if res.variable {
		return Spec{}, Errorf(res.pos, "the result shape (shape %d) has variable voxels ('+'): not supported, polytile fills every cell", p.result+1)
	}
	if len(res.cells) == 0 {
		return Spec{}, Errorf(res.pos, "the result shape (shape %d) has no filled voxels", p.result+1)
	}
	spec := Spec{Name: p.name, Dim: 3, Region: res.cells, pos: specPos{region: res.pos}}
	names, err := br.pieceNames(p, what)
	if err != nil {
		return Spec{}, err
	}
	flat := isFlat(res.cells)
	for _, part := range p.parts {
		if part.id >= len(br.shapes) {
			return Spec{}, Errorf(part.pos, "%s: piece shape id %d does not exist (the file has %s)", what, part.id, textio.Count(len(br.shapes), "shape"))
		}
		if part.min != part.max {
			return Spec{}, Errorf(part.pos, "%s: shape %d may be used %d to %d times: not supported, a piece count must be exact", what, part.id+1, part.min, part.max)
		}
		if part.max == 0 {
			continue
		}
		v := br.shapes[part.id]
		switch {
		case part.id == p.result:
			return Spec{}, Errorf(part.pos, "%s: shape %d is both the result and a piece", what, part.id+1)
		case v.variable:
			return Spec{}, Errorf(v.pos, "shape %d has variable voxels ('+'): not supported in a piece", part.id+1)
		case v.coloured && res.coloured:
			return Spec{}, Errorf(v.pos, "shape %d and the result shape are coloured: colour constraints are not supported", part.id+1)
		case len(v.cells) == 0:
			return Spec{}, Errorf(v.pos, "shape %d has no filled voxels", part.id+1)
		case len(v.cells) > MaxPieceCells:
			return Spec{}, limitErr(v.pos, "shape %d has %d voxels; the limit for a piece is %d", part.id+1, len(v.cells), MaxPieceCells)
		}
		name := names[part.id]
		flat = flat && planarCells(v.cells) != nil
		spec.Pieces = append(spec.Pieces, PieceSpec{Name: name, Cells: v.cells, Count: part.max, Policy: Rotate, Pos: part.pos})
	}
	if len(spec.Pieces) == 0 {
		return Spec{}, Errorf(p.pos, "%s has no pieces", what)
	}
	if flat { // one layer: a 2D puzzle, pieces turned over in space = mirrored in the plane
		spec.Dim = 2
		spec.Region = planarCells(spec.Region)
		for k := range spec.Pieces {
			spec.Pieces[k].Cells = planarCells(spec.Pieces[k].Cells)
			spec.Pieces[k].Policy = Free
		}
	}
	return spec, nil
}

// isFlat reports whether cells lie in one layer (L constant).
func isFlat(cells []Cell) bool {
	for _, c := range cells {
		if c.L != cells[0].L {
			return false
		}
	}
	return true
}

// planarCells returns cells that lie in one plane of the lattice, turned
// into layer 0 (a rotation or reflection of the shape), or nil if they do
// not lie in one plane.
func planarCells(cells []Cell) []Cell {
	constant := func(f func(Cell) int) bool {
		for _, c := range cells {
			if f(c) != f(cells[0]) {
				return false
			}
		}
		return true
	}
	out := make([]Cell, len(cells))
	for k, c := range cells {
		switch {
		case constant(func(c Cell) int { return c.L }):
			out[k] = Cell{I: c.I, J: c.J}
		case constant(func(c Cell) int { return c.I }):
			out[k] = Cell{I: c.L, J: c.J}
		case constant(func(c Cell) int { return c.J }):
			out[k] = Cell{I: c.I, J: c.L}
		default:
			return nil
		}
	}
	return out
}

// burrProblemArg reads the problem number of a format "burrtools:N"
// (1 <= N <= 1000); "burrtools" and "" give 0, the only problem.
func burrProblemArg(name, format string) (int, error) {
	f := strings.ToLower(format)
	if f == "" || f == FormatBurrTools {
		return 0, nil
	}
	rest, ok := strings.CutPrefix(f, FormatBurrTools+":")
	if !ok {
		return 0, unknownFormat(name, format)
	}
	n, err := strconv.Atoi(rest)
	if strings.Trim(rest, "0123456789") != "" { // decimal digits, as every number typed (no sign, no space)
		err = strconv.ErrSyntax
	}
	if err != nil || n < 1 || n > 1000 {
		return 0, Errorf(Pos{File: name}, "format %q: the problem number must be 1 to 1000", format)
	}
	return n, nil
}
