package frontier

import (
	"fmt"
	"math/big"
	"sync"
	"sync/atomic"
)

// mode is what the recurrence adds up.
type mode int

const (
	// countFirst counts modulo 2^64 and, beside it, in float64: exact when
	// no addition wrapped, and otherwise a magnitude that says how many
	// residues the exact count needs.
	countFirst mode = iota
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
	stop      *atomic.Bool
	peak      int  // largest layer
	overflow  bool // countFirst: some addition wrapped
}

// errStopped is the engine's internal error for a stop request; callers
// turn it into the context's error.
var errStopped = fmt.Errorf("frontier: stopped")

// lanes is the number of value words per state.
func (r *run) lanes() int {
	if r.mode == countLanes {
		return 1 + len(r.primes)
	}
	return 1
}

// step is the per-worker state of one pass.
type step struct {
	r        *run
	overflow bool
	succ     []uint64 // successor keys of one state
	add      []int32  // cells each successor covers more
}

// expand processes position i for the states in src's slots [lo, hi),
// adding every successor into dst (by shard).
func (w *step) expand(i int, src *table, lo, hi int, dst []*table) error {
	r, pl := w.r, w.r.pl
	opts := pl.anchored[i]
	maskW, guard := pl.maskW, pl.guard
	L := src.lanes
	S := len(dst)
	for s := lo; s < hi; s++ {
		kk := src.keys[s]
		if kk == 0 {
			continue
		}
		if s&1023 == 0 {
			if r.stop.Load() {
				return errStopped
			}
			for _, t := range dst {
				if t.n > r.maxStates/S+1 {
					return errBudget
				}
			}
		}
		k := kk - 1
		w.succ, w.add = w.succ[:0], w.add[:0]
		if k&1 != 0 || r.mode == maxCover {
			w.succ = append(w.succ, (k&maskW)>>1|k&^maskW)
			w.add = append(w.add, 0)
		}
		if k&1 == 0 {
			for _, o := range opts {
				if k&o.mask != 0 {
					continue
				}
				k2 := (k | o.mask) + o.inc
				if k2&guard != 0 {
					continue
				}
				w.succ = append(w.succ, (k2&maskW)>>1|k2&^maskW)
				w.add = append(w.add, o.size)
			}
		}
		for j, k2 := range w.succ {
			t := dst[0]
			if S > 1 {
				t = dst[shardOf(k2, S)]
			}
			d, fresh := t.slot(k2)
			switch r.mode {
			case countFirst:
				v := src.vals[s]
				if fresh {
					t.vals[d], t.fv[d] = v, src.fv[s]
				} else {
					nv := t.vals[d] + v
					if nv < v {
						w.overflow = true
					}
					t.vals[d] = nv
					t.fv[d] += src.fv[s]
				}
			case countLanes:
				a, b := t.vals[d*L:(d+1)*L], src.vals[s*L:(s+1)*L]
				if fresh {
					copy(a, b)
				} else {
					addLanes(a, b, r.primes)
				}
			case maxCover:
				v := src.vals[s] + uint64(w.add[j])
				if fresh || v > t.vals[d] {
					t.vals[d] = v
				}
			}
		}
	}
	return nil
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
	r := w.r
	L := src.lanes
	for s, kk := range src.keys {
		if kk == 0 {
			continue
		}
		d, fresh := dst.slot(kk - 1)
		switch r.mode {
		case countFirst:
			v := src.vals[s]
			if fresh {
				dst.vals[d], dst.fv[d] = v, src.fv[s]
			} else {
				nv := dst.vals[d] + v
				if nv < v {
					w.overflow = true
				}
				dst.vals[d] = nv
				dst.fv[d] += src.fv[s]
			}
		case countLanes:
			if fresh {
				copy(dst.vals[d*L:(d+1)*L], src.vals[s*L:(s+1)*L])
			} else {
				addLanes(dst.vals[d*L:(d+1)*L], src.vals[s*L:(s+1)*L], r.primes)
			}
		case maxCover:
			if v := src.vals[s]; fresh || v > dst.vals[d] {
				dst.vals[d] = v
			}
		}
	}
}

// shardOf is the shard of key k among S.
func shardOf(k uint64, S int) int {
	return int(((k + 1) * golden >> 8 & 0xffffff) % uint64(S))
}

// errBudget is the internal error of a layer beyond the state budget.
var errBudget = fmt.Errorf("frontier: state budget exceeded")

// exec runs the recurrence and returns the last layer's shards.
func (r *run) exec() ([]*table, error) {
	W := max(r.workers, 1)
	L := r.lanes()
	float := r.mode == countFirst
	mk := func() []*table {
		ts := make([]*table, W)
		for s := range ts {
			ts[s] = newTable(L, float)
		}
		return ts
	}
	cur, next := mk(), mk()
	d, _ := cur[shardOf(r.pl.start, W)].slot(r.pl.start)
	cur[shardOf(r.pl.start, W)].vals[d*L] = 1
	if float {
		cur[shardOf(r.pl.start, W)].fv[d] = 1
	}
	if r.mode == countLanes {
		for j := range r.primes {
			cur[shardOf(r.pl.start, W)].vals[d*L+1+j] = 1
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
			if err := steps[0].expand(i, cur[0], 0, len(cur[0].keys), next); err != nil {
				return nil, err
			}
		} else if err := r.parallel(i, cur, next, local, steps); err != nil {
			return nil, err
		}
		n := 0
		for _, t := range next {
			n += t.n
		}
		if n > r.maxStates {
			return nil, errBudget
		}
		r.peak = max(r.peak, n)
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
				n := len(src.keys)
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
			}
		}()
	}
	wg.Wait()
	return nil
}

// finalCount reads the count of the final key from the last layer.
func (r *run) finalCount(last []*table) (lanes []uint64, f float64) {
	L := r.lanes()
	t := last[shardOf(r.pl.final, len(last))]
	d := t.lookup(r.pl.final)
	if d < 0 {
		return make([]uint64, L), 0
	}
	if t.float {
		f = t.fv[d]
	}
	return append([]uint64(nil), t.vals[d*L:(d+1)*L]...), f
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
