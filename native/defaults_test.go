package native

import "testing"

// TestDefaultSchedule checks the default FILA schedule on the example
// boards: F on planar boards at most NarrowBoard cells across (the
// pentomino rectangles, the hexiamond rhombus), E to 2 pieces then F on
// wider planar boards and in 3D.
func TestDefaultSchedule(t *testing.T) {
	for file, want := range map[string]string{
		"pentomino-10x6.yaml":              "f",
		"onesided-18x5.yaml":               "f",
		"pentomino-20x3.yaml":              "f",
		"hexiamonds-9x4.yaml":              "f",
		"pentomino-8x8-square-centre.yaml": "e=13:f=2",
		"diamond-13x13.yaml":               "e=17:f=2",
		"tetris-cube.yaml":                 "e=12:f=2",
	} {
		if got := DefaultSchedule(loadExample(t, file)); got != want {
			t.Errorf("%s: DefaultSchedule %q, want %q", file, got, want)
		}
	}
}
