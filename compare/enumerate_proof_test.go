package compare

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/proof"
	"github.com/polytile/polytile/puzzle"
)

// lyingSolver is HiGHS that answers "infeasible" from its n-th solve on
// whenever presolve is on, as HiGHS 1.15's presolve did on a program of
// a few dozen cells plus 37 no-good rows (compare counted 37 tilings,
// complete, where FILA, DLX, a brute force and clasp count 41). With
// presolve off it answers truthfully.
type lyingSolver struct {
	n, solves int
}

func (l *lyingSolver) solve(ctx context.Context, m *highs.Model, opt highs.Options) (*highs.Result, error) {
	if opt.Presolve != "off" {
		l.solves++
		if l.solves >= l.n {
			return &highs.Result{Status: highs.StatusInfeasible}, nil
		}
	}
	return highs.Solve(ctx, m, opt)
}

// undecided is a confirmer that never decides (a second solve that hits
// its time limit).
type undecided struct{}

func (undecided) confirm(context.Context, *highs.Model, highs.Options) (proof.Confirmation, *highs.Result, error) {
	return proof.Undecided, &highs.Result{Status: highs.StatusUnknown}, nil
}
func (undecided) how() string { return "a confirmer that never decides" }

// TestEnumerationInfeasibleNeedsConfirmation: a solver that says
// "infeasible" too early does not end the enumeration as complete. With
// the default confirmer (HiGHS with presolve off) the enumeration goes
// on past the false "infeasible" and counts what the brute force counts;
// with a confirmer that cannot decide, the count is a lower bound, not
// complete, and the note says why.
func TestEnumerationInfeasibleNeedsConfirmation(t *testing.T) {
	if !haveHiGHS() {
		t.Skip("HiGHS is not compiled in")
	}
	p := parse(t, triMixed)
	all, uniq := bruteCount(p)
	if uniq < 3 {
		t.Fatalf("%s: %d unique tilings, the test wants 3 or more", p.Name, uniq)
	}
	liar := &lyingSolver{n: 2}
	o, err := enumerate(context.Background(), p, 100, 0, enumOptions{solve: liar.solve})
	if err != nil {
		t.Fatal(err)
	}
	if !o.Complete || *o.Solutions != all || *o.Unique != uniq || !strings.Contains(o.Note, "found a tiling after HiGHS said infeasible") {
		t.Errorf("default confirmer: %d/%d complete %v (%s), brute force %d/%d", *o.Solutions, *o.Unique, o.Complete, o.Note, all, uniq)
	}
	liar = &lyingSolver{n: 2}
	o, err = enumerate(context.Background(), p, 100, 0, enumOptions{solve: liar.solve, confirm: undecided{}})
	if err != nil {
		t.Fatal(err)
	}
	if o.Complete || *o.Unique != 1 || !strings.Contains(o.Note, "lower bound") || !strings.Contains(o.Note, "not confirmed") {
		t.Errorf("undecided confirmer: %d/%d complete %v (%s), want 1 unique, not complete, a lower bound", *o.Solutions, *o.Unique, o.Complete, o.Note)
	}
	// Through the backend and the comparator: the row is not complete,
	// its count is marked as a lower bound, nothing disagrees.
	b := &liarBackend{liar: &lyingSolver{n: 2}}
	tabs, err := Compare(context.Background(), p, append(mustParseList(t, NewRegistry(), "fila"), b), Options{Kinds: []Kind{Count}})
	if err != nil {
		t.Fatal(err)
	}
	r := rowOf(t, tabs[0], "liar")
	if r.Complete || r.Mark != "<=" || !tabs[0].OK() {
		t.Errorf("comparator: complete %v, mark %q:\n%s", r.Complete, r.Mark, dump(tabs))
	}
}

// liarBackend enumerates with a lyingSolver and a confirmer that never
// decides.
type liarBackend struct{ liar *lyingSolver }

func (b *liarBackend) Name() string         { return "liar" }
func (b *liarBackend) Describe() string     { return "HiGHS enumeration with a lying solver" }
func (b *liarBackend) Native() bool         { return false }
func (b *liarBackend) Supports(k Kind) bool { return k == Count }
func (b *liarBackend) Run(ctx context.Context, t Task) (*Outcome, error) {
	return enumerate(ctx, t.Puzzle, 100, 0, enumOptions{solve: b.liar.solve, confirm: undecided{}})
}

// Shapes the random puzzles draw from (monominoes are added to fill the
// board, as in the puzzle HiGHS's presolve miscounted).
var randomShapes = []string{"##", "###", "#./##", "##/##", "###/.#.", "#../###", "##./.##", "####"}

// randomPuzzle is a small puzzle of seed r: a board of 6 to 16 cells
// (a rectangle with holes), free pieces of random shapes and counts,
// and monominoes for the cells left.
func randomPuzzle(r *rand.Rand) string {
	w, h := 2+r.IntN(4), 2+r.IntN(3)
	var rows []string
	area := 0
	for range h {
		var b strings.Builder
		for range w {
			if r.IntN(8) == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte('#')
				area++
			}
		}
		rows = append(rows, b.String())
	}
	var pieces strings.Builder
	left := area
	for n, s := range r.Perm(len(randomShapes))[:1+r.IntN(3)] {
		size := strings.Count(randomShapes[s], "#")
		c := r.IntN(3)
		for c*size > left-1 {
			c--
		}
		if c <= 0 {
			continue
		}
		left -= c * size
		fmt.Fprintf(&pieces, "  P%d:\n    shape: %q\n    count: %d\n", n, randomShapes[s], c)
	}
	if left > 0 {
		fmt.Fprintf(&pieces, "  M:\n    shape: \"#\"\n    count: %d\n", left)
	}
	return fmt.Sprintf("name: random\nboard: %q\norientations: free\npieces:\n%s", strings.Join(rows, "/"), pieces.String())
}

// TestRandomEnumerationMatchesFILA: on seeded random small puzzles with
// monominoes, HiGHS's no-good enumeration counts what FILA counts
// whenever it says complete, and never counts more.
func TestRandomEnumerationMatchesFILA(t *testing.T) {
	if !haveHiGHS() {
		t.Skip("HiGHS is not compiled in")
	}
	fila := mustParseList(t, NewRegistry(), "fila")[0]
	r := rand.New(rand.NewPCG(31, 37))
	start := time.Now()
	checked := 0
	for checked < 36 && time.Since(start) < 20*time.Second {
		src := randomPuzzle(r)
		p, err := puzzle.Parse("random.yaml", []byte(src), "yaml")
		if err != nil {
			continue // a piece that fits nowhere, an area that does not match
		}
		ref, err := fila.Run(context.Background(), Task{Puzzle: p, Kind: Count})
		if err != nil {
			t.Fatal(err)
		}
		if ref.Status != OK || !ref.Complete || *ref.Unique > 20 {
			continue // too many classes for a quick enumeration
		}
		o, err := Enumerate(context.Background(), p, 100, 0)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		checked++
		if o.Status == Skipped {
			continue
		}
		if *o.Solutions > *ref.Solutions || o.Complete && (*o.Solutions != *ref.Solutions || *o.Unique != *ref.Unique) {
			t.Errorf("HiGHS %d/%d complete %v (%s), FILA %d/%d on\n%s", *o.Solutions, *o.Unique, o.Complete, o.Note, *ref.Solutions, *ref.Unique, src)
		}
		if !o.Complete {
			t.Logf("not complete (%s) on\n%s", o.Note, src)
		}
	}
	if checked < 20 {
		t.Errorf("only %d puzzles checked in %v", checked, time.Since(start))
	}
	t.Logf("%d random puzzles in %v", checked, time.Since(start))
}
