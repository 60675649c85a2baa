package shard

import (
	"slices"
	"testing"
)

// TestRerunArgs: the rerun template puts {} in --shard and in the file
// names (where the index was, or inserted), keeps --unique and --json,
// and leaves -o out for stdout.
func TestRerunArgs(t *testing.T) {
	cfg := Config{Backend: "fila", Schedule: "s", FilaAt: 3, NOF: true, Volume: 0, Redundancy: "X"}
	got := Rerun{Puzzle: "p.yaml", Unique: true, Config: cfg, Index: 2, Count: 4, JSON: true,
		Output: "out/shard-2.json", Checkpoint: "ck.ckpt"}.Args()
	want := []string{"polytile", "solve", "p.yaml", "--count", "--unique",
		"--backend", "fila", "--heuristic", "s", "--fila-at=3", "--nof=true", "--volume=0", "--redundancy", "X",
		"--shard", "{}/4", "--json", "-o", "out/shard-{}.json", "--checkpoint", "ck-{}.ckpt"}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	got = Rerun{Puzzle: "p.yaml", Config: Config{Backend: "dlx"}, Index: 0, Count: 2, Output: "-"}.Args()
	want = []string{"polytile", "solve", "p.yaml", "--count", "--backend", "dlx", "--fila-at=0", "--nof=false", "--volume=0",
		"--redundancy", "none", "--shard", "{}/2"}
	if !slices.Equal(got, want) {
		t.Errorf("stdout, no checkpoint:\ngot  %q\nwant %q", got, want)
	}
}
