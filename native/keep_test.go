package native

import (
	"context"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestKeepNone: with Keep < 0 every solution streams to OnSolution and none
// is held in Result.First (a --limit 1500000 --jsonl run used to hold them
// all); Keep > 0 holds that many.
func TestKeepNone(t *testing.T) {
	p, err := puzzle.ParseFile("../examples/pentomino-10x6.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		keep, want int
	}{{-1, 0}, {0, 300}, {7, 7}} {
		n := 0
		res, err := Solve(context.Background(), p, Config{Algorithm: "fila", Schedule: "f", Limit: 300, Keep: c.keep,
			OnSolution: func(puzzle.Tiling) { n++ }})
		if err != nil {
			t.Fatal(err)
		}
		if n != 300 || len(res.First) != c.want {
			t.Errorf("Keep %d: %d streamed, %d held; want 300 and %d", c.keep, n, len(res.First), c.want)
		}
	}
}
