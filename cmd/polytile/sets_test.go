package main

import (
	"strings"
	"testing"
)

// The 35 hexominoes cannot fill 15x14: info says so and gives the
// colouring proof (the signed checkerboard bound of model.CoverageBound).
func TestInfoHexominoColouringProof(t *testing.T) {
	code, out, errs := run(t, "", "info", example("hexomino-15x14.yaml"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"pieces          35, 210 cells (no exact tiling: the coverage bound is below the area; use --max-coverage)",
		"coverage bound  204 of 210 cells (checkerboard bound 204: the region has 105 black and 105 white cells",
		"24 pieces cover as many black cells as white in every placement, 11 pieces cover 2 more of one colour than of the other",
		"add up to 105 - 105 = 0, which no choice of signs does",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("info does not say %q:\n%s", want, out)
		}
	}
}
