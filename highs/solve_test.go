//go:build cgo && !nohighs

package highs

import (
	"context"
	"errors"
	"io/fs"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"
)

// knapsack builds: maximize Σ value·x, Σ weight·x ≤ capacity, x binary.
func knapsack(values, weights []float64, capacity float64) *Model {
	n := len(values)
	m := &Model{
		Maximize: true,
		ColCost:  append([]float64(nil), values...),
		ColLower: make([]float64, n),
		ColUpper: filled(n, 1),
		Integer:  make([]bool, n),
		RowLower: []float64{math.Inf(-1)},
		RowUpper: []float64{capacity},
		RowStart: []int{0, n},
		Value:    append([]float64(nil), weights...),
		ColNames: make([]string, n),
		RowNames: []string{"capacity"},
	}
	for j := 0; j < n; j++ {
		m.Integer[j] = true
		m.Index = append(m.Index, j)
		m.ColNames[j] = "x_" + string(rune('a'+j%26)) + "_" + itoa(j)
	}
	return m
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// bruteKnapsack returns the optimum of a small 0/1 knapsack by enumeration.
func bruteKnapsack(values, weights []float64, capacity float64) float64 {
	best := 0.0
	n := len(values)
	for mask := 0; mask < 1<<n; mask++ {
		v, w := 0.0, 0.0
		for j := 0; j < n; j++ {
			if mask&(1<<j) != 0 {
				v += values[j]
				w += weights[j]
			}
		}
		if w <= capacity && v > best {
			best = v
		}
	}
	return best
}

// randomKnapsack returns a random knapsack instance with n items.
func randomKnapsack(n int, seed int64) (values, weights []float64, capacity float64) {
	r := rand.New(rand.NewSource(seed))
	total := 0.0
	for j := 0; j < n; j++ {
		values = append(values, float64(1+r.Intn(100)))
		w := float64(1 + r.Intn(60))
		weights = append(weights, w)
		total += w
	}
	return values, weights, math.Floor(total / 2)
}

// multiKnapsack is a random multidimensional 0/1 knapsack (n items, k
// capacity rows, capacities half the row sums, profits correlated with
// weights). HiGHS finds good solutions at once but needs far more than a
// few seconds to prove optimality for n=100, k=10.
func multiKnapsack(n, k int, seed int64) *Model {
	r := rand.New(rand.NewSource(seed))
	m := &Model{Maximize: true, ColCost: make([]float64, n), ColUpper: filled(n, 1), Integer: make([]bool, n), RowStart: []int{0}}
	sum := make([]float64, n)
	for i := 0; i < k; i++ {
		total := 0.0
		for j := 0; j < n; j++ {
			w := float64(1 + r.Intn(1000))
			sum[j] += w
			total += w
			m.Index = append(m.Index, j)
			m.Value = append(m.Value, w)
		}
		m.RowStart = append(m.RowStart, len(m.Index))
		m.RowLower = append(m.RowLower, math.Inf(-1))
		m.RowUpper = append(m.RowUpper, math.Floor(total/2))
	}
	for j := 0; j < n; j++ {
		m.Integer[j] = true
		m.ColCost[j] = math.Round(sum[j]/float64(k)) + float64(r.Intn(500))
	}
	return m
}

// objective returns m's objective at x.
func objective(m *Model, x []float64) float64 {
	v := m.Offset
	for j, c := range m.ColCost {
		v += c * x[j]
	}
	return v
}

// feasible reports why x violates m, or "" if it is feasible.
func feasible(m *Model, x []float64) string {
	const tol = 1e-6
	if len(x) != m.NumCols() {
		return "wrong length"
	}
	for j, v := range x {
		lo, hi := 0.0, math.Inf(1)
		if m.ColLower != nil {
			lo = m.ColLower[j]
		}
		if m.ColUpper != nil {
			hi = m.ColUpper[j]
		}
		if v < lo-tol || v > hi+tol {
			return "column bound"
		}
		if m.Integer != nil && m.Integer[j] && math.Abs(v-math.Round(v)) > tol {
			return "integrality"
		}
	}
	for i := 0; i < m.NumRows(); i++ {
		s := 0.0
		for k := m.RowStart[i]; k < m.RowStart[i+1]; k++ {
			s += m.Value[k] * x[m.Index[k]]
		}
		if s < m.RowLower[i]-tol || s > m.RowUpper[i]+tol {
			return "row " + itoa(i)
		}
	}
	return ""
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b)) }

func TestVersion(t *testing.T) {
	v := Version()
	if v == "" || v[0] < '0' || v[0] > '9' || !strings.Contains(v, ".") {
		t.Fatalf("Version() = %q, want something like 1.15.1", v)
	}
}

func TestKnapsackSmall(t *testing.T) {
	// Items a..d; the best pick is a+b (weight 7, value 23).
	m := knapsack([]float64{10, 13, 7, 8}, []float64{3, 4, 2, 3}, 7)
	res, err := Solve(context.Background(), m, Options{MIPRelGap: 0})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOptimal || !res.HasSolution {
		t.Fatalf("status %v, has solution %v", res.Status, res.HasSolution)
	}
	if !near(res.Objective, 23) || !near(res.DualBound, 23) || res.Gap > 1e-9 {
		t.Fatalf("objective %v bound %v gap %v, want 23", res.Objective, res.DualBound, res.Gap)
	}
	want := []float64{1, 1, 0, 0}
	for j := range want {
		if !near(res.X[j], want[j]) {
			t.Fatalf("x = %v, want %v", res.X, want)
		}
	}
	if res.Seconds < 0 || res.Nodes < 0 {
		t.Fatalf("seconds %v nodes %v", res.Seconds, res.Nodes)
	}
}

func TestKnapsackMatchesBruteForce(t *testing.T) {
	for seed := int64(1); seed <= 5; seed++ {
		values, weights, capacity := randomKnapsack(16, seed)
		want := bruteKnapsack(values, weights, capacity)
		m := knapsack(values, weights, capacity)
		m.Offset = 5 // the reported objective includes the offset
		res, err := Solve(context.Background(), m, Options{MIPRelGap: 0, Seed: int(seed)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != StatusOptimal || !near(res.Objective, want+5) {
			t.Fatalf("seed %d: %v objective %v, want optimal %v", seed, res.Status, res.Objective, want+5)
		}
		if why := feasible(m, res.X); why != "" {
			t.Fatalf("seed %d: solution infeasible: %s", seed, why)
		}
		if !near(objective(m, res.X), res.Objective) {
			t.Fatalf("seed %d: objective of X %v != reported %v", seed, objective(m, res.X), res.Objective)
		}
	}
}

func TestMinimizeWithBoundsAndEquality(t *testing.T) {
	// minimize x + 2y, x + y = 4 (row "sum"), 1 <= x <= 3, y integer >= 0:
	// x = 3, y = 1, objective 5.
	m := &Model{
		ColCost:  []float64{1, 2},
		ColLower: []float64{1, 0},
		ColUpper: []float64{3, math.Inf(1)},
		Integer:  []bool{false, true},
		RowLower: []float64{4},
		RowUpper: []float64{4},
		RowStart: []int{0, 2},
		Index:    []int{0, 1},
		Value:    []float64{1, 1},
	}
	res, err := Solve(context.Background(), m, Options{MIPRelGap: 0, Presolve: "off"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOptimal || !near(res.Objective, 5) || !near(res.X[0], 3) || !near(res.X[1], 1) {
		t.Fatalf("got %v %v %v, want optimal 5 at (3, 1)", res.Status, res.Objective, res.X)
	}
}

func TestInfeasible(t *testing.T) {
	// x + y >= 3 with binary x, y.
	m := &Model{
		ColCost:  []float64{1, 1},
		ColUpper: []float64{1, 1},
		Integer:  []bool{true, true},
		RowLower: []float64{3},
		RowUpper: []float64{math.Inf(1)},
		RowStart: []int{0, 2},
		Index:    []int{0, 1},
		Value:    []float64{1, 1},
	}
	for _, presolve := range []string{"on", "off"} {
		res, err := Solve(context.Background(), m, Options{Presolve: presolve})
		if err != nil {
			t.Fatalf("presolve %s: infeasible model gave an error: %v", presolve, err)
		}
		if res.Status != StatusInfeasible || res.HasSolution || res.X != nil {
			t.Fatalf("presolve %s: status %v, has solution %v", presolve, res.Status, res.HasSolution)
		}
		if !math.IsInf(res.Gap, 1) {
			t.Fatalf("presolve %s: gap %v without a solution", presolve, res.Gap)
		}
	}
	// The LP relaxation is infeasible as well.
	lp := *m
	lp.Integer = nil
	res, err := Solve(context.Background(), &lp, Options{})
	if err != nil || res.Status != StatusInfeasible {
		t.Fatalf("LP: %v %v", res.Status, err)
	}
}

func TestLPRelaxation(t *testing.T) {
	values, weights, capacity := randomKnapsack(20, 7)
	m := knapsack(values, weights, capacity)
	m.Integer = nil
	// The LP optimum of a knapsack is the greedy fractional one.
	idx := make([]int, len(values))
	for i := range idx {
		idx[i] = i
	}
	for i := range idx { // insertion sort by value/weight, descending
		for k := i; k > 0 && values[idx[k]]/weights[idx[k]] > values[idx[k-1]]/weights[idx[k-1]]; k-- {
			idx[k], idx[k-1] = idx[k-1], idx[k]
		}
	}
	want, room := 0.0, capacity
	for _, j := range idx {
		take := math.Min(1, room/weights[j])
		want += take * values[j]
		room -= take * weights[j]
		if room <= 0 {
			break
		}
	}
	res, err := Solve(context.Background(), m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOptimal || !near(res.Objective, want) {
		t.Fatalf("LP: %v objective %v, want %v", res.Status, res.Objective, want)
	}
	if res.DualBound != res.Objective || res.Gap != 0 || res.Nodes != 0 {
		t.Fatalf("LP: bound %v gap %v nodes %v", res.DualBound, res.Gap, res.Nodes)
	}
	intRes, err := Solve(context.Background(), knapsack(values, weights, capacity), Options{MIPRelGap: 0})
	if err != nil {
		t.Fatal(err)
	}
	if intRes.Objective > res.Objective+1e-6 {
		t.Fatalf("MIP optimum %v above its LP relaxation %v", intRes.Objective, res.Objective)
	}
}

func TestTimeLimitAndProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	m := multiKnapsack(100, 10, 1)
	var mu sync.Mutex
	var progress []Progress
	var calls []time.Time // when OnProgress ran, on our clock (the throttle's)
	start := time.Now()
	res, err := Solve(context.Background(), m, Options{
		MIPRelGap:        0,
		TimeLimit:        time.Second,
		ProgressInterval: 50 * time.Millisecond,
		OnProgress: func(p Progress) {
			mu.Lock()
			progress = append(progress, p)
			calls = append(calls, time.Now())
			mu.Unlock()
		},
	})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusTimeLimit {
		t.Fatalf("status %v, want time limit", res.Status)
	}
	if took > 5*time.Second {
		t.Fatalf("time limit 1s but Solve took %v", took)
	}
	if !res.HasSolution || feasible(m, res.X) != "" {
		t.Fatalf("no feasible incumbent after 1s (has %v)", res.HasSolution)
	}
	if res.DualBound < res.Objective-1e-6 || res.Gap <= 0 {
		t.Fatalf("maximize: bound %v below objective %v, gap %v", res.DualBound, res.Objective, res.Gap)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(progress) < 2 {
		t.Fatalf("OnProgress called %d times in 1s with a 50ms interval", len(progress))
	}
	for i := 1; i < len(progress); i++ {
		if progress[i].Nodes < progress[i-1].Nodes || progress[i].Elapsed < progress[i-1].Elapsed {
			t.Fatalf("progress went backwards: %+v then %+v", progress[i-1], progress[i])
		}
		// The throttle runs on Go's clock; HiGHS's running_time in the
		// callback data may lag it under load, so it is not the measure.
		if d := calls[i].Sub(calls[i-1]); d < 40*time.Millisecond {
			t.Fatalf("progress not throttled: calls %v apart", d)
		}
		if progress[i].X != nil {
			t.Fatal("OnProgress got a solution copy")
		}
	}
}

func TestInterruptByContext(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	// Wall-clock latency suffers when other test binaries share the CPUs,
	// so a slow attempt is retried (each attempt is checked in full).
	const maxLag, attempts = 1500 * time.Millisecond, 3
	for attempt := 1; ; attempt++ {
		lag := interruptOnce(t, time.Duration(attempt)*700*time.Millisecond)
		if lag < maxLag {
			t.Logf("attempt %d: Solve returned %v after cancel", attempt, lag)
			return
		}
		if attempt == attempts {
			t.Fatalf("Solve returned %v after cancel (last of %d attempts), want < %v", lag, attempts, maxLag)
		}
		t.Logf("attempt %d: Solve returned %v after cancel; retrying", attempt, lag)
	}
}

// interruptOnce cancels a hard solve after the given delay, checks the
// result and returns how long Solve took to return after the cancel.
func interruptOnce(t *testing.T, after time.Duration) time.Duration {
	m := multiKnapsack(100, 10, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled time.Time
	var mu sync.Mutex
	improved := 0
	timer := time.AfterFunc(after, func() {
		mu.Lock()
		cancelled = time.Now()
		mu.Unlock()
		cancel()
	})
	defer timer.Stop()
	res, err := Solve(ctx, m, Options{MIPRelGap: 0, OnImprove: func(Progress) {
		mu.Lock()
		improved++
		mu.Unlock()
	}})
	done := time.Now()
	if err != nil {
		t.Fatalf("interrupted solve returned an error: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if cancelled.IsZero() {
		t.Fatalf("solve finished (%v) before the cancel; the instance is too easy", res.Status)
	}
	if res.Status != StatusInterrupted {
		t.Fatalf("status %v, want interrupted", res.Status)
	}
	if improved > 0 {
		if !res.HasSolution || feasible(m, res.X) != "" {
			t.Fatalf("%d improving solutions seen but result has none (has %v)", improved, res.HasSolution)
		}
		if !near(objective(m, res.X), res.Objective) {
			t.Fatalf("objective of X %v != reported %v", objective(m, res.X), res.Objective)
		}
	}
	return done.Sub(cancelled)
}

func TestCancelledBeforeStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Solve(ctx, knapsack([]float64{1}, []float64{1}, 1), Options{})
	if err != nil || res.Status != StatusInterrupted || res.HasSolution {
		t.Fatalf("got %+v, %v", res, err)
	}
}

func TestImprovingSolutionCallback(t *testing.T) {
	m := multiKnapsack(30, 3, 5)
	var seen []Progress
	res, err := Solve(context.Background(), m, Options{MIPRelGap: 0, OnImprove: func(p Progress) {
		seen = append(seen, p) // calls never overlap
	}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOptimal {
		t.Fatalf("status %v", res.Status)
	}
	if len(seen) == 0 {
		t.Fatal("OnImprove never called")
	}
	for i, p := range seen {
		if why := feasible(m, p.X); why != "" {
			t.Fatalf("improving solution %d infeasible: %s", i, why)
		}
		if !near(objective(m, p.X), p.Objective) {
			t.Fatalf("improving solution %d: objective of X %v != reported %v", i, objective(m, p.X), p.Objective)
		}
		if i > 0 && p.Objective < seen[i-1].Objective-1e-9 {
			t.Fatalf("maximize: objective went down from %v to %v", seen[i-1].Objective, p.Objective)
		}
	}
	if last := seen[len(seen)-1]; !near(last.Objective, res.Objective) {
		t.Fatalf("last improving objective %v != final %v", last.Objective, res.Objective)
	}
	// Each callback got its own copy.
	if len(seen) > 1 && &seen[0].X[0] == &seen[1].X[0] {
		t.Fatal("solution slices are shared")
	}
}

func TestStartAccepted(t *testing.T) {
	m := multiKnapsack(30, 3, 6)
	first, err := Solve(context.Background(), m, Options{MIPRelGap: 0})
	if err != nil || first.Status != StatusOptimal {
		t.Fatalf("%v %v", first.Status, err)
	}
	var log []string
	var firstImprove *Progress
	res, err := Solve(context.Background(), m, Options{
		MIPRelGap: 0,
		Start:     first.X,
		Log:       func(l string) { log = append(log, l) },
		OnImprove: func(p Progress) {
			if firstImprove == nil {
				firstImprove = &p
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOptimal || !near(res.Objective, first.Objective) {
		t.Fatalf("with start: %v %v, want %v", res.Status, res.Objective, first.Objective)
	}
	text := strings.Join(log, "\n")
	if !strings.Contains(text, "MIP start solution is feasible") {
		t.Fatalf("HiGHS did not report the start as feasible; log:\n%s", text)
	}
	if firstImprove == nil || !near(firstImprove.Objective, first.Objective) {
		t.Fatalf("first incumbent %+v, want the start (%v)", firstImprove, first.Objective)
	}
	// An infeasible start is not an error either.
	bad := filled(m.NumCols(), 1)
	if res, err := Solve(context.Background(), m, Options{MIPRelGap: 0, Start: bad}); err != nil || res.Status != StatusOptimal {
		t.Fatalf("infeasible start: %v %v", res.Status, err)
	}
}

func TestLogLines(t *testing.T) {
	var lines []string
	m := knapsack([]float64{10, 13, 7, 8}, []float64{3, 4, 2, 3}, 7)
	if _, err := Solve(context.Background(), m, Options{Log: func(l string) { lines = append(lines, l) }}); err != nil {
		t.Fatal(err)
	}
	if len(lines) < 5 {
		t.Fatalf("only %d log lines", len(lines))
	}
	found := false
	for _, l := range lines {
		if strings.Contains(l, "\n") {
			t.Fatalf("log line contains a newline: %q", l)
		}
		if strings.Contains(l, "Optimal") {
			found = true
		}
	}
	if !found {
		t.Fatalf("no line reports Optimal:\n%s", strings.Join(lines, "\n"))
	}
}

func TestWriteReadRoundTrip(t *testing.T) {
	values, weights, capacity := randomKnapsack(12, 3)
	named := knapsack(values, weights, capacity)
	// A second, ranged row and an equality row, so both bounds survive.
	named.RowLower = append(named.RowLower, 1, 2)
	named.RowUpper = append(named.RowUpper, 4, 2)
	named.Index = append(named.Index, 0, 1, 2, 3, 4, 5)
	named.Value = append(named.Value, 1, 1, 1, 1, 1, 1)
	named.RowStart = append(named.RowStart, named.RowStart[1]+3, named.RowStart[1]+6)
	named.RowNames = append(named.RowNames, "ranged", "pick_two")
	named.Offset = 3
	unnamed := *named
	unnamed.ColNames, unnamed.RowNames = nil, nil
	minimize := *named
	minimize.Maximize = false

	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		m    *Model
	}{{"named", named}, {"unnamed", &unnamed}, {"minimize", &minimize}} {
		want, err := Solve(context.Background(), tc.m, Options{MIPRelGap: 0})
		if err != nil || want.Status != StatusOptimal {
			t.Fatalf("%s: %v %v", tc.name, want.Status, err)
		}
		for _, ext := range []string{".lp", ".mps"} {
			path := filepath.Join(dir, tc.name+ext)
			if err := WriteModel(tc.m, path); err != nil {
				t.Fatalf("%s%s: write: %v", tc.name, ext, err)
			}
			back, err := ReadModel(path)
			if err != nil {
				t.Fatalf("%s%s: read: %v", tc.name, ext, err)
			}
			rows, nnz := tc.m.NumRows(), tc.m.NumNonzeros()
			if ext == ".lp" { // HiGHS's LP writer splits the ranged row (3 entries) in two
				rows, nnz = rows+1, nnz+3
			}
			if back.NumCols() != tc.m.NumCols() || back.NumRows() != rows || back.NumNonzeros() != nnz {
				t.Fatalf("%s%s: dims %dx%d/%d, want %dx%d/%d", tc.name, ext,
					back.NumRows(), back.NumCols(), back.NumNonzeros(), rows, tc.m.NumCols(), nnz)
			}
			if back.Maximize != tc.m.Maximize || back.Offset != tc.m.Offset {
				t.Fatalf("%s%s: sense/offset %v %v, want %v %v", tc.name, ext, back.Maximize, back.Offset, tc.m.Maximize, tc.m.Offset)
			}
			if !back.IsMIP() {
				t.Fatalf("%s%s: integrality lost", tc.name, ext)
			}
			if tc.m.ColNames != nil {
				for j, n := range tc.m.ColNames {
					if back.ColNames[j] != n {
						t.Fatalf("%s%s: column %d named %q, want %q", tc.name, ext, j, back.ColNames[j], n)
					}
				}
				for i, n := range tc.m.RowNames {
					if ext == ".mps" && back.RowNames[i] != n {
						t.Fatalf("%s%s: row %d named %q, want %q", tc.name, ext, i, back.RowNames[i], n)
					}
				}
			}
			got, err := Solve(context.Background(), back, Options{MIPRelGap: 0})
			if err != nil {
				t.Fatal(err)
			}
			if got.Status != StatusOptimal || !near(got.Objective, want.Objective) {
				t.Fatalf("%s%s: re-read model solves to %v %v, want %v", tc.name, ext, got.Status, got.Objective, want.Objective)
			}
		}
	}
}

func TestReadModelErrors(t *testing.T) {
	if _, err := ReadModel(filepath.Join(t.TempDir(), "missing.lp")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.mps")
	if err := os.WriteFile(bad, []byte("this is not\nan MPS file at all\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadModel(bad)
	var he *Error
	if !errors.As(err, &he) || !strings.Contains(he.Call, "Highs_readModel") || he.Status != -1 {
		t.Fatalf("garbage file: got %v, want a *highs.Error from Highs_readModel", err)
	}
	if !strings.Contains(err.Error(), "bad.mps") {
		t.Fatalf("error %q does not name the file", err)
	}
}

func TestWriteModelErrors(t *testing.T) {
	m := knapsack([]float64{1, 2}, []float64{1, 1}, 1)
	if err := WriteModel(m, ""); err == nil {
		t.Fatal("empty path accepted")
	}
	var he *Error
	if err := WriteModel(m, filepath.Join(t.TempDir(), "no", "such", "dir", "m.lp")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("unwritable path: got %v, want a not-exist error", err)
	}
	unknown := filepath.Join(t.TempDir(), "m.xyz")
	if err := WriteModel(m, unknown); !errors.As(err, &he) || !strings.Contains(he.Call, "Highs_writeModel") {
		t.Fatalf("unknown extension: got %v, want *highs.Error from Highs_writeModel", err)
	}
	if _, err := os.Stat(unknown); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("failed write left %s behind", unknown)
	}
	if err := WriteModel(&Model{ColCost: []float64{1}, Integer: []bool{true, false}}, "x.lp"); err == nil || errors.As(err, &he) {
		t.Fatalf("invalid model: got %v, want a validation error", err)
	}
}

// TestWriteModelKeepsTarget: a failed write leaves an existing file as it
// was (the write used to truncate it, then remove it, before HiGHS refused
// the extension), a directory is refused, a link to a character device is
// written through and both stay what they are, and a successful write
// replaces a regular file whole.
func TestWriteModelKeepsTarget(t *testing.T) {
	m := knapsack([]float64{1, 2}, []float64{1, 1}, 1)
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep.xyz")
	if err := os.WriteFile(keep, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteModel(m, keep); err == nil {
		t.Fatal("unknown extension accepted")
	}
	if b, err := os.ReadFile(keep); err != nil || string(b) != "precious" {
		t.Fatalf("failed write changed %s: %q, %v", keep, b, err)
	}
	sub := filepath.Join(dir, "dir.lp")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteModel(m, sub); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Fatalf("directory target: got %v, want it refused as a directory", err)
	}
	null := filepath.Join(dir, "null.lp") // the extension chooses the format
	if err := os.Symlink(os.DevNull, null); err != nil {
		t.Fatal(err)
	}
	if err := WriteModel(m, null); err != nil {
		t.Fatalf("%s -> %s: %v", null, os.DevNull, err)
	}
	if fi, err := os.Lstat(null); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("%s is no longer a link: %v, %v", null, fi, err)
	}
	if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("%s is no longer a character device: %v, %v", os.DevNull, fi, err)
	}
	old := filepath.Join(dir, "old.lp")
	if err := os.WriteFile(old, []byte("not a model\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteModel(m, old); err != nil {
		t.Fatal(err)
	}
	back, err := ReadModel(old)
	if err != nil || len(back.ColCost) != 2 {
		t.Fatalf("rewritten %s: %v, %v", old, back, err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) != 4 {
		t.Fatalf("directory after the writes: %v, %v; want keep.xyz, dir.lp, null.lp, old.lp only", ents, err)
	}
}

func TestSolveRejectsBadInput(t *testing.T) {
	m := knapsack([]float64{1, 2}, []float64{1, 1}, 1)
	if _, err := Solve(context.Background(), m, Options{Presolve: "sometimes"}); err == nil {
		t.Fatal("bad presolve accepted")
	}
	if _, err := Solve(context.Background(), m, Options{Start: []float64{1}}); err == nil {
		t.Fatal("short start accepted")
	}
	m.Index[1] = 7
	if _, err := Solve(context.Background(), m, Options{}); err == nil {
		t.Fatal("bad index accepted")
	}
}

func TestDuplicateEntryIsHighsError(t *testing.T) {
	// Two entries for the same column in one row: HiGHS refuses the matrix.
	m := &Model{
		ColCost:  []float64{1, 1},
		RowLower: []float64{0},
		RowUpper: []float64{1},
		RowStart: []int{0, 2},
		Index:    []int{0, 0},
		Value:    []float64{1, 1},
	}
	_, err := Solve(context.Background(), m, Options{})
	var he *Error
	if !errors.As(err, &he) || !strings.Contains(he.Call, "Highs_passLp") {
		t.Fatalf("got %v, want *highs.Error from Highs_passLp", err)
	}
}

func TestEmptyModel(t *testing.T) {
	res, err := Solve(context.Background(), &Model{Offset: 2}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusModelEmpty && res.Status != StatusOptimal {
		t.Fatalf("status %v", res.Status)
	}
}

func TestThreadsChange(t *testing.T) {
	m := multiKnapsack(20, 3, 9)
	var want float64
	for i, threads := range []int{1, 2, 0, 1, 2} {
		res, err := Solve(context.Background(), m, Options{MIPRelGap: 0, Threads: threads})
		if err != nil {
			t.Fatalf("threads %d: %v", threads, err)
		}
		if res.Status != StatusOptimal {
			t.Fatalf("threads %d: %v", threads, res.Status)
		}
		if i == 0 {
			want = res.Objective
		} else if !near(res.Objective, want) {
			t.Fatalf("threads %d: objective %v, want %v", threads, res.Objective, want)
		}
	}
}

func TestConcurrentSolves(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 4; i++ {
				threads := []int{0, 1, 2}[(g+i)%3] // forces thread pool rebuilds
				values, weights, capacity := randomKnapsack(12, int64(10*g+i))
				want := bruteKnapsack(values, weights, capacity)
				res, err := Solve(context.Background(), knapsack(values, weights, capacity), Options{MIPRelGap: 0, Threads: threads})
				if err != nil {
					errs <- err
					return
				}
				if !near(res.Objective, want) {
					errs <- errors.New("wrong optimum in concurrent solve")
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func TestCallbackPanicIsReraised(t *testing.T) {
	m := multiKnapsack(30, 3, 5)
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(string), "boom") {
			t.Fatalf("recovered %v, want the callback's panic", r)
		}
	}()
	_, _ = Solve(context.Background(), m, Options{OnImprove: func(Progress) { panic("boom") }})
	t.Fatal("Solve returned normally")
}

// statm returns the resident set size of this process in bytes.
func statm(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skipf("no /proc/self/statm: %v", err)
	}
	f := strings.Fields(string(b))
	var pages int64
	for _, c := range f[1] {
		pages = pages*10 + int64(c-'0')
	}
	return pages * int64(os.Getpagesize())
}

// namedLP is a feasible LP with many long column and row names, so that a
// leaked C string per name would show in the RSS.
func namedLP(cols, rows int) *Model {
	m := &Model{ColCost: filled(cols, 1), ColUpper: filled(cols, 1), RowStart: []int{0}}
	for j := 0; j < cols; j++ {
		m.ColNames = append(m.ColNames, "column_with_a_rather_long_name_number_"+itoa(j))
	}
	for i := 0; i < rows; i++ {
		for j := i; j < cols; j += rows {
			m.Index = append(m.Index, j)
			m.Value = append(m.Value, 1)
		}
		m.RowStart = append(m.RowStart, len(m.Index))
		m.RowLower = append(m.RowLower, 1)
		m.RowUpper = append(m.RowUpper, math.Inf(1))
		m.RowNames = append(m.RowNames, "row_with_a_rather_long_name_number_"+itoa(i))
	}
	return m
}

// rss returns the resident set size after returning free memory to the OS.
func rss(t *testing.T) int64 {
	runtime.GC()
	debug.FreeOSMemory()
	return statm(t)
}

func TestNoLeak(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	if raceEnabled {
		t.Skip("the race detector's own memory makes RSS meaningless")
	}
	values, weights, capacity := randomKnapsack(15, 11)
	mip := knapsack(values, weights, capacity)
	lp := namedLP(400, 40)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := t.TempDir()
	solve := func(n int) {
		for i := 0; i < n; i++ {
			// Everything that allocates on the C side: callbacks and their
			// handle, options, a start, names, log lines.
			res, err := Solve(ctx, mip, Options{Log: func(string) {}, OnImprove: func(Progress) {},
				OnProgress: func(Progress) {}, Start: make([]float64, mip.NumCols()), TimeLimit: time.Minute, Presolve: "on"})
			if err != nil || res.Status != StatusOptimal {
				t.Fatalf("solve %d: %v %v", i, res.Status, err)
			}
			res, err = Solve(ctx, lp, Options{})
			if err != nil || res.Status != StatusOptimal {
				t.Fatalf("LP solve %d: %v %v", i, res.Status, err)
			}
			if i%20 == 0 {
				path := filepath.Join(dir, "m.lp")
				if err := WriteModel(lp, path); err != nil {
					t.Fatal(err)
				}
				if _, err := ReadModel(path); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	solve(200) // warm up: thread pool, Go heap, malloc arenas
	r0 := rss(t)
	solve(900)
	r1 := rss(t)
	solve(900)
	r2 := rss(t)
	t.Logf("RSS %d KiB, +%d KiB after 900 rounds, +%d KiB after 900 more", r0>>10, (r1-r0)>>10, (r2-r1)>>10)
	// Leaking the C strings of the names would cost 900 x 440 x ~64 bytes,
	// about 25 MiB per 900 rounds; a leaked Highs instance far more.
	if r2-r1 > 4<<20 || r2-r0 > 12<<20 {
		t.Fatalf("RSS grew by %d KiB, then %d KiB over 900 rounds each", (r1-r0)>>10, (r2-r1)>>10)
	}
}
