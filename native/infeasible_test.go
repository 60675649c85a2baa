package native

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestProveInfeasible: the proof is given exactly for the puzzles whose
// area or colouring allows no exact tiling, as an *InfeasibleError
// wrapping ErrInfeasible, and every puzzle proven infeasible here has no
// solution in an exhaustive count (the independent truth).
func TestProveInfeasible(t *testing.T) {
	cases := []struct {
		name, src string
		area      bool   // proven by area
		bound     bool   // proven by the coverage bound
		proof     string // when not "": the proof's text
	}{
		{"dominoes 2x2", "board: 2x2\npieces:\n  D: {shape: \"##\", count: 2}\n", false, false, ""},
		{"too much area", "board: 2x2\npieces:\n  D: {shape: \"##\", count: 3}\n", true, false, "the pieces have 6 cells and the board 4"},
		{"too little area", "board: 3x2\npieces:\n  D: {shape: \"##\", count: 2}\n", true, false, ""},
		{"unlimited sizes", "board: 5x1\npieces:\n  D: {shape: \"##\", count: unlimited}\n", true, false, "no sum of the pieces' sizes (2) is the board's 5 cells"},
		{"unlimited fills", "board: 4x1\npieces:\n  D: {shape: \"##\", count: unlimited}\n", false, false, ""},
		{"finite over the board", "board: 2x2\npieces:\n  O: {shape: \"##/##\", count: 2}\n  D: {shape: \"##\", count: unlimited}\n", true, false,
			"the pieces of finite supply have 8 cells, more than the 4 of the board"},
		{"finite and unlimited", "board: 7x1\npieces:\n  I: {shape: \"###\", count: 1}\n  D: {shape: \"###\", count: unlimited}\n", true, false,
			"the pieces of finite supply leave 4 of the board's 7 cells, and no sum of the unlimited pieces' sizes (3) is 4"},
		// The five free tetrominoes on 5x4: area 20, checkerboard 16.
		{"tetrominoes 5x4", "board: 5x4\norientations: free\npieces:\n  I: \"####\"\n  O: \"##/##\"\n  T: \"###/.#.\"\n  S: \".##/##.\"\n  L: \"###/#..\"\n", false, true, ""},
		// The mutilated chessboard, 4x4: two opposite corners removed
		// leave 8 cells of one colour and 6 of the other for 7 dominoes.
		{"mutilated", "board: |\n  .###\n  ####\n  ####\n  ###.\npieces:\n  D: {shape: \"##\", count: 7}\n", false, true, ""},
	}
	for _, c := range cases {
		p, err := puzzle.Parse(c.name+".yaml", []byte(c.src), "")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		err = ProveInfeasible(p)
		if (err != nil) != (c.area || c.bound) {
			t.Errorf("%s: %v, want a proof: %v", c.name, err, c.area || c.bound)
			continue
		}
		res, serr := Solve(context.Background(), p, Config{})
		if serr != nil {
			t.Fatalf("%s: %v", c.name, serr)
		}
		if err == nil {
			if !strings.HasPrefix(c.name, "dominoes") && !strings.HasPrefix(c.name, "unlimited fills") {
				t.Errorf("%s: no proof", c.name)
			}
			if res.All == 0 {
				t.Errorf("%s: no proof, and no solution either: the case proves nothing", c.name)
			}
			continue
		}
		var ie *InfeasibleError
		if !errors.Is(err, ErrInfeasible) || !errors.As(err, &ie) || ie.Area != c.area || ie.Proof == "" {
			t.Errorf("%s: %#v, want *InfeasibleError (area %v)", c.name, err, c.area)
		}
		if c.proof != "" && ie.Proof != c.proof {
			t.Errorf("%s: proof %q, want %q", c.name, ie.Proof, c.proof)
		}
		if !c.area && ie.Bound.Bound >= ie.Bound.Cells {
			t.Errorf("%s: bound %d of %d proves nothing", c.name, ie.Bound.Bound, ie.Bound.Cells)
		}
		if res.All != 0 || res.Interrupted {
			t.Errorf("%s: proven infeasible, but the count is %d (interrupted %v)", c.name, res.All, res.Interrupted)
		}
	}
}
