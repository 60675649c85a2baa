package model

import (
	"context"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// fpPuzzle is a small board of V trominoes with count n (0: unlimited).
func fpPuzzle(t *testing.T, art string, n int) *puzzle.Puzzle {
	t.Helper()
	board, err := puzzle.ArtCells(art, 0)
	if err != nil {
		t.Fatal(err)
	}
	corner, _ := puzzle.ArtCells("##/#.", 0)
	p, err := puzzle.New(puzzle.Spec{Name: "fp", Dim: 2, Region: board, Pieces: []puzzle.PieceSpec{
		{Name: "V", Cells: corner, Count: n, Unlimited: n == 0, Policy: puzzle.Rotate},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func fpOf(t *testing.T, p *puzzle.Puzzle, opt ProgramOptions) (string, *Program) {
	t.Helper()
	pr, err := NewProgram(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	fp, err := pr.Fingerprint(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !IsFingerprint(fp) {
		t.Fatalf("%q is not a fingerprint name", fp)
	}
	if _, ok := pr.ColumnIndex(fp); ok {
		t.Fatalf("%q is a column name", fp)
	}
	return fp, pr
}

// TestFingerprintIdentifies: the same program built twice has one
// fingerprint; another count, board, mode or option (same column names in
// the first cases) another. DecodeNames takes the program's own
// fingerprint and refuses another's.
func TestFingerprintIdentifies(t *testing.T) {
	mc := ProgramOptions{Mode: MaxCoverage, Formulation: Packing}
	base, pr := fpOf(t, fpPuzzle(t, "###/###/###", 1), mc)
	if again, _ := fpOf(t, fpPuzzle(t, "###/###/###", 1), mc); again != base {
		t.Errorf("the same program has two fingerprints: %s, %s", base, again)
	}
	others := map[string]string{}
	others["count 2"], _ = fpOf(t, fpPuzzle(t, "###/###/###", 2), mc)
	others["unlimited"], _ = fpOf(t, fpPuzzle(t, "###/###/###", 0), mc)
	others["board minus a cell"], _ = fpOf(t, fpPuzzle(t, "###/###/##.", 1), mc)
	others["seed"], _ = fpOf(t, fpPuzzle(t, "###/###/###", 1), ProgramOptions{Mode: MaxCoverage})
	others["strengthen"], _ = fpOf(t, fpPuzzle(t, "###/###/###", 1), ProgramOptions{Mode: MaxCoverage, Formulation: Packing, Strengthen: true})
	others["exact"], _ = fpOf(t, fpPuzzle(t, "###/###/###", 1), ProgramOptions{})
	seen := map[string]string{base: "base"}
	for name, fp := range others {
		if prev, dup := seen[fp]; dup {
			t.Errorf("%s and %s share the fingerprint %s", name, prev, fp)
		}
		seen[fp] = name
	}
	v := FingerprintValue(base)
	if v < 1 || v > 999_999 || v != float64(int(v)) {
		t.Errorf("fingerprint value %g", v)
	}
	vals := map[string]float64{pr.ColName(0): 1, base: v}
	if _, err := pr.DecodeNames(vals); err != nil {
		t.Errorf("own fingerprint refused: %v", err)
	}
	vals[base] = v + 1
	if _, err := pr.DecodeNames(vals); err == nil || !strings.Contains(err.Error(), "another program") {
		t.Errorf("own fingerprint at another value: %v", err)
	}
	delete(vals, base)
	vals[others["count 2"]] = FingerprintValue(others["count 2"])
	if _, err := pr.DecodeNames(vals); err == nil || !strings.Contains(err.Error(), "another program") {
		t.Errorf("another program's fingerprint: %v", err)
	}
	// A cancelled context stops the first computation.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	fresh, _ := NewProgram(fpPuzzle(t, "###/###/###", 1), mc)
	if _, err := fresh.Fingerprint(ctx); err == nil {
		t.Error("a cancelled fingerprint returned no error")
	}
}
