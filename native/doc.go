// Package native holds the native exact-cover solvers of polytile: Knuth's
// Algorithm X with dancing links (DLX) and Matt Busche's Fixed Image List
// Algorithm (FILA) with its heuristics (F, fixed orders such as radial, E,
// S), priority and neighbour occupancy filtering (POF, NOF), the hybrid
// that starts with DLX and hands over to FILA, heuristic schedules, the
// rotational redundancy and volume filters, exact counting of all and of
// unique solutions, per-level statistics, and parallel and sharded counting.
//
// Solve is the entry point. It never prints; it returns a Result and
// streams solutions and progress through the callbacks of Config.
package native
