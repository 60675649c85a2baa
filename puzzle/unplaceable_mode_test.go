package puzzle_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestUnplaceableFor: with a finite piece that fits nowhere, the exact
// mode refuses the puzzle (ErrUnplaceable) and maximum coverage leaves the
// piece out; an unlimited one is left out by both.
func TestUnplaceableFor(t *testing.T) {
	const finite = "board: 3x2\npieces:\n  D: \"##\"\n  I: \"####\"\n"
	const unlimited = "board: 3x2\npieces:\n  D: {shape: \"##\", count: unlimited}\n  I: {shape: \"####\", count: unlimited}\n"
	for _, c := range []struct {
		src         string
		maxCoverage bool
		refused     bool
	}{
		{finite, false, true},
		{finite, true, false},
		{unlimited, false, false},
		{unlimited, true, false},
	} {
		p, err := puzzle.ParseWith(context.Background(), "p.yaml", []byte(c.src), "", puzzle.BuildOptions{Unplaceable: puzzle.UnplaceableFor(c.maxCoverage)})
		switch {
		case c.refused:
			if !errors.Is(err, puzzle.ErrUnplaceable) {
				t.Errorf("maxCoverage %t: %v, want ErrUnplaceable", c.maxCoverage, err)
			}
		case err != nil:
			t.Errorf("maxCoverage %t: %v", c.maxCoverage, err)
		case len(p.Pieces) != 1 || p.Pieces[0].Name != "D":
			t.Errorf("maxCoverage %t: pieces %v, want D alone", c.maxCoverage, p.Pieces)
		}
	}
}

// Load a puzzle for a maximum-coverage search: the piece that fits
// nowhere is left out, where an exact search refuses the puzzle.
func ExampleUnplaceableFor() {
	src := []byte("board: 3x2\npieces:\n  D: \"##\"\n  I: \"####\"\n")
	_, err := puzzle.ParseWith(context.Background(), "p.yaml", src, "", puzzle.BuildOptions{Unplaceable: puzzle.UnplaceableFor(false)})
	fmt.Println(errors.Is(err, puzzle.ErrUnplaceable))
	p, err := puzzle.ParseWith(context.Background(), "p.yaml", src, "", puzzle.BuildOptions{Unplaceable: puzzle.UnplaceableFor(true)})
	fmt.Println(len(p.Pieces), err)
	// Output:
	// true
	// 1 <nil>
}
