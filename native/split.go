package native

import (
	"fmt"
	"math"
	"time"
)

// The split of a parallel or sharded search.
//
// The tree is cut into subproblems (prefixes of choices) deterministically:
// the split depends on the puzzle, the configuration and the number of
// shards, never on the shard index or the number of workers. Let L(d) be
// the prefixes of the nodes at depth d, in depth-first order, together with
// the complete tilings found above depth d. The split takes the smallest d
// with |L(d)| below the target and |L(d+1)| at or above it, and expands
// only the first m elements of L(d) to their children at depth d+1, m the
// least number that brings the total to the target: the split has about
// target subproblems whatever the branching, and no level of the tree is
// ever enumerated beyond that. Shard I of N owns the subproblems whose
// index (in the split's order) is I modulo N; it keeps only those, so the
// memory of the split is that of its own subproblems.

// MaxShards is the largest shard count Solve accepts. The split for the
// largest (857,344 subproblems) took each shard 6 s of CPU time on the
// one-sided 18x5 pentominoes (a loaded machine) and 2 MB.
const MaxShards = 100_000

// splitTargetFor is the number of subproblems the tree is split into for
// count shards: at least splitTarget (1024), 64 per shard up to 1,024
// shards, and 8 per further shard beyond: every shard makes the split,
// so its cost must stay small against a shard's share of the work.
func splitTargetFor(count int) int64 {
	n := int64(max(count, 1))
	if n <= 1024 {
		return max(splitTarget, 64*n)
	}
	return 64*1024 + 8*(n-1024)
}

// noCut marks a pass that has not decided where to stop expanding.
const noCut = math.MaxInt64

// splitter is one pass of the split's enumeration: the nodes at depth
// `depth`, where the elements of L(depth-1) from index cut on are kept
// unexpanded.
type splitter struct {
	depth  int
	known  int64 // |L(depth-1)|
	target int64
	ord    int64 // elements of L(depth-1) met so far
	cut    int64 // elements with ord >= cut are not expanded
	n      int64 // prefixes emitted
	hash   uint64
	shards int64
	index  int64
	mine   []subproblem
	r      *run
	visits int64
	halt   bool // cancelled
	builds int  // FILA models built
}

// subproblem is one prefix of the split and its index in it: dlx DLX
// choices, then FILA choices in the model of that DLX node.
type subproblem struct {
	index  int64
	prefix []int32
	dlx    int32
}

// maxSplitModels bounds the FILA models one pass of the split builds (a
// model costs about a millisecond, and every shard makes the split).
const maxSplitModels = 256

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func newSplitter(r *run, depth int, known, target int64) *splitter {
	sh := r.cfg.Shard
	shards := int64(max(sh.Count, 1))
	return &splitter{depth: depth, known: known, target: target, cut: noCut,
		hash: fnvOffset, shards: shards, index: int64(sh.Index), r: r}
}

// tick is called at every node of the enumeration and checks for
// cancellation there (an atomic load: the split is not the hot path, and
// its nodes can be slow on big boards). It reports whether to stop.
func (s *splitter) tick() bool {
	s.visits++
	if s.r.stopFlag.Load() {
		s.halt = true
	}
	return s.halt
}

// emit records a subproblem of DLX choices a+b; it keeps a copy when
// the subproblem belongs to this shard.
func (s *splitter) emit(a, b []int32) { s.add(a, b, len(a)+len(b)) }

// emitFila records a subproblem of DLX choices a and FILA choices b.
func (s *splitter) emitFila(a, b []int32) { s.add(a, b, len(a)) }

func (s *splitter) add(a, b []int32, dlx int) {
	h := s.hash
	for _, x := range a {
		h = (h ^ uint64(uint32(x))) * fnvPrime
	}
	for _, x := range b {
		h = (h ^ uint64(uint32(x))) * fnvPrime
	}
	s.hash = (h ^ (0xffffffff00000000 | uint64(uint32(dlx)))) * fnvPrime // end of the prefix
	if s.n%s.shards == s.index {
		p := make([]int32, 0, len(a)+len(b))
		s.mine = append(s.mine, subproblem{s.n, append(append(p, a...), b...), int32(dlx)})
	}
	s.n++
}

// element starts an element of L(depth-1) and reports whether it is to be
// expanded (false: the caller emits it as it is).
func (s *splitter) element() bool {
	k := s.ord
	s.ord++
	return k < s.cut
}

// done ends an element of L(depth-1): once the elements emitted so far and
// those still to come reach the target, the rest stay unexpanded.
func (s *splitter) done() {
	if s.cut == noCut && s.n+(s.known-s.ord) >= s.target {
		s.cut = s.ord
	}
}

// leaf emits a node that cannot be expanded (a complete tiling, or a
// model the split does not enter) met above the split's depth: it is an
// element of L(depth-1) and its own expansion.
func (s *splitter) leaf(a, b []int32) {
	s.ord++
	s.emit(a, b)
	s.done()
}

// leafFila is leaf for a node inside a FILA model.
func (s *splitter) leafFila(a, b []int32) {
	s.ord++
	s.emitFila(a, b)
	s.done()
}

// Split describes the subproblems of a parallel or sharded search.
type Split struct {
	// Subproblems is the number of subproblems of the whole split (all
	// shards); Owned those of this shard, Skipped those Config.Skip
	// excluded, and Solved those solved completely in this run.
	Subproblems, Owned, Skipped, Solved int64
	// Depth is the depth of the deepest subproblems; Expanded the number
	// of nodes one level up that were expanded to it.
	Depth    int
	Expanded int64
	// Nodes is the number of pieces the split's enumeration placed to
	// reach the subproblems (its last pass): the levels above them. Shard
	// 0 counts them in Result.Nodes, once; other shards do not, so in
	// shard 0 Result.Nodes is Nodes plus the Nodes of every subproblem
	// solved, and in the others the latter alone (for a run that was not
	// cut short).
	Nodes int64
	// Hash identifies the split: a hash of every subproblem's prefix in
	// order. Two runs with equal hashes cut the tree the same way.
	Hash string
	// Pinned is the piece the redundancy filter pinned ("" when none).
	Pinned string
}

// Subproblem is a subproblem of the split solved completely.
type Subproblem struct {
	Index       int64 // in the split's order, 0..Split.Subproblems-1
	All, Unique int64
	// Nodes is the number of pieces placed below the subproblem's prefix
	// (DLX and FILA): its work, the same in every run and on every
	// machine.
	Nodes int64
	// Time is the wall-clock time the worker spent on the subproblem:
	// replaying its prefix, building its FILA model when the previous
	// subproblem of that worker did not leave it built, and the search
	// below it. It is measured and reported, never used by the search:
	// unlike the counts and Nodes it varies from run to run with the load
	// of the machine.
	Time time.Duration
}

// makeSplit enumerates the split for the configured shard. It returns the
// final pass (nil when cancelled).
func (r *run) makeSplit(split *worker) *splitter {
	target := splitTargetFor(r.cfg.Shard.Count)
	// A tree whose levels grow slowly would need many passes; past this
	// many nodes the split takes the last complete level as it is.
	budget := 64*target + 1<<20
	spent := int64(0)
	known := int64(1) // L(0) is the root
	for depth := 1; ; depth++ {
		clear(split.attempts)
		clear(split.fits)
		split.nodes = 0
		split.filaModels = 0
		s := newSplitter(r, depth, known, target)
		deeper := split.expand(s)
		if split.stop || s.halt {
			return nil
		}
		spent += split.nodes
		if s.cut != noCut || !deeper || spent > budget {
			return s
		}
		known = s.n
	}
}

// info summarises a final pass.
func (s *splitter) info() *Split {
	exp := s.ord
	if s.cut != noCut {
		exp = s.cut
	}
	return &Split{Subproblems: s.n, Owned: int64(len(s.mine)), Depth: s.depth, Expanded: exp,
		Hash: fmt.Sprintf("%016x", s.hash)}
}

// wantsSplit reports whether a search goes through the split whatever
// the number of workers: a shard, or a caller that follows the split's
// subproblems (Config.OnSplit, Skip, OnSubproblem).
func wantsSplit(cfg Config) bool {
	return cfg.Shard.Count > 1 || cfg.OnSplit != nil || cfg.Skip != nil || cfg.OnSubproblem != nil
}

// Splits reports whether a search with c goes through the split (the
// subproblems that OnSubproblem reports): with more than one worker, a
// shard, or a caller that follows the split. A serial search of the
// whole tree does not.
func (c Config) Splits() bool { return c.Workers > 1 || wantsSplit(c) }

// decidedSplit is the split of a search decided before the tree is cut
// (the pieces cannot fill the board: no solution, no node): one
// subproblem, the root itself (an empty prefix, which no split of a
// search tree emits, so its hash is its own), owned by shard 0 whatever
// the shard count. It goes through Config.OnSplit, Skip and OnSubproblem
// as runParallel's subproblems do, so that a sharded count of such a
// puzzle has a result per shard, shard 0 holding the whole (zero) count,
// and a checkpoint of it resumes like any other.
func decidedSplit(cfg Config) (*Split, error) {
	s := newSplitter(&run{cfg: cfg}, 0, 1, 1)
	s.emit(nil, nil)
	info := s.info()
	if cfg.OnSplit != nil {
		if err := cfg.OnSplit(*info); err != nil {
			return nil, err
		}
	}
	for _, sp := range s.mine {
		if cfg.Skip != nil && cfg.Skip(sp.index) {
			info.Skipped++
			continue
		}
		if cfg.OnSubproblem != nil {
			cfg.OnSubproblem(Subproblem{Index: sp.index})
		}
		info.Solved++
	}
	return info, nil
}

// Decided is the Result of a count decided before Solve could start: no
// solution (a piece of finite supply fits nowhere, which the puzzle's
// builder finds). With a shard or the split's hooks it reports the
// one-subproblem split of a search decided before the split, so that a
// sharded count of such a puzzle has a result per shard like any other.
func Decided(cfg Config) (*Result, error) {
	if _, err := checkConfig(&cfg); err != nil {
		return nil, err
	}
	res := &Result{}
	if wantsSplit(cfg) {
		var err error
		if res.Split, err = decidedSplit(cfg); err != nil {
			return nil, err
		}
	}
	if cfg.Stats {
		res.Stats = &Stats{}
	}
	return res, nil
}
