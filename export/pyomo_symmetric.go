package export

import "github.com/polytile/polytile/model"

// writePyomoSymmetric writes the data of the symmetric rows
// (model/program_symmetric.go): SYM_FORBID, the ok elements that must be
// 0, and SYM_ORBIT, pairs of lists of ok elements whose sums are equal.
// Both are empty without the puzzle's symmetric key.
func writePyomoSymmetric(o *out, p *model.Program, okTuple func(b []byte, n int) []byte) {
	first, n := p.SymmetricRows()
	var forbid []byte
	var orbits [][]byte
	var r model.Row
	for i := first; i < first+n; i++ {
		p.Row(i, &r)
		var a, b []byte
		for _, t := range r.Terms {
			e := append(okTuple([]byte("("), t.Index), "), "...)
			if t.Coef > 0 {
				a = append(a, e...)
			} else {
				b = append(b, e...)
			}
		}
		if len(b) == 0 { // sym_forbid
			forbid = a
			continue
		}
		orbits = append(orbits, append(append(append(append([]byte("    (["), a...), "], ["...), b...), "]),\n"...))
	}
	o.str("# symmetric solutions: ok elements in no valid orbit, and pairs of orbit members placed together\n")
	o.str("SYM_FORBID = [" + string(forbid) + "]\n")
	o.str("SYM_ORBIT = [\n")
	for _, l := range orbits {
		o.bytes(l)
	}
	o.str("]\n")
}
