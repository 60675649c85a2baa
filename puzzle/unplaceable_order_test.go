package puzzle

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestUnplaceableAnsweredAfterChecks: a piece that fits nowhere is the
// answer "no exact tiling" (ErrUnplaceable) only once the rest of the
// puzzle is checked: a symmetric key the board or the pieces cannot
// have, or a later piece that is 3D on a 2D board, is refused as bad
// input whichever piece comes first, under every Unplaceable. They were
// answered ErrUnplaceable (solve's exit 1) at the first piece that fit
// nowhere, before the later checks ran.
func TestUnplaceableAnsweredAfterChecks(t *testing.T) {
	// The L-shaped board has no symmetry; P (10 cells) fits nowhere on its
	// 5 cells, and neither does T (no image on 2 rows of 3 and 2).
	const board = "name: lop\nboard: |\n  ###\n  ##.\n"
	cases := []struct {
		name, pieces, tail, want string
	}{
		// A 4x2 board has the mirror, the one-sided J no twin.
		{"pieces lack the symmetry", "  P: \"#####/#####\"\n  J: {shape: \"###/#..\", orientations: rotate}\n  O: \"##/##\"\n", "symmetric: mirror-vertical\n", "the board has the symmetry mirror-vertical but the pieces do not"},
		{"symmetric, too large", "  M: {shape: \"#\", count: 5}\n  P: \"#####/#####\"\n", "symmetric: rotate180\n", "symmetric: the board has no symmetry rotate180"},
		{"symmetric, no image", "  M: {shape: \"#\", count: 2}\n  T: \"###/.#./.#.\"\n", "symmetric: mirror-vertical\n", "symmetric: the board has no symmetry mirror-vertical"},
		{"valid otherwise", "  P: \"#####/#####\"\n  M: \"#\"\n  N: \"#\"\n", "", ""},
	}
	for _, c := range cases {
		b := board
		if strings.HasPrefix(c.name, "pieces") {
			b = "name: bar\nboard: 4x2\n"
		}
		spec, err := ParseSpec("u.yaml", []byte(b+"pieces:\n"+c.pieces+c.tail), "")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, u := range []Unplaceable{RefuseUnplaceable, DropUnlimited, DropAll} {
			_, err := NewWith(context.Background(), spec, BuildOptions{Unplaceable: u})
			if c.want == "" {
				// Valid input: the answer is ErrUnplaceable unless the
				// piece is dropped (DropAll keeps the rest).
				if (u == DropAll) != (err == nil) || err != nil && !errors.Is(err, ErrUnplaceable) {
					t.Errorf("%s, %d: %v", c.name, u, err)
				}
				continue
			}
			if err == nil || errors.Is(err, ErrUnplaceable) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s, %d: %v, want the refusal %q", c.name, u, err, c.want)
			}
		}
	}
	// A later piece the parser cannot refuse (a 3D piece on a 2D board,
	// checked when the puzzle is built) after one with more cells than the
	// board.
	pos := Pos{File: "s.yaml", Line: 1, Col: 1}
	spec := Spec{Dim: 2, Region: Box(Dims{Width: 3, Height: 1}), pos: specPos{region: pos}, Pieces: []PieceSpec{
		{Name: "P", Cells: []Cell{{}, {J: 1}, {J: 2}, {J: 3}}, Count: 1, Pos: pos},
		{Name: "A", Cells: []Cell{{}, {L: 1}}, Count: 1, Pos: pos},
	}}
	for _, u := range []Unplaceable{RefuseUnplaceable, DropUnlimited, DropAll} {
		_, err := NewWith(context.Background(), spec, BuildOptions{Unplaceable: u})
		if err == nil || errors.Is(err, ErrUnplaceable) || !strings.Contains(err.Error(), "is 3D but the board is 2D") {
			t.Errorf("later 3D piece, %d: %v, want its refusal", u, err)
		}
	}
}
