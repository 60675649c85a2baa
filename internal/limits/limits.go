// Package limits holds the documented bounds of polytile's numeric options,
// shared by the command line and the comparator's backend specs, so that a
// number typed anywhere is checked against one range.
package limits

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// Bounds of the numeric flags and backend options (docs/reliability.md).
const (
	// MaxWorkers bounds -j and the j=N option of native backends. Every
	// worker holds its own copy of the dancing-links matrix, so memory grows
	// with the count; 256 is more hardware threads than the machines
	// polytile targets have (a worker beyond the core count only adds
	// memory), while -j 10000 once took 3.5 GB on a small puzzle.
	MaxWorkers = 256

	// MaxSolutions bounds --limit (solutions to find and print).
	MaxSolutions = 1_000_000_000_000

	// MaxPieceLevel bounds the options counted in remaining pieces
	// (--fila-at, --volume=N, at=N, vol=N). A puzzle has at most one piece
	// per cell, and the board at most 2^20 cells (puzzle.MaxCells).
	MaxPieceLevel = puzzle.MaxCells

	// MaxTimeLimit bounds every --time-limit: a year.
	MaxTimeLimit = 366 * 24 * time.Hour

	// MaxEnumLimit bounds compare's --enum-limit (MIP solves with no-good
	// cuts, one per unique solution).
	MaxEnumLimit = 1_000_000
)

// ParseInt reads an integer typed by a user (a flag, an option of a
// backend spec, a shard index or count, an environment variable) and
// checks it against [lo, hi]: decimal digits, with a minus sign only in
// front of a negative number. No plus sign, spaces, digit separators
// (1_000) or base prefixes (0x10); leading zeros are decimal (010 is
// 10). One rule for every integer polytile reads from its command line
// and environment. The error says only what was wrong with the syntax
// or the range; the caller names the flag and the range.
func ParseInt(s string, lo, hi int64) (int64, error) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, fmt.Errorf("%q is not a decimal integer", s)
	}
	if digits != s && strings.Trim(digits, "0") == "" {
		return 0, fmt.Errorf("%q is not a decimal integer (a minus sign only in front of a negative number)", s)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%q is not from %d to %d", s, lo, hi)
	}
	return n, nil
}

// CheckSign refuses the one spelling the number parsers of Go take and
// ParseInt does not: a leading plus sign (+1.5, +30s), so that every
// number, integer or not, is read by the same rule.
func CheckSign(s string) error {
	if strings.HasPrefix(s, "+") {
		return fmt.Errorf("%q: no plus sign", s)
	}
	return nil
}

// ParseDecimal reads a number that is not an integer (a gap, a time in
// seconds, a tolerance passed to a solver) by the same rule as ParseInt:
// decimal digits with an optional fraction and exponent (0.2, 1e-6), a
// minus sign only in front. No plus sign, digit separators, hexadecimal
// floats (0x1p3), NaN, or numbers beyond float64's range (1e400);
// infinity (inf, -Infinity) is allowed only when inf is true.
func ParseDecimal(s string, inf bool) (float64, error) {
	x, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil, x != x, strings.ContainsAny(s, "xX_pP"), CheckSign(s) != nil,
		math.IsInf(x, 0) && !inf:
		return 0, fmt.Errorf("%q is not a decimal number such as 0.2 or 1e-6", s)
	}
	return x, nil
}
