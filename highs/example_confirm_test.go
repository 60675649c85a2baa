//go:build cgo && !nohighs

package highs_test

import (
	"context"
	"fmt"
	"math"

	"github.com/polytile/polytile/highs"
)

// Two binaries that must sum to 3 have no solution: HiGHS says
// infeasible, and a second solve with presolve off confirms it. Under an
// objective bound the same "infeasible" would prove nothing.
func ExampleConfirmInfeasible() {
	m := &highs.Model{
		ColCost:  []float64{0, 0},
		ColLower: []float64{0, 0},
		ColUpper: []float64{1, 1},
		Integer:  []bool{true, true},
		RowLower: []float64{3},
		RowUpper: []float64{math.Inf(1)},
		RowStart: []int{0, 2},
		Index:    []int{0, 1},
		Value:    []float64{1, 1},
	}
	c, _, err := highs.ConfirmInfeasible(context.Background(), m, highs.Options{})
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(c)
	fmt.Println(highs.VoidingOptions(highs.Options{Extra: []highs.Option{{Name: "objective_bound", Value: "-1"}}}))
	// Output:
	// confirmed
	// [objective_bound=-1: an objective bound cuts off every solution worse than it]
}
