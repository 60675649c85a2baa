package solcheck_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/solcheck"
)

// TestAnswered: a check answered by the reading of the puzzle is neither
// valid nor optimal, with the reason as its verdict; the solution read
// for the puzzle without its unplaceable piece (one more name allowed,
// for that piece's count row) fills in the puzzle and the file's format.
func TestAnswered(t *testing.T) {
	q, err := puzzle.ParseWith(context.Background(), "d.yaml",
		[]byte("name: dominoes\nboard: 3x2\norientations: free\ncount: 3\npieces:\n  D: \"##\"\n  I: \"####\"\n"), "",
		puzzle.BuildOptions{Unplaceable: puzzle.DropAll, KeepEmpty: true})
	if err != nil || len(q.Dropped) != 1 {
		t.Fatalf("dropped %v, %v", q.Dropped, err)
	}
	opt := solcheck.LoadOptions(q, solcheck.Options{File: "d.sol", Extra: 2})
	if opt.Extra != 3 || opt.File != "d.sol" {
		t.Errorf("LoadOptions: %+v, want Extra 3", opt)
	}
	rep := solcheck.Answered("piece \"I\" fits nowhere", model.Exact, solcheck.Options{File: "d.sol", Format: "gurobi"})
	if rep.Valid || rep.Optimal || rep.Accepted || rep.Verdict != "piece \"I\" fits nowhere" || rep.Mode != "exact" || rep.File != "d.sol" || rep.Solver != "gurobi" {
		t.Errorf("Answered: %+v", rep)
	}
	prog := dominoes(t, model.Exact)
	in, err := solcheck.Load(context.Background(), prog, gurobiFile(t, prog, nativeTiling(t, prog), true), opt)
	if err != nil {
		t.Fatal(err)
	}
	rep.ReadFor(q, in)
	if rep.Puzzle != "dominoes" || rep.Cells != 6 || rep.Solver != in.Format || rep.Status != in.Solution.Status || rep.Valid {
		t.Errorf("ReadFor: %+v", rep)
	}
}

// A check whose puzzle has a piece that fits nowhere is answered before
// any solution is judged.
func ExampleAnswered() {
	rep := solcheck.Answered(`piece "I" fits nowhere in the board`, model.Exact, solcheck.Options{File: "d.sol"})
	fmt.Println(rep.Valid, rep.Optimal, rep.Verdict)
	// Output: false false piece "I" fits nowhere in the board
}
