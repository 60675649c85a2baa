package compare

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/puzzle"
)

// verifyGrace is how long the rows' tilings may still be verified after
// ctx ends (a signal): a row whose tilings are not verified by then is
// an Error row (interrupted), not an answer. A variable for the tests.
var verifyGrace = ctxio.StopGrace

// check verifies every tiling of the table's rows, picks the reference,
// marks each row's agreement with it, and fills the answer, the fastest
// backend and the time ratios. It reads ctx (with verifyGrace) while it
// verifies: the symmetric test of a million-cell tiling takes seconds.
func check(ctx context.Context, t *Table, p *puzzle.Puzzle) {
	vctx, release := ctxio.Grace(ctx, verifyGrace)
	defer release()
	for _, r := range t.Rows {
		verifyRow(vctx, t.kind, p, r)
	}
	ref := reference(t)
	if ref != nil {
		t.Reference = ref.Backend
		ref.Mark = "ref"
	}
	for _, r := range t.Rows {
		if r == ref || r.Status == Skipped || r.Status == Error {
			continue
		}
		if r.Status == Disagree {
			r.Mark = "!="
			continue
		}
		var why string
		if t.kind == Count {
			r.Mark, why = markCount(ref, r)
		} else {
			r.Mark, why = markCoverage(t, ref, r)
		}
		if r.Mark == "!=" {
			r.Status, r.Reason = Disagree, why
		}
	}
	t.Agree = true
	for _, r := range t.Rows {
		t.Agree = t.Agree && r.Status != Disagree
	}
	t.Answer = answer(t, ref)
	// The fastest backend among those that answered the whole question: in
	// a count, a backend that only found the program feasible did less
	// work than one that counted (it is the fastest only when nothing
	// counted).
	for _, full := range []bool{true, false} {
		for _, r := range t.Rows {
			if r.Status == OK && r.Complete && r.Seconds > 0 && (!full || answersAll(t.kind, r)) &&
				(t.Fastest == "" || r.Seconds < t.FastestSeconds) {
				t.Fastest, t.FastestSeconds = r.Backend, r.Seconds
			}
		}
		if t.Fastest != "" {
			break
		}
	}
	if t.FastestSeconds > 0 {
		for _, r := range t.Rows {
			if r.Seconds > 0 && r.Status != Skipped && r.Status != Error {
				r.Ratio = r.Seconds / t.FastestSeconds
			}
		}
	}
}

// answersAll reports whether a complete row answers the whole task: a
// count of the solutions, or "no exact tiling" (which a count of 0 says
// too), or a maximum coverage.
func answersAll(k Kind, r *Row) bool {
	return k != Count || r.Solutions != nil || r.Feasible != nil && !*r.Feasible
}

// verifyRow checks the row's tilings with puzzle.Verify: exact tilings for
// a count, partial ones covering the reported coverage for max-coverage.
func verifyRow(ctx context.Context, k Kind, p *puzzle.Puzzle, r *Row) {
	if r.Status != OK && r.Status != Timeout {
		return
	}
	for n, tl := range r.Tilings {
		rep, err := p.VerifyContext(ctx, tl, k == Count)
		if puzzle.VerifyStopped(rep, err) {
			r.Status, r.Reason = Error, fmt.Sprintf("interrupted before its tilings were verified (%v)", err)
			return
		}
		if err != nil {
			r.Status, r.Reason = Disagree, fmt.Sprintf("tiling %d fails Verify: %v", n+1, err)
			return
		}
		if k == MaxCoverage && n == 0 && r.Coverage != nil && rep.Covered != *r.Coverage {
			r.Status, r.Reason = Disagree, fmt.Sprintf("reports coverage %d, its tiling covers %d cells", *r.Coverage, rep.Covered)
			return
		}
	}
	if k == Count && r.Solutions != nil && *r.Solutions > 0 && r.Complete && len(r.Tilings) == 0 && r.native {
		r.Status, r.Reason = Disagree, "counts solutions but returned none to verify"
	}
}

// reference is the first native row that completed with an answer, else
// the first row with the answer most of the completed rows give.
func reference(t *Table) *Row {
	usable := func(r *Row) bool {
		if r.Status != OK || !r.Complete {
			return false
		}
		if t.kind == Count {
			return r.Solutions != nil
		}
		return r.Coverage != nil
	}
	for _, r := range t.Rows {
		if r.native && usable(r) {
			return r
		}
	}
	votes := map[string]int{}
	key := func(r *Row) string {
		if t.kind == Count {
			return countText(r)
		}
		return fmt.Sprint(*r.Coverage)
	}
	var best *Row
	for _, r := range t.Rows {
		if usable(r) {
			votes[key(r)]++
		}
	}
	for _, r := range t.Rows {
		if usable(r) && (best == nil || votes[key(r)] > votes[key(best)]) {
			best = r
		}
	}
	return best
}

func markCount(ref, r *Row) (string, string) {
	if ref == nil {
		return "", ""
	}
	all, uniq := *ref.Solutions, int64(-1)
	if ref.Unique != nil {
		uniq = *ref.Unique
	}
	switch {
	case r.Feasible != nil:
		if *r.Feasible != (all > 0) {
			return "!=", fmt.Sprintf("says an exact tiling exists: %v; the reference counts %s", *r.Feasible, num(all))
		}
		return "=", ""
	case r.Solutions == nil:
		return "", ""
	case r.Complete:
		if *r.Solutions != all || (r.Unique != nil && uniq >= 0 && *r.Unique != uniq) {
			return "!=", fmt.Sprintf("counts %s; the reference counts %s", countText(r), countText(ref))
		}
		return "=", ""
	default: // partial: no more than the reference
		if *r.Solutions > all || (r.Unique != nil && uniq >= 0 && *r.Unique > uniq) {
			return "!=", fmt.Sprintf("has found %s already; the reference counts %s", countText(r), countText(ref))
		}
		return "<=", ""
	}
}

func markCoverage(t *Table, ref, r *Row) (string, string) {
	if ref == nil {
		// No proven optimum: every coverage found must stay within every
		// bound claimed.
		for _, q := range t.Rows {
			if q.Coverage != nil && r.Bound != nil && *q.Coverage > *r.Bound && q.Status != Disagree {
				return "!=", fmt.Sprintf("bound %d, but %s covers %d cells", *r.Bound, q.Backend, *q.Coverage)
			}
		}
		return "", ""
	}
	c := *ref.Coverage
	switch {
	case r.Complete && r.Coverage != nil && *r.Coverage != c:
		return "!=", fmt.Sprintf("optimum %d; the reference's is %d", *r.Coverage, c)
	case r.Coverage != nil && *r.Coverage > c:
		return "!=", fmt.Sprintf("covers %d cells, more than the reference's optimum %d", *r.Coverage, c)
	case r.Bound != nil && *r.Bound < c:
		return "!=", fmt.Sprintf("bound %d is below the reference's optimum %d", *r.Bound, c)
	case r.Complete:
		return "=", ""
	case r.Coverage != nil || r.Bound != nil:
		return "<=", ""
	}
	return "", ""
}

// answer is the agreed answer in words.
func answer(t *Table, ref *Row) string {
	if ref == nil {
		return "no backend completed"
	}
	if t.kind == Count {
		if *ref.Solutions == 0 {
			return "no exact tiling"
		}
		return countText(ref)
	}
	return fmt.Sprintf("%s of %s cells", num(int64(*ref.Coverage)), num(int64(t.Cells)))
}

// refZero reports that the reference found no exact tiling.
func (t *Table) refZero() bool {
	for _, r := range t.Rows {
		if r.Backend == t.Reference && r.Mark == "ref" {
			return r.Solutions != nil && *r.Solutions == 0
		}
	}
	return false
}

func countText(r *Row) string {
	s := num(*r.Solutions) + " solutions"
	if r.Unique != nil {
		s += " (" + num(*r.Unique) + " unique)"
	}
	return s
}
