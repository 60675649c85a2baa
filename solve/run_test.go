package solve_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/frontier"
	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/solve"
)

func example(t testing.TB, name string) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.ParseFile("../examples/"+name, "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Count the pentominoes on 12x5 with FILA: the known 4,040 solutions,
// 1,010 up to the rectangle's symmetries.
func ExampleRun() {
	p, err := puzzle.ParseFile("../examples/pentomino-12x5.yaml", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	o, err := solve.Run(context.Background(), &solve.Request{Puzzle: p,
		Options: native.Options{Algorithm: solve.FILA, NOF: true, Count: true, Unique: true}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(o.Mode, o.CountText(), o.Complete)
	// Output: count 4040 (1010 unique under a symmetry group of order 4) true
}

// FILA, DLX and the frontier count the same 12x5 pentomino tilings, the
// known 4,040 and 1,010 unique; a count left to choose its backend says
// why on the Config line.
func TestRunBackendsAgree(t *testing.T) {
	p := example(t, "pentomino-12x5.yaml")
	for _, r := range []solve.Request{
		{Options: native.Options{Algorithm: solve.FILA, NOF: true, Count: true}},
		{Options: native.Options{Algorithm: solve.DLX, Count: true, Workers: 2}},
		{Options: native.Options{Algorithm: solve.Frontier, Count: true, Unique: true}},
		{Options: native.Options{Algorithm: solve.FILA, Count: true}, Auto: true},
	} {
		r.Puzzle = p
		o, err := solve.Run(context.Background(), &r)
		if err != nil {
			t.Fatalf("%s: %v", r.Options.Algorithm, err)
		}
		if o.Solutions == nil || *o.Solutions != 4040 || o.Unique == nil || *o.Unique != 1010 || !o.Complete || !o.Found {
			t.Errorf("%s: %s, complete %v", r.Options.Algorithm, o.CountText(), o.Complete)
		}
		if r.Auto && !strings.Contains(o.Config, "chosen automatically") {
			t.Errorf("auto: config %q does not say why", o.Config)
		}
		if o.Puzzle != p.Name || o.Cells != 60 {
			t.Errorf("%s: puzzle %q, %d cells", r.Options.Algorithm, o.Puzzle, o.Cells)
		}
	}
}

// A listing keeps its tilings, each a valid exact tiling in the JSON's
// placements too.
func TestRunListing(t *testing.T) {
	p := example(t, "pentomino-12x5.yaml")
	var streamed int
	o, err := solve.Run(context.Background(), &solve.Request{Puzzle: p,
		Options: native.Options{Algorithm: solve.FILA, NOF: true, Limit: 3}, OnSolution: func(puzzle.Tiling) { streamed++ }})
	if err != nil {
		t.Fatal(err)
	}
	if o.Mode != "limit" || len(o.Tilings) != 3 || len(o.Placements) != 3 || streamed != 3 || !o.LowerBound() || o.StoppedCount() {
		t.Fatalf("mode %s, %d tilings, %d placements, %d streamed", o.Mode, len(o.Tilings), len(o.Placements), streamed)
	}
	for _, tl := range o.Tilings {
		if r, err := p.Verify(tl, true); err != nil || !r.Exact() {
			t.Errorf("tiling not exact: %v", err)
		}
	}
}

// What the request gets wrong is a *UsageError wrapping the cause.
func TestRunUsageErrors(t *testing.T) {
	p := example(t, "pentomino-12x5.yaml")
	for _, c := range []struct {
		r    solve.Request
		want error
	}{
		{solve.Request{Options: native.Options{Algorithm: "simplex"}}, solve.ErrBackend},
		{solve.Request{Options: native.Options{Algorithm: solve.FILA, Count: true, Redundancy: "Q"}}, native.ErrRedundancyPiece},
	} {
		c.r.Puzzle = p
		_, err := solve.Run(context.Background(), &c.r)
		var ue *solve.UsageError
		if !errors.As(err, &ue) || !errors.Is(err, c.want) {
			t.Errorf("%+v: %v, want a UsageError wrapping %v", c.r.Options, err, c.want)
		}
	}
}

// The frontier's refusal of a puzzle it was asked for is a UsageError.
func TestRunFrontierOutOfReach(t *testing.T) {
	p := example(t, "tetris-cube.yaml") // 3D: out of the frontier's reach
	_, err := solve.Run(context.Background(), &solve.Request{Puzzle: p, Options: native.Options{Algorithm: solve.Frontier, Count: true}})
	var ue *solve.UsageError
	if !errors.As(err, &ue) || !errors.Is(err, frontier.ErrOutOfReach) {
		t.Errorf("frontier on a 3D box: %v, want a UsageError wrapping ErrOutOfReach", err)
	}
}

// Every backend's search stops within a second of its context's end,
// with an interrupted outcome.
func TestRunStopsWithContext(t *testing.T) {
	p := example(t, "tetris-cube.yaml")
	for _, r := range []solve.Request{
		{Options: native.Options{Algorithm: solve.FILA, NOF: true, Count: true}},
		{Options: native.Options{Algorithm: solve.DLX, Count: true}},
		{Options: native.Options{Algorithm: solve.FILA}, MaxCoverage: true, Puzzle: example(t, "tetris-61x61.yaml")},
	} {
		if r.Puzzle == nil {
			r.Puzzle = p
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		start := time.Now()
		o, err := solve.Run(ctx, &r)
		cancel()
		took := time.Since(start)
		if err != nil {
			var se *solve.StoppedError
			if !errors.As(err, &se) {
				t.Errorf("%s: %v", r.Options.Algorithm, err)
			}
		} else if !o.Interrupted && !o.Complete {
			t.Errorf("%s: neither interrupted nor complete", r.Options.Algorithm)
		}
		if took > 1200*time.Millisecond {
			t.Errorf("%s: stopped %v after a 200ms deadline", r.Options.Algorithm, took)
		}
		if err == nil && o.Interrupted {
			o.SetTimedOut(true)
			if !o.TimedOut || !o.LowerBound() && o.Solutions != nil {
				t.Errorf("%s: timed out %v", r.Options.Algorithm, o.TimedOut)
			}
		}
	}
}

// A stopped count's JSON moves "unique" to "unique_so_far" and says
// it is a lower bound; its text says it is partial.
func TestOutcomeStoppedCount(t *testing.T) {
	all, uniq := int64(9356), int64(0)
	o := &solve.Outcome{Mode: "count", Solutions: &all, Unique: &uniq, Interrupted: true, Placements: [][]puzzle.PlacementJSON{}}
	o.SetTimedOut(true)
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	if _, ok := m["unique"]; ok || m["unique_so_far"] != 0.0 || m["lower_bound"] != true || !strings.HasPrefix(fmt.Sprint(m["partial"]), "at least 9356 solutions") || m["timed_out"] != true {
		t.Errorf("JSON %s", b)
	}
	var text strings.Builder
	if err := o.WriteText(&text); err != nil || !strings.Contains(text.String(), "stopped     time limit reached: the figures above are partial") ||
		!strings.Contains(text.String(), "solutions   at least 9356") {
		t.Errorf("text:\n%s", text.String())
	}
	// Proven optimal before the stop: not timed out.
	opt := true
	o = &solve.Outcome{Interrupted: true, Optimal: &opt}
	if o.SetTimedOut(true); o.TimedOut {
		t.Error("an optimal outcome is not partial")
	}
}

// The answer of a puzzle read as having no tiling: zero solutions,
// complete, unless the reading met the time limit.
func TestRequestAnswered(t *testing.T) {
	r := &solve.Request{Options: native.Options{Algorithm: solve.FILA, Count: true}}
	o := r.Answered("a piece fits nowhere", false, 0.5)
	if o.Mode != "count" || o.Solutions == nil || *o.Solutions != 0 || o.Unique == nil || !o.Complete || o.Placements == nil || o.Puzzle != "" {
		t.Errorf("%+v", o)
	}
	r.MaxCoverage = true
	if o = r.Answered("time limit reached", true, 1); o.Mode != "max-coverage" || !o.TimedOut || o.Solutions != nil || o.Complete {
		t.Errorf("%+v", o)
	}
}

// The progress line shows the summary's bound and gap. On 21x21 HiGHS's
// raw figures were "bound 441.0 gap 5412.5%" (its dual bound, its gap
// against a first solution of 8) while the summary said "bound 440 (gap
// 97.27%)"; now both are the bound 440 on cells and (440 - 8) / 8.
func TestHiGHSProgressLineAgreesWithSummary(t *testing.T) {
	p := example(t, "tetris-21x21.yaml")
	prog, err := model.NewProgram(p, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.DefaultFormulation})
	if err != nil {
		t.Fatal(err)
	}
	got := highs.ProgressLine(prog, highs.Progress{Objective: 8, DualBound: 441.0, Gap: 54.125, Nodes: 3})
	want := "best 8  bound 440  gap " + highs.FormatGap(model.CoverageGap(8, 440))
	if !strings.HasSuffix(got, want) || !strings.Contains(want, "5400.00%") {
		t.Errorf("progress %q, want it to end with %q", got, want)
	}
	cov, bound, gap := 8, 440, model.CoverageGap(8, 440)
	o := &solve.Outcome{Coverage: &cov, Bound: &bound, Cells: 441, Gap: &gap}
	var b strings.Builder
	if err := o.WriteText(&b); err != nil || !strings.Contains(b.String(), "bound       440 (gap 5400.00%)") {
		t.Errorf("summary %q does not show the progress line's bound and gap", b.String())
	}
}

// The native search, the frontier and HiGHS agree on 7x7's maximum
// coverage, 48 (the area bound), each with its proof.
func TestRunMaxCoverageBackendsAgree(t *testing.T) {
	p := example(t, "tetris-7x7.yaml")
	reqs := []solve.Request{
		{Options: native.Options{Algorithm: solve.FILA}},
		{Options: native.Options{Algorithm: solve.Frontier}},
	}
	if highs.Version() != "" {
		reqs = append(reqs, solve.Request{Options: native.Options{Algorithm: solve.HiGHS},
			Program: model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.DefaultFormulation}})
	}
	for _, r := range reqs {
		r.Puzzle, r.MaxCoverage = p, true
		o, err := solve.Run(context.Background(), &r)
		if err != nil {
			t.Fatalf("%s: %v", r.Options.Algorithm, err)
		}
		if o.Coverage == nil || *o.Coverage != 48 || o.Optimal == nil || !*o.Optimal || o.Proof == "" || o.Mode != "max-coverage" {
			t.Errorf("%s: %+v", r.Options.Algorithm, o)
		}
	}
}
