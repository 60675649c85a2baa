package model

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestDecodeNamesRefusesEveryForeignName: every name of a solution must
// be a column of the program. DecodeNames used to refuse only a foreign
// x_ name and drop any other silently: a y of a seed export decoded as
// packing, or a name of another tool, gave a verdict on the remaining
// names. The one name it drops is the placeholder the exporters write
// into a program without columns ("z"), and only there.
func TestDecodeNamesRefusesEveryForeignName(t *testing.T) {
	p := build(t, "###/###", pp{name: "I", art: "##", count: 2})
	seed := mustProgram(t, p, ProgramOptions{Mode: MaxCoverage, Formulation: Seed})
	pack := mustProgram(t, p, ProgramOptions{Mode: MaxCoverage, Formulation: Packing})
	x := pack.ColName(0)
	y := seed.ColName(seed.NumX()) // a y column of the seed program
	if _, ok := seed.ColumnIndex(y); !ok || y[0] != 'y' {
		t.Fatalf("seed column %q", y)
	}
	for _, c := range []struct {
		pr     *Program
		values map[string]float64
		ok     bool
	}{
		{pack, map[string]float64{x: 1}, true},
		{seed, map[string]float64{x: 1, y: 1}, true},
		{pack, map[string]float64{x: 1, y: 1}, false},     // a seed solution read as packing
		{pack, map[string]float64{x: 1, "foo": 0}, false}, // a name of nothing
		{pack, map[string]float64{x: 1, "z": 0}, false},   // no placeholder in a program with columns
		{pack, map[string]float64{"X0000001": 1}, false},  // untranslated fixed-MPS names
	} {
		_, err := c.pr.DecodeNames(c.values)
		if (err == nil) != c.ok {
			t.Errorf("%v with %v: %v, want ok %v", c.pr.Options.Formulation, c.values, err, c.ok)
		}
	}

	// A program without columns: only the placeholder is dropped.
	spec := puzzle.Spec{Name: "empty", Dim: 2, Region: p.Region.Cells, Pieces: []puzzle.PieceSpec{{Name: "L", Cells: []puzzle.Cell{{I: 0}, {I: 1}, {I: 2}, {I: 3}}, Count: 1}}}
	ep, err := puzzle.NewWith(context.Background(), spec, puzzle.BuildOptions{Unplaceable: puzzle.DropAll, KeepEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	empty := mustProgram(t, ep, ProgramOptions{Mode: MaxCoverage, Formulation: Packing})
	if empty.NumCols() != 0 || !empty.IsPlaceholder("z") || pack.IsPlaceholder("z") {
		t.Fatalf("empty program: %d columns, placeholder %v", empty.NumCols(), empty.IsPlaceholder("z"))
	}
	for _, c := range []struct {
		values map[string]float64
		ok     bool
	}{
		{nil, true},
		{map[string]float64{"z": 0}, true},
		{map[string]float64{y: 1}, false},
		{map[string]float64{"z": 0, "y_0_0": 0}, false},
		{map[string]float64{x: 1}, false},
		{map[string]float64{"X0000001": 0}, false},
	} {
		tl, err := empty.DecodeNames(c.values)
		if (err == nil) != c.ok || err == nil && len(tl.Placements) != 0 {
			t.Errorf("empty program with %v: %v, %v, want ok %v", c.values, tl, err, c.ok)
		}
	}
}

// laterCtx is a context whose Err is nil for its first n calls, then
// context.Canceled: cancelled after DecodeNamesContext's first check,
// during the fingerprint's pass.
type laterCtx struct {
	context.Context
	n int
}

func (c *laterCtx) Err() error {
	if c.n > 0 {
		c.n--
		return nil
	}
	return context.Canceled
}

// TestDecodeNamesContextStopsTheFingerprint: a solution naming a
// fingerprint makes DecodeNames pass over the whole program (uncached, it
// had no stop function: a library caller could not cancel it);
// DecodeNamesContext reads ctx before and during that pass, returns its
// error and caches nothing, and uncancelled decodes as DecodeNames does.
func TestDecodeNamesContextStopsTheFingerprint(t *testing.T) {
	p := fpPuzzle(t, "######/######/######/######", 8)
	own, _ := fpOf(t, p, ProgramOptions{})
	pr, err := NewProgram(p, ProgramOptions{}) // a fresh program: no fingerprint cached
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]float64{own: FingerprintValue(own)}
	if _, err := pr.DecodeNamesContext(&laterCtx{Context: context.Background(), n: 1}, values); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled during the fingerprint: err = %v, want context.Canceled", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := pr.DecodeNamesContext(ctx, values); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled before: err = %v", err)
	}
	got, err := pr.DecodeNamesContext(context.Background(), values)
	want, werr := pr.DecodeNames(values)
	if err != nil || werr != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("uncancelled: %v %v / %v %v", got, err, want, werr)
	}
}
