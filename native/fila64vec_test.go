package native

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// refSelectVec is what selectVec computes, written as countInto counts: the
// lists of the available classes one by one.
func refSelectVec(cand uint64, cells *[64]fcell, recs []uint32, recLen int, lay []uint64, ent []uint16, o, avail uint64) (n, att int, fits []int32) {
	n = int(^uint(0) >> 1)
	for x := cand; x != 0; x &= x - 1 {
		fc := &cells[bits.TrailingZeros64(x)]
		rec := recs[int(fc.base+ilsi64(&fc.nbInfo, o))*recLen:]
		var got []int32
		a := 0
		for m := avail & (uint64(rec[0]) | uint64(rec[1])<<32); m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			for j := rec[2+s]; j < rec[3+s]; j++ {
				a++
				if o&lay[j] == 0 {
					got = append(got, int32(ent[j]))
				}
			}
		}
		if len(got) < n {
			n, att, fits = len(got), a, got
			if n == 0 {
				break
			}
		}
	}
	return n, att, fits
}

// TestSelectVecRandom checks selectVec against refSelectVec on random
// tables: 1 to 64 classes (up to 8 cells when more than 16), cells with 0 to 6 neighbours, lists of 0 to 6
// entries, random occupancies, available classes and candidates.
func TestSelectVecRandom(t *testing.T) {
	if !haveSelectVec {
		t.Skip("selectVec needs GOAMD64=v3")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for it := range 2000 {
		nCls := 1 + rng.IntN(16)
		if it%4 == 0 {
			nCls = 1 + rng.IntN(64)
		}
		recLen := nCls + 3
		nCells := 1 + rng.IntN(64)
		if nCls > 16 {
			nCells = 1 + rng.IntN(8)
		}
		var cells [64]fcell
		var recs []uint32
		var lay []uint64
		var cls []uint8
		var ent []uint16
		maxSet := 0
		for c := range nCells {
			// Distinct neighbours in ascending order, as layoutSlots
			// builds them.
			nb := nbInfo{n: uint8(rng.IntN(7))}
			var pm uint64
			for bits.OnesCount64(pm) < int(nb.n) {
				pm |= 1 << rng.IntN(64)
			}
			for i, x := 0, pm; x != 0; i, x = i+1, x&(x-1) {
				nb.k[i] = uint8(bits.TrailingZeros64(x))
			}
			cells[c] = fcell{base: int32(len(recs) / recLen), nbInfo: nb, pm: pm}
			for range 1 << nb.n {
				var m uint64
				r := []uint32{0, 0}
				first := len(lay)
				for s := range nCls {
					r = append(r, uint32(len(lay)))
					k := rng.IntN(7)
					if rng.IntN(3) == 0 {
						k = 0
					}
					if k > 0 {
						m |= 1 << s
					}
					for range k {
						lay = append(lay, rng.Uint64()&rng.Uint64()&rng.Uint64())
						cls = append(cls, uint8(63-s))
						ent = append(ent, uint16(rng.Uint32()))
					}
				}
				r = append(r, uint32(len(lay)))
				r[0], r[1] = uint32(m), uint32(m>>32)
				recs = append(recs, r...)
				maxSet = max(maxSet, len(lay)-first)
			}
		}
		for range 4 {
			lay = append(lay, ^uint64(0))
			cls = append(cls, 255)
			ent = append(ent, 0)
		}
		o := rng.Uint64() & rng.Uint64()
		avail := rng.Uint64()
		if nCls < 64 {
			avail &= 1<<nCls - 1
		}
		cand := rng.Uint64() & (^uint64(0) >> (64 - nCells))
		if it%10 == 0 {
			cand = 0
		}
		a, b := make([]int32, maxSet+4), make([]int32, maxSet+4)
		n, att, sw := selectVec(cand, &cells[0], &recs[0], recLen, &lay[0], &cls[0], &ent[0], o, avail, &a[0], &b[0])
		wn, watt, wfits := refSelectVec(cand, &cells, recs, recLen, lay, ent, o, avail)
		got := a
		if sw != 0 {
			got = b
		}
		if n != wn || (cand != 0 && (att != watt || !slices.Equal(got[:n], wfits))) {
			t.Fatalf("case %d (%d classes, %d cells, cand %#x): selectVec %d fits, %d attempts, %v; want %d, %d, %v",
				it, nCls, nCells, cand, n, att, got[:min(n, len(got))], wn, watt, wfits)
		}
	}
}

// TestSelectVecSameSearch runs E and S with selectVec and with the Go
// counting (Config.scalarCount) and requires the same search: the tilings
// streamed, in order, the nodes and every per-level statistic, on tiny
// and random puzzles, the Soma cube, a pentomino box, and the first
// solutions of the Tetris Cube (whose E table is indexed).
func TestSelectVecSameSearch(t *testing.T) {
	if !haveSelectVec {
		t.Skip("selectVec needs GOAMD64=v3")
	}
	type named struct {
		name string
		p    *puzzle.Puzzle
	}
	var ps []named
	for name, p := range tinyPuzzles(t) {
		ps = append(ps, named{name, p})
	}
	rng := rand.New(rand.NewPCG(11, 2026))
	for i := 0; i < 20; {
		if p := randomPuzzle(rng); p != nil {
			i++
			ps = append(ps, named{fmt.Sprintf("random %d", i), p})
		}
	}
	ps = append(ps, named{"soma", soma(t)}, named{"pentominoes 3x20", pentominoBox(t, 3, 20)})
	var vecTables, indexed atomic.Int64
	run := func(name string, p *puzzle.Puzzle, cfg Config) {
		t.Helper()
		cfg.Stats = true
		cfg.onVecTable = func(ix bool) {
			vecTables.Add(1)
			if ix {
				indexed.Add(1)
			}
		}
		ref := cfg
		ref.scalarCount = true
		var got, want []string
		cfg.OnSolution = func(tl puzzle.Tiling) { got = append(got, p.Canonical(tl)) }
		ref.OnSolution = func(tl puzzle.Tiling) { want = append(want, p.Canonical(tl)) }
		a, b := solve(t, p, cfg), solve(t, p, ref)
		if !slices.Equal(got, want) {
			t.Errorf("%s: selectVec streamed %d tilings, the Go counting %d, or in another order", name, len(got), len(want))
		}
		if a.All != b.All || a.Unique != b.Unique || a.Nodes != b.Nodes {
			t.Errorf("%s: selectVec all %d unique %d nodes %d, Go %d, %d, %d", name, a.All, a.Unique, a.Nodes, b.All, b.Unique, b.Nodes)
		}
		if sa, sb := a.Stats, b.Stats; !slices.Equal(sa.Attempts, sb.Attempts) || !slices.Equal(sa.Fits, sb.Fits) {
			t.Errorf("%s: statistics differ: selectVec attempts %v fits %v, Go %v %v", name, sa.Attempts, sa.Fits, sb.Attempts, sb.Fits)
		}
	}
	for _, np := range ps {
		for cname, cfg := range map[string]Config{
			"e":       {Algorithm: "fila", Schedule: "e", NOF: true, Volume: -1},
			"s":       {Algorithm: "fila", Schedule: "s", Volume: -1},
			"e=6:f=3": {Algorithm: "fila", Schedule: "e=6:f=3", NOF: true, Volume: 2},
		} {
			run(np.name+" "+cname, np.p, cfg)
		}
		if t.Failed() {
			t.Fatalf("%s: %s", np.name, describePuzzle(np.p))
		}
	}
	small := vecTables.Load()
	run("Tetris Cube", tetrisCube(t), Config{Algorithm: "fila", FilaAt: 11, Schedule: "e=11:f=3", NOF: true, Redundancy: "auto", Limit: 200})
	if small == 0 || indexed.Load() == 0 {
		t.Errorf("selectVec counted %d tables of the small puzzles and %d indexed ones: the test does not test it", small, indexed.Load())
	}
}
