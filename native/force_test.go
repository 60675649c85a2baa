package native

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// pinned76 is a 76-cell board (6x13 less two cells) cut into 15 pieces,
// four of them with one or two placements (at:, region:): found by a
// differential run, where the default FILA (F, the board being 6 across)
// had not finished in 30 s (499 M nodes) and DLX counted 625 in 0.2 s.
const pinned76 = `
name: seed6020
board: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [0, 8], [0, 9], [0, 10], [0, 11], [0, 12], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [1, 7], [1, 8], [1, 9], [1, 10], [1, 11], [1, 12], [2, 0], [2, 1], [2, 2], [2, 4], [2, 5], [2, 6], [2, 7], [2, 8], [2, 9], [2, 10], [2, 11], [2, 12], [3, 0], [3, 1], [3, 2], [3, 4], [3, 5], [3, 6], [3, 7], [3, 8], [3, 9], [3, 10], [3, 11], [3, 12], [4, 0], [4, 1], [4, 2], [4, 3], [4, 4], [4, 5], [4, 6], [4, 7], [4, 8], [4, 9], [4, 10], [4, 11], [4, 12], [5, 0], [5, 1], [5, 2], [5, 3], [5, 4], [5, 5], [5, 6], [5, 7], [5, 8], [5, 9], [5, 10], [5, 11], [5, 12]]
pieces:
  A:
    shape: [[5, 10], [5, 11]]
    count: 1
    orientations: fixed
  B:
    shape: "###/###"
    count: 1
    orientations: free
    at: [0, 0]
  C:
    shape: "####"
    count: 1
    orientations: free
  D:
    shape: [[2, 7], [2, 8], [3, 8], [4, 8]]
    count: 1
    orientations: free
  E:
    shape: "##./###/.#./.#."
    count: 1
    orientations: free
  F:
    shape: [[2, 1], [2, 2], [3, 2], [4, 1], [4, 2], [5, 0], [5, 1]]
    count: 1
    orientations: free
  G:
    shape: "###/.##/.#."
    count: 1
    orientations: free
  H:
    shape: "...#/...#/####"
    count: 1
    orientations: free
    region: [[1, 3], [1, 6], [1, 9], [2, 0], [2, 4], [3, 7], [4, 7], [5, 4], [5, 5], [5, 6], [5, 7]]
  I:
    shape: [[2, 5]]
    count: 3
    orientations: rotate
  J:
    shape: [[3, 5], [4, 3], [4, 4], [4, 5], [4, 6], [5, 2], [5, 3]]
    count: 1
    orientations: free
    at: [3, 2]
  K:
    shape: "#"
    count: 1
    orientations: free
  L:
    shape: "##./.##"
    count: 1
    orientations: free
  M:
    shape: "..#/###/.##/.#."
    count: 1
    orientations: free
  N:
    shape: "#./##/#."
    count: 1
    orientations: free
  O:
    shape: "#..#/####/#..#"
    count: 1
    orientations: free
    at: [3, 9]
`

// TestFewPlacementPiecesFirst: with FILA, the pieces of one copy with at
// most fewPlacements options are placed by DLX before FILA starts (as
// the pinned piece is), so the default configuration counts the pinned76
// board in a fraction of a second, with DLX's count; and the example
// with X fixed in one place counts 442 with DLX's count. Fails on the
// old code: the default FILA does not finish pinned76 within 5 s.
func TestFewPlacementPiecesFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds on the old code")
	}
	p76 := parseYAML(t, "pinned76", pinned76)
	xf, err := puzzle.ParseFile("../examples/pentomino-10x6-x-fixed.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		p    *puzzle.Puzzle
		want int64
	}{{"pinned76", p76, 625}, {"x-fixed", xf, 442}} {
		ref := solve(t, c.p, Config{Algorithm: "dlx"})
		for _, cfg := range []Config{DefaultConfig(c.p), {Algorithm: "fila", Schedule: "e", NOF: true}, {Algorithm: "fila", Schedule: "f", Workers: 2}} {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			res, err := Solve(ctx, c.p, cfg)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if res.Interrupted || res.All != c.want || ref.All != c.want {
				t.Errorf("%s, %+v: %d solutions (interrupted %v, %d nodes), DLX %d; want %d", c.name, cfg, res.All, res.Interrupted, res.Nodes, ref.All, c.want)
			}
		}
	}
}

// TestForcedCountsEqual: on random puzzles (many with pieces of few
// placements, see TestFastFMatchesSolveFast), FILA with those pieces
// forced first counts what FILA without forcing and DLX count, serially,
// with -j 2 and over three shards, total and unique.
func TestForcedCountsEqual(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	forcedSome := 0
	for n := 0; n < 40; {
		p := randomOnePuzzle(rng)
		if p == nil {
			continue
		}
		n++
		ref := solve(t, p, Config{Algorithm: "dlx", Unique: true, Redundancy: "auto"})
		plain := Config{Algorithm: "fila", Schedule: DefaultSchedule(p), NOF: true, Volume: -1, Unique: true, Redundancy: "auto", noForce: true}
		if len(forcedItems(newProblem(p), Config{Algorithm: "fila"}, nil)) > 0 {
			forcedSome++
		}
		for _, cfg := range []Config{plain, {Algorithm: "fila", Schedule: DefaultSchedule(p), NOF: true, Volume: -1, Unique: true, Redundancy: "auto"},
			{Algorithm: "fila", Schedule: "e", NOF: true, Unique: true, Redundancy: "auto", Workers: 2}} {
			got := solve(t, p, cfg)
			var all, uniq int64
			for i := 0; i < 3; i++ {
				c := cfg
				c.Shard = Shard{Index: i, Count: 3}
				r := solve(t, p, c)
				all, uniq = all+r.All, uniq+r.Unique
			}
			if got.All != ref.All || got.Unique != ref.Unique || all != ref.All || uniq != ref.Unique {
				t.Fatalf("%s, %+v: %d (%d unique), shards %d (%d); DLX %d (%d)", describePuzzle(p), cfg, got.All, got.Unique, all, uniq, ref.All, ref.Unique)
			}
		}
	}
	if forcedSome < 5 {
		t.Errorf("only %d of 40 random puzzles have a forced piece: the test does not test forcing", forcedSome)
	}
}

// forced86 is an 86-cell board (10x9 less four cells) cut into 22 pieces,
// 15 of them with 4 to 8 placements (region:, closed under the board's
// four symmetries): found by a differential run, where the default FILA
// searched 372,995 nodes (2.8 s) and DLX 635 (0.008 s). The forced
// classes were branched on in their static order, so a cell left with no
// option was not seen until FILA started.
const forced86 = `
name: forced86
board: |
  #.######.#
  ##########
  ##########
  ##########
  ##########
  ##########
  ##########
  ##########
  #.######.#
pieces:
  P0:
    shape: "##./###"
    count: 1
    orientations: free
  P1:
    shape: "#../#../###"
    count: 1
    orientations: free
    region: [[2, 3], [2, 4], [2, 5], [2, 6], [3, 3], [3, 6], [4, 3], [4, 6], [5, 3], [5, 6], [6, 3], [6, 4], [6, 5], [6, 6]]
  P2:
    shape: "###/###"
    count: 1
    orientations: free
    region: [[3, 0], [3, 1], [3, 2], [3, 7], [3, 8], [3, 9], [4, 0], [4, 1], [4, 2], [4, 7], [4, 8], [4, 9], [5, 0], [5, 1], [5, 2], [5, 7], [5, 8], [5, 9]]
  P3:
    shape: "##"
    count: 1
    orientations: free
    region: [[2, 4], [2, 5], [3, 4], [3, 5], [4, 4], [4, 5], [5, 4], [5, 5], [6, 4], [6, 5]]
  P4:
    shape: "#/#/#"
    count: 1
    orientations: free
    region: [[0, 3], [0, 6], [1, 3], [1, 6], [2, 2], [2, 3], [2, 6], [2, 7], [3, 3], [3, 6], [5, 3], [5, 6], [6, 2], [6, 3], [6, 6], [6, 7], [7, 3], [7, 6], [8, 3], [8, 6]]
  P5:
    shape: "##/##/.#"
    count: 1
    orientations: free
    region: [[1, 4], [1, 5], [2, 4], [2, 5], [3, 4], [3, 5], [5, 4], [5, 5], [6, 4], [6, 5], [7, 4], [7, 5]]
  P6:
    shape: "###"
    count: 1
    orientations: free
  P7:
    shape: "#../###/..#"
    count: 1
    orientations: free
    region: [[0, 0], [0, 9], [1, 0], [1, 1], [1, 2], [1, 7], [1, 8], [1, 9], [2, 2], [2, 7], [6, 2], [6, 7], [7, 0], [7, 1], [7, 2], [7, 7], [7, 8], [7, 9], [8, 0], [8, 9]]
  P8:
    shape: "...#/####"
    count: 1
    orientations: free
  P9:
    shape: "##/##/#."
    count: 1
    orientations: free
    region: [[1, 2], [1, 7], [2, 1], [2, 2], [2, 7], [2, 8], [3, 1], [3, 2], [3, 7], [3, 8], [4, 0], [4, 1], [4, 8], [4, 9], [5, 1], [5, 2], [5, 7], [5, 8], [6, 1], [6, 2], [6, 7], [6, 8], [7, 2], [7, 7]]
  P10:
    shape: "#/#/#"
    count: 1
    orientations: free
    region: [[2, 0], [2, 1], [2, 8], [2, 9], [3, 0], [3, 9], [4, 0], [4, 9], [5, 0], [5, 9], [6, 0], [6, 1], [6, 8], [6, 9]]
  P11:
    shape: "#####/#...."
    count: 1
    orientations: free
    region: [[0, 0], [0, 9], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [1, 7], [1, 8], [1, 9], [7, 0], [7, 1], [7, 2], [7, 3], [7, 4], [7, 5], [7, 6], [7, 7], [7, 8], [7, 9], [8, 0], [8, 9]]
  P12:
    shape: "#./##"
    count: 1
    orientations: free
    region: [[2, 1], [2, 8], [3, 0], [3, 1], [3, 8], [3, 9], [5, 0], [5, 1], [5, 8], [5, 9], [6, 1], [6, 8]]
  P13:
    shape: "#./##"
    count: 1
    orientations: free
    region: [[1, 2], [1, 3], [1, 6], [1, 7], [2, 2], [2, 3], [2, 6], [2, 7], [6, 2], [6, 3], [6, 6], [6, 7], [7, 2], [7, 3], [7, 6], [7, 7]]
  P14:
    shape: "#"
    count: 1
    orientations: free
    region: [[2, 0], [2, 9], [6, 0], [6, 9]]
  P15:
    shape: "###/.#."
    count: 1
    orientations: free
    region: [[0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [1, 3], [1, 6], [7, 3], [7, 6], [8, 2], [8, 3], [8, 4], [8, 5], [8, 6], [8, 7]]
  P16:
    shape: ".#/##"
    count: 1
    orientations: free
    region: [[0, 0], [0, 9], [1, 0], [1, 1], [1, 8], [1, 9], [2, 0], [2, 1], [2, 8], [2, 9], [6, 0], [6, 1], [6, 8], [6, 9], [7, 0], [7, 1], [7, 8], [7, 9], [8, 0], [8, 9]]
  P17:
    shape: "#"
    count: 1
    orientations: free
    region: [[0, 2], [0, 7], [8, 2], [8, 7]]
  P18:
    shape: "#../##./.##"
    count: 1
    orientations: free
    region: [[2, 3], [2, 4], [2, 5], [2, 6], [3, 3], [3, 4], [3, 5], [3, 6], [4, 4], [4, 5], [5, 3], [5, 4], [5, 5], [5, 6], [6, 3], [6, 4], [6, 5], [6, 6]]
  P19:
    shape: "###/..#"
    count: 1
    orientations: free
    region: [[0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [1, 2], [1, 7], [2, 2], [2, 7], [6, 2], [6, 7], [7, 2], [7, 7], [8, 2], [8, 3], [8, 4], [8, 5], [8, 6], [8, 7]]
  P20:
    shape: "##./###/#.."
    count: 1
    orientations: free
    region: [[3, 2], [3, 3], [3, 6], [3, 7], [4, 1], [4, 2], [4, 3], [4, 6], [4, 7], [4, 8], [5, 2], [5, 3], [5, 6], [5, 7]]
  P21:
    shape: "##/.#"
    count: 1
    orientations: free
    region: [[0, 0], [0, 9], [1, 0], [1, 1], [1, 8], [1, 9], [7, 0], [7, 1], [7, 8], [7, 9], [8, 0], [8, 9]]
`

// TestForcedSeesDeadEnds: while forced classes are open, an item with no
// option left ends the branch at once (and one with a single option is
// taken first), so FILA with forcing searches about the nodes DLX does on
// forced86, with DLX's count. Fails on the old code (372,995 nodes).
func TestForcedSeesDeadEnds(t *testing.T) {
	p := parseYAML(t, "forced86", forced86)
	ref := solve(t, p, Config{Algorithm: "dlx", Unique: true, Redundancy: "auto"})
	if ref.All != 8 || ref.Unique != 2 {
		t.Fatalf("DLX: %d (%d unique), want 8 (2)", ref.All, ref.Unique)
	}
	def := DefaultConfig(p)
	def.Unique, def.Redundancy = true, "auto"
	for _, cfg := range []Config{def, {Algorithm: "fila", Schedule: "e", NOF: true, Unique: true, Redundancy: "auto"},
		{Algorithm: "fila", Schedule: "f", NOF: true}} {
		got := solve(t, p, cfg)
		if got.All != ref.All || cfg.Unique && got.Unique != ref.Unique {
			t.Errorf("%+v: %d (%d unique), DLX %d (%d)", cfg, got.All, got.Unique, ref.All, ref.Unique)
		}
		if got.Nodes > 20*ref.Nodes+1000 {
			t.Errorf("%+v: %d nodes, DLX %d: the forced levels do not see dead ends", cfg, got.Nodes, ref.Nodes)
		}
	}
}

// unlimited88 is an 88-cell board (13x7 less three cells) with 22 pieces
// of one copy, each pinned by at: or held by region: to at most 8
// placements, and unlimited dominoes and straight trominoes filling the
// rest: found by a differential run, where the default FILA had not
// finished in 30 s (154 M nodes) and DLX counted 4 in 36 nodes. Forcing
// was left out with an unlimited piece, though DLX places a pinned piece
// before FILA (which starts at once in such a puzzle) as it does without.
const unlimited88 = `
name: unlimited88
board: |
  #############
  #.###########
  #############
  #############
  ############.
  ##########.##
  #############
pieces:
  P1:
    shape: "###/##."
    count: 1
    orientations: rotate
    at: [2, 0]
  P2:
    shape: "##"
    count: 1
    orientations: free
    at: [6, 2]
  P3:
    shape: "#./#./##"
    count: 1
    orientations: free
    region: [[4, 0], [5, 0], [6, 0], [6, 1]]
  P4:
    shape: "##/.#/.#"
    count: 1
    orientations: free
    at: [4, 8]
  P5:
    shape: "###"
    count: 1
    orientations: free
    region: [[6, 9], [6, 10], [6, 11], [6, 12]]
  P6:
    shape: "##/#."
    count: 1
    orientations: free
    at: [0, 4]
  P7:
    shape: ".##/###/.#."
    count: 1
    orientations: free
    at: [0, 10]
  P8:
    shape: "##./.##"
    count: 1
    orientations: rotate
    at: [4, 10]
  P9:
    shape: "..#/###"
    count: 1
    orientations: rotate
    at: [2, 10]
  P10:
    shape: "#/#/#"
    count: 1
    orientations: rotate
    at: [4, 4]
  P11:
    shape: "##/.#/.#"
    count: 1
    orientations: free
    region: [[0, 6], [0, 7], [1, 7], [2, 7]]
  P12:
    shape: ".#/##"
    count: 1
    orientations: free
    at: [3, 5]
  P13:
    shape: "#/#"
    count: 1
    orientations: free
    at: [5, 8]
  P14:
    shape: "##/##"
    count: 1
    orientations: free
    region: [[0, 2], [0, 3], [1, 2], [1, 3]]
  P15:
    shape: ".#./##./###"
    count: 1
    orientations: rotate
    at: [3, 1]
  P16:
    shape: "#"
    count: 1
    orientations: free
    at: [2, 4]
  P17:
    shape: "##/#."
    count: 1
    orientations: free
    at: [2, 9]
  P18:
    shape: "##/#."
    count: 1
    orientations: free
    at: [0, 0]
  P19:
    shape: "#/#/#"
    count: 1
    orientations: free
    region: [[1, 3], [2, 3], [3, 3], [4, 3]]
  P20:
    shape: "##/#."
    count: 1
    orientations: free
    region: [[3, 7], [3, 8], [4, 7], [4, 8]]
  P21:
    shape: ".##/.##/##."
    count: 1
    orientations: rotate
    region: [[1, 5], [1, 6], [2, 5], [2, 6], [3, 4], [3, 5]]
  P22:
    shape: "###/##./#.."
    count: 1
    orientations: free
    at: [0, 8]
  D:
    shape: "##"
    count: unlimited
    orientations: free
  T3:
    shape: "###"
    count: unlimited
    orientations: free
`

// TestForcedWithUnlimited: with an unlimited piece too, the pieces of one
// copy with few placements are placed by DLX before FILA starts, so the
// default FILA (serial, -j 2, shards) counts unlimited88 in about DLX's
// nodes, with DLX's count. Fails on the old code (interrupted at 5 s).
func TestForcedWithUnlimited(t *testing.T) {
	p := parseYAML(t, "unlimited88", unlimited88)
	ref := solve(t, p, Config{Algorithm: "dlx", Unique: true, Redundancy: "auto"})
	if ref.All != 4 {
		t.Fatalf("DLX: %d, want 4", ref.All)
	}
	def := DefaultConfig(p)
	def.Unique, def.Redundancy = true, "auto"
	two := def
	two.Workers = 2
	for _, cfg := range []Config{def, two, {Algorithm: "fila", Schedule: "f", NOF: true}} {
		var all, nodes int64
		shards := 1
		if cfg.Workers == 0 && cfg.Schedule == "f" {
			shards = 3
		}
		for i := 0; i < shards; i++ {
			c := cfg
			if shards > 1 {
				c.Shard = Shard{Index: i, Count: shards}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			res, err := Solve(ctx, p, c)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if res.Interrupted {
				t.Fatalf("%+v: interrupted at 5 s (%d nodes); DLX %d nodes", c, res.Nodes, ref.Nodes)
			}
			all, nodes = all+res.All, nodes+res.Nodes
		}
		if all != ref.All {
			t.Errorf("%+v: %d solutions, DLX %d", cfg, all, ref.All)
		}
		if nodes > 20*ref.Nodes+1000 {
			t.Errorf("%+v: %d nodes, DLX %d", cfg, nodes, ref.Nodes)
		}
	}
}

// anchors72 is a 4x6x3 box (72 cells) cut into 18 polycubes, ten of them
// pinned by at: (rotations free: up to 24 placements each): found by a
// differential run, where the default FILA searched 3,858,757 nodes
// (3.0 s) for DLX's 8,886 (0.02 s). An at: allows as many placements as
// the piece has orientations, 8 at most in the square plane but 12 on the
// hex and triangle grids and 24 or 48 in 3D, so the pinned pieces were
// over fewPlacements and left to FILA.
const anchors72 = `
name: anchors72
board: 4x6x3
orientations: rotate
pieces:
  Q0:
    - "###"
    - "##."
  Q1:
    - "#./##/#."
  Q2:
    - ".#."
    - "###"
  Q3:
    - "#/#/#"
    - "#/./."
  Q4:
    - "##/#."
    - ".#/.."
  Q5:
    - "./././#/."
    - "#/#/#/#/#"
  Q6:
    - "#./#."
    - "#./.."
    - "##/.."
  Q7:
    - ".#/##"
    - "../##"
  Q8:
    - "#./##"
    - "#./#."
    - "../#."
  Q9:
    - "#"
  Q10:
    - "#"
  Q11:
    - "#../###/##."
  Q12:
    - "##/.#"
    - "##/.."
  Q13:
    - ".#/##/.#"
  Q14:
    - ".#/##"
    - ".#/.#"
  Q15:
    - "#./##"
    - "../##"
  Q16:
    - "#"
  Q17:
    - "#"
constraints:
  Q7:
    at: [4, 2, 0]
  Q4:
    at: [2, 2, 1]
  Q5:
    at: [0, 2, 0]
  Q8:
    at: [4, 0, 0]
  Q2:
    at: [0, 1, 2]
  Q16:
    at: [4, 0, 2]
  Q10:
    at: [5, 3, 2]
  Q11:
    at: [2, 0, 0]
  Q6:
    at: [3, 2, 0]
  Q17:
    at: [3, 0, 1]
`

// TestForcedAnchorOrientations: a piece with a placement constraint is
// forced while its placements are at most its orientations (one at:
// anchor's), so the default FILA counts anchors72 in about DLX's nodes,
// with DLX's count (serial, -j 2, three shards). Fails on the old code
// (3,858,757 nodes).
func TestForcedAnchorOrientations(t *testing.T) {
	p := parseYAML(t, "anchors72", anchors72)
	ref := solve(t, p, Config{Algorithm: "dlx", Unique: true, Redundancy: "auto"})
	if ref.All != 256 {
		t.Fatalf("DLX: %d, want 256", ref.All)
	}
	def := DefaultConfig(p)
	def.Unique, def.Redundancy = true, "auto"
	two := def
	two.Workers = 2
	for _, cfg := range []Config{def, two} {
		got := solve(t, p, cfg)
		if got.All != ref.All || got.Unique != ref.Unique {
			t.Errorf("%+v: %d (%d unique), DLX %d (%d)", cfg, got.All, got.Unique, ref.All, ref.Unique)
		}
		if got.Nodes > 20*ref.Nodes+1000 {
			t.Errorf("%+v: %d nodes, DLX %d: the pinned pieces are not forced", cfg, got.Nodes, ref.Nodes)
		}
	}
	var all int64
	for i := 0; i < 3; i++ {
		c := def
		c.Shard = Shard{Index: i, Count: 3}
		all += solve(t, p, c).All
	}
	if all != ref.All {
		t.Errorf("3 shards: %d, DLX %d", all, ref.All)
	}
}

// finite92 is a 92-cell board with 18 pieces of one copy, five of them
// unconstrained, and unlimited monominoes and dominoes (finite pieces: 85
// of its 92 cells): found by a differential run (brute
// force and DLX: 12 tilings), where the default FILA had not finished in
// 30 s and DLX searched 35,090 nodes. FILA started at once, reaching the
// finite pieces only where its cell order came to them.
const finite92 = `
name: finite92
board: |
  ##############
  ###########...
  ##############
  ##############
  ##############
  ##############
  .#..##########
pieces:
  P0:
    shape: "#./#./##/#./#."
    count: 1
    orientations: free
  P1:
    shape: "#./#./##"
    count: 1
    orientations: free
  P2:
    shape: "#./##"
    count: 1
    orientations: free
  P3:
    shape: "#./##/#."
    count: 1
    orientations: fixed
  P4:
    shape: "#"
    count: unlimited
    orientations: free
  P5:
    shape: ".#/##/##"
    count: 1
    orientations: free
  P6:
    shape: "#/#/#"
    count: 1
    orientations: free
    at: [1, 8]
  P7:
    shape: "##/##"
    count: 1
    orientations: free
    region: [[2, 10], [2, 11], [2, 12], [3, 11], [3, 12], [3, 13]]
  P10:
    shape: "..#/###/.#./.#."
    count: 1
    orientations: free
    region: [[1, 2], [2, 0], [2, 1], [2, 2], [3, 1], [4, 1]]
  P11:
    shape: ".#./.##/###"
    count: 1
    orientations: fixed
    at: [4, 10]
  P12:
    shape: "#./#./##"
    count: 1
    orientations: free
    at: [4, 5]
  P13:
    shape: "#../###/.##"
    count: 1
    orientations: fixed
    region: [[0, 5], [0, 6], [1, 4], [1, 5], [1, 6], [1, 7], [2, 5], [2, 6], [2, 7]]
  P14:
    shape: ".#/.#/##/.#"
    count: 1
    orientations: free
    at: [2, 12]
  P15:
    shape: "##/##"
    count: 1
    orientations: free
    at: [0, 0]
  P16:
    shape: "####/#..."
    count: 1
    orientations: free
    region: [[0, 8], [0, 9], [0, 10], [0, 11], [0, 12], [0, 13], [1, 10], [2, 10]]
  P17:
    shape: "##/##"
    count: 1
    orientations: fixed
    at: [3, 2]
  P18:
    shape: "####"
    count: 1
    orientations: free
    at: [0, 6]
  P19:
    shape: "##"
    count: unlimited
    orientations: free
  P20:
    shape: "###/.#./.#."
    count: 1
    orientations: free
    region: [[0, 2], [0, 3], [0, 4], [0, 5], [1, 3], [2, 3], [3, 3]]
  P23:
    shape: "#./##/##/#."
    count: 1
    orientations: free
    at: [3, 9]
`

// TestForcedFiniteWithUnlimited: with an unlimited piece and finite pieces
// covering three quarters of the board or more, DLX places every piece of
// one copy before FILA fills the rest, so the default FILA counts
// finite92 with DLX's count in far fewer nodes than 5 s allow. Fails on the
// old code (interrupted at 5 s).
func TestForcedFiniteWithUnlimited(t *testing.T) {
	p := parseYAML(t, "finite92", finite92)
	ref := solve(t, p, Config{Algorithm: "dlx", Unique: true, Redundancy: "auto"})
	if ref.All != 12 {
		t.Fatalf("DLX: %d, want 12", ref.All)
	}
	def := DefaultConfig(p)
	def.Unique, def.Redundancy = true, "auto"
	two := def
	two.Workers = 2
	for _, cfg := range []Config{def, two} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		res, err := Solve(ctx, p, cfg)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if res.Interrupted || res.All != ref.All || res.Unique != ref.Unique {
			t.Errorf("%+v: %d (%d unique), interrupted %v (%d nodes); DLX %d (%d)", cfg, res.All, res.Unique, res.Interrupted, res.Nodes, ref.All, ref.Unique)
		}
		if res.Nodes > 20*ref.Nodes+1000 {
			t.Errorf("%+v: %d nodes, DLX %d", cfg, res.Nodes, ref.Nodes)
		}
	}
}

// pentominoesMonominoes10x10 is the 12 pentominoes in a 10x10 box with
// unlimited monominoes for the 40 cells they leave.
const pentominoesMonominoes10x10 = `
board: 10x10
pieces:
  M: {shape: "#", count: unlimited}
  F: {shape: ".##/##./.#.", count: 1}
  I: {shape: "#####", count: 1}
  L: {shape: "####/#...", count: 1}
  N: {shape: "##../.###", count: 1}
  P: {shape: "##/##/#.", count: 1}
  T: {shape: "###/.#./.#.", count: 1}
  U: {shape: "#.#/###", count: 1}
  V: {shape: "#../#../###", count: 1}
  W: {shape: "#../##./.##", count: 1}
  X: {shape: ".#./###/.#.", count: 1}
  Y: {shape: "####/.#..", count: 1}
  Z: {shape: "##./.#./.##", count: 1}
`

// TestFiniteFirstWhenListing: a first tiling of the 12 pentominoes in
// 10x10 with unlimited monominoes, as a person would pose it: the default
// FILA found none in 60 s (462 M nodes, DLX alone 25 M nodes and none
// either); with the pentominoes placed first it is found at once. Fails on
// the old code (interrupted at 5 s).
func TestFiniteFirstWhenListing(t *testing.T) {
	p := parseYAML(t, "pm10", pentominoesMonominoes10x10)
	cfg := DefaultConfig(p)
	cfg.Limit = 1
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := Solve(ctx, p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Interrupted || res.All != 1 || res.Nodes > 1000 {
		t.Fatalf("first tiling: %d found, interrupted %v, %d nodes; want one within 1,000 nodes", res.All, res.Interrupted, res.Nodes)
	}
	if _, err := p.Verify(res.First[0], true); err != nil {
		t.Fatal(err)
	}
}

// TestFiniteFirstNotForManyArrangements: counting a puzzle whose finite
// pieces cover a small part of the board (P, L and T with unlimited
// monominoes in 6x6) keeps FILA's own order: placing the finite pieces
// first would build a FILA model of the rest for each of their 262,304
// arrangements (8x8: 23.0 s against 2.9 s). The nodes equal those of the
// search without forced pieces, and the count DLX's.
func TestFiniteFirstNotForManyArrangements(t *testing.T) {
	p := parseYAML(t, "mp6", `
board: 6x6
pieces:
  M: {shape: "#", count: unlimited}
  P: {shape: "##/##/#.", count: 1}
  L: {shape: "#./#./##", count: 1}
  T: {shape: "###/.#./.#.", count: 1}
`)
	ref := solve(t, p, Config{Algorithm: "dlx"})
	def := solve(t, p, DefaultConfig(p))
	plain := DefaultConfig(p)
	plain.noForce = true
	unforced := solve(t, p, plain)
	if def.All != ref.All || def.All != 262304 || def.Nodes != unforced.Nodes {
		t.Errorf("default: %d tilings in %d nodes; DLX %d, want 262,304 in the %d nodes of the search without forced pieces", def.All, def.Nodes, ref.All, unforced.Nodes)
	}
}
