//go:build amd64.v3

package native

import "unsafe"

// haveSelectVec says whether selectVec is the AVX2 code (GOAMD64=v3 or
// later) rather than a stub.
const haveSelectVec = true

// selectVec is selectCached's loop over the candidate cells cand, for a
// table with ecls (lay, cls and ent are the table's lay, ecls and idx),
// in AVX2 (fila64vec_amd64.s). For each cell it takes the set of its
// ILSI (cells, recs with recLen words a record), reads the entries from
// the set's first to its last list of a class in avail four at a time,
// an entry fitting when its layout misses o and its class is in avail,
// and records the fits' ent values, in order, in whichever of the buffers a and b does not hold the best cell
// so far; it stops counting a cell once its fits reach the best's, and
// stops at a cell without fits. It returns the fewest fits n (MaxInt when
// cand is empty), that cell's attempts (its entries of an available
// class) and whether its fits are in b (swapped 1) or a (0). The
// buffers must hold the largest set plus 4 entries (four are stored at a
// time).
//
//go:noescape
func selectVec(cand uint64, cells *fcell, recs *uint32, recLen int, lay *uint64, cls *uint8, ent *uint16, o, avail uint64, a, b *int32) (n, att, swapped int)

// selectVec reads a fcell as 24 bytes: base at 0, pm at 16; these fail
// to compile when the layout changes.
var (
	_ [unsafe.Sizeof(fcell{}) - 24]struct{}
	_ [24 - unsafe.Sizeof(fcell{})]struct{}
	_ [unsafe.Offsetof(fcell{}.pm) - 16]struct{}
	_ [16 - unsafe.Offsetof(fcell{}.pm)]struct{}
)
