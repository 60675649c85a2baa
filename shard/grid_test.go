package shard

import (
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestFingerprintGrid: the same cells and pieces on another grid, or moved
// so that the triangles turn over, are another puzzle (fails on the code
// before the grid was hashed: all three fingerprints were equal).
func TestFingerprintGrid(t *testing.T) {
	fp := func(src string) string {
		p, err := puzzle.Parse("f.yaml", []byte(src), "")
		if err != nil {
			t.Fatal(err)
		}
		return Fingerprint(p)
	}
	square := fp("orientations: fixed\nboard: \"####\"\npieces:\n  D: \"##\"\ncount: unlimited\n")
	tri := fp("grid: triangle\norientations: fixed\nboard: \"####\"\npieces:\n  D: \"##\"\ncount: unlimited\n")
	turned := fp("grid: triangle\norientations: fixed\nboard: \".####\"\npieces:\n  D: \"##\"\ncount: unlimited\n")
	if square == tri || tri == turned || square == turned {
		t.Errorf("fingerprints square %s, triangle %s, turned %s", square, tri, turned)
	}
	if again := fp("grid: square\norientations: fixed\nboard: 4x1\npieces:\n  D: \"##\"\ncount: unlimited\n"); again != square {
		t.Errorf("grid: square changed the fingerprint")
	}
}

// TestFingerprintConstraints: a placement constraint makes another puzzle
// (the fingerprint left constraints out, so shards of 10x6 with and
// without a region for Z had one fingerprint), and two constraints
// allowing different images differ.
func TestFingerprintConstraints(t *testing.T) {
	fp := func(src string) string {
		p, err := puzzle.Parse("f.yaml", []byte(src), "")
		if err != nil {
			t.Fatal(err)
		}
		return Fingerprint(p)
	}
	base := "board: 5x2\npieces:\n  I: \"#####\"\n  L: \"####/#...\"\n"
	plain := fp(base)
	at := fp(base + "constraints:\n  L: {at: [0, 0]}\n")
	at2 := fp(base + "constraints:\n  L: {at: [0, 1]}\n")
	if plain == at || at == at2 {
		t.Errorf("fingerprints plain %s, at [0,0] %s, at [0,1] %s", plain, at, at2)
	}
}
