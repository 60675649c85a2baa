//go:build cgo && !nohighs

package highs_test

import (
	"context"
	"fmt"
	"math"

	"github.com/polytile/polytile/highs"
)

// A 0/1 knapsack: pick items of total weight at most 7 with the largest
// total value.
func ExampleSolve() {
	values := []float64{10, 13, 7, 8}
	weights := []float64{3, 4, 2, 3}
	m := &highs.Model{
		Maximize: true,
		ColCost:  values,
		ColLower: []float64{0, 0, 0, 0},
		ColUpper: []float64{1, 1, 1, 1},
		Integer:  []bool{true, true, true, true},
		RowLower: []float64{math.Inf(-1)},
		RowUpper: []float64{7},
		RowStart: []int{0, 4},
		Index:    []int{0, 1, 2, 3},
		Value:    weights,
	}
	res, err := highs.Solve(context.Background(), m, highs.Options{MIPRelGap: 0})
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(res.Status, res.Objective)
	for j, x := range res.X {
		if x > 0.5 {
			fmt.Println("take item", j)
		}
	}
	// Output:
	// optimal 23
	// take item 0
	// take item 1
}
