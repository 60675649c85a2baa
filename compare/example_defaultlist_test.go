package compare_test

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/puzzle"
)

// Run the default count list on the 20x3 pentomino rectangle, as compare
// does without --backends, and print what it left out and how to add it.
func ExampleTable_LeftOutLine() {
	p, err := puzzle.ParseFile("../examples/pentomino-20x3.yaml", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	per, err := compare.NewRegistry().DefaultBackends()
	if err != nil {
		fmt.Println(err)
		return
	}
	tables, err := compare.Compare(context.Background(), p, nil, compare.Options{PerKind: per})
	if err != nil {
		fmt.Println(err)
		return
	}
	t := tables[0]
	fmt.Println(t.Answer, "- agree:", t.Agree, "- rows:", len(t.Rows))
	fmt.Println(t.LeftOutLine())
	// Output:
	// 8 solutions (2 unique) - agree: true - rows: 3
	// left out of the default list: fila:f fila:f,nof fila:e fila:f,nof,at=10 dlx highs highs-cli cbc glpsol; add them with --backends "count fila:f fila:f,nof fila:e fila:f,nof,at=10 dlx highs highs-cli cbc glpsol"
}

// The backends a task runs by default, and those it runs on request.
func ExampleOnRequestSpecs() {
	fmt.Println(compare.DefaultSpecs(compare.MaxCoverage))
	fmt.Println(compare.OnRequestSpecs(compare.MaxCoverage))
	// Output:
	// [native highs:seed highs:seed,strengthen highs:packing highs:packing,strengthen]
	// [highs-cli cbc glpsol]
}
