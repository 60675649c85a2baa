package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/shard"
)

// TestShardsOfDecidedPuzzlesMerge: puzzles whose count is decided before
// the split (the pieces' area does not match the board, also once an
// unlimited piece that fits nowhere is dropped; or found while reading it:
// a piece of finite supply that fits nowhere) and puzzles a single
// forced placement finishes, in N = 1, 2, 3 shards: every shard exits 0
// and writes a complete shard result (the whole split owned once), and
// merge gives the single-process count with its exit status (1 for 0
// solutions), with --puzzle too. Shards of a decided puzzle wrote no
// "shard" object (the split never ran), and merge refused them with exit
// 2; with a finite piece that fits nowhere they exited 1 with no result.
func TestShardsOfDecidedPuzzlesMerge(t *testing.T) {
	dir := t.TempDir()
	puzzles := map[string]string{
		// 2+1 cells on 4: decided before the split, 0 solutions.
		"area": "board: 4x1\npieces:\n  A: \"##\"\n  B: \"#\"\n",
		// The unlimited square fits nowhere on 4x1 and is dropped; then as above.
		"dropped": "board: 4x1\npieces:\n  A: \"##\"\n  B: \"#\"\n  C:\n    shape: \"##\\n##\"\n    count: unlimited\n",
		// One forced placement: 1 solution.
		"forced": "board: 2x1\npieces:\n  A: \"##\"\n",
		// A piece of finite supply larger than the board: no tiling,
		// found while reading the puzzle (solve exits 1 with no JSON).
		"finite-unplaceable": "board: 2x1\npieces:\n  A: \"##\"\n  B: \"###\"\n",
		// The same with the piece fitting the board but nowhere in it.
		"finite-nowhere": "board: 3x1\npieces:\n  A: \"#\"\n  B: \"##\"\n  C: \"##\\n#.\"\n",
		// Dropped unlimited piece, the rest fills the board: 2 solutions (AB, BA).
		"dropped-fits": "board: 3x1\npieces:\n  A: \"##\"\n  B: \"#\"\n  C:\n    shape: \"##\\n##\"\n    count: unlimited\n",
	}
	for name, text := range puzzles {
		p := filepath.Join(dir, name+".yaml")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		wcode, wout, werrs := run(t, "", "--quiet", "solve", p, "--count", "--json")
		var whole struct{ Solutions, Unique int64 }
		if err := json.Unmarshal([]byte(wout), &whole); (err != nil || wcode != 0) && wcode != 1 {
			t.Fatalf("%s: single process: exit %d %v %s", name, wcode, err, werrs)
		}
		for n := 1; n <= 3; n++ {
			out := filepath.Join(dir, fmt.Sprintf("%s-%d", name, n))
			os.Mkdir(out, 0o755)
			var owned int64
			for i := range n {
				f := filepath.Join(out, fmt.Sprintf("shard-%d.json", i))
				code, _, errs := run(t, "", "--quiet", "solve", p, "--count", "--shard", fmt.Sprintf("%d/%d", i, n), "--json", "-o", f)
				if code != 0 {
					t.Fatalf("%s shard %d/%d: exit %d %s", name, i, n, code, errs)
				}
				r, err := shard.ReadFile(f)
				if err != nil {
					t.Fatalf("%s shard %d/%d: %v", name, i, n, err)
				}
				if !r.Complete || r.Finished != r.Owned {
					t.Errorf("%s shard %d/%d: not complete: %+v", name, i, n, r)
				}
				owned += r.Owned
				if i == n-1 && owned != r.Split.Subproblems {
					t.Errorf("%s N=%d: the shards own %d of %d subproblems", name, n, owned, r.Split.Subproblems)
				}
			}
			for _, args := range [][]string{{out}, {"--puzzle", p, out}} {
				code, rep, errs := mergeJSON(t, args...)
				if code != wcode || !rep.Complete || rep.All != whole.Solutions || rep.Unique != whole.Unique || rep.Count != n {
					t.Errorf("%s N=%d: merge %v exit %d (%s) %d/%d solutions; single process exit %d, %d/%d",
						name, n, args[:len(args)-1], code, errs, rep.All, rep.Unique, wcode, whole.Solutions, whole.Unique)
				}
			}
		}
	}
	// The fingerprint of a puzzle with an unplaceable piece is not that of
	// the puzzle without it (2x1 with "##" only: 1 solution).
	forced, stale := filepath.Join(dir, "forced.yaml"), filepath.Join(dir, "finite-unplaceable-2")
	if code, _, errs := mergeJSON(t, "--puzzle", forced, stale); code != 2 || !strings.Contains(errs, "not computed for --puzzle") {
		t.Errorf("the shards of a puzzle with an unplaceable piece, merged as the puzzle without it: exit %d %s", code, errs)
	}
}
