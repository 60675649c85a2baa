package frontier

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// knownCase is a published tiling count of a rows x cols board, checked in
// both orientations of the board (their state spaces differ).
type knownCase struct {
	name       string
	rows, cols int
	want       string
	build      func(t testing.TB, rows, cols int) *puzzle.Puzzle
}

// TestKnownCounts reproduces published counts: dominoes (OEIS A004003),
// L-trominoes (A351322), both trominoes (A233320), the five free
// tetrominoes (A263425), the 12 pentominoes in unlimited supply (A233430),
// T-tetrominoes 8x8 (84).
func TestKnownCounts(t *testing.T) {
	lTromino := func(t testing.TB, r, c int) *puzzle.Puzzle { return boxPuzzle(t, r, c, unlimited(t, "L3", "##/#.")) }
	trominoes := func(t testing.TB, r, c int) *puzzle.Puzzle {
		return boxPuzzle(t, r, c, unlimited(t, "L3", "##/#."), unlimited(t, "I3", "###"))
	}
	tTetromino := func(t testing.TB, r, c int) *puzzle.Puzzle { return boxPuzzle(t, r, c, unlimited(t, "T4", "###/.#.")) }
	cases := []knownCase{
		{"dominoes", 6, 6, "6728", func(t testing.TB, r, c int) *puzzle.Puzzle { return dominoes(t, r, c) }},
		{"dominoes", 8, 8, "12988816", func(t testing.TB, r, c int) *puzzle.Puzzle { return dominoes(t, r, c) }},
		{"dominoes", 10, 10, "258584046368", func(t testing.TB, r, c int) *puzzle.Puzzle { return dominoes(t, r, c) }},
		{"dominoes", 12, 12, "53060477521960000", func(t testing.TB, r, c int) *puzzle.Puzzle { return dominoes(t, r, c) }},
		{"dominoes", 16, 16, "2444888770250892795802079170816", func(t testing.TB, r, c int) *puzzle.Puzzle { return dominoes(t, r, c) }},
		{"L-trominoes", 6, 6, "162", lTromino},
		{"L-trominoes", 6, 12, "118586", lTromino},
		{"L-trominoes", 9, 9, "1193600", lTromino},
		{"trominoes", 6, 6, "80092", trominoes},
		{"tetrominoes", 6, 6, "178939", func(t testing.TB, r, c int) *puzzle.Puzzle { return tetrominoes(t, r, c) }},
		{"T-tetrominoes", 8, 8, "84", tTetromino},
		{"tetrominoes", 8, 8, "19077209438", func(t testing.TB, r, c int) *puzzle.Puzzle { return tetrominoes(t, r, c) }},
		{"pentominoes-unlimited", 6, 10, "7845888732", func(t testing.TB, r, c int) *puzzle.Puzzle { return pentominoes(t, r, c, 0) }},
	}
	for _, tc := range cases {
		for _, flip := range []bool{false, true} {
			r, c := tc.rows, tc.cols
			if flip {
				r, c = c, r
			}
			if flip && r == c {
				continue
			}
			t.Run(fmt.Sprintf("%s-%dx%d", tc.name, r, c), func(t *testing.T) {
				p := tc.build(t, r, c)
				res, err := Count(context.Background(), p, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if res.All.String() != tc.want {
					t.Errorf("%s %dx%d: %v tilings, want %s", tc.name, r, c, res.All, tc.want)
				}
			})
		}
	}
}

// kasteleyn is the number of domino tilings of an m x n board by
// Kasteleyn's product formula: the product over j <= ceil(m/2), k <=
// ceil(n/2) of 4cos^2(pi j/(m+1)) + 4cos^2(pi k/(n+1)), computed with
// 300-bit floats (pi by Machin's formula, cos by its Taylor series) and
// rounded to the nearest integer.
func kasteleyn(m, n int) *big.Int {
	const prec = 300
	if m*n%2 == 1 {
		return new(big.Int)
	}
	pi := bigPi(prec)
	cos2x4 := func(j, d int) *big.Float {
		x := new(big.Float).SetPrec(prec).Mul(pi, big.NewFloat(float64(j)).SetPrec(prec))
		x.Quo(x, new(big.Float).SetPrec(prec).SetInt64(int64(d)))
		c := bigCos(x, prec)
		return c.Mul(c, c).Mul(c, new(big.Float).SetInt64(4))
	}
	prod := new(big.Float).SetPrec(prec).SetInt64(1)
	for j := 1; j <= (m+1)/2; j++ {
		for k := 1; k <= (n+1)/2; k++ {
			f := new(big.Float).SetPrec(prec).Add(cos2x4(j, m+1), cos2x4(k, n+1))
			prod.Mul(prod, f)
		}
	}
	prod.Add(prod, big.NewFloat(0.5))
	z, _ := prod.Int(nil)
	return z
}

// bigPi is pi = 16 atan(1/5) - 4 atan(1/239) at precision prec.
func bigPi(prec uint) *big.Float {
	atanInv := func(q int64) *big.Float {
		// atan(1/q) = sum (-1)^i / ((2i+1) q^(2i+1))
		sum := new(big.Float).SetPrec(prec)
		pow := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1).SetPrec(prec), new(big.Float).SetPrec(prec).SetInt64(q))
		q2 := new(big.Float).SetPrec(prec).SetInt64(q * q)
		for i := int64(0); i < 400; i++ {
			term := new(big.Float).SetPrec(prec).Quo(pow, new(big.Float).SetPrec(prec).SetInt64(2*i+1))
			if i%2 == 0 {
				sum.Add(sum, term)
			} else {
				sum.Sub(sum, term)
			}
			pow.Quo(pow, q2)
		}
		return sum
	}
	a := atanInv(5)
	a.Mul(a, new(big.Float).SetInt64(16))
	b := atanInv(239)
	b.Mul(b, new(big.Float).SetInt64(4))
	return a.Sub(a, b)
}

// bigCos is cos x by its Taylor series (|x| <= pi here).
func bigCos(x *big.Float, prec uint) *big.Float {
	sum := new(big.Float).SetPrec(prec).SetInt64(1)
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	x2 := new(big.Float).SetPrec(prec).Mul(x, x)
	for i := int64(1); i < 200; i++ {
		term.Mul(term, x2)
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64((2*i-1)*(2*i)))
		term.Neg(term)
		sum.Add(sum, term)
	}
	return sum
}

// TestDominoesKasteleyn checks the domino count of every m x n board up
// to 9 x 9, and a few larger ones, against Kasteleyn's formula.
func TestDominoesKasteleyn(t *testing.T) {
	for m := 1; m <= 12; m++ {
		for n := 1; n <= 12; n++ {
			if m*n < 2 || m > 9 && n > 9 && m != n {
				continue
			}
			countDominoes(t, m, n)
		}
	}
	// 14x24 has about 2^141 tilings: counted in 128 bits, it wraps, and the
	// count comes from residues modulo 2^64 and primes.
	countDominoes(t, 14, 24)
	countDominoes(t, 24, 14)
}

// countDominoes checks the domino count of m x n against Kasteleyn's
// formula.
func countDominoes(t *testing.T, m, n int) {
	t.Helper()
	res, err := Count(context.Background(), dominoes(t, m, n), Options{})
	if err != nil {
		t.Fatalf("%dx%d: %v", m, n, err)
	}
	if want := kasteleyn(m, n); res.All.Cmp(want) != 0 {
		t.Errorf("%dx%d: %v tilings, Kasteleyn's formula gives %v", m, n, res.All, want)
	}
}
