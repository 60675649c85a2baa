package puzzle_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// A tiling's JSON names each piece and anchors it where Verify places it.
func ExamplePuzzle_TilingJSON() {
	p, _ := puzzle.Parse("bars.yaml", []byte("board: 5x2\npieces:\n  I: {shape: \"#####\", count: 2}\n"), "")
	h := 0 // the horizontal orientation of I
	if p.Pieces[0].Orients[0].Extent().J != 5 {
		h = 1
	}
	t := puzzle.Tiling{Placements: []puzzle.Placement{{Piece: 0, Orient: h, At: puzzle.Cell{I: 0}}, {Piece: 0, Orient: h, At: puzzle.Cell{I: 1}}}}
	b, _ := json.Marshal(p.TilingJSON(t))
	fmt.Println(string(b) == fmt.Sprintf(`[{"piece":"I","orientation":%d,"at":[0,0],"row":0,"col":0},{"piece":"I","orientation":%d,"at":[1,0],"row":1,"col":0}]`, h, h))
	// Output: true
}

// In 3D the anchor has a layer, in "at" and as "layer"; read back, every
// placement rebuilds a tiling that Verify accepts.
func TestTilingJSON3D(t *testing.T) {
	p, err := puzzle.Parse("box.yaml", []byte("board: 2x1x2\npieces:\n  D: {shape: \"##\", count: 2}\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	var tl puzzle.Tiling
	for l := 0; l < 2; l++ {
		for o := range p.Pieces[0].Orients {
			cand := puzzle.Tiling{Placements: append(append([]puzzle.Placement{}, tl.Placements...), puzzle.Placement{Piece: 0, Orient: o, At: puzzle.Cell{L: l}})}
			if r, err := p.Verify(cand, false); err == nil && r.Valid() && r.Covered == 2*(l+1) {
				tl = cand
				break
			}
		}
	}
	js := p.TilingJSON(tl)
	if len(js) != 2 || len(js) != len(tl.Placements) {
		t.Fatalf("%d placements in JSON, want %d", len(js), len(tl.Placements))
	}
	for n, pl := range js {
		want := tl.Placements[n].At
		if pl.Layer == nil || *pl.Layer != want.L || len(pl.At) != 3 || pl.At[2] != want.L || pl.Row != want.I || pl.Col != want.J {
			t.Errorf("placement %d: %+v, want anchor %+v", n, pl, want)
		}
	}
}
