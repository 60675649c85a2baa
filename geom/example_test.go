package geom_test

import (
	"fmt"

	"github.com/polytile/polytile/geom"
)

// Normalize turns any list of cells into the shape's normal form, so that
// two placements of one shape compare equal.
func ExampleNormalize() {
	a := geom.Normalize([]geom.Cell{{I: 4, J: 7}, {I: 4, J: 8}, {I: 5, J: 8}})
	b := geom.Normalize([]geom.Cell{{I: 1, J: 2}, {I: 0, J: 1}, {I: 0, J: 2}})
	fmt.Println(a, a.Art(), a.Equal(b))
	// Output: [(0,0) (0,1) (1,1)] ##/.# true
}
