// Package compare runs several solver backends on the same puzzles and checks
// that they agree: the same exact-solution counts (all and unique) from every
// native configuration and from the MIP side, or the same maximum coverage
// for puzzles without an exact tiling, with every tiling checked by
// puzzle.Verify. It prints the results as speed and correctness tables
// (terminal, Markdown, CSV, JSON) and bar charts, and runs the benchmark
// suite of the FILA article (Bench).
//
// It contains no solver logic: backends wrap native.Solve, the in-process
// HiGHS binding, and external programs (the highs binary, CBC, GLPK, any
// DLX solver) run on the files of package export.
//
// # Backend specs
//
// A backend is named by a spec, NAME[:OPTION[,OPTION...]]:
//
//	dlx                     Knuth's dancing links, S heuristic
//	dlx:f,vol               DLX with the F heuristic and the volume filter
//	fila:f                  FILA with the F heuristic from the start
//	fila:f,nof,at=11        DLX until 11 pieces remain, then FILA (F, NOF)
//	fila:e=11:f=3,nof       heuristic schedule: E from 11 pieces, F from 3
//	native                  polytile solve's default (native.DefaultConfig,
//	                        redundancy auto); for maximum coverage, the
//	                        native maximum-coverage search's default
//	highs                   in-process HiGHS: counts by enumeration with
//	                        no-good cuts; maximum coverage, packing form
//	highs:seed,strengthen   maximum coverage, seed formulation + area row
//	cbc  glpsol  highs-cli  external solvers on the LP export (packing for
//	                        maximum coverage); options seed, packing,
//	                        strengthen, mps
//
// Native options: a heuristic or schedule (f, e, s, radial, e=11:f=3),
// nof, at=N (FILA from N remaining pieces), vol or vol=N (volume filter: once, or as --volume=N, 0 off),
// r=PIECE|auto|none (redundancy filter, default auto), j=N (workers).
//
// Lists of specs (Registry.ParseList) are separated by spaces, ';' or ','; an
// item after a comma that is not a backend name continues the options of the
// backend before it, so "dlx,fila:f,nof,highs" is three backends.
package compare
