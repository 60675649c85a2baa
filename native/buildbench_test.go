package native

import "testing"

// BenchmarkModelBuild builds the 64-bit FILA model of the whole Tetris
// Cube (4,080 images, E and F tables) once per op: the work of every
// hand-over from DLX or the wide FILA.
func BenchmarkModelBuild(b *testing.B) {
	p := loadExample(b, "tetris-cube.yaml")
	w := newWorker(testRun(b, p, Config{Algorithm: "fila", Schedule: "e=12:f=2", NOF: true}))
	for b.Loop() {
		if w.buildFila() == nil {
			b.Fatal("no 64-bit model")
		}
	}
}
