package polyform_test

import (
	"fmt"

	"github.com/polytile/polytile/polyform"
)

// The free and one-sided polyominoes of up to six cells, counted from their
// definition, and the pentominoes with their letters.
func Example() {
	for n := 1; n <= 6; n++ {
		free, _ := polyform.Classes(n, 2, true)
		oneSided, _ := polyform.Classes(n, 2, false)
		fmt.Printf("%d cells: %d free, %d one-sided\n", n, len(free), len(oneSided))
	}
	set, _ := polyform.Lookup("pentominoes")
	for _, p := range set.Pieces[:3] {
		fmt.Println(p.Name, p.Shape.Art())
	}
	// Output:
	// 1 cells: 1 free, 1 one-sided
	// 2 cells: 1 free, 1 one-sided
	// 3 cells: 2 free, 2 one-sided
	// 4 cells: 5 free, 7 one-sided
	// 5 cells: 12 free, 18 one-sided
	// 6 cells: 35 free, 60 one-sided
	// F .##/##./.#.
	// I #####
	// L ####/#...
}
