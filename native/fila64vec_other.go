//go:build !amd64.v3

package native

// haveSelectVec says whether selectVec is the AVX2 code: not in this
// build (GOAMD64 below v3, or not amd64), where E and S count in Go.
const haveSelectVec = false

func selectVec(cand uint64, cells *fcell, recs *uint32, recLen int, lay *uint64, cls *uint8, ent *uint16, o, avail uint64, a, b *int32) (n, att, swapped int) {
	panic("native: selectVec without AVX2")
}
