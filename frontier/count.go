package frontier

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// DefaultMaxMemory is the memory budget of the state tables when
// Options.MaxMemory is 0: 1 GiB.
const DefaultMaxMemory = 1 << 30

// MaxWorkers bounds Options.Workers.
const MaxWorkers = 256

// Options are the choices of Count and MaxCoverage.
type Options struct {
	// Workers splits each layer's states among this many goroutines
	// (<= 1: serial; at most MaxWorkers).
	Workers int
	// MaxMemory is the budget of the state tables in bytes (0:
	// DefaultMaxMemory). A puzzle whose estimated largest layer does not
	// fit is refused before the run with an *OutOfReachError, and a run
	// whose layer outgrows it stops with one.
	MaxMemory int64
	// Unique also counts the solutions up to the puzzle's symmetries, by
	// Burnside's lemma.
	Unique bool
}

// Result is the outcome of Count.
type Result struct {
	// All is the number of exact tilings (copies of a class not told
	// apart, every rotation and reflection counted).
	All *big.Int
	// Unique is the number of tilings up to the symmetries (nil unless
	// Options.Unique), Symmetries the order of the group, and Fix the
	// number of tilings each of its elements maps onto themselves.
	Unique     *big.Int
	Symmetries int
	Fix        []Fix
	// Window is the cells a placement anchored at the first open cell
	// can reach, Order the cell order (slowest axis first), States the
	// largest layer of the count of All, Passes the passes it took (1,
	// or 2 for a count beyond 2^64, counted again modulo primes).
	Window  int
	Order   string
	States  int
	Passes  int
	Seconds float64
}

// Fix is the fixed-point count of one symmetry.
type Fix struct {
	// Symmetry names the transform (puzzle.SymmetryName), Count the
	// tilings it maps onto themselves, How the method that counts them.
	Symmetry string
	Count    *big.Int
	How      string
}

// tableSlots is the most slots of one table in a run whose value words
// per state are words: the run's tables (two layers; with W workers the
// W shards of each and the W^2 tables the workers fill), each at most
// that size and one growing (its old array beside its new one), fit in
// maxMem bytes.
func tableSlots(maxMem int64, words, workers int) int {
	if maxMem <= 0 {
		maxMem = DefaultMaxMemory
	}
	W := max(workers, 1)
	tables := int64(2)
	if W > 1 {
		tables = int64(2*W + W*W)
	}
	per := maxMem * 2 / (3 * tables) / int64(slotBytes(words))
	s := 1 << minTableBits
	for int64(s)*2 <= per {
		s *= 2
	}
	return s
}

// budget is the largest layer, in states, that maxMem bytes hold: half
// the slots of a layer's tables (a table doubles at half full).
func budget(maxMem int64, words, workers int) int {
	return max(workers, 1) * tableSlots(maxMem, words, workers) / 2
}

// slotBytes is the memory of a table slot with words value words.
func slotBytes(words int) int { return 8 + 8*words }

// prepare checks opt and compiles p's system and plan: the cells in their order and
// each cell's placements, the part Count and MaxCoverage share.
func prepare(ctx context.Context, p *puzzle.Puzzle, opt Options) (*system, *plan, error) {
	if err := checkOptions(opt); err != nil {
		return nil, nil, err
	}
	s, err := fromPuzzle(ctx, p)
	if err != nil {
		return nil, nil, notCounted(ctx, err)
	}
	pl, err := compile(ctx, s)
	if err != nil {
		return nil, nil, notCounted(ctx, err)
	}
	return s, pl, nil
}

func checkOptions(opt Options) error {
	if opt.Workers > MaxWorkers {
		return fmt.Errorf("frontier: %d workers; the limit is %d", opt.Workers, MaxWorkers)
	}
	if opt.MaxMemory < 0 {
		return fmt.Errorf("frontier: negative memory budget %d", opt.MaxMemory)
	}
	return nil
}

// watch sets the returned flag when ctx is done, until release is called.
func watch(ctx context.Context) (stop *atomic.Bool, release func()) {
	stop = new(atomic.Bool)
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			stop.Store(true)
		case <-done:
		}
	}()
	if ctx.Err() != nil {
		stop.Store(true)
	}
	return stop, func() { close(done) }
}

// Count counts the exact tilings of p by the frontier recurrence: cells in
// the order with the narrowest window, one hash layer of states per cell,
// a state being the occupancy of the window and the copies used of every
// finite class. The count is exact at any size (modulo 2^64 and, when
// that wraps, modulo primes recombined by the Chinese remainder theorem).
//
// A puzzle out of reach (window and copies beyond a 63-bit key, or an
// estimated layer beyond the memory budget) is refused before the run
// with an *OutOfReachError. With opt.Unique, a fixed point out of reach
// after the count of all returns that count (Unique nil) with its
// *OutOfReachError, so that it is not run again. When ctx ends, Count stops within a second
// with an error wrapping ErrNotCounted and ctx's error: a partial sum of
// the recurrence bounds nothing, so no count is returned.
func Count(ctx context.Context, p *puzzle.Puzzle, opt Options) (*Result, error) {
	start := time.Now()
	s, pl, err := prepare(ctx, p, opt)
	if err != nil {
		return nil, err
	}
	if _, err := estimatePlan(ctx, pl, opt, count128, 0); err != nil {
		return nil, notCounted(ctx, err)
	}
	res := &Result{Window: pl.window, Order: pl.orderName()}
	all, peak, passes, err := countPlan(ctx, pl, opt)
	if err != nil {
		return nil, notCounted(ctx, err)
	}
	res.All, res.States, res.Passes = all, peak, passes
	if opt.Unique {
		if err := uniqueCount(ctx, p, s, all, opt, res); err != nil {
			if errors.Is(err, ErrOutOfReach) && ctx.Err() == nil {
				res.Fix, res.Symmetries, res.Unique = nil, 0, nil
				res.Seconds = time.Since(start).Seconds()
				return res, err
			}
			return nil, notCounted(ctx, err)
		}
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// notCounted wraps an error of a run that ctx stopped.
func notCounted(ctx context.Context, err error) error {
	if ctx.Err() != nil && (errors.Is(err, errStopped) || errors.Is(err, ctx.Err())) {
		return fmt.Errorf("frontier: %w: %w", ErrNotCounted, ctx.Err())
	}
	return err
}

// countPlan counts the exact covers of a compiled plan: in 128 bits, and
// when a sum reaches 2^128, once more modulo 2^64 beside a float64 for
// the magnitude, and then modulo enough primes that 2^64 times their
// product exceeds twice that magnitude (whose relative error is far below
// 1/2), recombined by the Chinese remainder theorem.
func countPlan(ctx context.Context, pl *plan, opt Options) (all *big.Int, peak, passes int, err error) {
	stop, release := watch(ctx)
	defer release()
	r := &run{pl: pl, mode: count128, workers: opt.Workers, stop: stop, maxMem: opt.MaxMemory}
	r.maxStates = budget(opt.MaxMemory, r.words(), opt.Workers)
	last, err := r.exec()
	if err != nil {
		return nil, 0, 1, budgetErr(err, pl, r.maxStates)
	}
	v := r.finalCount(last)
	if !r.overflow {
		x := new(big.Int).SetUint64(v[1])
		return x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(v[0])), r.peak, 1, nil
	}
	r2 := &run{pl: pl, mode: countFloat, workers: opt.Workers, stop: stop, maxStates: r.maxStates, maxMem: opt.MaxMemory}
	if last, err = r2.exec(); err != nil {
		return nil, r.peak, 2, budgetErr(err, pl, r2.maxStates)
	}
	f := math.Float64frombits(r2.finalCount(last)[1])
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, r.peak, 2, fmt.Errorf("frontier: the count exceeds 10^308, beyond what this engine recombines")
	}
	k := max(int(math.Ceil((math.Log2(f)+2-64)/61)), 1)
	r3 := &run{pl: pl, mode: countLanes, primes: primesBelow(k), workers: opt.Workers, stop: stop, maxMem: opt.MaxMemory}
	r3.maxStates = budget(opt.MaxMemory, r3.words(), opt.Workers)
	if last, err = r3.exec(); err != nil {
		return nil, r.peak, 3, budgetErr(err, pl, r3.maxStates)
	}
	return crt(r3.finalCount(last), r3.primes), max(r.peak, r3.peak), 3, nil
}

// budgetErr turns the engine's budget error into an *OutOfReachError.
func budgetErr(err error, pl *plan, max int) error {
	if errors.Is(err, errBudget) {
		return &OutOfReachError{Reason: fmt.Sprintf("a layer outgrew the memory budget of %d states", max), Window: pl.window, Budget: max}
	}
	return err
}
