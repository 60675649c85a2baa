package puzzle

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file reads the Knuth spec format; FormatKnuth describes it.

// knuthReader reads one Knuth spec file.
type knuthReader struct {
	name string
	dim  int
	box  map[Cell]bool
	// listed counts the cells of all piece lines: a bracketed set such as
	// [0-Z][0-Z] stands for thousands of cells in a few bytes, and a name
	// may repeat on many lines.
	listed int
}

// maxKnuthListed bounds the cells listed on all piece lines of a Knuth
// spec, repeats included: four times the cells all pieces may have.
const maxKnuthListed = 4 * MaxTotalCells

// maxKnuthBox bounds the cells listed on the box line, repeats included:
// 62^3, every position base-62 coordinates can name.
const maxKnuthBox = 62 * 62 * 62

// knuthPiece is a piece being collected, with the line that defined it.
type knuthPiece struct {
	index   int // into Spec.Pieces
	line    int
	shape   Shape
	orients map[string]bool // keys of the orientations, once a line repeats the name
}

func parseKnuth(ctx context.Context, name string, data []byte) (Spec, error) {
	kr := &knuthReader{name: name}
	spec := Spec{}
	pieces := map[string]*knuthPiece{}
	boxSeen := false
	for n, line := range strings.Split(string(data), "\n") {
		ln := n + 1
		if n&1023 == 1023 {
			if err := ctx.Err(); err != nil {
				return spec, err
			}
		}
		line = strings.TrimSuffix(line, "\r")
		t := strings.TrimLeft(line, " \t")
		if t == "" || t[0] == '|' {
			continue
		}
		if !boxSeen {
			boxSeen = true
			cells, err := kr.boxLine(ln, line)
			if err != nil {
				return spec, err
			}
			spec.Region, spec.pos.region, spec.Dim = cells, kr.pos(ln, line, len(line)-len(t)), kr.dim
			continue
		}
		if err := kr.pieceLine(ln, line, &spec, pieces); err != nil {
			return spec, err
		}
	}
	if !boxSeen {
		return spec, Errorf(Pos{File: name, Line: 1, Col: 1}, "no box line: a Knuth spec starts with the cells of the box, e.g. [0-9][0-5]")
	}
	if len(spec.Pieces) == 0 {
		return spec, Errorf(spec.pos.region, "no pieces: after the box, each line names a piece and lists its cells")
	}
	return spec, nil
}

// pos is the position of byte offset off of a line.
func (kr *knuthReader) pos(ln int, line string, off int) Pos {
	return Pos{File: kr.name, Line: ln, Col: utf8.RuneCountInString(line[:off]) + 1}
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// boxLine reads the box cells and fixes the dimension from the first cell.
func (kr *knuthReader) boxLine(ln int, line string) ([]Cell, error) {
	cells, err := kr.cells(ln, line, 0)
	if err != nil {
		return nil, err
	}
	if len(cells) > MaxCells { // cannot happen with 62^3 positions, kept for safety
		return nil, limitErr(kr.pos(ln, line, 0), "the box has %d cells; the limit is %d", len(cells), MaxCells)
	}
	kr.box = make(map[Cell]bool, len(cells))
	for _, c := range cells {
		kr.box[c] = true
	}
	return cells, nil
}

// pieceLine reads "[mult|]name cells..." (2D) or "[d*]name cells..." (3D).
func (kr *knuthReader) pieceLine(ln int, line string, spec *Spec, pieces map[string]*knuthPiece) error {
	start := len(line) - len(strings.TrimLeft(line, " \t"))
	end := start
	for end < len(line) && !isBlank(line[end]) {
		end++
	}
	tok := line[start:end]
	at := kr.pos(ln, line, start)
	name, count, err := kr.pieceName(ln, line, start, tok)
	if err != nil {
		return err
	}
	cells, err := kr.cells(ln, line, end)
	if err != nil {
		return err
	}
	if len(cells) == 0 {
		return Errorf(at, "piece %q lists no cells", name)
	}
	if kr.listed += len(cells); kr.listed > maxKnuthListed {
		return limitErr(at, "the piece lines list more than %d cells in all, the limit", maxKnuthListed)
	}
	pol := Free
	if kr.dim == 3 {
		pol = Rotate
	}
	shape := Normalize(cells)
	if prev, ok := pieces[name]; ok {
		ps := &spec.Pieces[prev.index]
		if ps.Count != count {
			return Errorf(at, "inconsistent multiplicities for piece %q: %d here, %d at line %d", name, count, ps.Count, prev.line)
		}
		if prev.orients == nil { // computed once: a name may repeat on many lines
			orients, _ := Orientations(prev.shape, pol, kr.dim)
			prev.orients = make(map[string]bool, len(orients))
			for _, o := range orients {
				prev.orients[o.Key()] = true
			}
		}
		if !prev.orients[shape.Key()] {
			return Errorf(at, "piece %q has a different shape at line %d; polytile pieces have one shape (rename one of them)", name, prev.line)
		}
		return nil // the same piece again: Knuth would add the same placements
	}
	if len(spec.Pieces) >= MaxPieces {
		return limitErr(at, "more than %d pieces, the limit", MaxPieces)
	}
	pieces[name] = &knuthPiece{index: len(spec.Pieces), line: ln, shape: shape}
	spec.Pieces = append(spec.Pieces, PieceSpec{Name: name, Cells: cells, Count: count, Policy: pol, Pos: at})
	return nil
}

// pieceName splits a piece's first token into multiplicity and name.
func (kr *knuthReader) pieceName(ln int, line string, start int, tok string) (string, int, error) {
	at := kr.pos(ln, line, start)
	name, count := tok, 1
	if kr.dim == 2 {
		if i := strings.IndexByte(tok, '|'); i >= 0 {
			m := tok[:i]
			name = tok[i+1:]
			switch c, err := strconv.Atoi(m); {
			case strings.Contains(m, ":"):
				return "", 0, Errorf(at, "multiplicity ranges like %q are not supported: give one count, as in 3|Z", m)
			case !digitsRe.MatchString(m):
				return "", 0, Errorf(at, "bad multiplicity %q: a count >= 1 before '|', as in 3|Z", m)
			case err != nil || c > MaxCells:
				return "", 0, limitErr(at, "multiplicity %s is too large: the limit is %d", m, MaxCells)
			case c < 1:
				return "", 0, Errorf(at, "multiplicity must be at least 1, not %s", m)
			default:
				count = c
			}
		}
		if strings.Contains(name, "*") {
			return "", 0, Errorf(at, "piece name %q contains '*': in 2D the multiplicity is written 3|Z", name)
		}
	} else {
		if len(tok) >= 2 && tok[1] == '*' {
			c := digit62(tok[0])
			if c < 1 {
				return "", 0, Errorf(at, "bad multiplicity %q: one base-62 digit 1-9, a-z, A-Z before '*', as in 3*Z", tok[:1])
			}
			name, count = tok[2:], c
		} else if strings.ContainsAny(tok, "*|") {
			return "", 0, Errorf(at, "bad piece name %q: in 3D the multiplicity is one base-62 digit before '*', as in 3*Z", tok)
		}
	}
	if name == "" {
		return "", 0, Errorf(at, "a piece needs a name before its cells")
	}
	if i := strings.IndexAny(name, "|:*"); i >= 0 {
		return "", 0, Errorf(at, "illegal character %q in piece name %q", name[i], name)
	}
	if kr.namesBoxCell(name) {
		return "", 0, Errorf(at, "piece name %q is a cell of the box: a piece line starts with the piece's name", name)
	}
	return name, count, nil
}

// namesBoxCell reports whether a piece name reads as a cell of the box,
// which Knuth's generators refuse: the line probably lacks its name.
func (kr *knuthReader) namesBoxCell(name string) bool {
	if len(name) != kr.dim {
		return false
	}
	v := [3]int{}
	for a := range kr.dim {
		if v[a] = digit62(name[a]); v[a] < 0 {
			return false
		}
	}
	return kr.box[Cell{I: v[1], J: v[0], L: v[2]}]
}

// digit62 decodes one base-62 digit, or returns -1.
func digit62(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 36
	}
	return -1
}

// cells reads the blank-separated cells of line from byte offset off, each
// with 2 (xy) or 3 (xyz) coordinates. The first cell of the box fixes the
// dimension. A cell listed twice (written twice, or reached by two
// overlapping sets such as [0-2]0 and [1-3]0) is an error: in a piece it
// would silently change the shape (F 10 10 10 is not a monomino), and in
// the box it is a typo.
func (kr *knuthReader) cells(ln int, line string, off int) ([]Cell, error) {
	seen := map[Cell]int{} // cell -> byte offset of the token that listed it
	var out []Cell
	listed := 0
	for off < len(line) {
		if isBlank(line[off]) {
			off++
			continue
		}
		start := off
		var masks []uint64
		for off < len(line) && !isBlank(line[off]) {
			if len(masks) == 3 {
				return nil, Errorf(kr.pos(ln, line, start), "a cell has 2 (xy) or 3 (xyz) coordinates; %q has more", cellToken(line, start))
			}
			m, next, err := kr.coord(ln, line, off)
			if err != nil {
				return nil, err
			}
			masks = append(masks, m)
			off = next
		}
		switch {
		case len(masks) < 2:
			return nil, Errorf(kr.pos(ln, line, start), "a cell has 2 (xy) or 3 (xyz) coordinates; %q has 1", cellToken(line, start))
		case kr.dim == 0:
			kr.dim = len(masks)
		case len(masks) != kr.dim:
			return nil, Errorf(kr.pos(ln, line, start), "mixed 2D / 3D: cell %q has %d coordinates but the box's cells have %d",
				cellToken(line, start), len(masks), kr.dim)
		}
		if len(masks) == 2 {
			masks = append(masks, 1) // z = 0
		}
		// The cells a line lists, repeats included, are bounded before a
		// bracketed set expands: [0-Z][0-Z][0-Z] is 238,328 cells.
		listed += bits.OnesCount64(masks[0]) * bits.OnesCount64(masks[1]) * bits.OnesCount64(masks[2])
		switch {
		case kr.box == nil && listed > maxKnuthBox:
			return nil, limitErr(kr.pos(ln, line, start), "the box line lists more than %d cells (repeats included), the most a box of base-62 coordinates has", maxKnuthBox)
		case kr.box != nil && listed > MaxPieceCells:
			return nil, limitErr(kr.pos(ln, line, start), "a piece line lists more than %d cells (repeats included), the limit for one piece", MaxPieceCells)
		}
		for xs := masks[0]; xs != 0; xs &= xs - 1 {
			x := bits.TrailingZeros64(xs)
			for ys := masks[1]; ys != 0; ys &= ys - 1 {
				y := bits.TrailingZeros64(ys)
				for zs := masks[2]; zs != 0; zs &= zs - 1 {
					c := Cell{I: y, J: x, L: bits.TrailingZeros64(zs)}
					if first, dup := seen[c]; dup {
						return nil, Errorf(kr.pos(ln, line, start), "cell %s is listed twice (first by %q at column %d); a cell may appear once on a line",
							knuthCellName(c, kr.dim), cellToken(line, first), kr.pos(ln, line, first).Col)
					}
					seen[c] = start
					out = append(out, c)
				}
			}
		}
	}
	return out, nil
}

// knuthCellName writes a cell as its Knuth digits (xy or xyz).
func knuthCellName(c Cell, dim int) string {
	v := []int{c.J, c.I, c.L}[:dim]
	b := make([]byte, 0, 3)
	for _, x := range v {
		d, err := knuthDigit(x)
		if err != nil {
			return fmt.Sprintf("(%d,%d,%d)", c.J, c.I, c.L)
		}
		b = append(b, d)
	}
	return string(b)
}

// bracketToken returns the bracketed set starting at byte offset open.
func bracketToken(line string, open int) string {
	if end := strings.IndexByte(line[open:], ']'); end >= 0 {
		return line[open : open+end+1]
	}
	return line[open:]
}

func cellToken(line string, start int) string {
	end := start
	for end < len(line) && !isBlank(line[end]) {
		end++
	}
	return line[start:end]
}

// coord reads one coordinate at byte offset off: a digit or a bracketed set
// of digits and ranges. It returns the set as a bit mask and the offset
// after it.
func (kr *knuthReader) coord(ln int, line string, off int) (uint64, int, error) {
	c := line[off]
	if c != '[' {
		d := digit62(c)
		if d < 0 {
			return 0, 0, Errorf(kr.pos(ln, line, off), "illegal digit %s: a coordinate is one of 0-9, a-z, A-Z or a set like [0-9]", runeAt(line, off))
		}
		return 1 << d, off + 1, nil
	}
	open := off
	var mask uint64
	x, from := -1, -1 // last single digit; start of a pending range
	fromAt := 0
	for off++; ; off++ {
		if off >= len(line) {
			return 0, 0, Errorf(kr.pos(ln, line, open), "unclosed '[' (no ']' on this line)")
		}
		switch ch := line[off]; {
		case ch == ']':
			if from >= 0 {
				return 0, 0, Errorf(kr.pos(ln, line, fromAt), "illegal range: '-' needs a digit on each side")
			}
			if mask == 0 {
				return 0, 0, Errorf(kr.pos(ln, line, open), "empty brackets [] select no coordinate")
			}
			return mask, off + 1, nil
		case ch == '-':
			if x < 0 {
				return 0, 0, Errorf(kr.pos(ln, line, off), "illegal range: '-' needs a digit on each side")
			}
			from, fromAt, x = x, off-1, -1
		default:
			d := digit62(ch)
			if d < 0 {
				return 0, 0, Errorf(kr.pos(ln, line, off), "illegal digit %s in brackets: use digits 0-9, a-z, A-Z and ranges like 0-9", runeAt(line, off))
			}
			if from < 0 {
				if mask&(1<<d) != 0 {
					return 0, 0, Errorf(kr.pos(ln, line, off), "coordinate %c is listed twice in %s", ch, bracketToken(line, open))
				}
				mask |= 1 << d
				x = d
				continue
			}
			if d < from {
				return 0, 0, Errorf(kr.pos(ln, line, fromAt), "reversed range %s: the first digit must not exceed the second", line[fromAt:off+1])
			}
			// The range's first digit is already in mask (read as a single
			// digit before the '-'): only the rest may not overlap.
			rng := (uint64(1)<<(d+1) - 1) &^ (uint64(1)<<(from+1) - 1)
			if mask&rng != 0 {
				return 0, 0, Errorf(kr.pos(ln, line, fromAt), "range %s overlaps another coordinate of %s: each coordinate may be listed once", line[fromAt:off+1], bracketToken(line, open))
			}
			mask |= rng
			from, x = -1, -1
		}
	}
}

// runeAt quotes the character at byte offset off.
func runeAt(line string, off int) string {
	r, _ := utf8.DecodeRuneInString(line[off:])
	return quoteRune(r)
}

// knuthDigit encodes a coordinate as one base-62 digit.
func knuthDigit(v int) (byte, error) {
	switch {
	case v >= 0 && v < 10:
		return byte('0' + v), nil
	case v >= 10 && v < 36:
		return byte('a' + v - 10), nil
	case v >= 36 && v < 62:
		return byte('A' + v - 36), nil
	}
	return 0, fmt.Errorf("coordinate %d is outside the base-62 range 0..61", v)
}
