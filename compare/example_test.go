package compare_test

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/puzzle"
)

// Compare DLX and two FILA configurations on the 20x3 pentomino rectangle
// and print the agreed answer and each backend's count.
func ExampleCompare() {
	p, err := puzzle.ParseFile("../examples/pentomino-20x3.yaml", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	backends, err := compare.NewRegistry().ParseList("dlx,fila:f,nof,fila:e=11:f=3,nof")
	if err != nil {
		fmt.Println(err)
		return
	}
	tables, err := compare.Compare(context.Background(), p, backends, compare.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	t := tables[0]
	fmt.Println(t.Kind+":", t.Answer, "- agree:", t.Agree)
	for _, r := range t.Rows {
		fmt.Printf("%-18s %s %d/%d %s\n", r.Backend, r.Status, *r.Solutions, *r.Unique, r.Mark)
	}
	// Output:
	// count: 8 solutions (2 unique) - agree: true
	// dlx                ok 8/2 ref
	// fila:f,nof         ok 8/2 =
	// fila:e=11:f=3,nof  ok 8/2 =
}

// A backend spec names a solver and its options.
func ExampleRegistry_Parse() {
	b, err := compare.NewRegistry().Parse("fila:e=11:f=3,nof,at=11,vol")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Describe())
	// Output:
	// --backend fila --redundancy auto --volume --fila-at 11 --heuristic e=11:f=3 --nof
}

// Generated tables live between marker comments, so that prose around them
// survives regeneration.
func ExampleReplaceSection() {
	doc := "# Results\n\n<!-- bench:begin -->\nold\n<!-- bench:end -->\n\nNotes stay.\n"
	doc, _ = compare.ReplaceSection(doc, "bench", "new table")
	fmt.Print(doc)
	// Output:
	// # Results
	//
	// <!-- bench:begin -->
	// new table
	// <!-- bench:end -->
	//
	// Notes stay.
}
