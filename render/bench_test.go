package render

import (
	"io"
	"testing"
)

func BenchmarkTiling61(b *testing.B) {
	p := dominoBoard(b, 61)
	t := dominoTiling(p, 61)
	for _, f := range []Format{ASCII, ANSI, SVG, PNG} {
		b.Run(f.String(), func(b *testing.B) {
			for b.Loop() {
				if err := Tiling(io.Discard, p, t, f, Options{Labels: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkColors61(b *testing.B) {
	p := dominoBoard(b, 61)
	t := dominoTiling(p, 61)
	for b.Loop() {
		Colors(p, t)
	}
}
