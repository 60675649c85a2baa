// Package frontier counts tilings without enumerating them: a frontier
// ("profile", transfer-matrix) recurrence over the cells of the board in a
// fixed order.
//
// The cells are put in the order, among the axis orders, whose window is
// narrowest: W, the most cells from a placement's first cell to its last.
// A placement is anchored at its first cell. Before cell i every cell
// before i is decided, so a state is the occupancy of cells i..i+W-1 (a
// W-bit mask) and, for pieces of finite supply, the copies used of each
// class (bit fields with a guard bit each). A step takes every state of
// the layer of cell i: an occupied cell i is passed; a free one is
// covered by each fitting placement anchored there. States with equal
// keys merge, adding their counts, so that a layer never holds more than
// 2^(W-1) times the product of (count+1) over the finite classes states,
// and usually far fewer; one hash layer is kept at a time.
//
// Count gives exact counts of any size: in 128 bits, and past 2^128
// modulo 2^64 and primes recombined by the Chinese remainder theorem.
// With Options.Unique it also counts the tilings up to the puzzle's
// symmetries by Burnside's lemma, each fixed-point count being the count
// of an orbit problem by the same engine. MaxCoverage is the (max, +)
// recurrence, where a cell may stay uncovered: it gives the exact
// maximum coverage. Choose tells whether this engine or FILA should count
// a puzzle.
//
// A puzzle whose window and copies-used fields do not fit a 63-bit key,
// or whose estimated layers are beyond the memory budget, is refused
// before the run with an *OutOfReachError (errors.Is ErrOutOfReach); a
// run whose layer outgrows the budget stops with one. The estimate is a
// probe of the first layers, in a few MiB and milliseconds: with finite
// pieces its largest layer times the copies-used combinations, with
// unlimited pieces only the growth of its layers carried to the end of
// the line (the row of a box) where the probe stops. A context stops a
// run within a second with ErrNotCounted: a partial sum of the
// recurrence bounds nothing, so no count is returned.
package frontier
