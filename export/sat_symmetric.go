package export

import "github.com/polytile/polytile/model"

// writeCNFSymmetric adds the symmetric rows of the program
// (model/program_symmetric.go) as clauses: a unit clause -x for every
// image of sym_forbid, and for a row Σ A - Σ B = 0 of sym_orbit, whose
// sums are each 0 or 1 (their images cover the same cells, which the
// overlap clauses make pairwise exclusive), a -> OR B for every a in A and
// b -> OR A for every b in B. No auxiliary variable is needed.
func writeCNFSymmetric(f *cnf, prog *model.Program, row *model.Row) {
	first, n := prog.SymmetricRows()
	var a, b []int
	for i := first; i < first+n; i++ {
		if f.err != nil {
			return
		}
		prog.Row(i, row)
		a, b = a[:0], b[:0]
		for _, t := range row.Terms {
			if t.Coef > 0 {
				a = append(a, t.Index+1)
			} else {
				b = append(b, t.Index+1)
			}
		}
		if len(b) == 0 { // sym_forbid
			for _, x := range a {
				f.add(-x)
			}
			continue
		}
		for _, x := range a {
			f.add(append([]int{-x}, b...)...)
		}
		for _, x := range b {
			f.add(append([]int{-x}, a...)...)
		}
	}
}
