package native

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// gridPuzzles are small hex and triangle puzzles for the brute force.
var gridPuzzles = map[string]string{
	// lozenges (diamonds) in the hexagon of side 2: MacMahon's formula
	// gives 20 tilings
	"tri-lozenges": "grid: triangle\nboard: \"..#####./.#######/.#######/..#####\"\ncount: unlimited\npieces:\n  D: \"##\"\n",
	// two triamonds and a diamond in a hexagon plus two triangles
	"tri-mixed": "grid: triangle\nboard: \"###./####\"\npieces:\n  T: \"###\"\n  D: \"##\"\n  M:\n    shape: \"#\"\n    count: 2\n",
	// the bar and the big triangle among the tetriamonds, one-sided
	"tri-tetriamonds": "grid: triangle\nboard: 4x2\norientations: rotate\ncount: 2\npieces:\n  I: \"####\"\n  T: \"..#/.###\"\n",
	// the three trihexes, unlimited, in a 3x3 rhombus of hexagons
	"hex-trihexes": "grid: hex\nboard: 3x3\ncount: unlimited\npieces:\n  I: \"# # #\"\n  A: \"# #/ #\"\n  V: \"# #/   #\"\n",
	// two trihexes and the dihex in eight hexagons
	"hex-mixed": "grid: hex\nboard: \". # # #/.# # #/. # #\"\npieces:\n  I: \"# # #\"\n  A: \"# #/ #\"\n  D: \"# #\"\n",
}

// TestGridBruteForce checks every solver configuration against the naive
// enumerator on the hex and triangle grids: counts of all and of unique
// solutions (the grids' symmetries), and the solutions streamed. It
// exercises the grids' neighbours in NOF, the volume filter and the E
// heuristic, and the redundancy filter with the 12-element groups.
func TestGridBruteForce(t *testing.T) {
	for name, src := range gridPuzzles {
		p, err := puzzle.Parse(name+".yaml", []byte(src), "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		all, unique := bruteSolve(t, p)
		if name == "tri-lozenges" && len(all) != 20 {
			t.Errorf("lozenge tilings of the hexagon of side 2: %d, want 20", len(all))
		}
		if len(all) == 0 {
			t.Fatalf("%s: no solution: not a useful test", name)
		}
		t.Run(name, func(t *testing.T) {
			t.Logf("%s: %d solutions, %d unique, %d symmetries", name, len(all), len(unique), len(p.Symmetries()))
			checkConfigs(t, p, configs(p.Area()/3), all, unique)
		})
	}
}

// TestGridExamples solves the hex and triangle examples with DLX, FILA
// (with NOF and the volume filter, E, the hybrid) and two workers. The 12
// hexiamonds in the 6x6 rhombus have 156 solutions up to the rhombus's 4
// symmetries, the number quoted in the literature; the other counts are
// polytile's own, agreed by DLX, every FILA configuration and, for the
// tetrahexes, HiGHS counting with no-good cuts (polytile compare).
func TestGridExamples(t *testing.T) {
	cases := []struct {
		file        string
		all, unique int64
	}{
		{"hexiamonds-6x6.yaml", 624, 156},
		{"hexiamonds-9x4.yaml", 148, 74},
		{"tetrahexes-7x4.yaml", 18, 9},
		{"tetrahexes-rectangle.yaml", 36, 18},
	}
	cfgs := map[string]Config{
		"dlx":          {Redundancy: "auto"},
		"fila-default": {Algorithm: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"},
		"fila-e-nof":   {Algorithm: "fila", Schedule: "e", NOF: true, Redundancy: "none"},
		"hybrid":       {Algorithm: "fila", FilaAt: 8, Schedule: "f", NOF: true, Redundancy: "auto"},
		"parallel":     {Algorithm: "fila", Schedule: "f", NOF: true, Redundancy: "auto", Workers: 2},
	}
	for _, c := range cases {
		path := filepath.Join("..", "examples", c.file)
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		p, err := puzzle.ParseFile(path, "")
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		for name, cfg := range cfgs {
			if raceEnabled && name != "fila-default" {
				continue
			}
			res := solve(t, p, cfg)
			if res.All != c.all || res.Unique != c.unique {
				t.Errorf("%s %s: all %d unique %d, want %d and %d", c.file, name, res.All, res.Unique, c.all, c.unique)
			}
		}
	}
}
