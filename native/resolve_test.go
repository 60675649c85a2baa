package native

import (
	"context"
	"math"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestResolveOptions: what the settings leave unset comes from
// DefaultConfig for FILA (the default algorithm) and not for DLX; NOF is
// a FILA setting; --unique pins a piece; a listing's limit is 1 unless
// given, a count has none.
func TestResolveOptions(t *testing.T) {
	p, err := puzzle.Parse("p.yaml", []byte("board: 20x3\norientations: free\npieces: pentominoes\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	def := DefaultConfig(p)
	cases := []struct {
		name string
		o    Options
		want Config
	}{
		{"zero", Options{}, Config{Algorithm: FILA, Schedule: def.Schedule, Volume: def.Volume, Limit: 1}},
		{"count", Options{Count: true, NOF: true}, Config{Algorithm: FILA, Schedule: def.Schedule, NOF: true, Volume: def.Volume}},
		{"dlx", Options{Algorithm: DLX, NOF: true, Count: true}, Config{Algorithm: DLX}},
		{"dlx volume", Options{Algorithm: DLX, Volume: 3, Count: true}, Config{Algorithm: DLX, Volume: 3}},
		{"volume given", Options{Volume: 0, VolumeSet: true, Schedule: "e", Count: true}, Config{Algorithm: FILA, Schedule: "e"}},
		{"unique", Options{Unique: true, Count: true, Workers: 2}, Config{Algorithm: FILA, Schedule: def.Schedule, Volume: def.Volume, Unique: true, Redundancy: "auto", Workers: 2}},
		{"unique, piece", Options{Unique: true, Redundancy: "X", Limit: 4}, Config{Algorithm: FILA, Schedule: def.Schedule, Volume: def.Volume, Unique: true, Redundancy: "X", Limit: 4}},
		{"shard", Options{Count: true, Shard: Shard{Index: 1, Count: 3}, FilaAt: 5, Stats: true},
			Config{Algorithm: FILA, Schedule: def.Schedule, Volume: def.Volume, Shard: Shard{Index: 1, Count: 3}, FilaAt: 5, Stats: true}},
	}
	for _, c := range cases {
		got := c.o.Resolve(p)
		if got.Algorithm != c.want.Algorithm || got.Schedule != c.want.Schedule || got.NOF != c.want.NOF ||
			got.Volume != c.want.Volume || got.Redundancy != c.want.Redundancy || got.Limit != c.want.Limit ||
			got.Unique != c.want.Unique || got.Workers != c.want.Workers || got.Shard != c.want.Shard ||
			got.FilaAt != c.want.FilaAt || got.Stats != c.want.Stats {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
	// Maximum coverage reads the heuristic only.
	if got := (Options{Schedule: "e", NOF: true, Workers: 2, Count: true}).ResolveMaxCoverage(); got.Schedule != "e" || got.NOF || got.Workers != 0 || got.Limit != 0 {
		t.Errorf("max coverage: %+v", got)
	}
	if got := (Options{}).ResolveMaxCoverage(); got.Schedule != DefaultMaxCoverageConfig().Schedule {
		t.Errorf("max coverage, no heuristic: %+v", got)
	}
	// Without a puzzle no default depends on one.
	if got := (Options{Count: true}).Resolve(nil); got.Schedule != "" || got.Volume != 0 || got.Algorithm != FILA {
		t.Errorf("no puzzle: %+v", got)
	}
}

// TestZeroConfigRunsFILA: the zero Config searches with FILA, as
// DefaultConfig and the CLI do, and counts what DLX counts (the 2
// tilings of the 20x3 pentomino rectangle up to symmetry).
func TestZeroConfigRunsFILA(t *testing.T) {
	if (Config{}).algorithm() != FILA {
		t.Fatalf("zero Config: %q", Config{}.algorithm())
	}
	p, err := puzzle.Parse("p.yaml", []byte("board: 20x3\norientations: free\npieces: pentominoes\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	fila, err := Solve(context.Background(), p, Config{Unique: true})
	if err != nil {
		t.Fatal(err)
	}
	dlx, err := Solve(context.Background(), p, Config{Algorithm: DLX, Unique: true})
	if err != nil {
		t.Fatal(err)
	}
	if fila.Unique != 2 || dlx.Unique != 2 || fila.All != dlx.All || fila.Nodes == dlx.Nodes {
		t.Errorf("zero Config %d/%d in %d nodes, DLX %d/%d in %d nodes", fila.Unique, fila.All, fila.Nodes, dlx.Unique, dlx.All, dlx.Nodes)
	}
}

// TestDescribeConfig: the one-line summary names what the search does.
func TestDescribeConfig(t *testing.T) {
	cases := []struct {
		cfg       Config
		unlimited bool
		want      string
	}{
		{Config{}, false, ""},
		{Config{Algorithm: FILA, Schedule: "f", NOF: true, Volume: -1}, false, "heuristic f, NOF, volume filter"},
		{Config{FilaAt: 11, Schedule: "e=11:f=3", Volume: 4, Workers: 2}, false, "DLX until 11 pieces remain, heuristic e=11:f=3, volume filter while > 4 pieces remain, 2 workers"},
		{Config{Algorithm: DLX, FilaAt: 11}, false, ""},
		{Config{Volume: 2}, true, "volume filter after every placement (an unlimited piece)"},
		{Config{Workers: 3, Limit: 1, Shard: Shard{Index: 2, Count: 4}}, false,
			"serial (-j 3 counts in parallel; listing runs serially, to print the serial search's solutions), shard 2/4"},
	}
	for _, c := range cases {
		if got := c.cfg.Describe(c.unlimited); got != c.want {
			t.Errorf("%+v: %q, want %q", c.cfg, got, c.want)
		}
	}
	if got := (Config{}).DescribeMaxCoverage(); got != "maximum coverage: DLX with hole options, heuristic s" {
		t.Errorf("max coverage: %q", got)
	}
}

// TestResultStoppedAndPartial: a count is complete only when the search
// ran to its end; a stop makes its counts lower bounds, a listing's limit
// does not make it stopped.
func TestResultStoppedAndPartial(t *testing.T) {
	p, err := puzzle.Parse("p.yaml", []byte("board: 20x3\norientations: free\npieces: pentominoes\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	whole, err := Solve(context.Background(), p, Config{})
	if err != nil || !whole.Complete() || whole.Stopped() {
		t.Fatalf("count: %v, complete %v, stopped %v", err, whole.Complete(), whole.Stopped())
	}
	listed, err := Solve(context.Background(), p, Config{Limit: 3})
	if err != nil || listed.Complete() || listed.Stopped() || listed.All != 3 {
		t.Errorf("listing: %v, complete %v, stopped %v, %d", err, listed.Complete(), listed.Stopped(), listed.All)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped, err := Solve(ctx, p, Config{})
	if err != nil || stopped.Complete() || !stopped.Stopped() || stopped.All >= whole.All {
		t.Errorf("stopped: %v, complete %v, stopped %v, %d of %d", err, stopped.Complete(), stopped.Stopped(), stopped.All, whole.All)
	}
	for _, c := range []struct {
		r    CoverageResult
		gap  float64
		ok   bool
		show bool
	}{
		{CoverageResult{Covered: 40, Bound: 40, Optimal: true}, 0, false, true},
		{CoverageResult{Covered: 40, Bound: 44}, 0.1, true, true},
		{CoverageResult{Covered: 0, Bound: 44}, math.Inf(1), false, false},
		{CoverageResult{Covered: 0, Bound: 0, Optimal: true}, 0, false, true},
	} {
		g, ok := c.r.Gap()
		if g != c.gap || ok != c.ok || c.r.Found() != c.show {
			t.Errorf("%+v: gap %v %v, found %v", c.r, g, ok, c.r.Found())
		}
	}
}
