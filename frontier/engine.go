package frontier

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"sync"
	"sync/atomic"
)

// mode is what the recurrence adds up.
type mode int

const (
	// count128 counts in 128 bits (two words), noting a wrap.
	count128 mode = iota
	// countFloat counts modulo 2^64 and, beside it, in float64 (its bits
	// in the second word): the magnitude of a count beyond 2^128, which
	// says how many residues the exact count needs.
	countFloat
	// countLanes counts modulo 2^64 and modulo primes, one lane each, for
	// the Chinese remainder theorem.
	countLanes
	// maxCover keeps the most cells covered ((max, +)); a free cell may
	// also be left uncovered.
	maxCover
)

// run is one pass of the recurrence over the cells of a plan.
type run struct {
	pl        *plan
	mode      mode
	primes    []uint64 // moduli of lanes 1..; lane 0 is modulo 2^64
	workers   int
	maxStates int
	maxMem    int64 // Options.MaxMemory: bounds every table's size
	// maxWork, when positive, stops the run with errWork after about
	// that many states expanded (a probe's deterministic bound).
	maxWork  int64
	work     atomic.Int64
	stop     *atomic.Bool
	holes    int  // maxCover: most cells left uncovered
	peak     int  // largest layer
	overflow bool // count128: some sum reached 2^128
	// sizes, when non-nil, gets the size of every layer built (the
	// estimate reads a probe's growth from it).
	sizes []int
}

// errStopped is the engine's internal error for a stop request; callers
// turn it into the context's error.
var errStopped = fmt.Errorf("frontier: stopped")

// words is the number of value words per state.
func (r *run) words() int {
	switch r.mode {
	case countLanes:
		return 1 + len(r.primes)
	case maxCover:
		return 1
	}
	return 2
}

// step is the per-worker state of one pass.
type step struct {
	r        *run
	overflow bool
}

// expand processes position i for the states in src's slots [lo, hi),
// adding every successor into dst (by shard).
func (w *step) expand(i int, src *table, lo, hi int, dst []*table) error {
	r, pl := w.r, w.r.pl
	opts := pl.anchored[i]
	maskW, guard := pl.maskW, pl.guard
	st := src.stride
	S := len(dst)
	limit := r.maxStates/S + 1
	keep := r.mode == maxCover
	if r.mode == count128 && S == 1 {
		return w.expand128(i, src, lo, hi, dst[0])
	}
	seen := 0
	for off := lo * st; off < hi*st; off += st {
		kk := src.data[off]
		if kk == 0 {
			continue
		}
		if seen++; seen&1023 == 0 { // every 1,024 states
			if r.stop.Load() {
				return errStopped
			}
			if r.maxWork > 0 && r.work.Add(1024) > r.maxWork {
				return errWork
			}
			for _, t := range dst {
				if t.n > limit || t.full {
					return errBudget
				}
			}
		}
		src.data[off] = 0 // src is consumed: emptied as it is read
		k := kk - 1
		v := src.data[off+1 : off+st]
		if k&1 != 0 {
			w.put(dst, (k&maskW)>>1|k&^maskW, v, 0)
			continue
		}
		if keep && holesOf(i, k, maskW, v[0]) < r.holes {
			w.put(dst, (k&maskW)>>1|k&^maskW, v, 0) // cell i left uncovered
		}
		for _, o := range opts {
			if k&o.mask != 0 {
				continue
			}
			k2 := (k | o.mask) + o.inc
			if k2&guard != 0 {
				continue
			}
			w.put(dst, (k2&maskW)>>1|k2&^maskW, v, o.size)
		}
	}
	return nil
}

// expand128 is expand for a count in 128 bits into one table, with the
// insertion written out: the hot loop of most counts.
func (w *step) expand128(i int, src *table, lo, hi int, t *table) error {
	r, pl := w.r, w.r.pl
	opts := pl.anchored[i]
	maskW, guard := pl.maskW, pl.guard
	limit := r.maxStates + 1
	ovf := false
	seen := 0
	for off := lo * 3; off < hi*3; off += 3 {
		kk := src.data[off]
		if kk == 0 {
			continue
		}
		if seen++; seen&1023 == 0 { // every 1,024 states
			if r.stop.Load() {
				return errStopped
			}
			if r.maxWork > 0 && r.work.Add(1024) > r.maxWork {
				return errWork
			}
			if t.n > limit || t.full {
				return errBudget
			}
		}
		src.data[off] = 0 // src is consumed: emptied as it is read
		k := kk - 1
		v0, v1 := src.data[off+1], src.data[off+2]
		if k&1 != 0 {
			ovf = t.add128((k&maskW)>>1|k&^maskW, v0, v1) || ovf
			continue
		}
		for _, o := range opts {
			if k&o.mask != 0 {
				continue
			}
			k2 := (k | o.mask) + o.inc
			if k2&guard != 0 {
				continue
			}
			ovf = t.add128((k2&maskW)>>1|k2&^maskW, v0, v1) || ovf
		}
	}
	w.overflow = w.overflow || ovf
	return nil
}

// put adds value v (plus add cells, in maxCover) to key k of dst.
func (w *step) put(dst []*table, k uint64, v []uint64, add int32) {
	t := dst[0]
	if len(dst) > 1 {
		t = dst[shardOf(k, len(dst))]
	}
	d, fresh := t.slot(k)
	if d < 0 {
		return // full: the run stops at its next check
	}
	w.addTo(t.data[d+1:d+t.stride], v, add, fresh)
}

// addTo adds src (plus add cells) into dst, which fresh says is new.
func (w *step) addTo(dst, src []uint64, add int32, fresh bool) {
	switch w.r.mode {
	case count128:
		if fresh {
			dst[0], dst[1] = src[0], src[1]
			return
		}
		lo, c := bits.Add64(dst[0], src[0], 0)
		hi, c := bits.Add64(dst[1], src[1], c)
		if c != 0 {
			w.overflow = true
		}
		dst[0], dst[1] = lo, hi
	case countFloat:
		if fresh {
			dst[0], dst[1] = src[0], src[1]
			return
		}
		dst[0] += src[0]
		dst[1] = math.Float64bits(math.Float64frombits(dst[1]) + math.Float64frombits(src[1]))
	case countLanes:
		if fresh {
			copy(dst, src)
			return
		}
		addLanes(dst, src, w.r.primes)
	case maxCover:
		if v := src[0] + uint64(add); fresh || v > dst[0] {
			dst[0] = v
		}
	}
}

// addLanes adds b to a lane by lane: lane 0 modulo 2^64, lane j modulo
// primes[j-1].
func addLanes(a, b []uint64, primes []uint64) {
	a[0] += b[0]
	for j, p := range primes {
		x := a[j+1] + b[j+1]
		if x >= p {
			x -= p
		}
		a[j+1] = x
	}
}

// merge adds the states of src into dst.
func (w *step) merge(dst, src *table) {
	st := src.stride
	for off := 0; off < len(src.data); off += st {
		if kk := src.data[off]; kk != 0 {
			src.data[off] = 0 // src is consumed: emptied as it is read
			d, fresh := dst.slot(kk - 1)
			if d < 0 {
				continue // full: the run stops after the merge
			}
			w.addTo(dst.data[d+1:d+st], src.data[off+1:off+st], 0, fresh)
		}
	}
}

// shardOf is the shard of key k among S.
func shardOf(k uint64, S int) int {
	return int(((k + 1) * golden >> 8 & 0xffffff) % uint64(S))
}

// errWork is the internal error of a run past its maxWork.
var errWork = fmt.Errorf("frontier: work bound reached")

// errBudget is the internal error of a layer beyond the state budget.
var errBudget = fmt.Errorf("frontier: state budget exceeded")

// exec runs the recurrence and returns the last layer's shards.
func (r *run) exec() ([]*table, error) {
	W := max(r.workers, 1)
	words := r.words()
	mk := func() []*table {
		ts := make([]*table, W)
		for s := range ts {
			ts[s] = newTable(words, tableSlots(r.maxMem, words, r.workers))
		}
		return ts
	}
	cur, next := mk(), mk()
	t0 := cur[shardOf(r.pl.start, W)]
	d, _ := t0.slot(r.pl.start)
	switch r.mode {
	case countFloat:
		t0.data[d+1], t0.data[d+2] = 1, math.Float64bits(1)
	case count128:
		t0.data[d+1] = 1
	case countLanes:
		for j := range words {
			t0.data[d+1+j] = 1
		}
	}
	steps := make([]*step, W)
	for w := range steps {
		steps[w] = &step{r: r}
	}
	var local [][]*table
	if W > 1 {
		local = make([][]*table, W)
		for w := range local {
			local[w] = mk()
		}
	}
	for i := range r.pl.n {
		if r.stop.Load() {
			return nil, errStopped
		}
		for _, t := range next {
			t.reset()
		}
		if W == 1 {
			if err := steps[0].expand(i, cur[0], 0, cur[0].slots(), next); err != nil {
				return nil, err
			}
		} else if err := r.parallel(i, cur, next, local, steps); err != nil {
			return nil, err
		}
		n := 0
		for _, t := range next {
			n += t.n
			if t.full {
				return nil, errBudget
			}
		}
		for _, t := range cur {
			t.consumed()
		}
		if n > r.maxStates {
			return nil, errBudget
		}
		r.peak = max(r.peak, n)
		if r.sizes != nil {
			r.sizes = append(r.sizes, n)
		}
		cur, next = next, cur
	}
	for _, w := range steps {
		r.overflow = r.overflow || w.overflow
	}
	return cur, nil
}

// parallel expands one layer with W workers: worker w takes a share of
// every shard of cur into its own tables local[w], then worker s merges
// shard s of all of them into next[s].
func (r *run) parallel(i int, cur, next []*table, local [][]*table, steps []*step) error {
	W := len(steps)
	errs := make([]error, W)
	var wg sync.WaitGroup
	for w := range W {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, t := range local[w] {
				t.reset()
			}
			for _, src := range cur {
				n := src.slots()
				lo, hi := n*w/W, n*(w+1)/W
				if err := steps[w].expand(i, src, lo, hi, local[w]); err != nil {
					errs[w] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	for s := range W {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for w := range W {
				steps[s].merge(next[s], local[w][s])
				local[w][s].consumed()
			}
		}()
	}
	wg.Wait()
	return nil
}

// finalCount reads the value words of the final key from the last layer
// (zeros when the key is absent).
func (r *run) finalCount(last []*table) []uint64 {
	t := last[shardOf(r.pl.final, len(last))]
	d := t.lookup(r.pl.final)
	if d < 0 {
		return make([]uint64, r.words())
	}
	return append([]uint64(nil), t.data[d+1:d+t.stride]...)
}

// crt combines residues modulo 2^64 and primes into the number below
// their product.
func crt(res []uint64, primes []uint64) *big.Int {
	x := new(big.Int).SetUint64(res[0])
	m := new(big.Int).Lsh(big.NewInt(1), 64)
	for j, p := range primes {
		bp := new(big.Int).SetUint64(p)
		// t = (r_j - x) * m^-1 mod p; x += m t; m *= p.
		t := new(big.Int).Sub(new(big.Int).SetUint64(res[j+1]), x)
		t.Mod(t, bp)
		inv := new(big.Int).ModInverse(new(big.Int).Mod(m, bp), bp)
		t.Mul(t, inv).Mod(t, bp)
		x.Add(x, t.Mul(t, m))
		m.Mul(m, bp)
	}
	return x
}

// primesBelow returns k primes below 2^62, the largest first.
func primesBelow(k int) []uint64 {
	var out []uint64
	for p := uint64(1)<<62 - 1; len(out) < k; p -= 2 {
		if new(big.Int).SetUint64(p).ProbablyPrime(20) {
			out = append(out, p)
		}
	}
	return out
}
