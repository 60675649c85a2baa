package native

import (
	"math/bits"
	"slices"
)

// Splitting a FILA search into subproblems: expandRoot enumerates the
// model's search tree to a depth with the search's own choices, and
// runFrom replays such a prefix and searches below it.

// expandRoot continues a pass of the split below the model's root, at
// DLX path base, with the search's own choices, to left more levels. The
// root itself, when it is an element of the pass's upper level
// (rootElement), was started by the caller. It reports whether some node
// reached the depth.
func (f *fila64) expandRoot(s *splitter, base []int32, left int, rootElement bool) bool {
	f.resetStats()
	defer f.mergeStats()
	avail := uint64(0)
	if f.fs.nCls > 0 {
		avail = ^uint64(0) >> (64 - f.fs.nCls)
	}
	var prefix []int32
	return f.expand(s, base, f.lvl0, avail, 0, left, &prefix, rootElement)
}

// expand is one node of expandRoot's enumeration; element says that the
// node is an element of the pass's upper level already started.
func (f *fila64) expand(s *splitter, base []int32, lvl int, avail, o uint64, left int, prefix *[]int32, element bool) bool {
	if s.tick() {
		return false
	}
	if left == 0 {
		s.emitFila(base, *prefix)
		return o != f.full
	}
	if o == f.full {
		if element {
			s.emitFila(base, *prefix)
		} else {
			s.leafFila(base, *prefix)
		}
		return false
	}
	if left == 1 && !element {
		if !s.element() {
			s.emitFila(base, *prefix)
			return true
		}
		defer s.done()
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
		s0 := bits.TrailingZeros64(m)
		lo, hi := rec[2+s0], rec[3+s0]
		f.attL[lvl] += int64(hi - lo)
		bit := uint64(1) << (s0 & 63)
		av := avail &^ bit
		multi := f.multi&bit != 0
		if multi {
			f.n[s0]--
			if f.n[s0] != 0 {
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
				subCounts(&f.cnt[next], &f.cnt[lvl], &f.dec[opt])
			}
			*prefix = append(*prefix, f.fs.opts[opt])
			if f.expand(s, base, next, av, o|l, left-1, prefix, false) {
				deeper = true
			}
			*prefix = (*prefix)[:len(*prefix)-1]
			if s.halt {
				break
			}
		}
		if multi {
			f.n[s0]++
		}
		if s.halt {
			break
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
			subCounts(&f.cnt[next], &f.cnt[lvl], &f.dec[opt])
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
	f.memoHits, f.memoSaved = 0, 0
	if f.memo != nil {
		f.memo.clear()
	}
	n := len(f.levelTab)
	if cap(f.fitsL) < n {
		f.fitsL, f.attL = make([]int64, n), make([]int64, n)
	}
	f.fitsL, f.attL = f.fitsL[:n], f.attL[:n]
	clear(f.fitsL)
	clear(f.attL)
}
