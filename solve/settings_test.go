package solve_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/solve"
)

// The frontier counts: a count with the native settings left alone
// passes, and each part it cannot do is refused by its own rule.
func TestCheckFrontier(t *testing.T) {
	count := native.Options{Algorithm: solve.Frontier, Count: true}
	for _, c := range []struct {
		name string
		o    native.Options
		max  bool
		x    solve.Extras
		want solve.Refusal
	}{
		{"count", count, false, solve.Extras{Given: native.SetWorkers}, 0},
		{"max-coverage", native.Options{Algorithm: solve.Frontier}, true, solve.Extras{}, 0},
		{"first tiling", native.Options{Algorithm: solve.Frontier}, false, solve.Extras{}, solve.FrontierQuestion},
		{"limit", native.Options{Algorithm: solve.Frontier, Count: true, Limit: 3}, false, solve.Extras{}, solve.FrontierListing},
		{"stream", count, false, solve.Extras{Stream: true}, solve.FrontierListing},
		{"shard", count, false, solve.Extras{Shard: "0/2"}, solve.FrontierSplit},
		{"checkpoint", count, false, solve.Extras{Checkpoint: true}, solve.FrontierSplit},
		{"count key", count, false, solve.Extras{CountKey: true}, solve.FrontierSplit},
		{"stats", native.Options{Algorithm: solve.Frontier, Count: true, Stats: true}, false, solve.Extras{}, solve.FrontierStats},
		{"nof", count, false, solve.Extras{Given: native.SetNOF}, solve.FrontierNative},
		{"picture", count, false, solve.Extras{Picture: true}, solve.FrontierPicture},
	} {
		err := solve.CheckFrontier(c.o, c.max, c.x)
		var se *solve.SettingError
		switch {
		case c.want == 0 && err != nil:
			t.Errorf("%s: %v, want nil", c.name, err)
		case c.want == 0:
		case !errors.As(err, &se) || se.Refusal != c.want || !errors.Is(err, solve.ErrNotApplicable):
			t.Errorf("%s: %#v, want a SettingError with refusal %d", c.name, err, c.want)
		}
	}
}

// A symmetric key's orbit problem is searched serially by DLX: a shard or
// a checkpoint of it is refused, and so is --nof given there; the same
// settings pass on a puzzle without a symmetric key.
func TestNativeConfigRefusals(t *testing.T) {
	sym := example(t, "squares-8x6-symmetric.yaml")
	plain := example(t, "pentomino-12x5.yaml")
	o := native.Options{Algorithm: solve.FILA, NOF: true, Count: true}
	var se *solve.SettingError
	if _, err := solve.NativeConfig(sym, o, solve.Extras{Shard: "1/4"}); !errors.As(err, &se) || se.Refusal != solve.SymmetricShard || se.Shard != "1/4" {
		t.Errorf("symmetric, shard: %v", err)
	}
	if _, err := solve.NativeConfig(sym, o, solve.Extras{Checkpoint: true}); !errors.As(err, &se) || se.Refusal != solve.SymmetricCheckpoint {
		t.Errorf("symmetric, checkpoint: %v", err)
	}
	var idle *native.IdleError
	if _, err := solve.NativeConfig(sym, o, solve.Extras{Given: native.SetNOF}); !errors.As(err, &idle) || idle.Setting != native.SetNOF {
		t.Errorf("symmetric, --nof given: %v", err)
	}
	cfg, err := solve.NativeConfig(plain, o, solve.Extras{Given: native.SetNOF, Shard: "1/4", Checkpoint: true})
	if err != nil || cfg.Algorithm != native.FILA || !cfg.NOF {
		t.Errorf("plain: %+v, %v", cfg, err)
	}
}

// Maximum coverage reads only the heuristic's first letter: a schedule
// parses and passes with no other setting, its levels or another setting
// are idle, and a schedule that does not parse is neither.
func TestCheckMaxCoverage(t *testing.T) {
	var idle *native.IdleError
	if err := solve.CheckMaxCoverage(native.Options{Schedule: "e"}, native.SetSchedule|native.SetFilaAt); err != nil {
		t.Errorf("e: %v", err)
	}
	if err := solve.CheckMaxCoverage(native.Options{Schedule: "e=5:f=2"}, native.SetSchedule); !errors.As(err, &idle) || idle.Instead != "e" {
		t.Errorf("e=5:f=2: %v", err)
	}
	if err := solve.CheckMaxCoverage(native.Options{Workers: 2}, native.SetWorkers); !errors.As(err, &idle) || idle.Setting != native.SetWorkers {
		t.Errorf("-j 2: %v", err)
	}
	if err := solve.CheckMaxCoverage(native.Options{Schedule: "q"}, native.SetSchedule); err == nil || errors.As(err, &idle) {
		t.Errorf("q: %v, want a schedule error", err)
	}
}

// A redundancy piece is checked on the puzzle as read: one it lacks is
// refused, one left out because it fits nowhere is accepted.
func TestCheckPin(t *testing.T) {
	p, err := puzzle.ParseWith(t.Context(), "t.yaml", []byte("board: 2x2\npieces:\n  O: \"##/##\"\n  I: \"#####\"\n"), "",
		puzzle.BuildOptions{Unplaceable: puzzle.DropAll, KeepEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(p.Dropped) != "[I]" {
		t.Fatalf("dropped %v, want [I]", p.Dropped)
	}
	for spec, ok := range map[string]bool{"O": true, "I": true, "auto": true, "X": false} {
		err := solve.CheckPin(p, spec)
		if (err == nil) != ok || err != nil && !errors.Is(err, native.ErrRedundancyPiece) {
			t.Errorf("%s: %v", spec, err)
		}
	}
}

// The frontier counts tilings without finding them: asked for the first
// N tilings, it refuses with the rule broken.
func ExampleCheckFrontier() {
	err := solve.CheckFrontier(native.Options{Algorithm: solve.Frontier, Count: true, Limit: 3}, false, solve.Extras{})
	var se *solve.SettingError
	fmt.Println(errors.As(err, &se) && se.Refusal == solve.FrontierListing)
	fmt.Println(err)
	// Output:
	// true
	// solve: the frontier backend lists no tilings
}

// TestCheckBackend: the native searches take any question; HiGHS finds
// one tiling; the frontier's rules apply to it; an unknown name is
// ErrBackend.
func TestCheckBackend(t *testing.T) {
	var se *solve.SettingError
	for _, c := range []struct {
		o    native.Options
		max  bool
		want solve.Refusal
	}{
		{native.Options{Algorithm: solve.FILA, Limit: 5}, false, 0},
		{native.Options{Algorithm: solve.DLX, Count: true}, false, 0},
		{native.Options{Algorithm: solve.HiGHS}, true, 0},
		{native.Options{Algorithm: solve.HiGHS, Limit: 1}, false, 0},
		{native.Options{Algorithm: solve.HiGHS, Limit: 2}, false, solve.HiGHSCount},
		{native.Options{Algorithm: solve.HiGHS, Count: true}, false, solve.HiGHSCount},
		{native.Options{Algorithm: solve.HiGHS, Unique: true, Limit: 1}, false, solve.HiGHSCount},
		{native.Options{Algorithm: solve.Frontier}, false, solve.FrontierQuestion},
		{native.Options{Algorithm: solve.Frontier, Count: true}, false, 0},
	} {
		err := solve.CheckBackend(c.o, c.max, solve.Extras{})
		if c.want == 0 && err != nil || c.want != 0 && (!errors.As(err, &se) || se.Refusal != c.want) {
			t.Errorf("%+v max %v: %v, want refusal %d", c.o, c.max, err, c.want)
		}
	}
	var be *solve.BackendError
	err := solve.CheckBackend(native.Options{Algorithm: "simplex"}, false, solve.Extras{})
	if !errors.As(err, &be) || be.Name != "simplex" || !errors.Is(err, solve.ErrBackend) || errors.Is(err, solve.ErrNotApplicable) {
		t.Errorf("simplex: %#v", err)
	}
	if got, want := err.Error(), `unknown backend "simplex": use fila, dlx, highs or frontier`; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
}
