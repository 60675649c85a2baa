package compare

import (
	"errors"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestBackendsApply: a backend whose options do nothing on a puzzle's
// task is refused with a *NotApplicableError wrapping ErrNotApplicable
// and naming the puzzle; one that does not answer a kind of task is
// unsupported there (Applies) but not refused by CheckBackends, which
// leaves it to a skipped row.
func TestBackendsApply(t *testing.T) {
	reg := NewRegistry()
	finite, unlimited := parse(t, tDomino), parse(t, lCorner)
	bs := mustParseList(t, reg, "fila:at=2 dlx")
	at, dlx := bs[0], bs[1]
	var dlxSolver Backend = countOnly{dlx}

	if err := Applies(at, finite, Count); err != nil {
		t.Errorf("fila:at=2 on finite pieces: %v", err)
	}
	var na *NotApplicableError
	err := Applies(at, unlimited, Count)
	if !errors.Is(err, ErrNotApplicable) || !errors.As(err, &na) || na.Unsupported || na.Err == nil || na.Backend != "fila:at=2" {
		t.Errorf("fila:at=2 with an unlimited piece: %#v", err)
	}
	if err := Applies(dlx, unlimited, MaxCoverage); err != nil {
		t.Errorf("dlx on max coverage: %v", err)
	}
	err = Applies(dlxSolver, finite, MaxCoverage)
	if !errors.As(err, &na) || !na.Unsupported || na.Kind != MaxCoverage || !errors.Is(err, ErrNotApplicable) {
		t.Errorf("a count-only backend on max coverage: %#v", err)
	}

	// CheckBackends: the second puzzle is the one refused.
	kind := func(p *puzzle.Puzzle) Kind { return AutoKind(p) }
	err = CheckBackends([]Backend{dlx, at, dlxSolver}, []*puzzle.Puzzle{finite, unlimited}, kind)
	if !errors.As(err, &na) || na.Puzzle != 1 || na.Backend != "fila:at=2" || na.Kind != MaxCoverage {
		t.Errorf("CheckBackends: %#v", err)
	}
	if err := CheckBackends([]Backend{dlx, dlxSolver}, []*puzzle.Puzzle{finite, unlimited}, kind); err != nil {
		t.Errorf("CheckBackends, options that apply: %v", err)
	}
}

// TestExactKind: a puzzle whose data proves that it has no exact tiling
// goes to maximum coverage with the proof; AutoKind counts it first.
func TestExactKind(t *testing.T) {
	for _, c := range []struct {
		src       string
		auto, got Kind
		proof     bool
	}{
		{tDomino, Count, MaxCoverage, true},
		{lCorner, MaxCoverage, MaxCoverage, false},
		{"name: dominoes\nboard: 2x2\npieces:\n  D: {shape: \"##\", count: 2}\n", Count, Count, false},
	} {
		p := parse(t, c.src)
		k, err := ExactKind(p)
		if AutoKind(p) != c.auto || k != c.got || (err != nil) != c.proof {
			t.Errorf("%s: auto %v, exact %v, %v", p.Name, AutoKind(p), k, err)
		}
	}
}

// TestFirstKind: a named task comes first, then a puzzle for which only
// maximum coverage applies, then the automatic choice.
func TestFirstKind(t *testing.T) {
	finite, unlimited := parse(t, tDomino), parse(t, lCorner)
	for _, c := range []struct {
		p       *puzzle.Puzzle
		named   []Kind
		maxOnly bool
		want    Kind
	}{
		{finite, nil, false, Count},
		{unlimited, nil, false, MaxCoverage},
		{finite, nil, true, MaxCoverage},
		{unlimited, []Kind{Count}, true, Count},
		{finite, []Kind{MaxCoverage, Count}, false, MaxCoverage},
	} {
		if got := FirstKind(c.p, c.named, c.maxOnly); got != c.want {
			t.Errorf("%s named %v maxOnly %v: %v, want %v", c.p.Name, c.named, c.maxOnly, got, c.want)
		}
	}
}

// countOnly is a backend that answers count tasks only.
type countOnly struct{ Backend }

func (countOnly) Supports(k Kind) bool { return k == Count }

// TestWithoutExactTiling: a puzzle proved to have no exact tiling is
// compared on maximum coverage only under --task auto, answered "no
// tiling" by a count, and left alone by maximum coverage alone; one with
// no proof is compared as asked.
func TestWithoutExactTiling(t *testing.T) {
	_, proof := ExactKind(parse(t, tDomino))
	if proof == nil {
		t.Fatal("ExactKind found no proof for the T and the domino")
	}
	if maxOnly, err := WithoutExactTiling(nil, proof); !maxOnly || err != nil {
		t.Errorf("auto: %v %v, want max-only", maxOnly, err)
	}
	var nt *NoTilingError
	maxOnly, err := WithoutExactTiling([]Kind{Count}, proof)
	if maxOnly || !errors.As(err, &nt) || nt.Err != proof || !errors.Is(err, ErrNoExactTiling) || !errors.Is(err, proof) {
		t.Errorf("count: %v %#v, want a NoTilingError of the proof", maxOnly, err)
	}
	if maxOnly, err := WithoutExactTiling([]Kind{MaxCoverage}, proof); maxOnly || err != nil {
		t.Errorf("max-coverage: %v %v", maxOnly, err)
	}
	for _, named := range [][]Kind{nil, {Count}} {
		if maxOnly, err := WithoutExactTiling(named, nil); maxOnly || err != nil {
			t.Errorf("%v, no proof: %v %v", named, maxOnly, err)
		}
	}
}

// TestCheckBackendsFor: fila:at=2 does nothing on maximum coverage, the
// task a puzzle compared on maximum coverage only gets first; on a count
// it applies.
func TestCheckBackendsFor(t *testing.T) {
	finite := parse(t, tDomino)
	at := mustParseList(t, NewRegistry(), "fila:at=2")
	if err := CheckBackendsFor(at, []*puzzle.Puzzle{finite}, nil, nil); err != nil {
		t.Errorf("count first: %v", err)
	}
	var na *NotApplicableError
	err := CheckBackendsFor(at, []*puzzle.Puzzle{finite}, nil, map[*puzzle.Puzzle]bool{finite: true})
	if !errors.As(err, &na) || na.Kind != MaxCoverage || na.Puzzle != 0 {
		t.Errorf("max-only: %#v", err)
	}
	if err := CheckBackendsFor(at, []*puzzle.Puzzle{finite}, []Kind{Count}, map[*puzzle.Puzzle]bool{finite: true}); err != nil {
		t.Errorf("--task count: %v", err)
	}
}
