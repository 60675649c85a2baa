package native_test

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// Resolve a user's settings as polytile solve --count --nof does: what
// is not given comes from DefaultConfig (FILA, its heuristic for the
// puzzle, the volume filter once), and Describe says what runs.
func ExampleOptions_Resolve() {
	p, err := puzzle.Parse("p.yaml", []byte("board: 20x3\norientations: free\npieces: pentominoes\n"), "")
	if err != nil {
		fmt.Println(err)
		return
	}
	cfg := native.Options{Count: true, NOF: true, Unique: true}.Resolve(p)
	fmt.Println(cfg.Algorithm, "-", cfg.Describe(false))
	res, err := native.Solve(context.Background(), p, cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.All, res.Unique, res.Complete())
	// Output:
	// fila - heuristic f, NOF, volume filter
	// 8 2 true
}
