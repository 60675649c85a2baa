package native

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestExampleFiles solves the example puzzles of the repository (when
// present) and checks the published counts. The Tetris Cube and the
// diamond take seconds with two workers; -short and -race skip them.
func TestExampleFiles(t *testing.T) {
	hybrid := Config{Algorithm: "fila", FilaAt: 11, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"}
	cases := []struct {
		file        string
		unique, all int64
		cfg         Config
		long        bool
	}{
		{"pentomino-10x6.yaml", 2339, 9356, hybrid, false},
		{"pentomino-10x6.knuth", 2339, 9356, hybrid, false},
		{"pentomino-12x5.yaml", 1010, 4040, hybrid, false},
		{"pentomino-15x4.yaml", 368, 1472, hybrid, false},
		{"pentomino-20x3.yaml", 2, 8, hybrid, false},
		{"pentomino-8x8-hole.yaml", 65, 520, hybrid, false},
		{"pentomino-8x8-square.yaml", 16146, 129168, hybrid, true}, // Dana Scott's problem, about 3 s with two workers
		// Placement constraints (counts checked independently in each file's comment).
		{"pentomino-8x8-empty.yaml", 65, 520, hybrid, false},
		{"pentomino-10x6-x-left.yaml", 1711, 3422, hybrid, false},
		{"pentomino-8x8-x-centre.yaml", 1735, 13880, hybrid, true},
		{"pentomino-10x6-x-fixed.yaml", 442, 442, hybrid, true},
		{"pentomino-8x8-empty-corner.yaml", 5027, 10054, hybrid, true},
		{"soma.yaml", 240, 11520, Config{Algorithm: "fila", Schedule: "e", NOF: true, Redundancy: "auto"}, false},
		{"soma.xmpuzzle", 240, 11520, Config{Algorithm: "fila", Schedule: "e", NOF: true, Redundancy: "auto"}, false},
		{"tetris-7x7.yaml", 0, 0, Config{Algorithm: "fila", Schedule: "f"}, false},
		{"tetris-cube.yaml", 9839, 236136, cfgTetrisCube, true},
		{"diamond-13x13.yaml", 51184, 204736, cfgDiamond, true},
	}
	for _, c := range cases {
		path := filepath.Join("..", "examples", c.file)
		if _, err := os.Stat(path); err != nil {
			t.Logf("%s: not present", c.file)
			continue
		}
		if c.long && (testing.Short() || raceEnabled) {
			continue // seconds even with two workers; the benchmarks check them too
		}
		if c.long {
			c.cfg.Workers = 2
		}
		if raceEnabled && c.file != "pentomino-20x3.yaml" && c.file != "tetris-7x7.yaml" {
			continue
		}
		p, err := puzzle.ParseFile(path, "")
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		res := solve(t, p, c.cfg)
		if res.Unique != c.unique || res.All != c.all {
			t.Errorf("%s: unique %d all %d, want %d and %d", c.file, res.Unique, res.All, c.unique, c.all)
		}
	}
}
