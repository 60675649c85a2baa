package shard_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// A merge with --puzzle and --heuristic s refuses the results counted
// with another heuristic.
func ExampleCheckPuzzle() {
	p, err := puzzle.Parse("p.yaml", []byte("board: 5x2\npieces:\n  I: \"#####\"\ncount: 2\n"), "")
	if err != nil {
		panic(err)
	}
	fp := shard.Fingerprint(p)
	res := &shard.Result{Fingerprint: fp, Config: shard.Config{Backend: "fila", Schedule: "f", NOF: true, Volume: -1}}
	files := []shard.Loaded{{Path: "shard-0.json", Result: res}}
	s := shard.DefaultSettings()
	s.Heuristic = "s"
	s.Given = func(name string) bool { return name == "heuristic" }
	err = shard.CheckPuzzle(shard.PuzzleCheck{Path: "p.yaml", Fingerprint: fp, Puzzle: p, Settings: s}, files)
	var c *shard.Conflict
	fmt.Println(errors.As(err, &c), c.Files)
	// Output: true [shard-0.json (backend=fila heuristic=f fila-at=0 nof=true volume=-1 redundancy=none)]
}

func ExampleReport_WriteText() {
	r := &shard.Report{Puzzle: "pentominoes", File: "p.yaml", Count: 2, Complete: true, All: 9356, Unique: 2339,
		Split: shard.Split{Subproblems: 40, Hash: "abc"}, Subproblems: 40, Seconds: 3, Min: 1, Median: 1.5, Max: 2}
	r.WriteText(os.Stdout)
	// Output:
	// puzzle      pentominoes (p.yaml)
	// config      backend= heuristic= fila-at=0 nof=false volume=0 redundancy=none
	// shards      2 of 2 complete
	// solutions   9356 (2339 unique)
	// nodes       0
	// split       40 subproblems (hash abc), 40 finished
	// time        3.00 s in all; per shard min 1.00 s, median 1.50 s, max 2.00 s (max/median 1.33)
}

// A version 3 key records the configuration as data, and reads back
// without solve's flag definitions.
func ExampleFormatKeyConfig() {
	kc := shard.KeyConfig{Config: shard.Config{Backend: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: "X"}, From: "yaml"}
	data := shard.FormatKeyConfig("count.sh", strings.Repeat("ab", 32), 3, kc, "sha256:"+strings.Repeat("0f", 32))
	fmt.Print(string(data))
	k, _ := shard.ParseKey(data)
	s, err := shard.ParseKeySettings(k)
	fmt.Println(k.Version, s.Heuristic, s.Redundancy, err)
	// Output:
	// polytile count.sh 3
	// puzzle-sha256 abababababababababababababababababababababababababababababababab
	// shards 3
	// flags --backend=fila --fila-at=0 --heuristic=f --nof=true --volume=-1 --redundancy=X --from=yaml
	// fingerprint sha256:0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f
	// 3 f X <nil>
}
