package native

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// limited solves p with cfg and returns the result and the tilings
// OnSolution received.
func limited(t *testing.T, p *puzzle.Puzzle, cfg Config) (*Result, []puzzle.Tiling) {
	t.Helper()
	var got []puzzle.Tiling
	cfg.OnSolution = func(tl puzzle.Tiling) { got = append(got, tl) }
	res, err := Solve(context.Background(), p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res, got
}

// TestLimitParallelIsSerial: a search with a Limit and several workers (or
// a shard) streams the same solutions as the serial one, in every run, and
// its counts say what it streamed. Before, workers raced for the limit:
// the solutions varied from run to run and All/Unique counted those found
// past it (8 unique reported, 7 printed).
func TestLimitParallelIsSerial(t *testing.T) {
	p := loadExample(t, "pentomino-10x6.yaml")
	for _, base := range []Config{
		{Algorithm: "fila", Schedule: "f", Volume: -1, NOF: true, Limit: 7, Unique: true, Redundancy: "auto"},
		{Algorithm: "dlx", Limit: 7},
		{Algorithm: "fila", Schedule: "f", Limit: 5, Redundancy: "auto"},
		{Algorithm: "dlx", Limit: 6, Shard: Shard{Index: 1, Count: 3}},
	} {
		t.Run(fmt.Sprintf("%s/unique=%v/shard=%v", base.Algorithm, base.Unique, base.Shard), func(t *testing.T) {
			want, wantSols := limited(t, p, base)
			if int64(len(wantSols)) != base.Limit || !want.LimitReached {
				t.Fatalf("serial: %d solutions streamed, limit %d reached %v", len(wantSols), base.Limit, want.LimitReached)
			}
			for run := range 6 {
				cfg := base
				cfg.Workers = 2
				got, sols := limited(t, p, cfg)
				if !reflect.DeepEqual(sols, wantSols) || !reflect.DeepEqual(got.First, want.First) {
					t.Fatalf("run %d with 2 workers streamed other solutions than the serial search", run)
				}
				if got.All != want.All || got.Unique != want.Unique || !got.LimitReached {
					t.Fatalf("run %d with 2 workers: all %d unique %d (limit reached %v), serial: all %d unique %d",
						run, got.All, got.Unique, got.LimitReached, want.All, want.Unique)
				}
			}
		})
	}
}

// TestLimitCountsWhatStreamed: with the redundancy filter and without
// Unique a canonical solution streams its whole orbit; a limit that cuts
// the orbit must not count the images it did not stream (before: 4
// solutions reported, 3 streamed). With Unique, All counts the orbits of
// the unique solutions streamed; a limit above the total streams and
// counts everything (2339 unique, 9356 in all, the known counts).
func TestLimitCountsWhatStreamed(t *testing.T) {
	p := loadExample(t, "pentomino-10x6.yaml")
	for _, lim := range []int64{1, 2, 3, 5, 6} {
		res, sols := limited(t, p, Config{Algorithm: "fila", Schedule: "f", Limit: lim, Redundancy: "auto"})
		if res.All != int64(len(sols)) || int64(len(sols)) != lim || len(res.First) != len(sols) {
			t.Errorf("limit %d: All %d, %d streamed, %d kept", lim, res.All, len(sols), len(res.First))
		}
		// The pinned piece's orbits here have 4 images: a solution whose
		// image starts the stream is one class.
		if wantU := (lim + 3) / 4; res.Unique != wantU {
			t.Errorf("limit %d: Unique %d, want %d classes streamed", lim, res.Unique, wantU)
		}
	}
	res, sols := limited(t, p, Config{Algorithm: "fila", Schedule: "f", Limit: 3, Unique: true})
	if res.Unique != 3 || len(sols) != 3 || res.All != 12 {
		t.Errorf("unique limit 3: All %d Unique %d, %d streamed; want 12, 3, 3", res.All, res.Unique, len(sols))
	}
	for _, unique := range []bool{false, true} {
		res, sols = limited(t, p, Config{Algorithm: "fila", Schedule: "f", Limit: 100000, Unique: unique, Keep: -1})
		n := int64(9356)
		if unique {
			n = 2339
		}
		if res.All != 9356 || res.Unique != 2339 || int64(len(sols)) != n || res.LimitReached {
			t.Errorf("unique %v, limit above the total: All %d Unique %d, %d streamed (reached %v)", unique, res.All, res.Unique, len(sols), res.LimitReached)
		}
	}
}

// TestSymmetricLimitCountsWhatStreamed: a limited search of symmetric
// solutions counts what it streamed as the main search does: with Unique,
// each unique solution counts its orbit (the symmetric tilings among its
// images) in All, so that a limit above the total gives the count's 26
// and 13, and each unique solution streamed counts 2. Before, All
// counted every solution met, streamed or not (1 for --unique --limit 1).
func TestSymmetricLimitCountsWhatStreamed(t *testing.T) {
	p := loadExample(t, "tetrominoes-8x5-double-r180.yaml")
	full, err := Solve(context.Background(), p, Config{Unique: true})
	if err != nil {
		t.Fatal(err)
	}
	if full.All != 26 || full.Unique != 13 {
		t.Fatalf("count: %d, %d unique; want 26, 13", full.All, full.Unique)
	}
	res, sols := limited(t, p, Config{Unique: true, Limit: 100})
	if res.All != full.All || res.Unique != full.Unique || len(sols) != 13 {
		t.Errorf("unique, limit above the total: All %d Unique %d, %d streamed; want 26, 13, 13", res.All, res.Unique, len(sols))
	}
	for _, lim := range []int64{1, 4, 7} {
		res, sols := limited(t, p, Config{Unique: true, Limit: lim})
		// H is the half turn (order 2) in a group of 4: a class has at
		// most 4/2 tilings, and 26 over 13 classes makes each exactly 2.
		if res.Unique != lim || int64(len(sols)) != lim || res.All != 2*lim {
			t.Errorf("unique limit %d: All %d Unique %d, %d streamed", lim, res.All, res.Unique, len(sols))
		}
		res, sols = limited(t, p, Config{Limit: lim})
		if res.All != lim || int64(len(sols)) != lim {
			t.Errorf("limit %d: All %d, %d streamed", lim, res.All, len(sols))
		}
	}
}
