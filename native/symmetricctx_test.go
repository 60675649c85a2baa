package native

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// TestSymmetricCanonicalHonoursContext: canonical and orbitSize verify
// the images of a symmetric tiling under the elements that do not
// normalise H (rotate90 and the other mirror do not normalise
// mirror-vertical on a square), seconds each on a million-cell board.
// With a cancelled context they must stop with its error before any
// verification work (VerifyContext reads the context first), not
// verify every image. Every solution of the small board is asked; the
// answers without cancellation are the reference.
func TestSymmetricCanonicalHonoursContext(t *testing.T) {
	p := parseYAML(t, "dominoes-mv", "board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: mirror-vertical\n")
	var sols []puzzle.Tiling
	if _, err := Solve(context.Background(), p, Config{Algorithm: "dlx", OnSolution: func(tl puzzle.Tiling) { sols = append(sols, tl) }}); err != nil {
		t.Fatal(err)
	}
	syms := p.Symmetries()
	live := newSymSearch(context.Background(), p, Config{}, syms, time.Now())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dead := newSymSearch(ctx, p, Config{}, syms, time.Now())
	stoppedCanon, stoppedOrbit := 0, 0
	for n, tl := range sols {
		want, err := live.canonical(tl)
		if err != nil {
			t.Fatal(err)
		}
		got, err := dead.canonical(tl)
		switch {
		case errors.Is(err, context.Canceled):
			stoppedCanon++
		case err != nil:
			t.Fatalf("solution %d: canonical: %v", n, err)
		case got != want: // no image needed verifying
			t.Errorf("solution %d: canonical %v with a cancelled context, %v without", n, got, want)
		}
		wantN, err := live.orbitSize(tl)
		if err != nil {
			t.Fatal(err)
		}
		gotN, err := dead.orbitSize(tl)
		switch {
		case errors.Is(err, context.Canceled):
			stoppedOrbit++
		case err != nil:
			t.Fatalf("solution %d: orbitSize: %v", n, err)
		case gotN != wantN:
			t.Errorf("solution %d: orbit size %d with a cancelled context, %d without", n, gotN, wantN)
		}
	}
	if stoppedCanon == 0 || stoppedOrbit == 0 {
		t.Errorf("of %d solutions, canonical stopped at %d and orbitSize at %d with a cancelled context: they verify images without the context", len(sols), stoppedCanon, stoppedOrbit)
	}
}

// TestSymmetricStopWhileVerifying: a search whose context ends while a
// solution's images are verified reports Interrupted and stops there.
func TestSymmetricStopWhileVerifying(t *testing.T) {
	p := parseYAML(t, "dominoes-mv", "board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: mirror-vertical\n")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := newSymSearch(ctx, p, Config{}, p.Symmetries(), time.Now())
	cancel()
	// The watcher goroutine of solveSymmetric is not running: only the
	// verification of images can see the cancellation.
	s.search(0)
	if !s.stop.Load() {
		t.Errorf("the search ran to its end (%d solutions) with a cancelled context: canonical verified images without it", s.res.All)
	}
}
