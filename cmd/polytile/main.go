// Command polytile turns polyomino and polycube tiling puzzles into every
// form a user needs: the ok / cover sets and the exact-cover matrix, a
// binary program solved by HiGHS or written as LP / MPS / DLX / Pyomo, the
// native DLX and FILA backtrackers, and a comparator of all of them.
//
// Run "polytile help" for the commands. Exit codes: 0 success, 1 the solver
// ran but found no solution (or backends disagree in compare), 2 bad input
// or usage, 130 interrupted by SIGINT, 143 stopped by SIGTERM.
package main

import (
	"os"
)

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Exit))
}
