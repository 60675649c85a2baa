package native

import (
	"math/bits"
	"slices"
)

// Splitting a FILA search into subproblems: expandRoot enumerates the
// model's search tree to a depth with the search's own choices, and
// runFrom replays such a prefix and searches below it.

// expandRoot calls emit with the FILA prefixes (global options) of the
// nodes at the given depth below the model's root, and of the complete
// tilings above it, in the order of the search. It reports whether some
// node reached the depth.
func (f *fila64) expandRoot(depth int, emit func(prefix []int32)) bool {
	f.resetStats()
	defer f.mergeStats()
	avail := uint64(0)
	if f.fs.nCls > 0 {
		avail = ^uint64(0) >> (64 - f.fs.nCls)
	}
	var prefix []int32
	return f.expand(f.lvl0, avail, 0, depth, &prefix, emit)
}

func (f *fila64) expand(lvl int, avail, o uint64, left int, prefix *[]int32, emit func([]int32)) bool {
	if o == f.full || left == 0 {
		emit(*prefix)
		return o != f.full
	}
	if f.volN > 0 && (f.step > 0 || lvl > f.volN) && !f.volumeOK(o) {
		return false
	}
	t := f.levelTab[lvl]
	set := f.selectSet(t, lvl, 0, avail, o)
	if set < 0 {
		return false
	}
	rec := t.recs[int(set)*f.recLen:]
	next := lvl + f.step
	keepCounts := f.anyCnt && f.cntOn[next]
	deeper := false
	for m := avail & (uint64(rec[0]) | uint64(rec[1])<<32); m != 0; m &= m - 1 {
		s := bits.TrailingZeros64(m)
		lo, hi := rec[2+s], rec[3+s]
		f.attL[lvl] += int64(hi - lo)
		bit := uint64(1) << (s & 63)
		av := avail &^ bit
		multi := f.multi&bit != 0
		if multi {
			f.n[s]--
			if f.n[s] != 0 {
				av = avail
			}
		}
		for j := lo; j < hi; j++ {
			opt := int32(0)
			if t.indexed {
				opt = int32(t.idx[j])
			} else {
				opt = t.opt[j]
			}
			l := f.optLay[opt]
			if o&l != 0 {
				continue
			}
			f.fitsL[lvl]++
			if keepCounts {
				f.cnt[next] = subCounts(&f.cnt[lvl], &f.dec[opt])
			}
			*prefix = append(*prefix, f.fs.opts[opt])
			if f.expand(next, av, o|l, left-1, prefix, emit) {
				deeper = true
			}
			*prefix = (*prefix)[:len(*prefix)-1]
		}
		if multi {
			f.n[s]++
		}
	}
	return deeper
}

// runFrom replays a FILA prefix (global options, as emitted by expandRoot
// for this model) and solves the subtree below it.
func (f *fila64) runFrom(prefix []int32) {
	f.resetStats()
	f.w.active = nil
	avail := uint64(0)
	if f.fs.nCls > 0 {
		avail = ^uint64(0) >> (64 - f.fs.nCls)
	}
	lvl, o := f.lvl0, uint64(0)
	var used []int32 // multi classes decremented, to restore
	for _, k := range prefix {
		i, ok := slices.BinarySearch(f.fs.opts, k)
		if !ok {
			panic("native: FILA prefix does not match its model") // an internal invariant
		}
		opt := int32(i)
		s := f.fs.optCls[opt]
		bit := uint64(1) << (s & 63)
		next := lvl + f.step
		if f.anyCnt && f.cntOn[next] {
			f.cnt[next] = subCounts(&f.cnt[lvl], &f.dec[opt])
		}
		if f.multi&bit != 0 {
			f.n[s]--
			used = append(used, s)
			if f.n[s] == 0 {
				avail &^= bit
			}
		} else {
			avail &^= bit
		}
		f.pre[lvl] = opt
		f.m[lvl+1] = -1
		o |= f.optLay[opt]
		lvl = next
	}
	f.solveFast(lvl, avail, o)
	for _, s := range used {
		f.n[s]++
	}
	for l := range f.pre {
		f.pre[l] = -1
	}
	f.mergeStats()
	f.w.stop = f.stop || f.w.stop
}

// resetStats clears the model's statistics.
func (f *fila64) resetStats() {
	f.pubNodes = 0
	n := len(f.levelTab)
	if cap(f.fitsL) < n {
		f.fitsL, f.attL = make([]int64, n), make([]int64, n)
	}
	f.fitsL, f.attL = f.fitsL[:n], f.attL[:n]
	clear(f.fitsL)
	clear(f.attL)
}
