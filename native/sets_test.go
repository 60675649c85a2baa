package native

import (
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// The 12 pentominoes given by set name, as flat polycubes in boxes: the
// known counts of Bouwkamp's catalogues, 12 solutions of 2x3x10 and 264 of
// 2x5x6 unique under the box's rotations (8 of them: the pieces are their
// own mirror images in space, so rotations suffice).
func TestPentominoSetInBoxes(t *testing.T) {
	cfg := Config{Algorithm: "fila", FilaAt: 11, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"}
	for _, c := range []struct {
		board       string
		unique, all int64
		long        bool
	}{
		{"10x3x2", 12, 96, false},
		{"6x5x2", 264, 2112, true},
	} {
		if c.long && (testing.Short() || raceEnabled) {
			continue
		}
		p, err := puzzle.Parse("flat.yaml", []byte("board: "+c.board+"\norientations: rotate\npieces: pentominoes\n"), "")
		if err != nil {
			t.Fatal(err)
		}
		res := solve(t, p, cfg)
		if res.Unique != c.unique || res.All != c.all {
			t.Errorf("pentominoes in %s: unique %d all %d, want %d and %d", c.board, res.Unique, res.All, c.unique, c.all)
		}
	}
}

// The 35 hexominoes in 15x14: the signed checkerboard bound (204 of 210) is
// the optimum, reached by a tiling with one hexomino left out.
func TestHexominoMaxCoverage(t *testing.T) {
	if raceEnabled {
		t.Skip("seconds under -race")
	}
	p, err := puzzle.ParseFile("../examples/hexomino-15x14.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	res := maxCover(t, p, Config{})
	if res.Covered != 204 || !res.Optimal || res.Bound != 204 || !strings.HasPrefix(res.Proof, "checkerboard bound 204") {
		t.Errorf("covered %d bound %d optimal %v, proof %q", res.Covered, res.Bound, res.Optimal, res.Proof)
	}
}
