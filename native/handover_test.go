package native

import "testing"

// hex94 is a 94-cell hex board cut into 20 pieces with one tiling, found
// by a differential run: the default FILA built 15,125 64-bit models for
// its 176,371 nodes (12 each), 99% of 8.1 s; DLX took 1.0 s.
const hex94 = `
name: seed7021
grid: hex
board: [[0, 7], [1, 2], [1, 3], [1, 6], [1, 7], [1, 8], [1, 9], [2, 0], [2, 2], [2, 3], [2, 5], [2, 6], [2, 7], [2, 8], [2, 9], [2, 10], [3, 1], [3, 2], [3, 3], [3, 4], [3, 5], [3, 6], [3, 7], [3, 8], [3, 9], [3, 10], [3, 11], [4, 2], [4, 3], [4, 4], [4, 5], [4, 6], [4, 7], [4, 8], [4, 9], [4, 10], [4, 11], [4, 12], [5, 3], [5, 4], [5, 5], [5, 6], [5, 7], [5, 8], [5, 9], [5, 10], [5, 11], [5, 12], [6, 5], [6, 6], [6, 7], [6, 8], [6, 9], [6, 10], [6, 11], [6, 12], [7, 6], [7, 7], [7, 8], [7, 9], [7, 10], [7, 11], [7, 12], [7, 13], [8, 4], [8, 5], [8, 6], [8, 7], [8, 8], [8, 9], [8, 10], [8, 11], [8, 12], [9, 5], [9, 6], [9, 7], [9, 8], [9, 9], [10, 6], [10, 7], [10, 8], [10, 9], [10, 10], [11, 6], [11, 7], [11, 8], [11, 9], [12, 8], [12, 9], [12, 10], [13, 8], [13, 9], [13, 10], [13, 11], [14, 10], [14, 11], [14, 12]]
empty: [[7, 10], [8, 10], [8, 11]]
pieces:
  A:
    shape: [[6, 10], [7, 11], [7, 12], [8, 12]]
    count: 1
    orientations: fixed
  B:
    shape: [[1, 6], [2, 5], [2, 6], [2, 7], [3, 6], [4, 7]]
    count: 1
    orientations: fixed
  C:
    shape: [[3, 7], [3, 8], [4, 8], [5, 8], [5, 9], [6, 9]]
    count: 1
    orientations: fixed
  D:
    shape: [[4, 12], [5, 12]]
    count: 1
    orientations: fixed
  E:
    shape: [[11, 7], [12, 8], [12, 9], [13, 8], [13, 9]]
    count: 1
    orientations: fixed
  F:
    shape: [[1, 2], [1, 3], [2, 3], [3, 2], [3, 3], [3, 4], [3, 5], [4, 5]]
    count: 1
    orientations: fixed
  G:
    shape: [[13, 11], [14, 12]]
    count: 1
    orientations: fixed
    region: [[4, 4], [13, 11], [14, 12]]
  H:
    shape: [[1, 8], [1, 9], [2, 9], [2, 10], [3, 10], [3, 11], [4, 11], [5, 11]]
    count: 1
    orientations: fixed
  I:
    shape: [[2, 0], [3, 1], [4, 2], [4, 3], [5, 3], [5, 4], [5, 5], [6, 5]]
    count: 1
    orientations: fixed
  J:
    shape: [[10, 8]]
    count: 1
    orientations: fixed
  K:
    shape: [[6, 6], [7, 6], [8, 5], [8, 6]]
    count: 1
    orientations: rotate
  L:
    shape: [[10, 9], [11, 9], [12, 10], [13, 10], [14, 10], [14, 11]]
    count: 1
    orientations: fixed
  M:
    shape: [[8, 4], [9, 5], [9, 6], [10, 6], [10, 7], [11, 6], [11, 8]]
    count: 1
    orientations: fixed
  N:
    shape: [[4, 6], [5, 6], [5, 7], [6, 7], [6, 8], [7, 9]]
    count: 1
    orientations: fixed
  O:
    shape: [[4, 9], [4, 10], [5, 10], [6, 11], [6, 12], [7, 13]]
    count: 1
    orientations: fixed
  P:
    shape: [[0, 7], [1, 7], [2, 8], [3, 9]]
    count: 1
    orientations: fixed
  Q:
    shape: [[2, 2]]
    count: 2
    orientations: fixed
  R:
    shape: [[7, 7], [8, 7], [8, 8], [8, 9], [9, 7], [9, 8], [9, 9], [10, 10]]
    count: 1
    orientations: rotate
  S:
    shape: [[2, 2]]
    count: 1
    orientations: fixed
`

// TestHandOverOnlyWhilePays: on hex94 the multi-word FILA stops handing
// over to 64-bit models that search a dozen nodes each, so it builds a
// few dozen models (not 15,125) and finds the one tiling DLX finds, in
// serial and with -j 2. Fails on the old code (15,125 models serially).
func TestHandOverOnlyWhilePays(t *testing.T) {
	p := parseYAML(t, "hex94", hex94)
	ref := solve(t, p, Config{Algorithm: "dlx"})
	if ref.All != 1 {
		t.Fatalf("DLX: %d tilings, want 1", ref.All)
	}
	// A split's thousand subproblems probe 4 models each.
	for _, c := range []struct {
		cfg       Config
		maxModels int64
	}{{DefaultConfig(p), 1000}, {Config{Algorithm: "fila", Schedule: "e", NOF: true, Volume: -1, Workers: 2}, 6000}} {
		cfg := c.cfg
		cfg.Stats = true
		res := solve(t, p, cfg)
		if res.All != 1 || res.Stats.FilaModels > c.maxModels {
			t.Errorf("%+v: %d tilings, %d models built (%d nodes); want 1 tiling and at most %d models", cfg, res.All, res.Stats.FilaModels, res.Nodes, c.maxModels)
		}
	}
}
