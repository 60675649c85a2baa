package frontier

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"
)

// TestCountUniqueIfInReach: in reach, the unique count is there with no
// note and equals Count's; out of reach for both counts, the refusal is
// typed and the note says why the unique count is missing; a stopped
// count is returned as it is, with no note.
func TestCountUniqueIfInReach(t *testing.T) {
	ctx := context.Background()
	p := dominoes(t, 6, 6)
	res, note, err := CountUniqueIfInReach(ctx, p, Options{})
	if err != nil || note != "" || res.Unique == nil {
		t.Fatalf("6x6 dominoes: %v, note %q, %+v", err, note, res)
	}
	want, err := Count(ctx, p, Options{Unique: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.All.Cmp(want.All) != 0 || res.Unique.Cmp(want.Unique) != 0 || res.All.Cmp(big.NewInt(6728)) != 0 {
		t.Errorf("all %v unique %v, want %v (6728, OEIS A004003) and %v", res.All, res.Unique, want.All, want.Unique)
	}

	// 12x12 dominoes need more than 100,000 bytes of tables either way.
	_, note, err = CountUniqueIfInReach(ctx, dominoes(t, 12, 12), Options{MaxMemory: 100_000})
	var oor *OutOfReachError
	if !errors.As(err, &oor) || !strings.HasPrefix(note, "unique not counted: ") {
		t.Errorf("out of reach: %v, note %q", err, note)
	}

	stopped, cancel := context.WithCancel(ctx)
	cancel()
	_, note, err = CountUniqueIfInReach(stopped, dominoes(t, 12, 12), Options{})
	if !errors.Is(err, ErrNotCounted) || note != "" {
		t.Errorf("cancelled: %v, note %q", err, note)
	}
}

// TestDescribe: the backend line's description of a count and of a
// maximum-coverage search, and of the automatic choice.
func TestDescribe(t *testing.T) {
	r := &Result{Window: 7, Order: "rows", States: 42}
	if got, want := r.Describe(1), "window 7 cells, order rows, largest layer 42 states"; got != want {
		t.Errorf("serial: %q, want %q", got, want)
	}
	r.Fix = []Fix{{Symmetry: "id", Count: big.NewInt(8), How: "the count"}, {Symmetry: "rot180", Count: big.NewInt(2), How: "orbits"}}
	want := "window 7 cells, order rows, largest layer 42 states, 4 workers, unique by Burnside: Fix(id) = 8 by the count; Fix(rot180) = 2 by orbits"
	if got := r.Describe(4); got != want {
		t.Errorf("unique, 4 workers: %q, want %q", got, want)
	}
	c := &CoverageResult{Window: 5, Order: "columns", States: 9}
	if got, want := c.Describe(), "(max, +) recurrence, window 5 cells, order columns, largest layer 9 states"; got != want {
		t.Errorf("coverage: %q, want %q", got, want)
	}
	if got := (Choice{Reason: "FILA: why"}).Describe(); got != "chosen automatically: FILA: why" {
		t.Errorf("choice: %q", got)
	}
	if got := FallbackText(fmt.Errorf("too big")); got != "chosen automatically: FILA, the frontier having refused: too big" {
		t.Errorf("fallback: %q", got)
	}
}
