package compare

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// Small hex and triangle puzzles for the comparator.
const (
	triMixed = "name: triangle mixed\ngrid: triangle\nboard: \"###./####\"\npieces:\n  T: \"###\"\n  D: \"##\"\n  M:\n    shape: \"#\"\n    count: 2\n"
	hexMixed = "name: hex mixed\ngrid: hex\nboard: \". # # #/.# # #/. # #\"\npieces:\n  I: \"# # #\"\n  A: \"# #/ #\"\n  D: \"# #\"\n"
)

// TestGridsAgree: on the hex and triangle grids every native backend and
// the LP export solved by GLPK agree with the brute force (small puzzles)
// and with each other (the examples); HiGHS's enumeration with no-good
// cuts on every symmetric image counts the small puzzles exactly.
func TestGridsAgree(t *testing.T) {
	reg := NewRegistry()
	backends := mustParseList(t, reg, "dlx fila:f fila:f,nof fila:e,nof fila:f,nof,at=2 native")
	for _, src := range []string{triMixed, hexMixed} {
		p := parse(t, src)
		all, uniq := bruteCount(p)
		if all == 0 {
			t.Fatalf("%s: no tiling", p.Name)
		}
		tabs, err := Compare(context.Background(), p, backends, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(tabs) != 1 || !tabs[0].OK() {
			t.Fatalf("%s: not all agree:\n%s", p.Name, dump(tabs))
		}
		for _, r := range tabs[0].Rows {
			if r.Status != OK || *r.Solutions != all || *r.Unique != uniq {
				t.Errorf("%s %s: %s %v/%v, brute force %d/%d", p.Name, r.Backend, r.Status, *r.Solutions, *r.Unique, all, uniq)
			}
		}
		if haveHiGHS() {
			o, err := Enumerate(context.Background(), p, 100, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !o.Complete || *o.Solutions != all || *o.Unique != uniq {
				t.Errorf("%s: HiGHS enumeration %d/%d complete %v, brute force %d/%d", p.Name, *o.Solutions, *o.Unique, o.Complete, all, uniq)
			}
		}
	}
	for _, file := range []string{"tetrahexes-7x4.yaml", "tetrahexes-rectangle.yaml", "hexiamonds-9x4.yaml"} {
		p, err := puzzle.ParseFile(filepath.Join("..", "examples", file), "")
		if err != nil {
			t.Fatal(err)
		}
		tabs, err := Compare(context.Background(), p, mustParseList(t, reg, "dlx fila:f,nof native glpsol"), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(tabs) != 1 || !tabs[0].OK() {
			t.Errorf("%s: not all agree:\n%s", file, dump(tabs))
		}
	}
}
