package render

import (
	"strings"

	"github.com/polytile/polytile/puzzle"
)

const symbolAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// Marks of text pictures.
const (
	markUncoveredASCII = "_"
	markUncoveredANSI  = "·"
	markConflict       = "!"
	markRegion         = "#"
)

// symbols returns one text symbol per piece, all of the same width: the
// piece names themselves when every name is a single printable ASCII
// character other than the marks, else letters and digits chosen from the
// names where possible. legend reports whether the symbols differ from the
// names, so that a legend must explain them.
func symbols(p *puzzle.Puzzle) (syms []string, legend bool) {
	syms = make([]string, len(p.Pieces))
	direct := true
	for k := range p.Pieces {
		n := p.Pieces[k].Name
		if len(n) != 1 || n[0] <= ' ' || n[0] > '~' || n == markUncoveredASCII || n == markConflict {
			direct = false
			break
		}
		syms[k] = n
	}
	if direct {
		return syms, false
	}
	base := len(symbolAlphabet)
	if len(p.Pieces) > base {
		width := 1
		for n := base; n < len(p.Pieces); n *= base {
			width++
		}
		for k := range syms {
			b := make([]byte, width)
			for x, v := width-1, k; x >= 0; x, v = x-1, v/base {
				b[x] = symbolAlphabet[v%base]
			}
			syms[k] = string(b)
		}
		return syms, true
	}
	taken := map[byte]bool{}
	pick := func(k int, c byte) bool {
		if strings.IndexByte(symbolAlphabet, c) < 0 || taken[c] {
			return false
		}
		taken[c] = true
		syms[k] = string(c)
		return true
	}
	// First letters of names first, then their upper-case forms, then
	// whatever is free, each pass in piece order.
	var rest []int
	for k := range p.Pieces {
		if n := p.Pieces[k].Name; n == "" || !pick(k, n[0]) {
			rest = append(rest, k)
		}
	}
	var last []int
	for _, k := range rest {
		n := p.Pieces[k].Name
		if n == "" || !pick(k, strings.ToUpper(n[:1])[0]) {
			last = append(last, k)
		}
	}
	next := 0
	for _, k := range last {
		for !pick(k, symbolAlphabet[next]) {
			next++
		}
	}
	return syms, true
}
