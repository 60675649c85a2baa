package puzzle

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// TestUnplaceablePieces: a piece that fits nowhere (more cells than the
// board, no image, no image its constraint allows) is refused with
// ErrUnplaceable by default, left out under DropUnlimited only when its
// supply is unlimited, and always under DropAll; the rest of the puzzle
// is the one without it.
func TestUnplaceablePieces(t *testing.T) {
	const head = "name: u\nboard: 4x2\norientations: free\npieces:\n"
	cases := []struct {
		name, pieces string
		// dropped under DropUnlimited and DropAll (nil: refused)
		unlimited, all []string
	}{
		{"too long", "  I: \"#####\"\n  O: {shape: \"##/##\", count: 2}\n", nil, []string{"I"}},
		{"more cells than the board", "  B: \"#####/#####\"\n  O: {shape: \"##/##\", count: 2}\n", nil, []string{"B"}},
		{"unlimited", "  I: {shape: \"#####\", count: unlimited}\n  O: {shape: \"##/##\", count: 2}\n", []string{"I"}, []string{"I"}},
		{"constraint", "  L: {shape: \"#./##\", count: 1}\n  O: {shape: \"##/##\", count: 1}\nconstraints:\n  L: {at: [1, 3]}\n", nil, []string{"L"}},
		{"two", "  I: \"#####\"\n  O: {shape: \"##/##\", count: 2}\n  P: {shape: \"###/#../#..\", count: unlimited}\n", nil, []string{"I", "P"}},
	}
	for _, c := range cases {
		spec, err := ParseSpec("u.yaml", []byte(head+c.pieces), "")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if _, err := New(spec); !errors.Is(err, ErrUnplaceable) {
			t.Errorf("%s: default build: %v, want ErrUnplaceable", c.name, err)
		}
		for _, u := range []struct {
			u    Unplaceable
			want []string
		}{{DropUnlimited, c.unlimited}, {DropAll, c.all}} {
			p, err := NewWith(context.Background(), spec, BuildOptions{Unplaceable: u.u})
			if u.want == nil {
				if !errors.Is(err, ErrUnplaceable) {
					t.Errorf("%s, %d: %v, want ErrUnplaceable", c.name, u.u, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s, %d: %v", c.name, u.u, err)
				continue
			}
			got := slices.Clone(p.Dropped)
			slices.Sort(got)
			if !slices.Equal(got, u.want) {
				t.Errorf("%s, %d: dropped %v, want %v", c.name, u.u, got, u.want)
			}
			for k := range p.Pieces {
				if slices.Contains(u.want, p.Pieces[k].Name) {
					t.Errorf("%s: piece %s still in the puzzle", c.name, p.Pieces[k].Name)
				}
				if n := p.Images.PieceStart[k+1] - p.Images.PieceStart[k]; n == 0 {
					t.Errorf("%s: piece %s kept without images", c.name, p.Pieces[k].Name)
				}
			}
			for _, pl := range p.Images.Place {
				if pl.Piece < 0 || pl.Piece >= len(p.Pieces) {
					t.Fatalf("%s: image of piece %d of %d", c.name, pl.Piece, len(p.Pieces))
				}
			}
		}
	}
	// No piece fits at all: refused even under DropAll.
	spec, err := ParseSpec("u.yaml", []byte(head+"  I: \"#####\"\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewWith(context.Background(), spec, BuildOptions{Unplaceable: DropAll}); !errors.Is(err, ErrUnplaceable) {
		t.Errorf("no piece fits: %v, want ErrUnplaceable", err)
	}
	// ... unless KeepEmpty asks for the empty puzzle (maximum coverage 0);
	// KeepEmpty alone does not drop a finite piece.
	p, err := NewWith(context.Background(), spec, BuildOptions{Unplaceable: DropAll, KeepEmpty: true})
	if err != nil || len(p.Pieces) != 0 || len(p.Images.Place) != 0 || len(p.Images.PieceStart) != 1 || len(p.Dropped) != 1 || p.Area() == 0 {
		t.Errorf("no piece fits, KeepEmpty: %v, %+v", err, p)
	}
	if _, err := NewWith(context.Background(), spec, BuildOptions{Unplaceable: DropUnlimited, KeepEmpty: true}); !errors.Is(err, ErrUnplaceable) {
		t.Errorf("no piece fits, DropUnlimited and KeepEmpty: %v, want ErrUnplaceable", err)
	}
}
