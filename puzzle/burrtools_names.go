package puzzle

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// counts reads how many times a problem's <shape> is used, as BurrTools
// reads it (problem.cpp): count alone (min = max = count), or min and max
// together, or neither (once). BurrTools writes count when min = max and
// min and max otherwise, never both; it reads count and ignores min and
// max when both are there, and ignores a min without a max. polytile
// refuses what BurrTools would read differently from what the file says:
// count with a min or max that is not count, min without max (or max
// without min), and min > max (which BurrTools refuses too).
func (br *burrReader) counts(t xml.StartElement, at Pos) (lo, hi int, err error) {
	c, okC, err := br.number(t, at, "count", MaxCells)
	if err != nil {
		return 0, 0, err
	}
	lo, okLo, err := br.number(t, at, "min", MaxCells)
	if err != nil {
		return 0, 0, err
	}
	hi, okHi, err := br.number(t, at, "max", MaxCells)
	if err != nil {
		return 0, 0, err
	}
	switch {
	case okC && (okLo && lo != c || okHi && hi != c):
		return 0, 0, Errorf(at, "<shape> has count=%d and %s: they contradict each other (BurrTools writes count alone when min = max, min and max otherwise)", c, minMaxText(okLo, lo, okHi, hi))
	case okC:
		return c, c, nil
	case okLo != okHi:
		return 0, 0, Errorf(at, "<shape> has %s without the other: give both min and max, or count (BurrTools would ignore it and use the shape once)", minMaxText(okLo, lo, okHi, hi))
	case okLo && lo > hi:
		return 0, 0, Errorf(at, "<shape> has min=%d > max=%d", lo, hi)
	case okLo:
		return lo, hi, nil
	}
	return 1, 1, nil // BurrTools' default
}

func minMaxText(okLo bool, lo int, okHi bool, hi int) string {
	var f []string
	if okLo {
		f = append(f, fmt.Sprintf("min=%d", lo))
	}
	if okHi {
		f = append(f, fmt.Sprintf("max=%d", hi))
	}
	return strings.Join(f, " ")
}

// pieceNames names the pieces of problem p, by shape id: a shape's own
// name (its runs of white space turned into '_', as a piece name of
// polytile's outputs has none), else "S" and its 1-based number, BurrTools'
// own label, with "_2", "_3", ... added when a named shape has that name.
// Named shapes come first, so that an unnamed shape 3 next to a shape
// named "S3" is not refused as listed twice; two shapes whose names are
// the same are refused naming both (renaming one silently would hide
// the clash), and so is a shape listed twice in the problem.
func (br *burrReader) pieceNames(p *burrProblem, what string) (map[int]string, error) {
	byID := map[int]string{}
	taken := map[string]int{} // name -> shape id
	listed := map[int]Pos{}
	var unnamed []int
	for _, part := range p.parts {
		if part.max == 0 || part.id >= len(br.shapes) || part.id == p.result {
			continue // spec refuses or skips these
		}
		if prev, dup := listed[part.id]; dup {
			return nil, Errorf(part.pos, "%s lists shape %d twice (first at line %d)", what, part.id+1, prev.Line)
		}
		listed[part.id] = part.pos
		v := br.shapes[part.id]
		name := strings.Join(strings.FieldsFunc(v.name, unicode.IsSpace), "_")
		if name == "" {
			unnamed = append(unnamed, part.id)
			continue
		}
		if other, dup := taken[name]; dup {
			o := br.shapes[other]
			return nil, Errorf(v.pos, "%s: shapes %d (line %d, name %s) and %d (line %d, name %s) have the same piece name %s: rename one in BurrTools",
				what, other+1, o.pos.Line, quoteName(o.name), part.id+1, v.pos.Line, quoteName(v.name), quoteName(name))
		}
		taken[name], byID[part.id] = part.id, name
	}
	for _, id := range unnamed {
		base := fmt.Sprintf("S%d", id+1)
		name := base
		for k := 2; ; k++ {
			if _, dup := taken[name]; !dup {
				break
			}
			name = fmt.Sprintf("%s_%d", base, k)
		}
		taken[name], byID[id] = id, name
	}
	return byID, nil
}

// burrCharset is the xml.Decoder's CharsetReader: an XML declaration
// with encoding ISO-8859-1 (Latin-1) is read, each byte being the code
// point of the same number; US-ASCII is read as UTF-8 (its subset). Any
// other encoding is refused by name (Go's decoder said "Decoder.CharsetReader
// is nil").
func burrCharset(charset string, r io.Reader) (io.Reader, error) {
	switch strings.ToLower(charset) {
	case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1":
		return &latin1Reader{r: r}, nil
	case "us-ascii", "ascii":
		return r, nil
	}
	return nil, fmt.Errorf("encoding %s is not supported: polytile reads BurrTools files in UTF-8 or ISO-8859-1", quoteName(charset))
}

// latin1Reader decodes ISO-8859-1 to UTF-8.
type latin1Reader struct {
	r       io.Reader
	raw     []byte
	enc     []byte
	pending []byte // encoded bytes not yet returned
}

func (l *latin1Reader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if len(l.pending) == 0 {
		if l.raw == nil {
			l.raw = make([]byte, 4096)
		}
		n, err := l.r.Read(l.raw)
		l.enc = l.enc[:0]
		for _, b := range l.raw[:n] {
			l.enc = utf8.AppendRune(l.enc, rune(b))
		}
		l.pending = l.enc
		if len(l.pending) == 0 {
			return 0, err
		}
	}
	n := copy(p, l.pending)
	l.pending = l.pending[n:]
	return n, nil
}
