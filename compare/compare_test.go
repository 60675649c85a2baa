package compare

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// fake is a backend whose answer the test sets: a wrong count, a bad tiling,
// a hang until the deadline.
type fake struct {
	name   string
	native bool
	run    func(ctx context.Context, t Task) (*Outcome, error)
}

func (f *fake) Name() string       { return f.name }
func (f *fake) Describe() string   { return "fake backend for tests" }
func (f *fake) Native() bool       { return f.native }
func (f *fake) Supports(Kind) bool { return true }
func (f *fake) Run(ctx context.Context, t Task) (*Outcome, error) {
	return f.run(ctx, t)
}

// fakeRegistry is the built-in registry plus the fakes.
func fakeRegistry(fakes ...*fake) *Registry {
	reg := NewRegistry()
	for _, f := range fakes {
		f := f
		reg.Register(f.name, "fake", func(string, []string) (Backend, error) { return f, nil })
	}
	return reg
}

func TestNativeConfigurationsAgreeWithBruteForce(t *testing.T) {
	reg := NewRegistry()
	backends := mustParseList(t, reg, "dlx dlx:f,vol fila:f fila:f,nof fila:e fila:e,nof fila:s,nof,at=2 fila:e=3:f=1,nof,r=none native")
	for _, src := range []string{lTrominoes, mixed} {
		p := parse(t, src)
		all, uniq := bruteCount(p)
		if all == 0 {
			t.Fatalf("%s: brute force finds no tiling; pick another test puzzle", p.Name)
		}
		tabs, err := Compare(context.Background(), p, backends, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(tabs) != 1 || tabs[0].Kind != "count" {
			t.Fatalf("%s: want one count table, got %s", p.Name, dump(tabs))
		}
		tab := tabs[0]
		if !tab.OK() || tab.Reference != "dlx" {
			t.Errorf("%s: not all agree or wrong reference:\n%s", p.Name, dump(tabs))
		}
		for _, r := range tab.Rows {
			if r.Status != OK || !r.Complete || *r.Solutions != all || *r.Unique != uniq {
				t.Errorf("%s %s: %s %v/%v, brute force %d/%d", p.Name, r.Backend, r.Status, *r.Solutions, *r.Unique, all, uniq)
			}
		}
		if want := countText(&Row{Outcome: Outcome{Solutions: &all, Unique: &uniq}}); tab.Answer != want {
			t.Errorf("%s: answer %q, want %q", p.Name, tab.Answer, want)
		}
		if tab.Fastest == "" || tab.FastestSeconds <= 0 {
			t.Errorf("%s: no fastest backend", p.Name)
		}
	}
}

func TestInjectedWrongCountDisagrees(t *testing.T) {
	p := parse(t, lTrominoes)
	all, uniq := bruteCount(p)
	wrong := &fake{name: "wrong", run: func(context.Context, Task) (*Outcome, error) {
		return &Outcome{Status: OK, Solutions: ptr(all + 1), Unique: ptr(uniq), Complete: true, Seconds: 0.001}, nil
	}}
	tabs, err := Compare(context.Background(), p, mustParseList(t, fakeRegistry(wrong), "dlx wrong fila:f"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab := tabs[0]
	r := rowOf(t, tab, "wrong")
	if r.Status != Disagree || r.Mark != "!=" || r.Reason == "" {
		t.Errorf("wrong count not flagged: %+v", r)
	}
	if tab.OK() || tab.Agree || (&Report{Tables: tabs}).OK() {
		t.Errorf("a disagreement must fail the table and the report")
	}
	if rowOf(t, tab, "fila:f").Mark != "=" {
		t.Errorf("the right backend is marked %q", rowOf(t, tab, "fila:f").Mark)
	}
}

func TestInvalidTilingDisagrees(t *testing.T) {
	p := parse(t, lTrominoes)
	all, uniq := bruteCount(p)
	// The right counts, but a "solution" that places one piece four times
	// on the same cells.
	bad := &fake{name: "bad", run: func(context.Context, Task) (*Outcome, error) {
		pl := p.Images.Place[0]
		tl := puzzle.Tiling{Placements: []puzzle.Placement{pl, pl, pl, pl}}
		return &Outcome{Status: OK, Solutions: ptr(all), Unique: ptr(uniq), Complete: true, Tilings: []puzzle.Tiling{tl}}, nil
	}}
	tabs, err := Compare(context.Background(), p, mustParseList(t, fakeRegistry(bad), "fila:f bad"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r := rowOf(t, tabs[0], "bad"); r.Status != Disagree {
		t.Errorf("an overlapping tiling passed: %+v", r)
	}
}

func TestTimeoutIsNotADisagreement(t *testing.T) {
	p := parse(t, lTrominoes)
	all, _ := bruteCount(p)
	hang := &fake{name: "hang", native: true, run: func(ctx context.Context, _ Task) (*Outcome, error) {
		<-ctx.Done()
		return &Outcome{Status: Timeout, Solutions: ptr(all - 1)}, nil
	}}
	hangErr := &fake{name: "hangerr", run: func(ctx context.Context, _ Task) (*Outcome, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	over := &fake{name: "over", run: func(ctx context.Context, _ Task) (*Outcome, error) {
		<-ctx.Done()
		return &Outcome{Status: Timeout, Solutions: ptr(all + 1)}, nil
	}}
	tabs, err := Compare(context.Background(), p, mustParseList(t, fakeRegistry(hang, hangErr, over), "hang hangerr dlx over"),
		Options{TimeLimit: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	tab := tabs[0]
	// The timed-out native row is not the reference; dlx is.
	if tab.Reference != "dlx" {
		t.Errorf("reference %q, want dlx", tab.Reference)
	}
	if r := rowOf(t, tab, "hang"); r.Status != Timeout || r.Mark != "<=" {
		t.Errorf("hang: %s %q", r.Status, r.Mark)
	}
	if r := rowOf(t, tab, "hangerr"); r.Status != Timeout {
		t.Errorf("hangerr: %s (%s)", r.Status, r.Reason)
	}
	// A partial count above the reference's total is a contradiction.
	if r := rowOf(t, tab, "over"); r.Status != Disagree {
		t.Errorf("over: %s", r.Status)
	}
}

func TestMissingBinariesAreSkipped(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	p := parse(t, lTrominoes)
	backends := mustParseList(t, NewRegistry(), "dlx cbc glpsol highs-cli")
	ext, err := DLXSolver("no-such-dlx-solver m1", nil)
	if err != nil {
		t.Fatal(err)
	}
	tabs, err := Compare(context.Background(), p, append(backends, ext), Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab := tabs[0]
	for _, name := range []string{"cbc", "glpsol", "highs-cli", "no-such-dlx-solver m1"} {
		if r := rowOf(t, tab, name); r.Status != Skipped || r.Reason == "" {
			t.Errorf("%s: %s %q", name, r.Status, r.Reason)
		}
	}
	if !tab.OK() {
		t.Errorf("skipped backends must not fail the comparison:\n%s", dump(tabs))
	}
}

func TestMIPEnumerationMatchesBruteForce(t *testing.T) {
	if !haveHiGHS() {
		t.Skip("HiGHS is not compiled in")
	}
	for _, src := range []string{lTrominoes, tDomino} {
		p := parse(t, src)
		all, uniq := bruteCount(p)
		o, err := Enumerate(context.Background(), p, 100, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !o.Complete || *o.Solutions != all || *o.Unique != uniq {
			t.Errorf("%s: enumeration %d/%d complete %v, brute force %d/%d", p.Name, *o.Solutions, *o.Unique, o.Complete, all, uniq)
		}
		if int64(len(o.Tilings)) != uniq {
			t.Errorf("%s: %d tilings for %d unique solutions", p.Name, len(o.Tilings), uniq)
		}
	}
	// At the solve limit the counts are partial and say so.
	p := parse(t, lTrominoes)
	o, err := Enumerate(context.Background(), p, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if o.Complete || *o.Unique != 1 || o.Note != "enumeration stopped at 1 solves" {
		t.Errorf("limit 1: %+v", o)
	}
}

func TestMaxCoverageAgrees(t *testing.T) {
	if !haveHiGHS() {
		t.Skip("HiGHS is not compiled in")
	}
	p := parse(t, lCorner)
	backends := mustParseList(t, NewRegistry(), "max-coverage")
	tabs, err := Compare(context.Background(), p, backends, Options{TimeLimit: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(tabs) != 1 || tabs[0].Kind != "max-coverage" {
		t.Fatalf("want one max-coverage table:\n%s", dump(tabs))
	}
	tab := tabs[0]
	// 3x3 cannot be tiled by L trominoes (a corner cell's tromino leaves
	// the centre edge cells unmatched), and two of them fit: optimum 6.
	if !tab.OK() || tab.Answer != "6 of 9 cells" {
		t.Errorf("answer %q:\n%s", tab.Answer, dump(tabs))
	}
	answered := 0
	for _, r := range tab.Rows {
		if r.Status == OK {
			answered++
			if *r.Coverage != 6 || !r.Complete || len(r.Tilings) == 0 {
				t.Errorf("%s: %+v", r.Backend, r.Outcome)
			}
		}
	}
	if answered < 4 { // the four in-process HiGHS rows at least
		t.Errorf("only %d rows answered:\n%s", answered, dump(tabs))
	}
}

func TestAutoTurnsToMaxCoverageWithoutExactTiling(t *testing.T) {
	p := parse(t, tDomino)
	if all, _ := bruteCount(p); all != 0 {
		t.Fatalf("test puzzle has %d tilings", all)
	}
	wrongCover := &fake{name: "wrongcover", run: func(_ context.Context, task Task) (*Outcome, error) {
		if task.Kind == Count {
			return &Outcome{Status: OK, Solutions: ptr(int64(0)), Complete: true}, nil
		}
		return &Outcome{Status: OK, Coverage: ptr(2), Bound: ptr(2), Complete: true}, nil
	}}
	list := "dlx fila:f wrongcover"
	if haveHiGHS() {
		list += " highs highs:seed highs:seed,strengthen"
	}
	tabs, err := Compare(context.Background(), p, mustParseList(t, fakeRegistry(wrongCover), list), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tabs) != 2 || tabs[0].Kind != "count" || tabs[1].Kind != "max-coverage" {
		t.Fatalf("want count then max-coverage:\n%s", dump(tabs))
	}
	if tabs[0].Answer != "no exact tiling" || !tabs[0].OK() {
		t.Errorf("count: %q\n%s", tabs[0].Answer, dump(tabs))
	}
	mc := tabs[1]
	// The T covers 4 of the 6 cells; with it no domino fits. The native
	// search is the reference (HiGHS, when compiled in, must agree).
	if mc.Answer != "4 of 6 cells" || mc.Reference != "dlx" {
		t.Errorf("max-coverage answer %q, reference %q\n%s", mc.Answer, mc.Reference, dump(tabs))
	}
	if r := rowOf(t, mc, "wrongcover"); r.Status != Disagree {
		t.Errorf("a wrong optimum passed: %s", r.Status)
	}
}

func TestDLXSolverReadsCount(t *testing.T) {
	dir := t.TempDir()
	p := parse(t, lTrominoes)
	all, _ := bruteCount(p)
	// A stand-in for dlx1: it checks that it was handed our DLX export,
	// then prints the count the way dlx1 does.
	script := func(name string, count int64) string {
		path := dir + "/" + name
		body := fmt.Sprintf("#!/bin/sh\nf=${1:--}\ngrep -q '^| polytile exact cover' \"$f\" || { echo 'not a DLX export' >&2; exit 3; }\n"+
			"echo 'Altogether %d solutions, 1234+5678 mems, 99 updates, 4096 bytes, 42 nodes.' >&2\n", count)
		if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good, err := DLXSolver(script("good", all), nil)
	if err != nil {
		t.Fatal(err)
	}
	file, err := DLXSolver(script("file", all)+" {}", nil)
	if err != nil {
		t.Fatal(err)
	}
	wrong, err := DLXSolver(script("wrong", all+2), nil)
	if err != nil {
		t.Fatal(err)
	}
	tabs, err := Compare(context.Background(), p, append(mustParseList(t, NewRegistry(), "fila:f"), good, file, wrong), Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab := tabs[0]
	for _, b := range []Backend{good, file} {
		r := rowOf(t, tab, b.Name())
		if r.Status != OK || r.Mark != "=" || r.Work != 42 {
			t.Errorf("%s: %s %q %+v", b.Name(), r.Status, r.Mark, r.Outcome)
		}
	}
	if r := rowOf(t, tab, wrong.Name()); r.Status != Disagree {
		t.Errorf("wrong DLX count: %s", r.Status)
	}
	if _, err := DLXSolver("x", mustRegexp(t, "no group")); err == nil {
		t.Errorf("a count pattern without a group was accepted")
	}
}

// A backend that only decides feasibility answers less than a count: it is
// not the fastest of a count table while some backend counted, and it is
// when none did.
func TestFastestAnsweredTheCount(t *testing.T) {
	p := parse(t, lTrominoes)
	feasible := &fake{name: "feasible", run: func(context.Context, Task) (*Outcome, error) {
		return &Outcome{Status: OK, Feasible: ptr(true), Complete: true, Seconds: 1e-9}, nil
	}}
	reg := fakeRegistry(feasible)
	tabs, err := Compare(context.Background(), p, mustParseList(t, reg, "dlx feasible"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tab := tabs[0]; tab.Fastest != "dlx" || rowOf(t, tab, "feasible").Ratio >= 1 {
		t.Errorf("fastest %q (ratio of the feasibility row %v), want dlx:\n%s", tab.Fastest, rowOf(t, tab, "feasible").Ratio, dump(tabs))
	}
	tabs, err = Compare(context.Background(), p, mustParseList(t, reg, "feasible"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tabs[0].Fastest != "feasible" {
		t.Errorf("fastest %q with no counting backend, want feasible", tabs[0].Fastest)
	}
}
