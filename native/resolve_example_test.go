package native_test

import (
	"context"
	"errors"
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

// Refuse a setting that would do nothing, as polytile solve does: with
// an unlimited piece the number of pieces left is unknown, so FILA starts
// at once and --fila-at 3 is idle.
func ExampleConfig_CheckIdle() {
	p, err := puzzle.Parse("p.yaml", []byte("board: 4x4\npieces:\n  L: {shape: \"#./##\", count: unlimited}\n"), "")
	if err != nil {
		fmt.Println(err)
		return
	}
	given := native.GivenSettings(func(flag string) bool { return flag == "fila-at" })
	err = native.Config{FilaAt: 3}.CheckIdle(p, false, given)
	var idle *native.IdleError
	fmt.Println(errors.As(err, &idle), idle.Flag)
	fmt.Println(err)
	// Output:
	// true --fila-at
	// --fila-at 3: with an unlimited piece (the number of pieces left is unknown) FILA starts at once; leave --fila-at out
}
