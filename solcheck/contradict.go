package solcheck

import "strings"

// distrust makes a report with a problem consistent: a problem (the
// tiling does not verify, or the file's objective is not the coverage of
// its own tiling) contradicts what the solver's file claims, so neither
// validity, exactness nor optimality is reported true, the verdict says
// the file is contradicted and the report is not accepted, so that a
// JSON reader that looks at "valid" or "optimal" alone is not misled.
func (r *Report) distrust() {
	if len(r.Problems) == 0 {
		return
	}
	r.Accepted = false
	if r.Valid || r.Exact || r.Optimal {
		r.Valid, r.Exact, r.Optimal = false, false, false
		r.Verdict = "contradicted: " + strings.Join(r.Problems, "; ") + "; the file contradicts itself, so its tiling is reported neither valid nor optimal"
	}
}
