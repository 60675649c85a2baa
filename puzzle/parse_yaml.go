package puzzle

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Keys of the native format.
var (
	topKeys   = []string{"name", "grid", "board", "orientations", "count", "pieces", "empty", "constraints", "symmetric"}
	pieceKeys = []string{"shape", "count", "orientations", "at", "region"}
)

// mergeTag is the tag of a YAML merge key (<<).
const mergeTag = "!!merge"

// yamlDoc is one YAML puzzle file being read.
type yamlDoc struct {
	name  string
	data  []byte
	lines []string // source lines without line breaks
	dim   int      // of the board, once read
	grid  Grid     // of the puzzle, read before the board
	// expanded counts the bytes read through aliases (countAliases).
	expanded int
	// pieceCells counts the cells of the pieces read so far (addPieceCells).
	pieceCells int
	ctx        context.Context
}

// addPieceCells counts n more cells of pieces, read for the piece whose
// name is at pos, and refuses the piece that takes the running total over
// MaxTotalCells. The total is checked as each piece is read, not after all
// of them: a small file whose aliases repeat a large shape thousands of
// times would otherwise build millions of cells (hundreds of MB) before
// the check that refuses them. At most one piece's cells (MaxPieceCells)
// are read beyond the limit.
func (d *yamlDoc) addPieceCells(pos Pos, n int) error {
	if d.pieceCells += n; d.pieceCells > MaxTotalCells {
		return limitErr(pos, "the pieces have more than %d cells together (each name counted once), the limit", MaxTotalCells)
	}
	return nil
}

// supply is a parsed count: a number of copies or unlimited.
type supply struct {
	n         int
	unlimited bool
}

func parseYAML(ctx context.Context, name string, data []byte) (Spec, error) {
	d := &yamlDoc{name: name, data: data, lines: strings.Split(string(data), "\n"), ctx: ctx}
	root, err := d.decode()
	if err != nil {
		return Spec{}, err
	}
	return d.puzzle(root)
}

// decode parses the single YAML document of the file into a node tree.
func (d *yamlDoc) decode() (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(d.data))
	var doc yaml.Node
	if err := decodeNode(dec, &doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, Errorf(d.pos(1, 1), "empty input: no YAML content, only comments or blank lines")
		}
		return nil, d.syntaxErr(err)
	}
	var extra yaml.Node
	switch err := decodeNode(dec, &extra); {
	case err == nil:
		return nil, Errorf(d.pos(extra.Line, 1), "a second YAML document; a puzzle file holds one ('---' starts another)")
	case !errors.Is(err, io.EOF):
		return nil, d.syntaxErr(err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, Errorf(d.pos(1, 1), "empty input: no YAML content")
	}
	if err := d.countAliases(&doc); err != nil {
		return nil, err
	}
	return doc.Content[0], nil
}

// decodeNode decodes one document, turning a panic of the YAML library
// into an error so that no input can crash the caller.
func decodeNode(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: the YAML library failed: %v", r)
		}
	}()
	return dec.Decode(n)
}

var (
	yamlLineRe   = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
	yamlAnchorRe = regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`)
)

// yamlParserProblems are the messages of the YAML library's parser (as
// opposed to its scanner): it reports their line 0-based.
var yamlParserProblems = []string{
	"did not find expected ',' or ']'", "did not find expected ',' or '}'",
	"did not find expected '-' indicator", "did not find expected <document start>",
	"did not find expected <stream-start>", "did not find expected key",
	"did not find expected node content", "found duplicate %TAG directive",
	"found duplicate %YAML directive", "found incompatible YAML document",
	"found undefined tag handle",
}

// syntaxErr locates an error of the YAML library. The library names a line
// (the line where the faulty construct starts) but no column; the column is
// that of the line's first character.
func (d *yamlDoc) syntaxErr(err error) *Error {
	msg := err.Error()
	line := 1
	if m := yamlLineRe.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
		if slices.Contains(yamlParserProblems, msg) {
			line++
		}
	} else if m := yamlAnchorRe.FindStringSubmatch(msg); m != nil {
		msg = strings.TrimPrefix(msg, "yaml: ")
		if off := bytes.Index(d.data, []byte("*"+m[1])); off >= 0 {
			return &Error{Pos: d.offsetPos(off), Msg: "invalid YAML: " + msg, Err: err}
		}
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	line = max(1, min(line, len(d.lines)))
	if pos, jmsg, ok := d.jsonSyntax(line); ok {
		return &Error{Pos: pos, Msg: "invalid JSON: " + jmsg, Err: err}
	}
	return &Error{Pos: d.pos(line, lineStart(d.data, line)), Msg: "invalid YAML: " + msg, Err: err}
}

// jsonSyntax locates the syntax error of a JSON puzzle, which the YAML
// library reads (JSON is YAML) but places only by line, so a puzzle on
// one line would be placed at 1:1 whatever its error. encoding/json knows the
// byte (its check runs before it builds anything): its position and
// message are taken when the file is JSON (a '{' then a '"' or '}', past
// blanks: YAML in flow style leaves its keys unquoted) and encoding/json's
// error is on the line the YAML library names, so that both say the same
// place. The end of the input is placed at its last character.
func (d *yamlDoc) jsonSyntax(line int) (Pos, string, bool) {
	const blanks = " \t\r\n"
	t := bytes.TrimLeft(d.data, blanks)
	if len(t) < 2 || t[0] != '{' {
		return Pos{}, "", false
	}
	if next := bytes.TrimLeft(t[1:], blanks); len(next) > 0 && next[0] != '"' && next[0] != '}' {
		return Pos{}, "", false
	}
	var se *json.SyntaxError
	if !errors.As(json.Unmarshal(d.data, new(struct{})), &se) {
		return Pos{}, "", false
	}
	off := int(max(se.Offset-1, 0)) // the byte encoding/json stopped at
	end := se.Offset >= int64(len(d.data))
	if end { // the YAML library may name a line past it
		off = max(len(bytes.TrimRight(d.data, blanks))-1, 0)
	}
	pos := d.offsetPos(off)
	if pos.Line != line && !end {
		return Pos{}, "", false
	}
	return pos, se.Error(), true
}

func (d *yamlDoc) pos(line, col int) Pos { return Pos{File: d.name, Line: line, Col: col} }

// at is the position of a node.
func (d *yamlDoc) at(n *yaml.Node) Pos { return d.pos(n.Line, n.Column) }

// offsetPos is the position of byte offset off of the input.
func (d *yamlDoc) offsetPos(off int) Pos {
	before := d.data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	start := bytes.LastIndexByte(before, '\n') + 1
	return d.pos(line, len([]rune(string(before[start:])))+1)
}

// line returns source line l (1-based) without its line break.
func (d *yamlDoc) line(l int) string {
	if l < 1 || l > len(d.lines) {
		return ""
	}
	return strings.TrimSuffix(d.lines[l-1], "\r")
}

// resolve follows an alias. Only scalars may be aliased: anything larger
// could expand exponentially.
func (d *yamlDoc) resolve(n *yaml.Node) (*yaml.Node, error) {
	if n.Kind != yaml.AliasNode {
		return n, nil
	}
	if err := d.checkAlias(n); err != nil {
		return nil, err
	}
	return n.Alias, nil
}

// checkAlias refuses an alias of anything but a scalar.
func (d *yamlDoc) checkAlias(n *yaml.Node) error {
	if n.Alias == nil || n.Alias.Kind != yaml.ScalarNode {
		return Errorf(d.at(n), "alias *%s: only scalars (single strings) may be aliased in a puzzle file", SafeText(n.Value))
	}
	return nil
}

// countAliases walks the node tree once, before anything is read from it,
// refuses explicit tags (!!str, !custom), and refuses a document whose
// aliases expand it beyond MaxInputSize: each
// use of an alias reads its scalar again, so a small file could otherwise
// make the parser read gigabytes. Aliases of anything but scalars are
// refused here too, so the walk never follows one.
func (d *yamlDoc) countAliases(root *yaml.Node) error {
	stack := []*yaml.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind == yaml.AliasNode {
			if err := d.checkAlias(n); err != nil {
				return err
			}
			d.expanded += len(n.Alias.Value) + 1
			if d.expanded+len(d.data) > MaxInputSize {
				return limitErr(d.at(n), "the aliases (*%s and others) expand the input beyond %d bytes (16 MiB), the limit for a puzzle file; aliased text counts each time it is used",
					SafeText(n.Value), MaxInputSize)
			}
			continue
		}
		if n.Style&yaml.TaggedStyle != 0 {
			// A tag changes what a value is (!!null x is null, !!binary
			// base64), and the reader went by the text alone: "name:
			// !!null x" named the puzzle by its file.
			return Errorf(d.at(n), "YAML tag %s: tags are not supported in a puzzle file (write the value without it)", SafeText(clip(n.Tag)))
		}
		for i := len(n.Content) - 1; i >= 0; i-- { // in document order
			stack = append(stack, n.Content[i])
		}
	}
	return nil
}

// mapping checks that n is a mapping and returns its key/value pairs, keys
// being plain strings that appear once.
func (d *yamlDoc) mapping(n *yaml.Node, what string, allowed []string) ([][2]*yaml.Node, error) {
	if n.Kind != yaml.MappingNode {
		return nil, Errorf(d.at(n), "%s must be a mapping of keys %s", what, strings.Join(allowed, ", "))
	}
	var out [][2]*yaml.Node
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, Errorf(d.at(k), "%s: a key must be a plain string", what)
		}
		if k.Tag == mergeTag {
			return nil, Errorf(d.at(k), "YAML merge keys (<<) are not supported in a puzzle file")
		}
		if !slices.Contains(allowed, k.Value) {
			return nil, Errorf(d.at(k), "unknown key %q in %s (allowed: %s)", k.Value, what, strings.Join(allowed, ", "))
		}
		if prev, dup := seen[k.Value]; dup {
			return nil, Errorf(d.at(k), "duplicate key %q in %s (first at %v)", k.Value, what, d.at(prev))
		}
		seen[k.Value] = k
		out = append(out, [2]*yaml.Node{k, v})
	}
	return out, nil
}

// puzzle reads the top-level mapping.
func (d *yamlDoc) puzzle(root *yaml.Node) (Spec, error) {
	var spec Spec
	root, err := d.resolve(root)
	if err != nil {
		return spec, err
	}
	if root.Kind != yaml.MappingNode {
		return spec, Errorf(d.at(root), "a puzzle file is a YAML mapping with the keys %s", strings.Join(topKeys, ", "))
	}
	pairs, err := d.mapping(root, "the puzzle", topKeys)
	if err != nil {
		return spec, err
	}
	key := map[string][2]*yaml.Node{}
	for _, kv := range pairs {
		key[kv[0].Value] = kv
	}
	for _, need := range []string{"board", "pieces"} {
		if _, ok := key[need]; !ok {
			return spec, Errorf(d.at(root), "missing key %q (a puzzle needs a board and pieces)", need)
		}
	}
	if kv, ok := key["name"]; ok {
		if spec.Name, err = d.text(kv[1], "name"); err != nil {
			return spec, err
		}
		spec.pos.name = d.at(kv[1])
	}
	if kv, ok := key["grid"]; ok { // before anything drawn on the grid
		if err := d.gridKey(kv[0], kv[1], &spec); err != nil {
			return spec, err
		}
	}
	pol, sup := Free, supply{n: 1}
	if kv, ok := key["orientations"]; ok {
		if pol, err = d.policy(kv[1]); err != nil {
			return spec, err
		}
	}
	if kv, ok := key["count"]; ok {
		if sup, err = d.count(kv[1]); err != nil {
			return spec, err
		}
	}
	if err := d.board(key["board"][0], key["board"][1], &spec); err != nil {
		return spec, err
	}
	if err := d.pieces(key["pieces"][0], key["pieces"][1], &spec, pol, sup); err != nil {
		return spec, err
	}
	if kv, ok := key["empty"]; ok { // parse_constraints.go
		if err := d.empty(kv[0], kv[1], &spec); err != nil {
			return spec, err
		}
	}
	if kv, ok := key["constraints"]; ok {
		if err := d.constraints(kv[0], kv[1], &spec); err != nil {
			return spec, err
		}
	}
	if kv, ok := key["symmetric"]; ok { // parse_symmetric.go
		if err := d.symmetric(kv[0], kv[1], &spec); err != nil {
			return spec, err
		}
	}
	return spec, nil
}

// text reads a scalar as a string ("" for null).
func (d *yamlDoc) text(n *yaml.Node, what string) (string, error) {
	n, err := d.resolve(n)
	if err != nil {
		return "", err
	}
	if n.Kind != yaml.ScalarNode {
		return "", Errorf(d.at(n), "%s must be a string", what)
	}
	if n.Tag == "!!null" {
		return "", nil
	}
	return n.Value, nil
}

// gridKey reads the grid: square, hex or triangle.
func (d *yamlDoc) gridKey(k, v *yaml.Node, spec *Spec) error {
	v, err := d.resolve(v)
	if err != nil {
		return err
	}
	spec.pos.grid = d.at(k)
	if v.Kind != yaml.ScalarNode {
		return Errorf(d.at(v), "grid must be square, hex or triangle")
	}
	g, gerr := ParseGrid(strings.TrimSpace(v.Value))
	if gerr != nil {
		return Errorf(d.at(v), "%v", gerr)
	}
	spec.Grid, d.grid = g, g
	return nil
}

// policy reads an orientations value.
func (d *yamlDoc) policy(n *yaml.Node) (Policy, error) {
	n, err := d.resolve(n)
	if err != nil {
		return 0, err
	}
	if n.Kind != yaml.ScalarNode {
		return 0, Errorf(d.at(n), "orientations must be fixed, rotate or free")
	}
	p, perr := ParsePolicy(n.Value)
	if perr != nil {
		return 0, Errorf(d.at(n), "%v", perr)
	}
	return p, nil
}

var (
	digitsRe = regexp.MustCompile(`^[0-9]+$`)
	numberRe = regexp.MustCompile(`^[-+]?[0-9][0-9._eE+-]*$`)
)

// count reads a count value: an integer >= 1 or "unlimited".
func (d *yamlDoc) count(n *yaml.Node) (supply, error) {
	n, err := d.resolve(n)
	if err != nil {
		return supply{}, err
	}
	if n.Kind != yaml.ScalarNode {
		return supply{}, Errorf(d.at(n), "count must be an integer >= 1 or unlimited")
	}
	v := n.Value
	if n.Tag == "!!null" {
		return supply{}, Errorf(d.at(n), "count is empty: give an integer >= 1 or unlimited")
	}
	if v == "unlimited" {
		return supply{unlimited: true}, nil
	}
	if digitsRe.MatchString(v) {
		c, err := strconv.Atoi(v)
		switch {
		case err != nil || c > MaxCells:
			return supply{}, limitErr(d.at(n), "count %s is too large: the limit is %d (use unlimited)", v, MaxCells)
		case c >= 1:
			return supply{n: c}, nil
		}
	}
	shown := v
	if !numberRe.MatchString(v) {
		shown = strconv.Quote(v)
	}
	return supply{}, Errorf(d.at(n), "count must be an integer >= 1 or unlimited, not %s", shown)
}

var boxRe = regexp.MustCompile(`^([0-9]+)\s*[xX]\s*([0-9]+)(?:\s*[xX]\s*([0-9]+))?$`)

// board reads the board: WxH, WxHxD, 2D art or a list of layers (3D).
func (d *yamlDoc) board(k, v *yaml.Node, spec *Spec) error {
	spec.pos.region = d.at(k)
	v, err := d.resolve(v)
	if err != nil {
		return err
	}
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" {
			return Errorf(d.at(k), "the board is empty: give WxH, WxHxD or ASCII art%s", d.commentHint(k))
		}
		if looksLikeSize(v.Value) {
			if err := d.boxSize(v, spec); err != nil {
				return err
			}
			break
		}
		spec.Dim = 2
		spec.Region, err = d.art(k, v, 0, artLimit{max: MaxCells, what: "the board"})
		if err != nil {
			return err
		}
	case yaml.SequenceNode:
		if len(v.Content) > 0 && v.Content[0].Kind == yaml.SequenceNode { // cells [row, column(, layer)]
			if spec.Region, err = d.cellList(v, "the board", MaxCells); err != nil {
				return err
			}
			spec.Dim = d.dim
			break
		}
		spec.Dim = 3
		if len(v.Content) == 0 && d.grid != Square {
			return Errorf(d.at(v), "the board is an empty list: give W x H, ASCII art or a list of cells [row, column]")
		}
		if len(v.Content) == 0 {
			return Errorf(d.at(v), "the board has no layers")
		}
		if d.grid != Square {
			return Errorf(d.at(v), "the %v grid is planar: a board of layers is supported on the square grid only", d.grid)
		}
		for l, item := range v.Content {
			cells, err := d.art(k, item, l, artLimit{max: MaxCells, have: len(spec.Region), what: "the board"})
			if err != nil {
				return err
			}
			spec.Region = append(spec.Region, cells...)
		}
	default:
		return Errorf(d.at(v), "the board must be WxH, WxHxD, ASCII art or a list of layers of ASCII art")
	}
	d.dim = spec.Dim
	spec.Grid = d.grid
	if len(spec.Region) == 0 {
		return Errorf(d.at(v), "the board has no cells ('#')")
	}
	return nil
}

// looksLikeSize reports whether a board scalar is meant as a size, not as
// ASCII art: it holds a digit and only digits, x, signs and spaces (art has
// none of these but the space), so "-0x3" or "+3x3" is reported as an
// invalid size rather than as an unexpected character in art.
func looksLikeSize(s string) bool {
	return strings.ContainsAny(s, "0123456789") &&
		strings.Trim(s, "0123456789xX+- \t") == ""
}

// boxSize reads WxH or WxHxD, checking the number of cells against MaxCells
// before any is allocated.
func (d *yamlDoc) boxSize(v *yaml.Node, spec *Spec) error {
	text := strings.TrimSpace(v.Value)
	m := boxRe.FindStringSubmatch(text)
	if m == nil {
		return Errorf(d.at(v), "the board size must be WxH or WxHxD with positive integer dimensions (e.g. 10x6 or 4x4x4), not %q", text)
	}
	dims := []int{1, 1, 1}
	for a, s := range m[1:] {
		if s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n > MaxCells {
			return limitErr(d.at(v), "the board %s has more than %d cells, the limit", text, MaxCells)
		}
		if n < 1 {
			return Errorf(d.at(v), "the board %s has a dimension of 0; each must be at least 1", text)
		}
		dims[a] = n
	}
	w, h, depth := dims[0], dims[1], dims[2]
	if cells := w * h; cells > MaxCells || cells*depth > MaxCells { // each factor <= 2^20: no overflow
		return limitErr(d.at(v), "the board %s has %d cells; the limit is %d", text, int64(w)*int64(h)*int64(depth), MaxCells)
	}
	spec.Dim = 2
	if m[3] != "" {
		spec.Dim = 3
		if d.grid != Square {
			return Errorf(d.at(v), "the %v grid is planar: give the board as W x H, not %q", d.grid, text)
		}
	}
	if d.grid == Triangle && 2*w*h > MaxCells { // 2 triangles per unit rhombus
		return limitErr(d.at(v), "the board %s has %d triangles; the limit is %d", text, 2*w*h, MaxCells)
	}
	if err := planarBoxLimit(d, v, text, w, h); err != nil {
		return err
	}
	spec.Region = GridBox(d.grid, Dims{Width: w, Height: h, Depth: depth})
	return nil
}

// layers reads a list of art blocks, layer 0 first, counting the cells of
// all layers against lim.
func (d *yamlDoc) layers(key, n *yaml.Node, lim artLimit) ([]Cell, error) {
	var cells []Cell
	for l, item := range n.Content {
		lim.have = len(cells)
		more, err := d.art(key, item, l, lim)
		if err != nil {
			return nil, err
		}
		cells = append(cells, more...)
	}
	return cells, nil
}

// art reads one layer of ASCII art from a scalar node; key is the mapping
// key the art belongs to.
func (d *yamlDoc) art(key, n *yaml.Node, l int, lim artLimit) ([]Cell, error) {
	n, err := d.resolve(n)
	if err != nil {
		return nil, err
	}
	if n.Kind != yaml.ScalarNode {
		return nil, Errorf(d.at(n), "%s: expected ASCII art (a string such as \".#/##\" or a | block)", lim.what)
	}
	if n.Style&yaml.FoldedStyle != 0 {
		return nil, Errorf(d.at(n), "%s: a folded block ('>') joins its lines; write ASCII art in a literal block ('|')", lim.what)
	}
	if n.Tag == "!!null" {
		return nil, Errorf(d.at(n), "%s: empty ASCII art%s", lim.what, d.commentHint(n))
	}
	if strings.TrimSpace(n.Value) == "" {
		at := d.at(n)
		if n.Style&yaml.LiteralStyle != 0 { // the library places an empty block after it
			at = d.at(key)
		}
		return nil, Errorf(at, "%s: empty ASCII art", lim.what)
	}
	lim.grid = d.grid
	return parseArt(n.Value, l, d.scalarPos(n), lim)
}

// scalarPos maps offsets in a scalar's value to file positions: exactly for
// literal blocks and one-line plain or quoted scalars without escapes,
// otherwise to the scalar's start.
func (d *yamlDoc) scalarPos(n *yaml.Node) posFunc {
	start := d.at(n)
	switch {
	case n.Style&yaml.LiteralStyle != 0:
		lines := strings.Split(n.Value, "\n")
		return func(r, k int) Pos {
			if r < len(lines) {
				src, row := []rune(d.line(n.Line+1+r)), []rune(lines[r])
				if len(src) >= len(row) && slices.Equal(src[len(src)-len(row):], row) {
					return d.pos(n.Line+1+r, len(src)-len(row)+1+k)
				}
			}
			return start
		}
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		return d.inlinePos(n, 1)
	case n.Style&yaml.FoldedStyle == 0: // plain
		return d.inlinePos(n, 0)
	}
	return func(int, int) Pos { return start }
}

// inlinePos maps a one-line scalar whose text appears verbatim in the
// source, q characters after the node's column (1 for a quote).
func (d *yamlDoc) inlinePos(n *yaml.Node, q int) posFunc {
	start := d.at(n)
	src, val := []rune(d.line(n.Line)), []rune(n.Value)
	from := n.Column - 1 + q
	if strings.Contains(n.Value, "\n") || from < 0 || from+len(val) > len(src) || !slices.Equal(src[from:from+len(val)], val) {
		return func(int, int) Pos { return start }
	}
	return func(r, k int) Pos { return d.pos(n.Line, n.Column+q+k) }
}

// commentHint explains a null value on a line holding a '#': YAML read the
// art as a comment.
func (d *yamlDoc) commentHint(n *yaml.Node) string {
	if strings.Contains(d.line(n.Line), "#") {
		return ` (YAML reads a '#' after a space as a comment: quote the art, e.g. "#####", or use a | block)`
	}
	return ""
}

// pieces reads the pieces mapping.
func (d *yamlDoc) pieces(k, v *yaml.Node, spec *Spec, pol Policy, sup supply) error {
	v, err := d.resolve(v)
	if err != nil {
		return err
	}
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return Errorf(d.at(k), "the puzzle has no pieces")
	}
	if v.Kind == yaml.ScalarNode || v.Kind == yaml.SequenceNode { // named sets: parse_sets.go
		return d.pieceList(k, v, spec, pol, sup)
	}
	if v.Kind != yaml.MappingNode {
		return Errorf(d.at(v), "pieces must be a mapping from piece name to shape (e.g. F: .##/##./.#.)")
	}
	if len(v.Content) == 0 {
		return Errorf(d.at(k), "the puzzle has no pieces")
	}
	first := map[string]*yaml.Node{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		if err := d.ctx.Err(); err != nil {
			return err
		}
		pk, pv := v.Content[i], v.Content[i+1]
		if pk.Kind != yaml.ScalarNode {
			return Errorf(d.at(pk), "a piece name must be a plain string")
		}
		if pk.Tag == mergeTag {
			return Errorf(d.at(pk), "YAML merge keys (<<) are not supported in a puzzle file")
		}
		name := pk.Value
		if pk.Tag == "!!null" || strings.TrimSpace(name) == "" {
			return Errorf(d.at(pk), "a piece needs a name")
		}
		if prev, dup := first[name]; dup {
			return Errorf(d.at(pk), "duplicate piece %q (first defined at %v)", name, d.at(prev))
		}
		first[name] = pk
		if len(spec.Pieces) >= MaxPieces {
			return limitErr(d.at(pk), "more than %d pieces, the limit", MaxPieces)
		}
		ps, err := d.piece(pk, pv, pol, sup)
		if err != nil {
			return err
		}
		spec.Pieces = append(spec.Pieces, ps)
	}
	return nil
}

// piece reads one piece: its shape, or the long form with overrides.
func (d *yamlDoc) piece(k, v *yaml.Node, pol Policy, sup supply) (PieceSpec, error) {
	name := k.Value
	ps := PieceSpec{Name: name, Pos: d.at(k)}
	v, err := d.resolve(v)
	if err != nil {
		return ps, err
	}
	shape := v
	if v.Kind == yaml.MappingNode {
		what := fmt.Sprintf("piece %q", name)
		pairs, err := d.mapping(v, what, pieceKeys)
		if err != nil {
			return ps, err
		}
		shape = nil
		for _, kv := range pairs {
			switch kv[0].Value {
			case "shape":
				shape = kv[1]
			case "count":
				if sup, err = d.count(kv[1]); err != nil {
					return ps, err
				}
			case "orientations":
				if pol, err = d.policy(kv[1]); err != nil {
					return ps, err
				}
			case "at", "region": // parse_constraints.go
				if err = d.constraintKey(name, kv[0], kv[1], &ps.Constraint); err != nil {
					return ps, err
				}
			}
		}
		if shape == nil {
			return ps, Errorf(d.at(k), "piece %q has no shape (add shape: ...)", name)
		}
	}
	ps.Count, ps.Unlimited, ps.Policy = sup.n, sup.unlimited, pol
	if ps.Cells, err = d.shape(name, k, shape); err != nil {
		return ps, err
	}
	return ps, d.addPieceCells(ps.Pos, len(ps.Cells))
}

// shape reads a piece's cells: one art block, or a list of layers.
func (d *yamlDoc) shape(name string, k, n *yaml.Node) ([]Cell, error) {
	n, err := d.resolve(n)
	if err != nil {
		return nil, err
	}
	lim := artLimit{max: MaxPieceCells, what: fmt.Sprintf("piece %q", name)}
	var cells []Cell
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return nil, Errorf(d.at(k), "piece %q has no shape%s", name, d.commentHint(k))
		}
		if cells, err = d.art(k, n, 0, lim); err != nil {
			return nil, err
		}
	case yaml.SequenceNode:
		if len(n.Content) == 0 {
			return nil, Errorf(d.at(n), "piece %q: empty list of layers", name)
		}
		if n.Content[0].Kind == yaml.SequenceNode { // cells [row, column(, layer)]
			if cells, err = d.cellList(n, lim.what, MaxPieceCells); err != nil {
				return nil, err
			}
			break
		}
		if d.dim == 2 && len(n.Content) > 1 {
			return nil, Errorf(d.at(n), "mixed 2D / 3D: piece %q has %d layers but the board is 2D (WxH or one art block)",
				name, len(n.Content))
		}
		if cells, err = d.layers(k, n, lim); err != nil {
			return nil, err
		}
	default:
		return nil, Errorf(d.at(n), "piece %q: the shape must be ASCII art or a list of layers", name)
	}
	if len(cells) == 0 {
		return nil, Errorf(d.at(n), "piece %q has no cells ('#')", name)
	}
	return cells, nil
}
