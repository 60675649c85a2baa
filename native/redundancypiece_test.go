package native_test

import (
	"context"
	"errors"
	"testing"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// TestCheckRedundancyPieceErrors: a piece the puzzle lacks, one left out
// as fitting nowhere and one with two copies are refused with a
// *RedundancyPieceError naming it, which is ErrRedundancyPiece; a piece
// with one copy, auto and none pass.
func TestCheckRedundancyPieceErrors(t *testing.T) {
	p, err := puzzle.ParseWith(context.Background(), "t.yaml",
		[]byte("board: 4x2\npieces:\n  O: \"##/##\"\n  D: {shape: \"##\", count: 2}\n  I: \"#####\"\n"), "",
		puzzle.BuildOptions{Unplaceable: puzzle.DropAll, KeepEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	for spec, want := range map[string]string{
		"X": `no piece named "X"`,
		"I": `piece "I" fits nowhere in the board and was left out: choose another piece, auto or none`,
		"D": `piece "D" cannot be pinned (it must have one copy and be mapped onto itself by every symmetry of the puzzle)`,
		"O": "", "auto": "", "none": "", "": "",
	} {
		err := native.CheckRedundancyPiece(p, spec)
		var re *native.RedundancyPieceError
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: %v", spec, err)
		case want == "":
		case !errors.As(err, &re) || re.Piece != spec || re.Why != want || !errors.Is(err, native.ErrRedundancyPiece):
			t.Errorf("%q: %#v, want why %q", spec, err, want)
		case err.Error() != "redundancy filter: "+want:
			t.Errorf("%q: message %q", spec, err)
		}
	}
}
