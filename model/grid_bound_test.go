package model

import (
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestCoverageBoundHex: on the hex grid the colours of axial i+j are not
// kept by the rotations, so the checkerboard argument must not be used. A
// bar of three hexagons fills the diagonal line of three, all of one
// colour; the argument would have capped the coverage at 1 (fails on
// the code before colouringHolds).
func TestCoverageBoundHex(t *testing.T) {
	src := "grid: hex\nboard: [[0, 0], [1, 1], [2, 2]]\npieces:\n  I: \"# # #\"\n"
	p, err := puzzle.Parse("bar.yaml", []byte(src), "")
	if err != nil {
		t.Fatal(err)
	}
	if got := exactTilings(p); got != 1 {
		t.Fatalf("brute force finds %d tilings, want 1", got)
	}
	if b := CoverageBound(p); b.Bound != 3 {
		t.Errorf("bound %d (%s), want 3", b.Bound, b.Reason)
	}
}

// TestCoverageBoundTriangle: on the triangle grid the colours are the up
// and down triangles, kept or swapped by every symmetry, so the argument
// holds: brute force never covers more than the bound on small boards,
// one of which (disconnected up triangles) the colouring caps.
func TestCoverageBoundTriangle(t *testing.T) {
	for _, src := range []string{
		"grid: triangle\nboard: \"####/.####\"\npieces:\n  A: \"##\"\n  B: \"###\"\n  C: \"#\"\n",
		"grid: triangle\nboard: \"######/.######\"\npieces:\n  T: \"###\"\ncount: unlimited\n",
		"grid: triangle\nboard: \"###.#/.#.#.\"\npieces:\n  D: \"##\"\n  M: \"#\"\n",
	} {
		p, err := puzzle.Parse("t.yaml", []byte(src), "")
		if err != nil {
			t.Fatal(err)
		}
		b := CoverageBound(p)
		if m := maxCoverage(p); m > b.Bound {
			t.Errorf("%q: brute force covers %d, above the bound %d (%s)", src, m, b.Bound, b.Reason)
		}
	}
}
