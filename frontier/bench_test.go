package frontier

import (
	"context"
	"testing"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// benchCount counts p b.N times on one thread and checks the count.
func benchCount(b *testing.B, p *puzzle.Puzzle, want string) {
	b.ReportAllocs()
	cpu0 := cpuSeconds()
	for b.Loop() {
		res, err := Count(context.Background(), p, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if res.All.String() != want {
			b.Fatalf("%v tilings, want %s", res.All, want)
		}
	}
	b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "cpu-s/op")
}

// BenchmarkDominoes16x16 counts the 2,444,888,770,250,892,795,802,079,170,816
// domino tilings of 16x16 (OEIS A004003).
func BenchmarkDominoes16x16(b *testing.B) {
	benchCount(b, dominoes(b, 16, 16), "2444888770250892795802079170816")
}

// BenchmarkTetrominoes8x8 counts the 19,077,209,438 tilings of 8x8 by the
// five free tetrominoes (OEIS A263425).
func BenchmarkTetrominoes8x8(b *testing.B) {
	benchCount(b, tetrominoes(b, 8, 8), "19077209438")
}

// BenchmarkTetrominoes10x10 counts the 72,713,560,548,906,621 tilings of
// 10x10 by the five free tetrominoes (OEIS A263425).
func BenchmarkTetrominoes10x10(b *testing.B) {
	benchCount(b, tetrominoes(b, 10, 10), "72713560548906621")
}

// BenchmarkPentominoesUnlimited6x10 counts the 7,845,888,732 tilings of
// 6x10 by the 12 pentominoes in unlimited supply (OEIS A233430); 10x6
// gives the same count through other states.
func BenchmarkPentominoesUnlimited6x10(b *testing.B) {
	benchCount(b, pentominoes(b, 6, 10, 0), "7845888732")
}

// BenchmarkPentominoesUnlimited10x6 is BenchmarkPentominoesUnlimited6x10
// in the other orientation.
func BenchmarkPentominoesUnlimited10x6(b *testing.B) {
	benchCount(b, pentominoes(b, 10, 6, 0), "7845888732")
}

// BenchmarkPentominoes10x6 counts the 9,356 tilings (2,339 unique) of
// 10x6 and of 6x10 by the 12 pentominoes, one each: the frontier's states
// multiply by the subsets of pieces used, and FILA stays faster (Choose
// keeps it).
func BenchmarkPentominoes10x6(b *testing.B) {
	boards := []*puzzle.Puzzle{pentominoes(b, 6, 10, 1), pentominoes(b, 10, 6, 1)}
	cpu0 := cpuSeconds()
	for b.Loop() {
		for _, p := range boards {
			res, err := Count(context.Background(), p, Options{Unique: true, MaxMemory: 4 << 30})
			if err != nil {
				b.Fatal(err)
			}
			if res.All.String() != "9356" || res.Unique.String() != "2339" {
				b.Fatalf("%s: %v tilings, %v unique, want 9356 and 2339", p.Name, res.All, res.Unique)
			}
		}
	}
	b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "cpu-s/op")
}

// BenchmarkChoosePentominoes10x6 measures what the automatic choice adds
// to a count of the 12 pentominoes one each on 10x6, where it keeps FILA:
// the time of Choose and the ratio of Choose plus native's default FILA
// count to the FILA count alone.
func BenchmarkChoosePentominoes10x6(b *testing.B) {
	p := pentominoes(b, 6, 10, 1)
	var chooseS, filaS float64
	for b.Loop() {
		c0 := cpuSeconds()
		if Choose(context.Background(), p, Options{}).Frontier {
			b.Fatal("the frontier chosen for the 12 pentominoes")
		}
		c1 := cpuSeconds()
		res, err := native.Solve(context.Background(), p, native.DefaultConfig(p))
		if err != nil || res.All != 9356 {
			b.Fatalf("FILA: %v, %v", res, err)
		}
		chooseS += c1 - c0
		filaS += cpuSeconds() - c1
	}
	b.ReportMetric(chooseS/float64(b.N), "choose-cpu-s/op")
	b.ReportMetric(filaS/float64(b.N), "fila-cpu-s/op")
	b.ReportMetric((chooseS+filaS)/filaS, "ratio")
}
