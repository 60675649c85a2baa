package native

import (
	"math/bits"
	"slices"
	"testing"
)

// TestModelBuildFromMasks builds 64-bit FILA models of a 3D, a square and
// a hexagonal puzzle and checks the two parts of the build that read the
// options' cell masks: every image list table equals the one laid out
// from the cells one by one (the path of the multi-word model), and every
// option's open-neighbour decrement holds, for each cell x, the number of
// the option's cells adjacent to x, counted here from x's side (the
// neighbours of x inside the option).
func TestModelBuildFromMasks(t *testing.T) {
	for _, tc := range []struct{ file, sched string }{
		{"tetris-cube.yaml", "e"},
		{"tetris-cube.yaml", "f"},
		{"pentomino-8x8-square-centre.yaml", "e=12:f=2"},
		{"tetrahexes-7x4.yaml", "e"},
	} {
		p := loadExample(t, tc.file)
		w := newWorker(testRun(t, p, Config{Algorithm: "fila", Schedule: tc.sched, NOF: true}))
		f := w.buildFila()
		if f == nil {
			t.Fatalf("%s: no 64-bit model", tc.file)
		}
		tables := 0
		for _, tab := range f.tabs {
			if tab == nil || tab.kind < 0 {
				continue
			}
			tables++
			cellsOf := func(i int, buf []int32) []int32 {
				for x := f.optLay[i]; x != 0; x &= x - 1 {
					buf = append(buf, int32(bits.TrailingZeros64(x)))
				}
				return buf
			}
			var ref tableLayout
			ref.buildLayout(&f.fs, tab.kind, true, w.r.radialRank, cellsOf, nil)
			if !slices.Equal(ref.offs, tab.offs) || !slices.Equal(ref.members, tableOptions(f, tab)) {
				t.Errorf("%s %s: heuristic %d's table differs from the one laid out cell by cell", tc.file, tc.sched, tab.kind)
			}
		}
		if tables == 0 {
			t.Fatalf("%s: no table built", tc.file)
		}
		if tc.sched == "f" {
			continue
		}
		if len(f.dec) != len(f.optLay) {
			t.Fatalf("%s: %d decrements for %d options", tc.file, len(f.dec), len(f.optLay))
		}
		for i, lay := range f.optLay {
			d := f.dec[i]
			for x := range f.fs.n {
				got := int(d[0]>>x&1 | (d[1]>>x&1)<<1 | (d[2]>>x&1)<<2)
				want := 0
				for _, y := range f.fs.nbLocal[x] {
					if y >= 0 && lay>>y&1 != 0 {
						want++
					}
				}
				if got != want {
					t.Fatalf("%s: option %d, cell %d: decrement %d, adjacent cells %d", tc.file, i, x, got, want)
				}
			}
		}
	}
}

// tableOptions returns the model option of every entry of tab: its
// members, or, for an indexed table that selectVec counts (filled without
// members), its idx, after checking that every entry's layout and class
// byte are its option's.
func tableOptions(f *fila64, tab *table64) []int32 {
	if len(tab.members) != 0 || !tab.indexed || len(tab.ecls) == 0 {
		return tab.members
	}
	n := int(tab.offs[len(tab.offs)-1])
	var opts []int32
	for j, u := range tab.idx[:n] {
		if tab.lay[j] != f.optLay[u] || tab.ecls[j] != uint8(63-f.fs.optCls[u]) {
			return nil
		}
		opts = append(opts, int32(u))
	}
	return opts
}
