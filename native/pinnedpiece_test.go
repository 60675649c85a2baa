package native

import (
	"context"
	"errors"
	"testing"
)

// TestPinnedPieceIsSolves: PinnedPiece is the piece a sharded Solve's
// split pins, for auto, none and a piece named, on square, hexagonal and
// 3D examples (one with copies of one piece, which auto cannot pin): the
// count key compares a key's --redundancy with this run's by it.
func TestPinnedPieceIsSolves(t *testing.T) {
	stop := errors.New("split only")
	for _, c := range []struct{ file, spec string }{
		{"pentomino-12x5.yaml", "auto"}, {"pentomino-12x5.yaml", ""}, {"pentomino-12x5.yaml", "none"},
		{"pentomino-12x5.yaml", "I"}, {"pentomino-10x6.yaml", "auto"}, {"pentomino-8x8-square.yaml", "auto"},
		{"soma.yaml", "auto"}, {"hexiamonds-6x6.yaml", "auto"}, {"tetrahexes-7x4.yaml", "auto"},
		{"tetrominoes-5x4.yaml", "auto"}, {"pentomino-8x8-hole.yaml", "auto"}, {"t-tetromino-10x10.yaml", "auto"},
	} {
		p := loadExample(t, c.file)
		got, err := PinnedPiece(context.Background(), p, c.spec)
		if err != nil {
			t.Errorf("%s %q: %v", c.file, c.spec, err)
			continue
		}
		var info Split
		_, err = Solve(context.Background(), p, Config{Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: c.spec,
			Shard: Shard{Index: 0, Count: 2}, OnSplit: func(s Split) error { info = s; return stop }})
		if err != nil && !errors.Is(err, stop) {
			t.Errorf("%s %q: Solve: %v", c.file, c.spec, err)
			continue
		}
		if got != info.Pinned {
			t.Errorf("%s %q: PinnedPiece %q, the split pinned %q", c.file, c.spec, got, info.Pinned)
		}
	}
}
