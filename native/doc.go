// Package native holds the native exact-cover solvers of polytile: Knuth's
// Algorithm X with dancing links (DLX) and Matt Busche's Fixed Image List
// Algorithm (FILA), their hybrid, the rotational redundancy and volume
// filters, exact counting of all and of unique solutions, per-level
// statistics, and parallel and sharded counting.
//
// Solve is the entry point. It never prints; it returns a Result and
// streams solutions and progress through the callbacks of Config.
//
// # Algorithms
//
// DLX is Algorithm X on an array-based dancing-links matrix (int32 links,
// one node per 1 of the matrix). Its primary items are the cells and the
// classes of pieces with one copy; a class with several interchangeable
// copies is a counter item (each chosen option decrements it; at zero its
// remaining options are hidden), so identical copies never produce
// permuted duplicates; unlimited classes have no item. DLX prefers an item
// with zero or one option, else follows the heuristic: S (fewest options),
// F (first open cell), radial (a fixed order) or E (fewest open neighbours).
//
// FILA follows the FILA article: per cell and per image list set index
// (ILSI) a set of image lists, one per class, whose images are bitfields
// of the cells they cover; solveFila tries the lists of the classes still
// available. Priority occupancy filtering (POF) leaves out of a cell's
// lists every image that covers a cell a fixed-order heuristic (F, radial)
// has filled before; neighbour occupancy filtering (NOF) keeps one set per
// occupancy state of the cell's face neighbours that may still be open
// (bits -I, -J, -L, +I, +J, +L as puzzle.FaceDirs; absent and known-filled
// neighbours are not read, the article's specialised getIlsi). Heuristics:
// F (lowest open cell; cells are numbered with the longest axis of the
// region as the slowest coordinate, Fletcher's order for 10x6), radial
// (outside in), E (fewest open neighbours, then fewest fits, counting up to
// the best so far) and S (fewest fits). A schedule such as "e=11:f=3"
// changes the heuristic by the number of remaining pieces.
//
// The occupancy of at most 64 open cells is one uint64 (fila64, the hot
// path); larger models use a multi-word occupancy (filaW). The hybrid
// starts with DLX and, when FilaAt pieces remain, builds a FILA model of
// the open cells and the options left in the matrix, numbered compactly, so
// that the 64-bit FILA serves whenever at most 64 cells are open at the
// hand-over (a model with more cells runs on the multi-word FILA to its
// end).
//
// Internal improvements that keep the article's search tree and statistics
// (tests check the article's fits and no-fits on 10x6 exactly): the
// warehouse of available classes is a bitmask intersected with a per-set
// mask of non-empty lists (the empty-list skip for all classes at once;
// the literal warehouse loop serves models with more than 64 classes); E
// keeps the open-neighbour counts of all cells bit-sliced (three bitmasks,
// updated by a precomputed bit-sliced decrement per image); E and S record
// the fits of the winning cell while counting, so the search does not test
// them again; large 3D tables store 2-byte option indices instead of
// layouts, to stay in the caches.
//
// # Counting and symmetry
//
// Solve reports All (every solution) and Unique (one per class of
// solutions equivalent under puzzle.Symmetries) exactly, whatever the
// filters. A solution is encoded per cell as (class, first cell of its
// piece); it is canonical when its code is the smallest over the group.
// The redundancy filter keeps, for one class P with one copy that every
// symmetry maps onto itself, one image per orbit of P's images; a solution
// with P at representative e is then unique iff it is canonical under the
// stabiliser of e, and it stands for |G| / |Stab| solutions. The automatic
// choice takes the largest, most branched piece (X for pentominoes, H for
// the Tetris Cube pieces named as in the examples).
//
// # Parallel and sharded counting
//
// With Workers > 1 or a Shard, the search tree is cut into about 1024
// subproblems (64 per shard up to 1,024 shards, 8 per further shard; at
// most MaxShards shards): the tree is enumerated level by level, in
// depth-first order, through the DLX levels and on into a 64-cell FILA
// model with FILA's own choices (DLX goes on branching where the model
// would be wider, and past 256 models per pass), and the last level is
// expanded only as far as the target needs. A shard keeps only its own
// subproblems (index I modulo N), so the split is bounded in time and
// memory. Workers take the next subproblem from an atomic index, replay
// its prefix and search below it. The split depends only on the puzzle,
// the configuration and the shard count, so shards on different machines
// add up to the total; Result.Split identifies it by a hash. Config.Skip
// and Config.OnSubproblem let a caller checkpoint finished subproblems
// and resume without solving them again.
//
// # Maximum coverage
//
// MaxCoverage finds a partial tiling covering as many cells as possible
// and proves it optimal when it can. A class may be marked atMost: its
// count is an upper bound and not required at a leaf (DLX keeps it as a
// counter item, FILA leaves it out of the exact-class mask, the area
// precheck treats it as slack). MaxCoverage marks every finite class so
// and adds a class of one-cell hole options with count h ("a cell may stay
// a hole, at most h holes"), then searches h = area - bound, the next
// reachable count, ... with DLX, fixing the first hole on one orbit
// representative of the cells at a time under doubling node budgets. The
// first h that admits a tiling is optimal, the area bound and the refuted
// counts being the proof.
package native
