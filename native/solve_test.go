package native

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// configs returns the solver configurations every count is checked with:
// DLX (S, F, E), FILA from the start with every heuristic with and without
// NOF and the redundancy filter, the hybrid, schedules and the filters.
func configs(total int) map[string]Config {
	total = max(total, 4)
	out := map[string]Config{
		"dlx":          {Redundancy: "none"},
		"dlx-default":  {},
		"dlx-f":        {Schedule: "f", Redundancy: "none"},
		"dlx-e":        {Schedule: "e", Redundancy: "none"},
		"dlx-red-vol":  {Redundancy: "auto", Volume: -1},
		"dlx-dynvol":   {Volume: 2, Redundancy: "none"},
		"hybrid-f-nof": {Algorithm: "fila", FilaAt: total - 1, Schedule: "f", NOF: true, Redundancy: "auto", Volume: -1},
		"hybrid-sched": {Algorithm: "fila", FilaAt: total - 1, Schedule: fmt.Sprintf("e=%d:radial=2", total-1), NOF: true, Redundancy: "auto"},
		"fila-sched":   {Algorithm: "fila", Schedule: fmt.Sprintf("s=%d:e=%d:f=1", total, total-1), Redundancy: "none"},
		"fila-dynvol":  {Algorithm: "fila", Schedule: "f", Volume: 2, Redundancy: "auto"},
	}
	for _, h := range []string{"f", "e", "s", "radial"} {
		for _, nof := range []bool{false, true} {
			name := "fila-" + h
			if nof {
				name += "-nof"
			}
			out[name] = Config{Algorithm: "fila", Schedule: h, NOF: nof, Redundancy: "none"}
			out[name+"-red"] = Config{Algorithm: "fila", Schedule: h, NOF: nof, Redundancy: "auto"}
		}
	}
	return out
}

func solve(t testing.TB, p *puzzle.Puzzle, cfg Config) *Result {
	t.Helper()
	res, err := Solve(context.Background(), p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestBruteForce compares every configuration with the naive enumerator on
// small puzzles: the counts, and the very solutions streamed.
func TestBruteForce(t *testing.T) {
	for name, p := range tinyPuzzles(t) {
		all, unique := bruteSolve(t, p)
		t.Run(name, func(t *testing.T) {
			t.Logf("%s: %d solutions, %d unique", name, len(all), len(unique))
			total, _ := p.PieceArea()
			checkConfigs(t, p, configs(total/p.Pieces[0].Size()), all, unique)
		})
	}
}

// checkConfigs runs every configuration of cfgs on p and compares the
// counts of all and unique solutions and the very tilings streamed with
// the brute force's all and unique.
func checkConfigs(t *testing.T, p *puzzle.Puzzle, cfgs map[string]Config, all map[string]puzzle.Tiling, unique map[string]bool) {
	t.Helper()
	for cname, cfg := range cfgs {
		var got []puzzle.Tiling
		cfg.OnSolution = func(tl puzzle.Tiling) { got = append(got, tl) }
		res := solve(t, p, cfg)
		if res.All != int64(len(all)) || res.Unique != int64(len(unique)) {
			t.Errorf("%s: all %d unique %d, brute force %d and %d", cname, res.All, res.Unique, len(all), len(unique))
		}
		seen := map[string]bool{}
		for _, tl := range got {
			if _, err := p.Verify(tl, true); err != nil {
				t.Fatalf("%s: streamed an invalid tiling: %v", cname, err)
			}
			k := p.Canonical(tl)
			if _, ok := all[k]; !ok || seen[k] {
				t.Fatalf("%s: streamed a tiling the brute force does not have, or twice", cname)
			}
			seen[k] = true
		}
		if len(got) != len(all) {
			t.Errorf("%s: streamed %d solutions, want %d", cname, len(got), len(all))
		}
	}
}

// TestBruteForceWarehouse checks FILA's literal warehouse loop (the path
// for more than 64 classes) against the brute force.
func TestBruteForceWarehouse(t *testing.T) {
	for name, p := range tinyPuzzles(t) {
		all, unique := bruteSolve(t, p)
		for _, cfg := range []Config{
			{Algorithm: "fila", Schedule: "f", NOF: true},
			{Algorithm: "fila", Schedule: "e", NOF: true, Redundancy: "auto"},
			{Algorithm: "fila", Schedule: "s"},
			{Algorithm: "fila", Schedule: "radial", NOF: true},
		} {
			cfg.warehouse = true
			res := solve(t, p, cfg)
			if res.All != int64(len(all)) || res.Unique != int64(len(unique)) {
				t.Errorf("%s %s: all %d unique %d, brute force %d and %d", name, cfg.Schedule, res.All, res.Unique, len(all), len(unique))
			}
		}
	}
}

// TestUniqueStream checks that Unique streams exactly one solution per
// symmetry class, with and without the redundancy filter.
func TestUniqueStream(t *testing.T) {
	p := tinyPuzzles(t)["5x5-XFLPU"]
	_, unique := bruteSolve(t, p)
	for _, red := range []string{"", "auto", "X"} {
		var got []puzzle.Tiling
		res := solve(t, p, Config{Algorithm: "fila", Schedule: "f", Redundancy: red, Unique: true,
			OnSolution: func(tl puzzle.Tiling) { got = append(got, tl) }})
		if len(got) != len(unique) || res.Unique != int64(len(unique)) {
			t.Errorf("redundancy %q: streamed %d, unique %d; want %d", red, len(got), res.Unique, len(unique))
		}
	}
}

// TestKnownCounts checks the published counts of the pentomino boxes and
// the Soma cube, with DLX, FILA and the hybrid.
func TestKnownCounts(t *testing.T) {
	cases := []struct {
		name        string
		p           *puzzle.Puzzle
		unique, all int64
		cfgs        []Config
	}{
		{"12x5", pentominoBox(t, 5, 12), 1010, 4040, []Config{
			{Algorithm: "fila", FilaAt: 11, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"},
			{Algorithm: "fila", Schedule: "e=12:f=3", NOF: true, Redundancy: "auto"},
		}},
		{"15x4", pentominoBox(t, 4, 15), 368, 1472, []Config{
			{Algorithm: "fila", FilaAt: 11, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"},
			{Algorithm: "fila", Schedule: "s", Redundancy: "auto"},
		}},
		{"20x3", pentominoBox(t, 3, 20), 2, 8, []Config{
			{Redundancy: "auto"},
			{Algorithm: "fila", Schedule: "f", NOF: true},
		}},
		{"8x8-hole", pentomino8x8(t), 65, 520, []Config{
			{Algorithm: "fila", FilaAt: 11, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"},
			{Algorithm: "fila", Schedule: "e=11:f=3", NOF: true, Redundancy: "auto", Volume: 8},
		}},
		{"soma", soma(t), 240, 11520, []Config{
			{},
			{Redundancy: "auto"},
			{Algorithm: "fila", Schedule: "e", NOF: true},
			{Algorithm: "fila", Schedule: "f", NOF: true, Redundancy: "auto"},
		}},
	}
	for _, c := range cases {
		if raceEnabled {
			c.cfgs = c.cfgs[len(c.cfgs)-1:]
		}
		for _, cfg := range c.cfgs {
			res := solve(t, c.p, cfg)
			if res.Unique != c.unique || res.All != c.all {
				t.Errorf("%s %+v: unique %d all %d, want %d and %d", c.name, cfg, res.Unique, res.All, c.unique, c.all)
			}
		}
	}
}

// TestPentomino10x6 runs every heuristic with and without NOF and the
// hybrid on the 10x6 box (2,339 unique, 9,356 in all); DLX is checked by
// TestArticleStatistics.
func TestPentomino10x6(t *testing.T) {
	p := pentominoBox(t, 6, 10)
	cfgs := map[string]Config{
		"hybrid-p5":     {Algorithm: "fila", FilaAt: 11, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"},
		"hybrid-sched":  {Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Volume: 9, Redundancy: "auto"},
		"fila-all-sols": {Algorithm: "fila", Schedule: "f", NOF: true},
	}
	for _, h := range []string{"f", "e", "s", "radial"} {
		for _, nof := range []bool{false, true} {
			if h == "radial" && os.Getenv("POLYTILE_LONG") == "" {
				continue // 67 million placements; radial is checked on smaller boards
			}
			cfgs[fmt.Sprintf("fila-%s-nof=%v", h, nof)] = Config{Algorithm: "fila", Schedule: h, NOF: nof, Redundancy: "auto"}
		}
	}
	if raceEnabled {
		cfgs = map[string]Config{"hybrid-p5": cfgs["hybrid-p5"]}
	}
	for name, cfg := range cfgs {
		res := solve(t, p, cfg)
		if res.Unique != 2339 || res.All != 9356 {
			t.Errorf("%s: unique %d all %d, want 2339 and 9356", name, res.Unique, res.All)
		}
	}
}

// TestArticleStatistics checks the placement statistics against the FILA
// article's Table 1 (P-1, P-2, P-4, P-5) and Tables 2 and 3: the search
// trees are the same, so fits and no-fits agree exactly.
func TestArticleStatistics(t *testing.T) {
	if raceEnabled {
		t.Skip("slow under the race detector")
	}
	p := pentominoBox(t, 6, 10)
	for _, c := range []struct {
		name         string
		cfg          Config
		fits, nofits int64
	}{
		{"P-1", Config{Algorithm: DLX, Redundancy: "auto"}, 892247, 0},
		{"P-2", Config{Algorithm: DLX, Redundancy: "auto", Volume: -1}, 768356, 0},
		// The article's search has no transposition table (Memo -1).
		{"P-4", Config{Algorithm: "fila", FilaAt: 11, Schedule: "f=11", Volume: -1, Redundancy: "auto", Memo: -1}, 2091215, 13106789},
		{"P-5", Config{Algorithm: "fila", FilaAt: 11, Schedule: "f=11", NOF: true, Volume: -1, Redundancy: "auto", Memo: -1}, 2091215, 4682886},
	} {
		c.cfg.Stats = true
		res := solve(t, p, c.cfg)
		if res.Unique != 2339 || res.All != 9356 {
			t.Errorf("%s: unique %d all %d, want 2339 and 9356", c.name, res.Unique, res.All)
		}
		if f, n := res.Stats.TotalFits(), res.Stats.TotalNoFits(); f != c.fits || n != c.nofits {
			t.Errorf("%s: fits %d no-fits %d, article %d and %d", c.name, f, n, c.fits, c.nofits)
		}
		if c.name == "P-5" {
			// Table 3, p = 4: 1,775,873 attempts and 617,667 fits.
			if a, f := res.Stats.Attempts[4], res.Stats.Fits[4]; a != 1775873 || f != 617667 {
				t.Errorf("P-5 at 4 pieces left: %d attempts %d fits, article 1775873 and 617667", a, f)
			}
			// Table 3's per-target columns: 6.527 attempts, 2.270 fits.
			for _, row := range res.Stats.Rows() {
				if row.Level == 4 && (math.Abs(row.AttemptsPerTarget-6.527) > 5e-4 || math.Abs(row.FitsPerTarget-2.270) > 5e-4) {
					t.Errorf("P-5 row 4: %+v, article 6.527 and 2.270 per target", row)
				}
			}
		}
	}
}

// TestParallelAndShards checks that two workers and the sum of shards give
// the serial counts.
func TestParallelAndShards(t *testing.T) {
	cases := []struct {
		p   *puzzle.Puzzle
		cfg Config
	}{
		{soma(t), Config{Algorithm: "fila", Schedule: "e", NOF: true, Redundancy: "auto"}},
		{pentominoBox(t, 6, 10), Config{Algorithm: "fila", FilaAt: 11, Schedule: "f", NOF: true, Volume: -1, Redundancy: "auto"}},
		{tinyPuzzles(t)["3x5-V3inf-I3"], Config{Algorithm: "fila", Schedule: "f"}},
		{tinyPuzzles(t)["4x4-copies"], Config{Schedule: "s", Volume: 2}},
		{tinyPuzzles(t)["4x4-copies"], Config{Algorithm: "fila", Schedule: "e=4:f=2", NOF: true}},
		{tinyPuzzles(t)["2x3x2-V"], Config{Algorithm: "fila", Schedule: "s", NOF: true}},
		{tinyPuzzles(t)["5x5-X+4L"], Config{Algorithm: "fila", Schedule: "radial", Redundancy: "auto"}},
		{mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 22, Height: 3}), Pieces: []puzzle.PieceSpec{
			{Name: "I3", Cells: art(t, "###"), Unlimited: true, Policy: puzzle.Free},
			{Name: "V3", Cells: art(t, "##/#."), Count: 2, Policy: puzzle.Free}}}), Config{Algorithm: "fila", Schedule: "f", NOF: true}},
	}
	if raceEnabled {
		cases = append(cases[:1], cases[2:]...)
	}
	for _, c := range cases {
		serial := solve(t, c.p, c.cfg)
		par := c.cfg
		par.Workers = 2
		got := solve(t, c.p, par)
		if got.All != serial.All || got.Unique != serial.Unique {
			t.Errorf("%s with 2 workers: %d/%d, serial %d/%d", c.p.Name, got.Unique, got.All, serial.Unique, serial.All)
		}
		var all, unique int64
		for i := range 3 {
			sh := c.cfg
			sh.Shard = Shard{Index: i, Count: 3}
			r := solve(t, c.p, sh)
			all += r.All
			unique += r.Unique
		}
		if all != serial.All || unique != serial.Unique {
			t.Errorf("%s: shards add up to %d/%d, serial %d/%d", c.p.Name, unique, all, serial.Unique, serial.All)
		}
	}
}

// TestDeterministicOrder checks that a serial search streams the same
// solutions in the same order every time.
func TestDeterministicOrder(t *testing.T) {
	p := soma(t)
	run := func() []string {
		var keys []string
		solve(t, p, Config{Algorithm: "fila", Schedule: "e", NOF: true, Limit: 50,
			OnSolution: func(tl puzzle.Tiling) { keys = append(keys, p.Canonical(tl)) }})
		return keys
	}
	a, b := run(), run()
	if !slices.Equal(a, b) || len(a) != 50 {
		t.Errorf("two serial runs streamed different solutions (%d and %d)", len(a), len(b))
	}
}

// TestLimit checks that the search stops at the limit.
func TestLimit(t *testing.T) {
	p := pentominoBox(t, 6, 10)
	for _, cfg := range []Config{
		{Algorithm: "fila", Schedule: "f", NOF: true, Redundancy: "auto", Limit: 7},
		{Limit: 7, Unique: true},
		{Algorithm: "fila", Schedule: "f", Limit: 7, Workers: 2},
	} {
		n := 0
		cfg.OnSolution = func(puzzle.Tiling) { n++ }
		res := solve(t, p, cfg)
		if n != 7 || len(res.First) != 7 || !res.LimitReached {
			t.Errorf("%+v: streamed %d, kept %d, limit reached %v; want 7", cfg, n, len(res.First), res.LimitReached)
		}
	}
}

// TestCancel checks that cancellation stops a long search promptly with
// partial counts.
func TestCancel(t *testing.T) {
	p := tetrisCube(t)
	for _, cfg := range []Config{
		{Redundancy: "L"},
		{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "L", Stats: true},
		{Algorithm: "fila", Schedule: "e", Workers: 2},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		start := time.Now()
		res, err := Solve(ctx, p, cfg)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if !res.Interrupted {
			t.Errorf("%+v: not interrupted", cfg)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("%+v: took %v to stop", cfg, el)
		}
	}
}

// TestProgress checks that progress reports arrive and are sane.
func TestProgress(t *testing.T) {
	p := pentominoBox(t, 6, 10)
	var mu sync.Mutex
	var reports []Progress
	for _, workers := range []int{1, 2} {
		reports = nil
		solve(t, p, Config{Algorithm: "fila", Schedule: "e", Redundancy: "auto", Workers: workers, OnProgress: func(pg Progress) {
			mu.Lock()
			reports = append(reports, pg)
			mu.Unlock()
		}})
		checkProgress(t, reports)
	}
}

func checkProgress(t *testing.T, reports []Progress) {
	for i, pg := range reports {
		if pg.Fraction < 0 || pg.Fraction > 1 || (i > 0 && pg.Nodes < reports[i-1].Nodes) {
			t.Errorf("report %d: %+v", i, pg)
		}
	}
}

// TestErrors checks the configuration errors.
func TestErrors(t *testing.T) {
	p := pentominoBox(t, 6, 10)
	for _, cfg := range []Config{
		{Algorithm: "magic"},
		{Schedule: "q"},
		{Schedule: "f=3:e=5"},
		{Schedule: "e=0"},
		{Redundancy: "Q"},
		{Volume: -2},
		{Shard: Shard{Index: 3, Count: 2}},
	} {
		if _, err := Solve(context.Background(), p, cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
	// A piece that is not mapped onto itself cannot carry the filter.
	if _, err := Solve(context.Background(), soma(t), Config{Redundancy: "A"}); err == nil {
		t.Error("Soma screw A accepted for the redundancy filter")
	}
}

// TestAreaMismatch checks that a puzzle whose pieces cannot match the
// board has no solution.
func TestAreaMismatch(t *testing.T) {
	p := mustPuzzle(t, puzzle.Spec{Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: 5, Height: 5}), Pieces: pieceSpecs(t, pentominoArt, []string{"X", "I"}, puzzle.Free)})
	if res := solve(t, p, Config{}); res.All != 0 || res.Unique != 0 {
		t.Errorf("area mismatch: %d solutions", res.All)
	}
}

// TestConcurrentSolves runs two searches at once (no shared state).
func TestConcurrentSolves(t *testing.T) {
	p := soma(t)
	var wg sync.WaitGroup
	res := make([]*Result, 2)
	for i := range res {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := Solve(context.Background(), p, Config{Algorithm: "fila", Schedule: "e", NOF: true, Redundancy: "auto", Workers: i + 1})
			if err != nil {
				t.Error(err)
				return
			}
			res[i] = r
		}()
	}
	wg.Wait()
	for _, r := range res {
		if r != nil && (r.Unique != 240 || r.All != 11520) {
			t.Errorf("concurrent Soma: %d/%d, want 240/11520", r.Unique, r.All)
		}
	}
}

// TestProgressSolutionsAreAll: a progress report's Solutions counts as
// Result.All does (each canonical solution of the 12x5 with X pinned
// stands for 4), never the pinned search's raw finds, which the progress
// line showed (19k while the count was 129,168).
func TestProgressSolutionsAreAll(t *testing.T) {
	p := pentominoBox(t, 5, 12)
	var mu sync.Mutex
	var reports []Progress
	res := solve(t, p, Config{Algorithm: "fila", Schedule: "s", Redundancy: "auto", OnProgress: func(pg Progress) {
		mu.Lock()
		reports = append(reports, pg)
		mu.Unlock()
	}})
	seen := false
	for _, pg := range reports {
		if pg.Solutions%4 != 0 || pg.Solutions > res.All {
			t.Errorf("report %+v: not a count of all solutions (%d in all)", pg, res.All)
		}
		seen = seen || pg.Solutions > 0
	}
	if !seen {
		t.Skipf("no report with a solution in %d reports (a fast machine)", len(reports))
	}
}
